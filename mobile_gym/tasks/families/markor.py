"""Markor families (AndroidWorld's Markor*, android_world.md section 8.4).

Start state: the home screen; the notebook `/storage/emulated/0/Documents/Markor` emptied and
refilled with the seed's notes, folders and noise files (pushed after the snapshot restore).
Success reads the files (`state_event` file checks): existence, content (AndroidWorld's fuzzy
match of the stripped text, or exact), moves (present at the destination, gone from the
source) and deletions -- plus, stricter than AndroidWorld, every noise file must still be there
unchanged where the task should not touch it.
Shaping: one-time rewards for reaching the right screen (new-file dialog, editor of the right
note, selection mode, move dialog), read from the view hierarchy.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.families import markor_data as md
from mobile_gym.tasks.families.base import Progress, TaskFamily
from mobile_gym.tasks.families.common import launch_once, vh_source
from mobile_gym.tasks.families.oracle import Key, LongPress, Move, Sel, Tap, Type, Wait

EDITOR = "document__fragment__edit__highlighting_editor"
LIST = Sel(id="ui__filesystem_dialog__list")
_FC = task_pb2.StateEvent.FileCheck


def file_check(path: str, **kw) -> task_pb2.StateEvent:
    return task_pb2.StateEvent(file=_FC(path=path, **kw))


def unchanged(files: tuple[md.NoteFile, ...]) -> list[task_pb2.StateEvent]:
    """Each file still at its place with its exact content."""
    return [file_check(f.device_path, equals=f.content) for f in files]


def row(name: str, kind: str = "File") -> Sel:
    """A file-browser row by its content-desc "<File|Folder> <name> <description>"."""
    return Sel(id="opoc_filesystem_item__root", desc_re=f"{kind} {re.escape(name)} .*")


def open_markor() -> list[Move]:
    return [Tap(Sel(text="Markor", cls="TextView"))]


def open_note(name: str) -> list[Move]:
    """Open a note from the browser and let the editor settle: 200 ms after it opens, Markor
    (onFragmentFirstTimeVisible) focuses the editor and puts the cursor at the last edit
    position, which would undo an earlier tap."""
    return [Tap(row(name), scroll=LIST), Wait(3)]


def new_file_dialog(stem: str, ext: str) -> list[Move]:
    """FAB, pick the type whose extension is `ext` (if not the default .md), type the name."""
    moves: list[Move] = [Tap(Sel(desc="Create a new file or folder"))]
    if ext != ".md":
        label = {".txt": "Plain Text", "": "None"}[ext]
        moves += [Tap(Sel(id="new_file_dialog__type")), Tap(Sel(id="android:id/text1", text=label)),
                  Tap(Sel(id="new_file_dialog__name"))]
    return moves + [Type(stem)]


def _split(name: str) -> tuple[str, str]:
    stem, dot, ext = name.rpartition(".")
    return (stem, "." + ext) if dot else (name, "")


def _editor_shows(name: str) -> task_pb2.EventSource:
    """The editor of `name` is open (its title is the name without extension)."""
    stem = _split(name)[0]
    return vh_source('#$"note__activity__text_note_title"', "text", f"^{re.escape(stem)}$")


class _Markor(TaskFamily):
    app = "markor"
    types_text = True
    words = md.WORDS

    def setup_steps(self) -> list[task_pb2.SetupStep]:
        return launch_once(md.APP.package, md.APP.component)

    def instruction(self, params) -> str:
        return self.template.format(**params.fields())


# -- create ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CreateParams:
    file_name: str
    text: str
    noise: tuple[md.NoteFile, ...] = ()

    def fields(self) -> dict[str, str]:
        return {"file_name": self.file_name, "text": self.text, "folder_name": self.file_name}


class MarkorCreateNote(_Markor):
    name = "MarkorCreateNote"
    tags = ('markor', 'data_entry')
    android_world_name = 'MarkorCreateNote'
    difficulty = 'medium'
    optimal_steps = 8
    complexity = 1.6
    template = "Create a new note in Markor named {file_name} with the following text: {text}"

    def sample(self, rng: np.random.Generator) -> CreateParams:
        return CreateParams(md.random_note_name(rng), md.choice(rng, md.SENTENCES))

    def reset_steps(self, params: CreateParams) -> list[task_pb2.SetupStep]:
        return md.reset_notebook(params.noise)

    def progress(self, params: CreateParams) -> list[Progress]:
        return [Progress(vh_source('#$"new_file_dialog__name"'), 0.1),
                Progress(_editor_shows(params.file_name), 0.2, after=0)]

    def success_checks(self, params: CreateParams):
        return [file_check(f"{md.NOTEBOOK}/{params.file_name}", fuzzy=params.text)]

    def plan(self, params: CreateParams) -> list[Move]:
        stem, ext = _split(params.file_name)
        return [*open_markor(), *new_file_dialog(stem, ext), Tap(Sel(id="android:id/button1")),
                Tap(Sel(id=EDITOR)), Type(params.text), Tap(Sel(desc="Save"))]


class MarkorCreateFolder(_Markor):
    name = "MarkorCreateFolder"
    tags = ('markor', 'data_entry')
    android_world_name = 'MarkorCreateFolder'
    difficulty = 'easy'
    optimal_steps = 4
    complexity = 1.0
    template = "Create a new folder in Markor named {folder_name}."

    def sample(self, rng: np.random.Generator) -> CreateParams:
        # AndroidWorld names it after the wall clock; here a seeded timestamp of 2023
        day = int(rng.integers(0, 287))
        secs = int(rng.integers(0, 86400))
        stamp = np.datetime64("2023-01-01") + np.timedelta64(day, "D") + np.timedelta64(secs, "s")
        name = "folder_" + str(stamp).replace("-", "").replace("T", "_").replace(":", "")
        noise = md.sentence_notes(rng, md.noise_names(rng, "file"))
        return CreateParams(name, "", noise)

    def reset_steps(self, params: CreateParams) -> list[task_pb2.SetupStep]:
        return md.reset_notebook(params.noise)

    def progress(self, params: CreateParams) -> list[Progress]:
        return [Progress(vh_source('#$"new_file_dialog__name"'), 0.2)]

    def success_checks(self, params: CreateParams):
        return [file_check(f"{md.NOTEBOOK}/{params.file_name}", is_dir=True),
                *unchanged(params.noise)]

    def plan(self, params: CreateParams) -> list[Move]:
        return [*open_markor(), *new_file_dialog(params.file_name, ".md"),
                Tap(Sel(id="android:id/button3"))]


# -- edit ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EditParams:
    file_name: str
    original: str
    edit_type: str  # header | footer | replace
    text: str
    noise: tuple[md.NoteFile, ...]

    def fields(self) -> dict[str, str]:
        return {"file_name": self.file_name, "header": self.text, "footer": self.text,
                "replace_text": self.text}

    @property
    def expected(self) -> str:
        if self.edit_type == "header":
            return self.text + "\n" + self.original
        if self.edit_type == "footer":
            return self.original + "\n" + self.text
        return self.text


class MarkorEditNote(_Markor):
    name = "MarkorEditNote"
    tags = ('markor', 'data_edit', 'transcription')
    android_world_name = 'MarkorEditNote'
    difficulty = 'easy'
    optimal_steps = 4
    complexity = 1.2
    templates: ClassVar[dict[str, str]] = {
        "header": "Edit {file_name} in Markor. Add to the top of the note {header}",
        "footer": "Edit {file_name} in Markor. Add to the bottom of the note {footer}",
        "replace": "Edit {file_name} in Markor. Replace the text with {replace_text}",
    }
    template = templates["header"]

    def sample(self, rng: np.random.Generator) -> EditParams:
        name = "note_" + md.random_string(rng, 5) + md.choice(rng, (".md", ".txt"))
        edit_type = md.choice(rng, ("header", "footer", "replace"))
        if edit_type == "replace":
            picks = rng.choice(len(md.SENTENCES), size=3, replace=False)
            text = "\n".join(md.SENTENCES[int(i)] for i in picks)
        else:
            text = md.choice(rng, md.SENTENCES)
        original = md.choice(rng, md.SENTENCES)
        noise = md.sentence_notes(rng, md.noise_names(rng, name, avoid=(name,)))
        return EditParams(name, original, edit_type, text, noise)

    def instruction(self, params: EditParams) -> str:
        return self.templates[params.edit_type].format(**params.fields())

    def reset_steps(self, params: EditParams) -> list[task_pb2.SetupStep]:
        return md.reset_notebook([*params.noise, md.NoteFile(params.file_name, params.original + "\n")])

    def progress(self, params: EditParams) -> list[Progress]:
        return [Progress(_editor_shows(params.file_name), 0.2)]

    def success_checks(self, params: EditParams):
        return [file_check(f"{md.NOTEBOOK}/{params.file_name}", fuzzy=params.expected),
                *unchanged(params.noise)]

    def plan(self, params: EditParams) -> list[Move]:
        moves: list[Move] = [*open_markor(), *open_note(params.file_name)]
        if params.edit_type == "header":
            moves += [Tap(Sel(id=EDITOR), fx=0.0, fy=0.0), Type(params.text + "\n")]
        elif params.edit_type == "footer":
            moves += [Tap(Sel(id=EDITOR), fx=1.0, fy=1.0), Type(params.text)]
        else:
            moves += [Tap(Sel(id=EDITOR), fx=1.0, fy=1.0),
                      Key("DEL", times=len(params.original) + 1), Type(params.text)]
        return moves + [Tap(Sel(desc="Save"))]


# -- edit and rename ---------------------------------------------------------------------------


@dataclass(frozen=True)
class RenameParams:
    original: md.NoteFile
    new_name: str
    text: str        # the new content (ChangeNoteContent) or the header (AddNoteHeader)
    noise: tuple[md.NoteFile, ...]

    def fields(self) -> dict[str, str]:
        return {"original_name": self.original.path, "new_name": self.new_name,
                "updated_content": self.text, "header": self.text}


def rename_file(old: str, new: str) -> list[Move]:
    """In the file browser: select `old`, Rename, replace the name, OK."""
    # Tapped at its right end: a tap puts the cursor where it lands, so the DELs start at the end.
    return [LongPress(row(old), scroll=LIST), Tap(Sel(desc="Rename")), Tap(Sel(id="new_name"), fx=1.0),
            Key("DEL", times=len(old)), Type(new), Tap(Sel(id="android:id/button1"))]


class MarkorChangeNoteContent(_Markor):
    """Replace a note's text and rename it."""

    name = "MarkorChangeNoteContent"
    tags = ('markor', 'data_entry', 'requires_setup')
    android_world_name = 'MarkorChangeNoteContent'
    difficulty = 'medium'
    optimal_steps = 5
    complexity = 1.2
    template = ('Update the content of {original_name} to "{updated_content}" in Markor and '
                "change its name to {new_name}.")

    def _content(self, rng: np.random.Generator) -> str:
        return md.random_string(rng, 20)

    def sample(self, rng: np.random.Generator) -> RenameParams:
        names = md.distinct_note_names(rng, 2)
        original = md.NoteFile(names[0], self._content(rng) + "\n")
        text = md.random_string(rng, 20)
        noise = md.sentence_notes(rng, md.noise_names(rng, names[0], n_max=8, avoid=names))
        return RenameParams(original, names[1], text, noise)

    def reset_steps(self, params: RenameParams) -> list[task_pb2.SetupStep]:
        return md.reset_notebook([*params.noise, params.original])

    def progress(self, params: RenameParams) -> list[Progress]:
        return [Progress(_editor_shows(params.original.path), 0.1),
                Progress(vh_source('#$"new_name"'), 0.1)]

    def expected(self, params: RenameParams) -> task_pb2.StateEvent:
        return file_check(f"{md.NOTEBOOK}/{params.new_name}", fuzzy=params.text)

    def success_checks(self, params: RenameParams):
        return [self.expected(params),
                file_check(params.original.device_path, absent=True), *unchanged(params.noise)]

    def _edit(self, params: RenameParams) -> list[Move]:
        return [Tap(Sel(id=EDITOR), fx=1.0, fy=1.0), Key("DEL", times=len(params.original.content)),
                Type(params.text)]

    def plan(self, params: RenameParams) -> list[Move]:
        return [*open_markor(), *open_note(params.original.path), *self._edit(params),
                Tap(Sel(desc="Save")), Tap(Sel(desc="Navigate up")),
                *rename_file(params.original.path, params.new_name)]


