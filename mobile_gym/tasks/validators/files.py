"""File validators (AndroidWorld's CreateFile / MoveFile / DeleteFile checks, made strict).

Existence is read through `Device.list_dir` of the parent folder, so the exact path must exist
(as AndroidWorld's `find`-based check); unlike AndroidWorld a folder does not satisfy a file
check, and move/delete checks can require that other files (`keep`: the noise) still exist, so
"delete the whole folder" or "move everything" does not pass.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence
from pathlib import PurePosixPath
from typing import Literal

from mobile_gym.device.base import Device, FileEntry
from mobile_gym.tasks import patterns
from mobile_gym.tasks.validators.common import DEFAULT_THRESHOLD, Verdict, fuzzy_match

Kind = Literal["any", "file", "dir"]
ContentMode = Literal["fuzzy", "exact", "contains", "regex"]


def file_entry(device: Device, path: str) -> FileEntry | None:
    """The listing entry of `path`, or None when it (or its folder) does not exist."""
    folder, name = posixpath.split(posixpath.normpath(path))
    if not name:
        return FileEntry("/", True, 0, 0.0)
    try:
        entries = device.list_dir(folder or ".")
    except (FileNotFoundError, NotADirectoryError):
        return None
    return next((e for e in entries if e.name == name), None)


def file_exists(device: Device, path: str, *, kind: Kind = "file") -> bool:
    """Whether `path` exists as a file (default), a folder ("dir") or either ("any")."""
    entry = file_entry(device, path)
    if entry is None:
        return False
    return kind == "any" or (kind == "dir") == entry.is_dir


def read_text(device: Device, path: str) -> str:
    """A file's text (UTF-8, undecodable bytes replaced); FileNotFoundError names the path."""
    return device.pull(path).decode("utf-8", errors="replace")


def content_matches(content: str, expected: str, mode: ContentMode = "fuzzy",
                    threshold: float = DEFAULT_THRESHOLD) -> bool:
    """AndroidWorld's check_file_content: fuzzy on stripped text by default; "exact" compares
    the raw text with '\\r' removed (no stripping); plus "contains" and "regex" (a search, stopped after patterns.MATCH_SECONDS)."""
    text = content.replace("\r", "")
    if mode == "fuzzy":
        return fuzzy_match(expected.replace("\r", "").strip(), text.strip(), threshold)
    if mode == "exact":
        return text == expected.replace("\r", "")
    if mode == "contains":
        return expected in text
    if mode == "regex":
        return patterns.search(expected, text) is not None
    raise ValueError(f"unknown content mode {mode!r}; expected fuzzy, exact, contains or regex")


def _missing(device: Device, keep: Sequence[str]) -> list[str]:
    return [p for p in keep if not file_exists(device, p, kind="any")]


def validate_file_created(device: Device, path: str, text: str | None = None, *,
                          mode: ContentMode = "fuzzy",
                          threshold: float = DEFAULT_THRESHOLD) -> Verdict:
    """`path` exists as a file and, if `text` is given, its content matches it."""
    if not file_exists(device, path, kind="file"):
        where = "is a folder" if file_exists(device, path, kind="dir") else "does not exist"
        return Verdict(False, f"{path} {where}")
    if text is None:
        return Verdict(True, f"{path} exists")
    content = read_text(device, path)
    if not content_matches(content, text, mode, threshold):
        return Verdict(False, f"{path} content {content[:80]!r} does not match {text[:80]!r} "
                       f"({mode})")
    return Verdict(True, f"{path} exists with the expected content")


def validate_file_content(device: Device, path: str, expected: str, *,
                          mode: ContentMode = "fuzzy",
                          threshold: float = DEFAULT_THRESHOLD) -> Verdict:
    """The file at `path` has content matching `expected` (a missing file fails)."""
    return validate_file_created(device, path, expected, mode=mode, threshold=threshold)


def validate_folder_created(device: Device, path: str) -> Verdict:
    """`path` exists as a folder."""
    if file_exists(device, path, kind="dir"):
        return Verdict(True, f"folder {path} exists")
    return Verdict(False, f"folder {path} does not exist")


def validate_file_moved(device: Device, file_name: str, source_dir: str, destination_dir: str,
                        *, keep: Sequence[str] = (), content: str | None = None) -> Verdict:
    """`file_name` is gone from `source_dir` and is a file in `destination_dir`; every path in
    `keep` still exists; with `content`, the moved file's text is exactly that (not a new file)."""
    src = str(PurePosixPath(source_dir) / file_name)
    dst = str(PurePosixPath(destination_dir) / file_name)
    if file_exists(device, src, kind="any"):
        return Verdict(False, f"{src} still exists")
    if not file_exists(device, dst, kind="file"):
        return Verdict(False, f"{dst} does not exist")
    missing = _missing(device, keep)
    if missing:
        return Verdict(False, f"{missing[0]} should still exist")
    if content is not None and read_text(device, dst) != content:
        return Verdict(False, f"{dst} does not have the original content")
    return Verdict(True, f"{file_name} moved to {destination_dir}")


def validate_file_deleted(device: Device, path: str, *, keep: Sequence[str] = ()) -> Verdict:
    """`path` no longer exists and every path in `keep` (the other files) still does."""
    if file_exists(device, path, kind="any"):
        return Verdict(False, f"{path} still exists")
    missing = _missing(device, keep)
    if missing:
        return Verdict(False, f"{missing[0]} should still exist")
    return Verdict(True, f"{path} deleted")
