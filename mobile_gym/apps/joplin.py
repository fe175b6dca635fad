"""Joplin: its catalogue record and its plain data (the `notes`, `notes_normalized` and
`folders` rows of `joplin.sqlite`), shared by the simulated app and the Joplin task families.

Columns are the ones AndroidWorld reads and writes (`joplin_app_utils.py`); ids are 32-digit
lower-case hex uuids as Joplin makes them; timestamps are Unix milliseconds; `markup_language`
1 is Markdown. `notes_normalized` is the search index Joplin keeps beside `notes` (the
lower-cased, accent-stripped text); a seeded note gets its normalized row too.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, fields, replace
from typing import Any

from mobile_gym.apps import AppRecord

APP = AppRecord(
    key="joplin",
    package="net.cozic.joplin",
    label="Joplin",
    main_activity="net.cozic.joplin.MainActivity",
    version="3.0.1",
    version_code=2097740,
    aliases=("joplin notes",),
    databases=("joplin.sqlite",),
)

DB_PATH = APP.database_path("joplin.sqlite")
NOTES_TABLE = "notes"
NORMALIZED_TABLE = "notes_normalized"
FOLDERS_TABLE = "folders"
MARKUP_MARKDOWN = 1

# The app's strings (packages/app-mobile, `_()` English source strings).
SIDEBAR = "Sidebar"
BACK = "Back"
TODO_LABEL = "to-do: {title}"
ADD_BODY = "Add body"
NO_NOTES = "There are currently no notes. Create one by clicking on the (+) button."
NEW_NOTEBOOK = "New Notebook"
CONFIGURATION = "Configuration"
UNTITLED = "Untitled"

_TEXT_DEFAULT = "NOT NULL DEFAULT ''"
_INT_DEFAULT = "NOT NULL DEFAULT 0"

SCHEMA: tuple[str, ...] = (
    "CREATE TABLE IF NOT EXISTS folders (id TEXT PRIMARY KEY, title TEXT " + _TEXT_DEFAULT + ", "
    "created_time INT NOT NULL, updated_time INT NOT NULL, user_created_time INT " + _INT_DEFAULT
    + ", user_updated_time INT " + _INT_DEFAULT + ", deleted_time INT " + _INT_DEFAULT + ", "
    "encryption_cipher_text TEXT " + _TEXT_DEFAULT + ", encryption_applied INT " + _INT_DEFAULT
    + ", parent_id TEXT " + _TEXT_DEFAULT + ", is_shared INT " + _INT_DEFAULT + ", share_id TEXT "
    + _TEXT_DEFAULT + ", master_key_id TEXT " + _TEXT_DEFAULT + ", icon TEXT " + _TEXT_DEFAULT
    + ", user_data TEXT " + _TEXT_DEFAULT + ")",
    "CREATE TABLE IF NOT EXISTS notes (id TEXT PRIMARY KEY, parent_id TEXT " + _TEXT_DEFAULT + ", "
    "title TEXT " + _TEXT_DEFAULT + ", body TEXT " + _TEXT_DEFAULT + ", created_time INT NOT NULL, "
    "updated_time INT NOT NULL, is_conflict INT " + _INT_DEFAULT + ", latitude NUMERIC "
    + _INT_DEFAULT + ", longitude NUMERIC " + _INT_DEFAULT + ", altitude NUMERIC " + _INT_DEFAULT
    + ", author TEXT " + _TEXT_DEFAULT + ", source_url TEXT " + _TEXT_DEFAULT + ", is_todo INT "
    + _INT_DEFAULT + ", todo_due INT " + _INT_DEFAULT + ", todo_completed INT " + _INT_DEFAULT
    + ", source TEXT " + _TEXT_DEFAULT + ", source_application TEXT " + _TEXT_DEFAULT + ", "
    "application_data TEXT " + _TEXT_DEFAULT + ", `order` NUMERIC " + _INT_DEFAULT + ", "
    "user_created_time INT " + _INT_DEFAULT + ", user_updated_time INT " + _INT_DEFAULT + ", "
    "encryption_cipher_text TEXT " + _TEXT_DEFAULT + ", encryption_applied INT " + _INT_DEFAULT
    + ", markup_language INT NOT NULL DEFAULT 1, is_shared INT " + _INT_DEFAULT + ", share_id TEXT "
    + _TEXT_DEFAULT + ", conflict_original_id TEXT " + _TEXT_DEFAULT + ", master_key_id TEXT "
    + _TEXT_DEFAULT + ", user_data TEXT " + _TEXT_DEFAULT + ")",
    "CREATE TABLE IF NOT EXISTS notes_normalized (id TEXT NOT NULL, title TEXT " + _TEXT_DEFAULT
    + ", body TEXT " + _TEXT_DEFAULT + ", user_created_time INT " + _INT_DEFAULT + ", "
    "user_updated_time INT " + _INT_DEFAULT + ", is_todo INT " + _INT_DEFAULT + ", todo_completed "
    "INT " + _INT_DEFAULT + ", parent_id TEXT " + _TEXT_DEFAULT + ", latitude NUMERIC "
    + _INT_DEFAULT + ", longitude NUMERIC " + _INT_DEFAULT + ", altitude NUMERIC " + _INT_DEFAULT
    + ", source_url TEXT " + _TEXT_DEFAULT + ", todo_due INT " + _INT_DEFAULT + ")",
)


class _Row:
    """Shared helpers of the row dataclasses."""

    def with_(self, **changes: Any) -> Any:
        return replace(self, **changes)  # type: ignore[type-var]

    def as_row(self) -> dict[str, object]:
        """Column name -> value for every column."""
        return {f.name: getattr(self, f.name) for f in fields(self)}  # type: ignore[arg-type]


@dataclass(frozen=True)
class Folder(_Row):
    """One row of `folders` (a notebook)."""

    id: str
    title: str
    created_time: int
    updated_time: int
    user_created_time: int = 0
    user_updated_time: int = 0
    deleted_time: int = 0
    encryption_cipher_text: str = ""
    encryption_applied: int = 0
    parent_id: str = ""
    is_shared: int = 0
    share_id: str = ""
    master_key_id: str = ""
    icon: str = ""
    user_data: str = ""


@dataclass(frozen=True)
class Note(_Row):
    """One row of `notes` (a note, or a to-do when `is_todo` is 1)."""

    id: str
    parent_id: str
    title: str
    body: str
    created_time: int
    updated_time: int
    is_conflict: int = 0
    latitude: float = 0.0
    longitude: float = 0.0
    altitude: float = 0.0
    author: str = ""
    source_url: str = ""
    is_todo: int = 0
    todo_due: int = 0
    todo_completed: int = 0
    source: str = "joplin-mobile"
    source_application: str = "net.cozic.joplin-mobile"
    application_data: str = ""
    order: int = 0
    user_created_time: int = 0
    user_updated_time: int = 0
    encryption_cipher_text: str = ""
    encryption_applied: int = 0
    markup_language: int = MARKUP_MARKDOWN
    is_shared: int = 0
    share_id: str = ""
    conflict_original_id: str = ""
    master_key_id: str = ""
    user_data: str = ""

    def normalized(self) -> NormalizedNote:
        """The note's `notes_normalized` row (what Joplin's search indexes)."""
        return NormalizedNote(
            id=self.id, title=normalize_text(self.title), body=normalize_text(self.body),
            user_created_time=self.user_created_time, user_updated_time=self.user_updated_time,
            is_todo=self.is_todo, todo_completed=self.todo_completed, parent_id=self.parent_id,
            latitude=self.latitude, longitude=self.longitude, altitude=self.altitude,
            source_url=self.source_url, todo_due=self.todo_due)


@dataclass(frozen=True)
class NormalizedNote(_Row):
    """One row of `notes_normalized`."""

    id: str
    title: str
    body: str
    user_created_time: int
    user_updated_time: int
    is_todo: int
    todo_completed: int
    parent_id: str
    latitude: float
    longitude: float
    altitude: float
    source_url: str
    todo_due: int


def normalize_text(text: str) -> str:
    """Lower-cased with accents removed, as Joplin's search normalizes text."""
    if text.isascii():  # nothing to decompose or drop
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def is_uuid(value: str) -> bool:
    """Whether `value` is an id as Joplin makes them (32 lower-case hex digits)."""
    return len(value) == 32 and all(c in "0123456789abcdef" for c in value)
