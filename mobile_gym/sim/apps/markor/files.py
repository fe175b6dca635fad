"""Markor's file model: the notebook folder on shared storage, listed and changed as Markor does.

File logic with no views, so it can be tested on a temp directory. Everything goes through the
device's `Storage` (device paths such as `/storage/emulated/0/Documents/Markor/...`), which
stamps changes with device time, so listings are deterministic.

Facts follow reference/apps.md section B (Markor 2.10.9): list order (".." first, folders first,
case-insensitive names, dot-files shown), row content-descs, the new-file naming rule (extension
field always appended), the filename input filter, the 2-character auto-save rule and the
rename/move/copy/delete behaviour.
"""

from __future__ import annotations

import enum
import posixpath
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import PurePosixPath

from mobile_gym.apps import markor as markor_app
from mobile_gym.sim.system.storage import Storage

NOTEBOOK = markor_app.NOTEBOOK
"""The notebook (root) folder, as AndroidWorld's MARKOR_DATA spells it."""

TEXTFILE_OVERWRITE_MIN_TEXT_LENGTH = 2
"""Markor never auto-saves (or overwrites with a template) text shorter than this."""

AUTOSAVE_TOO_SHORT_TOAST = (
    "Files with fewer than 2 characters not saved automatically in order to prevent data loss."
)
RENAME_CLASH_MESSAGE = "File/folder already exists! Please use a different name"

DISALLOWED_FILENAME_CHARS = frozenset('<|[\\?*:"\n\r\t\0]/>`$%;=&#@')
"""Characters Markor's filename input filter refuses (spaces are allowed)."""

NEW_FILE_TYPES: tuple[tuple[str, str], ...] = (
    ("Markdown", ".md"),
    ("Plain Text", ".txt"),
    ("todo.txt", ".todo.txt"),
    ("Wikitext", ".txt"),
    ("AsciiDoc", ".adoc"),
    ("CSV", ".csv"),
    ("None", ""),
)
"""The new-file dialog's type spinner: label and the extension a user selection writes."""

NEW_FILE_TEMPLATES: tuple[str, ...] = (
    "Empty file",
    "markor-markdown-reference.md",
    "todo.example.txt",
    "2029-01-01-jekyll-post.md",
    "cooking-recipe.md",
    "presentation-beamer.md",
    "zim-wiki-reference.txt",
    "zim-wiki-empty.txt",
    "hugo-post-front-matter.md",
    "202901012359-zettelkasten.md",
    "2029-01-01-jekyll-post.adoc",
    "sample.csv",
)


SORT_KEYS = frozenset({"name", "date", "filesize"})


class MarkorFileError(ValueError):
    """A file operation Markor refuses; the message names the path and the reason."""


def parent_path(device_path: str) -> str:
    """Parent folder of a device path ("/" stays "/")."""
    return str(PurePosixPath(device_path).parent)


def join(folder: str, name: str) -> str:
    """Device path of `name` inside `folder`."""
    return str(PurePosixPath(folder) / name)


def format_mtime(epoch_seconds: float) -> str:
    """A row description: DateUtils SHOW_DATE|SHOW_TIME|SHOW_YEAR|NUMERIC_DATE in en-US, 24-hour, UTC.

    Example: 1697384040 -> "10/15/2023, 15:34" (month and day without leading zeros, as the
    en-US "M/d/y" numeric skeleton prints them).
    """
    dt = datetime.fromtimestamp(epoch_seconds, tz=timezone.utc)
    return f"{dt.month}/{dt.day}/{dt.year}, {dt.hour:02d}:{dt.minute:02d}"


def filter_filename_input(text: str) -> str:
    """What Markor's filename input filter lets through, typed one character at a time.

    `adb shell input text` (and our keyboard) delivers characters one by one, and the filter
    rejects each chunk that contains a disallowed character, so those characters are dropped.
    """
    return "".join(ch for ch in text if ch not in DISALLOWED_FILENAME_CHARS)


def normalize_filename(name: str) -> str:
    """`Document.normalizeFilename`: the name without characters a file name may not contain."""
    return filter_filename_input(name)


def title_of(name: str) -> str:
    """The editor toolbar title: the file name without its last extension (Document.getTitle)."""
    stem, dot, _ext = name.rpartition(".")
    return stem if dot and stem else name


