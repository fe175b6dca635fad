"""The notes demo app: a small app for tests and for the adding-an-app walkthrough; not installed
on a default phone."""

from __future__ import annotations

from dataclasses import dataclass

from mobile_gym.apps import AppRecord

APP = AppRecord(
    key="demo",
    package="com.example.notesdemo",
    label="Notes demo",
    main_activity="com.example.notesdemo.MainActivity",
    version="1.0",
    databases=("notes.db",),
    installed_by_default=False,
)

NOTES_TABLE = "notes"
#: `notes.db` as the app creates it.
NOTES_SCHEMA = (f"CREATE TABLE {NOTES_TABLE} (_id INTEGER PRIMARY KEY AUTOINCREMENT, "
                "title TEXT NOT NULL, created INTEGER NOT NULL)")


@dataclass(frozen=True)
class Note:
    """One row of `notes`; `id` is None until inserted."""

    title: str
    created: int
    id: int | None = None