class MarkorAddNoteHeader(MarkorChangeNoteContent):
    """Add a header and a blank line above a note's text, and rename it (exact content)."""

    name = "MarkorAddNoteHeader"
    tags = ('markor', 'data_entry')
    android_world_name = 'MarkorAddNoteHeader'
    difficulty = 'medium'
    optimal_steps = 6
    complexity = 1.2
    template = ("Update the Markor note {original_name} by adding the following text, along with "
                'a new blank line before the existing content: "{header}", and rename it to '
                "{new_name}.")

    def _content(self, rng: np.random.Generator) -> str:
        return md.choice(rng, md.SENTENCES)

    def expected(self, params: RenameParams) -> task_pb2.StateEvent:
        return file_check(f"{md.NOTEBOOK}/{params.new_name}",
                          equals=params.text + "\n\n" + params.original.content)

    def _edit(self, params: RenameParams) -> list[Move]:
        return [Tap(Sel(id=EDITOR), fx=0.0, fy=0.0), Type(params.text + "\n\n")]


# -- delete ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeleteParams:
    file_name: str
    files: tuple[md.NoteFile, ...]  # everything in the notebook (the target included)

    def fields(self) -> dict[str, str]:
        return {"file_name": self.file_name}

    @property
    def others(self) -> tuple[md.NoteFile, ...]:
        return tuple(f for f in self.files if f.path != self.file_name)