@dataclass(frozen=True)
class Entry:
    """One row of the file browser (or of the folder picker)."""

    path: str  # device path of the file or folder the row opens
    title: str  # name with extension; ".." for the go-up row
    is_dir: bool
    is_go_up: bool
    description: str  # modification date, or the parent's path for ".."

    def content_desc(self, selected: bool = False) -> str:
        """'<File|Folder|Selected> <title> <description>' exactly as the adapter builds it."""
        kind = "Selected" if selected else ("Folder" if self.is_dir else "File")
        return f"{kind} {self.title} {self.description}"


class SaveResult(enum.Enum):
    """Outcome of `save_document`."""

    SAVED = "saved"
    UNCHANGED = "unchanged"
    TOO_SHORT = "too_short"


class MarkorFiles:
    """Markor's view of shared storage: listing and the file operations behind its dialogs."""

    def __init__(self, storage: Storage, notebook: str = NOTEBOOK) -> None:
        self.storage = storage
        self.notebook = notebook

    # -- paths -------------------------------------------------------------------------------
    def exists(self, device_path: str) -> bool:
        return self.storage.exists(device_path)

    def is_dir(self, device_path: str) -> bool:
        return self.storage.is_dir(device_path)

    def is_file(self, device_path: str) -> bool:
        return self.storage.exists(device_path) and not self.storage.is_dir(device_path)

    def ensure_notebook(self) -> None:
        """Create the notebook folder if missing (Markor does on start)."""
        if not self.storage.is_dir(self.notebook):
            self.storage.mkdir(self.notebook, parents=True)

    # -- listing -----------------------------------------------------------------------------
    def list_folder(self, folder: str, *, folders_only: bool = False,
                    exclude: frozenset[str] = frozenset(), sort_by: str = "name",
                    folder_first: bool = True, reverse: bool = False) -> list[Entry]:
        """Rows for `folder`: ".." (its parent) first, then folders, then files, by name.

        Names compare case-insensitively (ties broken by the exact name so the order is total);
        dot-files are shown. `sort_by` is "name", "date" (oldest first) or "filesize";
        `reverse` flips that order and `folder_first` then moves folders ahead (Markor's
        defaults: name, folders first, not reversed). `folders_only` and `exclude` serve the
        move/copy folder picker, which lists folders only and hides the items being moved.
        """
        if sort_by not in SORT_KEYS:
            raise MarkorFileError(f"unknown sort order {sort_by!r}; known: {sorted(SORT_KEYS)}")
        if not self.storage.is_dir(folder):
            raise MarkorFileError(f"not a folder: {folder}")
        keyed: list[tuple[tuple, Entry]] = []
        for child in self.storage.list(folder):
            path = join(folder, child.name)
            if path in exclude or (folders_only and not child.is_dir):
                continue
            entry = Entry(path=path, title=child.name, is_dir=child.is_dir, is_go_up=False,
                          description=format_mtime(child.mtime))
            name_key = (child.name.lower(), child.name)
            if sort_by == "date":
                key: tuple = (child.mtime, *name_key)
            elif sort_by == "filesize":
                key = (0 if child.is_dir else child.size, *name_key)
            else:
                key = name_key
            keyed.append((key, entry))
        keyed.sort(key=lambda ke: ke[0], reverse=reverse)
        entries = [e for _k, e in keyed]
        if folder_first:
            entries.sort(key=lambda e: not e.is_dir)  # stable: keeps the order inside each group
        if folder != "/":
            up = parent_path(folder)
            entries.insert(0, Entry(path=up, title="..", is_dir=True, is_go_up=True, description=up))
        return entries

    # -- documents ---------------------------------------------------------------------------
    def read_text(self, path: str) -> str:
        """File content as text (UTF-8, undecodable bytes replaced)."""
        if not self.is_file(path):
            raise MarkorFileError(f"loadDocument:  File {path} not found.")
        return self.storage.read(path).decode("utf-8", errors="replace")

    def write_text(self, path: str, text: str) -> None:
        """Write the file as UTF-8."""
        self.storage.write(path, text.encode("utf-8"))

    def save_document(self, path: str, text: str, saved_text: str, *, force: bool) -> SaveResult:
        """`DocumentEditAndViewFragment.saveDocument`: write if changed; auto-save needs >= 2 chars.

        `force` is the toolbar Save action (saves even short text); auto-save on leaving the
        editor passes force=False and refuses text shorter than 2 characters.
        """
        if text == saved_text and self.is_file(path):
            return SaveResult.UNCHANGED
        if not force and len(text) < TEXTFILE_OVERWRITE_MIN_TEXT_LENGTH:
            return SaveResult.TOO_SHORT
        self.write_text(path, text)
        return SaveResult.SAVED

    # -- new file dialog ---------------------------------------------------------------------
    def new_file_path(self, folder: str, name: str, ext: str) -> str | None:
        """Path the dialog's OK creates: `<folder>/<normalized name.trim()><ext.trim()>`.

        The extension field is always appended ("note.md" + ".md" -> "note.md.md"). An empty
        (or blank) name gives None: the dialog just closes.
        """
        if not name.strip():
            return None
        base = normalize_filename(name.strip())
        if not base:
            return None
        return join(folder, base + ext.strip())

    def create_file(self, path: str, content: str = "") -> bool:
        """Create `path` for the editor; an existing file with >= 2 bytes is never overwritten.

        Returns True when the file exists afterwards (the editor then opens it).
        """
        if self.is_dir(path):
            return False
        if self.is_file(path) and len(self.storage.read(path)) >= TEXTFILE_OVERWRITE_MIN_TEXT_LENGTH:
            return True
        self.write_text(path, content)
        return True

    def create_folder(self, folder: str, name: str) -> str | None:
        """The dialog's Folder button: mkdirs `<folder>/<name.trim()>`; None for a blank name."""
        trimmed = name.strip()
        if not trimmed:
            return None
        path = join(folder, trimmed)
        if self.is_file(path):
            return None
        if not self.is_dir(path):
            self.storage.mkdir(path, parents=True)
        return path

    # -- selection actions -------------------------------------------------------------------
    def rename_error(self, path: str, new_name: str) -> str | None:
        """Why the rename dialog's OK is disabled for `new_name`, or None when it is allowed."""
        trimmed = new_name.strip()
        if not trimmed or trimmed in (".", "..") or "/" in trimmed:
            return ""
        target = join(parent_path(path), trimmed)
        if target != path and self.exists(target):
            return RENAME_CLASH_MESSAGE
        return None

    def rename(self, path: str, new_name: str) -> str:
        """Rename inside the same folder; returns the new path. Refuses clashes and bad names."""
        error = self.rename_error(path, new_name)
        if error is not None:
            raise MarkorFileError(f"cannot rename {path} to {new_name!r}: {error or 'invalid name'}")
        target = join(parent_path(path), new_name.strip())
        if target != path:
            self.storage.rename(path, target)
        return target

    def delete(self, paths: list[str]) -> None:
        """Delete files and folders recursively (the Confirm Delete dialog's OK)."""
        for path in paths:
            if self.exists(path):
                self.storage.remove(path, recursive=True)

    def move(self, paths: list[str], dest_folder: str) -> list[str]:
        """Move items into `dest_folder`; returns the new paths.

        Items already in `dest_folder`, a folder moved into itself, and names that already exist
        at the destination are skipped (Markor never overwrites), so nothing is lost.
        """
        return self._transfer(paths, dest_folder, copy=False)

    def copy(self, paths: list[str], dest_folder: str) -> list[str]:
        """Copy items (folders recursively) into `dest_folder`; existing names are skipped."""
        return self._transfer(paths, dest_folder, copy=True)

    def _transfer(self, paths: list[str], dest_folder: str, *, copy: bool) -> list[str]:
        if not self.is_dir(dest_folder):
            raise MarkorFileError(f"not a folder: {dest_folder}")
        done: list[str] = []
        for path in paths:
            target = join(dest_folder, posixpath.basename(path))
            if (not self.exists(path) or target == path or self.exists(target)
                    or (dest_folder + "/").startswith(path + "/")):
                continue
            if copy:
                self.storage.copy_tree(path, target)
            else:
                self.storage.rename(path, target)
            done.append(target)
        return done
