"""Joplin end to end through SimDevice, as an agent would: rows seeded with the shell's
`sqlite3`, then the side menu, the note lists and the note screen reached by taps and Back."""

from __future__ import annotations

import shlex

import pytest

from mobile_gym.apps import joplin as model

PKG = model.APP.package
MAIN = model.APP.component
T0 = 1_697_000_000_000


def uid(n: int) -> str:
    return f"{n:032x}"


def sql(device, statement: str) -> str:
    code, out, err = device.shell(f"sqlite3 {model.DB_PATH} {shlex.quote(statement)}")
    assert code == 0, err
    return out


def insert(device, table: str, row: dict[str, object]) -> None:
    cols = ", ".join(f"`{c}`" for c in row)
    vals = ", ".join("'" + v.replace("'", "''") + "'" if isinstance(v, str) else repr(v)
                     for v in row.values())
    sql(device, f"INSERT INTO {table} ({cols}) VALUES ({vals})")


def seed(device) -> None:
    for i, title in enumerate(("Work", "Personal", "Recipes")):
        insert(device, "folders", model.Folder(uid(100 + i), title, T0, T0).as_row())
    notes = [
        model.Note(uid(1), uid(100), "Weekly sync", "# Weekly sync\n\n## Attendees\n- Ann\n- Bo",
                   T0, T0 + 5, user_updated_time=T0 + 5),
        model.Note(uid(2), uid(100), "File taxes", "", T0, T0 + 1, is_todo=1,
                   user_updated_time=T0 + 1),
        model.Note(uid(3), uid(100), "Done thing", "", T0, T0 + 9, is_todo=1, todo_completed=T0,
                   user_updated_time=T0 + 9),
        model.Note(uid(4), uid(102), "Pancakes", "## Ingredients\n- 2 cups flour\n- [ ] buy eggs",
                   T0, T0, user_updated_time=T0),
    ]
    for n in notes:
        insert(device, "notes", n.as_row())
        insert(device, "notes_normalized", n.normalized().as_row())


@pytest.fixture
def ui(device, ui_factory):
    u = ui_factory(device)
    u.tap(text="Joplin")  # launcher icon label
    assert device.current_activity() == MAIN
    seed(device)
    u.key("HOME")
    u.tap(text="Joplin")  # resumed: the screens re-read the database
    return u


def texts(ui) -> list[str]:
    return [n["text"] for n in ui.find_all(cls="android.widget.TextView") if n["text"]]


def test_first_notebook_by_title_shows_with_todos_on_top(ui):
    assert ui.has(desc=model.SIDEBAR, cls="android.view.ViewGroup")
    assert ui.has(text="Personal")                      # the first notebook by title
    assert ui.has(text=model.NO_NOTES)


def test_side_menu_opens_notebook_and_note(ui, device):
    ui.tap(desc=model.SIDEBAR)
    # the header's title behind the menu, then the notebooks by title
    assert [t for t in texts(ui) if t in ("Personal", "Recipes", "Work")] == [
        "Personal", "Personal", "Recipes", "Work"]
    ui.tap(text="Work")
    assert not ui.has(text=model.NEW_NOTEBOOK)           # the menu closed
    shown = texts(ui)
    # the uncompleted to-do first, then by update time, newest first
    assert shown.index("File taxes") < shown.index("Done thing") < shown.index("Weekly sync")
    box = ui.find(desc="to-do: File taxes")
    assert box["class"] == "android.view.ViewGroup" and box["checked"] == "false"
    assert ui.find(desc="to-do: Done thing")["checked"] == "true"
    assert not ui.has(desc="to-do: Weekly sync")
    ui.tap(text="Weekly sync")
    assert ui.has(desc=model.BACK)
    assert ui.find(cls="android.widget.EditText")["text"] == "Weekly sync"
    assert [t for t in texts(ui) if t in ("Attendees", "Ann", "Bo")] == ["Attendees", "Ann", "Bo"]
    assert ui.has(cls="android.webkit.WebView")
    ui.key("BACK")
    assert ui.has(desc=model.SIDEBAR) and ui.has(text="Weekly sync")
    ui.tap(desc=model.SIDEBAR)
    ui.tap(text="Recipes")
    ui.tap(text="Pancakes")
    assert "2 cups flour" in texts(ui) and "buy eggs" in texts(ui)
    ui.key("BACK")
    ui.key("BACK")
    assert device.current_activity() != MAIN


def test_tapping_the_shade_closes_the_menu(ui):
    ui.tap(desc=model.SIDEBAR)
    assert ui.has(text=model.NEW_NOTEBOOK)
    ui.key("BACK")
    assert not ui.has(text=model.NEW_NOTEBOOK) and ui.has(desc=model.SIDEBAR)


def test_ids_are_uuids_and_schema_has_aw_columns(ui, device):
    cols = sql(device, "SELECT group_concat(name) FROM pragma_table_info('notes')").strip()
    assert {"parent_id", "is_todo", "todo_completed", "user_updated_time", "markup_language",
            "order", "id"} <= set(cols.split(","))
    assert model.is_uuid(uid(7)) and not model.is_uuid("xyz")


def test_ticking_a_todo_box_stores_its_completion_time(ui, device):
    ui.tap(desc=model.SIDEBAR)
    ui.tap(text="Work")
    ui.tap(desc="to-do: File taxes")
    assert ui.find(desc="to-do: File taxes")["checked"] == "true"
    done, updated = sql(device, f"SELECT todo_completed, user_updated_time FROM notes "
                                f"WHERE id = '{uid(2)}'").strip().split("|")
    assert int(done) > 0 and int(updated) == int(done)
    assert sql(device, f"SELECT todo_completed FROM notes_normalized WHERE id = '{uid(2)}'"
               ).strip() == done
    ui.tap(desc="to-do: File taxes")                    # unticked again
    assert sql(device, f"SELECT todo_completed FROM notes WHERE id = '{uid(2)}'").strip() == "0"
    assert ui.find(desc="to-do: File taxes")["checked"] == "false"