def delete_file(name: str) -> list[Move]:
    return [LongPress(row(name), scroll=LIST), Tap(Sel(desc="Delete")),
            Tap(Sel(id="android:id/button1"))]


class MarkorDeleteNote(_Markor):
    name = "MarkorDeleteNote"
    tags = ('markor', 'data_edit', 'requires_setup')
    android_world_name = 'MarkorDeleteNote'
    difficulty = 'easy'
    optimal_steps = 5
    complexity = 1.0
    template = "Delete the note in Markor named {file_name}."

    def sample(self, rng: np.random.Generator) -> DeleteParams:
        name = md.random_file_name(rng)  # no extension (AndroidWorld's)
        noise = md.sentence_notes(rng, md.noise_names(rng, name, avoid=(name,)))
        target = md.NoteFile(name, md.random_string(rng, 20) + "\n")
        return DeleteParams(name, (*noise, target))

    def reset_steps(self, params: DeleteParams) -> list[task_pb2.SetupStep]:
        return md.reset_notebook(params.files)

    def progress(self, params: DeleteParams) -> list[Progress]:
        return [Progress(vh_source('#$"opoc_filesystem_item__root"', "content-desc",
                                   f"^Selected {re.escape(params.file_name)} "), 0.2)]

    def success_checks(self, params: DeleteParams):
        return [file_check(f"{md.NOTEBOOK}/{params.file_name}", absent=True),
                *unchanged(params.others)]

    def plan(self, params: DeleteParams) -> list[Move]:
        return [*open_markor(), *delete_file(params.file_name)]


class MarkorDeleteNewestNote(MarkorDeleteNote):
    """2-6 notes created minutes apart; delete the most recently modified one.

    The spacing is device time: free on the simulator, a real wait (61 s per note) on a phone.
    """

    name = "MarkorDeleteNewestNote"
    tags = ('markor', 'data_edit')
    android_world_name = 'MarkorDeleteNewestNote'
    difficulty = 'easy'
    optimal_steps = 4
    template = "Delete the newest note in Markor."
    spacing = (61, 600)  # device seconds between two notes (distinct minutes in the UI)

    def sample(self, rng: np.random.Generator) -> DeleteParams:
        names = md.distinct_note_names(rng, int(rng.integers(2, 7)))
        files = md.sentence_notes(rng, names)
        return DeleteParams(names[-1], files)

    def reset_steps(self, params: DeleteParams) -> list[task_pb2.SetupStep]:
        return md.reset_notebook(params.files, spacing_seconds=float(self.spacing[0]))


class MarkorDeleteAllNotes(_Markor):
    """1-6 notes (variants of one random base name); delete every one of them."""

    name = "MarkorDeleteAllNotes"
    tags = ('markor', 'data_edit', 'repetition')
    android_world_name = 'MarkorDeleteAllNotes'
    difficulty = 'easy'
    optimal_steps = 7
    complexity = 1.4
    template = "Delete all my notes in Markor."

    def sample(self, rng: np.random.Generator) -> DeleteParams:
        base = md.random_string(rng, 5)
        names = md.noise_names(rng, base, n_max=int(rng.integers(2, 7)))
        files = md.sentence_notes(rng, sorted(names))
        return DeleteParams("", files)

    def reset_steps(self, params: DeleteParams) -> list[task_pb2.SetupStep]:
        return md.reset_notebook(params.files)

    def progress(self, params: DeleteParams) -> list[Progress]:
        return [Progress(vh_source('#$"opoc_filesystem_item__root"', "content-desc",
                                   "^Selected "), 0.2)]

    def success_checks(self, params: DeleteParams):
        return [file_check(f.device_path, absent=True) for f in params.files]

    def plan(self, params: DeleteParams) -> list[Move]:
        names = sorted((f.path for f in params.files), key=str.lower)
        return [*open_markor(), LongPress(row(names[0]), scroll=LIST),
                *(Tap(row(n), scroll=LIST) for n in names[1:]), Tap(Sel(desc="Delete")),
                Tap(Sel(id="android:id/button1"))]


# -- move ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MoveParams:
    file: md.NoteFile
    source: str
    destination: str
    folders: tuple[str, ...]
    noise: tuple[md.NoteFile, ...]

    def fields(self) -> dict[str, str]:
        return {"file_name": self.file.path.rpartition("/")[2], "source_folder": self.source,
                "destination_folder": self.destination}


class MarkorMoveNote(_Markor):
    name = "MarkorMoveNote"
    tags = ('markor', 'data_edit', 'complex_ui_understanding')
    android_world_name = 'MarkorMoveNote'
    difficulty = 'medium'
    optimal_steps = 7
    complexity = 1.4
    template = ("In Markor, move the note {file_name} from {source_folder} to "
                "{destination_folder}.")

    def sample(self, rng: np.random.Generator) -> MoveParams:
        picks = rng.choice(len(md.FOLDERS), size=4, replace=False)
        folders = tuple(sorted(md.FOLDERS[int(i)] for i in picks))
        source, destination = md.FOLDERS[int(picks[0])], md.FOLDERS[int(picks[1])]
        name = md.random_note_name(rng)
        noise = md.sentence_notes(rng, md.noise_names(rng, name, n_max=8, avoid=(name,)), folder=source)
        file = md.NoteFile(f"{source}/{name}", md.random_string(rng, 20) + "\n")
        return MoveParams(file, source, destination, folders, noise)

    def reset_steps(self, params: MoveParams) -> list[task_pb2.SetupStep]:
        return md.reset_notebook([*params.noise, params.file], folders=params.folders)

    def progress(self, params: MoveParams) -> list[Progress]:
        return [Progress(vh_source('#$"ui__filesystem_dialog__title"', "text", "^Move "), 0.2)]

    def success_checks(self, params: MoveParams):
        name = params.fields()["file_name"]
        return [file_check(f"{md.NOTEBOOK}/{params.destination}/{name}",
                           moved_from=params.file.device_path, equals=params.file.content),
                *unchanged(params.noise)]

    def plan(self, params: MoveParams) -> list[Move]:
        name = params.fields()["file_name"]
        return [*open_markor(), Tap(row(params.source, "Folder"), scroll=LIST),
                LongPress(row(name), scroll=LIST), Tap(Sel(desc="More options")),
                Tap(Sel(id="title", text="Move")), Tap(row("..", "Folder")),
                Tap(row(params.destination, "Folder")),
                Tap(Sel(id="ui__filesystem_dialog__button_ok"))]


# -- merge -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class MergeParams:
    notes: tuple[md.NoteFile, ...]
    new_name: str

    def fields(self) -> dict[str, str]:
        a, b, c = (n.path for n in self.notes)
        return {"file1_name": a, "file2_name": b, "file3_name": c, "new_file_name": self.new_name}

    @property
    def merged(self) -> str:
        return "\n\n".join(n.content.strip() for n in self.notes)


class MarkorMergeNotes(_Markor):
    name = "MarkorMergeNotes"
    tags = ('markor', 'data_edit', 'data_entry')
    android_world_name = 'MarkorMergeNotes'
    difficulty = 'hard'
    optimal_steps = 39
    complexity = 7.8
    template = ("Merge the contents of Markor notes {file1_name}, {file2_name} and {file3_name} "
                "(in the same order) into a new Markor note named {new_file_name} and save it. "
                "Add a new line between the content of each note.")

    def sample(self, rng: np.random.Generator) -> MergeParams:
        names = md.distinct_note_names(rng, 3)
        notes = tuple(md.NoteFile(n, md.random_string(rng, 20) + "\n") for n in names)
        return MergeParams(notes, md.random_string(rng, 8))

    def reset_steps(self, params: MergeParams) -> list[task_pb2.SetupStep]:
        return md.reset_notebook(params.notes)

    def progress(self, params: MergeParams) -> list[Progress]:
        return [Progress(vh_source('#$"new_file_dialog__name"'), 0.1),
                Progress(_editor_shows(params.new_name), 0.2, after=0)]

    def success_checks(self, params: MergeParams):
        path = f"{md.NOTEBOOK}/{params.new_name}"
        return [file_check(path, fuzzy=params.merged + "\n"),
                file_check(path, regex=r"\A[^\n]+\n\n[^\n]+\n\n[^\n]+\n?\Z"),
                *unchanged(params.notes)]

    def plan(self, params: MergeParams) -> list[Move]:
        return [*open_markor(), *new_file_dialog(params.new_name, ""),
                Tap(Sel(id="android:id/button1")), Tap(Sel(id=EDITOR)), Type(params.merged),
                Tap(Sel(desc="Save"))]


FAMILIES: tuple[type[TaskFamily], ...] = (
    MarkorCreateNote, MarkorCreateFolder, MarkorEditNote, MarkorChangeNoteContent,
    MarkorAddNoteHeader, MarkorDeleteNote, MarkorDeleteNewestNote, MarkorDeleteAllNotes,
    MarkorMoveNote, MarkorMergeNotes,
)
