"""Pro Expense end to end through SimDevice, as an agent would: parse the dump, tap node
centres, swipe rows, type text; then read accounting.db back through the shell's sqlite3."""

from __future__ import annotations

import shlex

import pytest

from mobile_gym.apps import expense as model

DB = model.DB_PATH


@pytest.fixture
def ui(device, ui_factory):
    u = ui_factory(device)
    u.tap(desc="Pro Expense")  # launcher icon
    assert device.current_activity() == model.APP.component
    return u


def sql(device, statement: str) -> str:
    code, out, err = device.shell(f"sqlite3 {DB} {shlex.quote(statement)}")
    assert code == 0, err
    return out.strip()


def onboard(ui) -> None:
    assert ui.has(text="Hello! Welcome to Pro Expense")
    ui.tap(text="NEXT")
    ui.tap(text="CONTINUE")


def add(ui, name: str, amount: str, category: str, note: str) -> None:
    ui.tap(id="fb_main_add")
    assert ui.has(text="Expense Entry")
    ui.tap(id="edt_name")
    ui.type(name)
    ui.tap(id="edt_amount")
    ui.type(amount)
    ui.key("BACK")       # hide the keyboard
    for _ in range(6):
        if ui.has(id="tv_name", text=category):
            break
        box = ui.find(id="rv_category")
        l, t, r, b = box.bounds
        ui.swipe(r - 40, (t + b) // 2, l + 40, (t + b) // 2)
    ui.tap(id="tv_name", text=category)
    ui.tap(id="edt_note")
    ui.type(note)
    ui.key("BACK")
    ui.tap(id="btn_save")


def swipe_row(ui, name: str, right: bool) -> None:
    node = ui.find(id="tv_name", text=name)
    left, _top, end, _bottom = ui.find(id="rv_expense").bounds
    y = (node.bounds[1] + node.bounds[3]) // 2
    x0, x1 = (left + 100, left + 500) if right else (end - 300, end - 700)
    ui.swipe(x0, y, x1, y)


def test_onboarding_writes_the_preference_and_opens_home(device, ui):
    assert not ui.has(id="fb_main_add")
    assert ui.find(id="btn_continue")["text"] == "NEXT"
    onboard(ui)
    assert ui.has(text="Home") and ui.has(id="fb_main_add")
    prefs = device.pull(model.PREFS_PATH).decode()
    assert 'name="isFirstTime" value="false"' in prefs
    ui.key("BACK")
    ui.tap(desc="Pro Expense")
    assert not ui.has(id="btn_continue") and ui.has(id="rv_home")   # onboarding only once


def test_create_edit_delete_through_the_ui(device, ui):
    onboard(ui)
    add(ui, "Lunch", "12.5", "Donation", "with Bob")
    assert sql(device, "SELECT name, amount, category, note FROM expense") == \
        "Lunch|1250|11|with Bob"
    created, modified = sql(device, "SELECT created_date, modified_date FROM expense").split("|")
    assert int(created) == int(modified) > 1_600_000_000_000        # ms
    assert ui.has(id="tv_name", text="Lunch") and ui.has(id="tv_amount", text="12.50")

    # edit through the detail dialog (home's Recent card)
    ui.tap(id="tv_name", text="Lunch")
    assert ui.find(id="tv_name_value")["text"] == "Lunch"
    ui.tap(id="btn_edit")
    assert ui.has(text="Update Data") and ui.find(id="edt_amount")["text"] == "12.5"
    ui.tap(id="edt_amount")
    ui.key("DEL")
    ui.type("75")
    ui.key("BACK")
    ui.tap(id="tv_name", text="Food")
    ui.tap(id="btn_save")
    assert sql(device, "SELECT expense_id, name, amount, category FROM expense") == "1|Lunch|1275|3"

    # delete from the detail dialog, with the confirmation
    ui.tap(id="tv_name", text="Lunch")
    ui.tap(id="btn_delete")
    assert ui.find(id="tv_items")["text"] == "1 item "
    ui.tap(text="CONFIRM")
    assert sql(device, "SELECT count(*) FROM expense") == "0"


def test_logs_single_and_multi_select_delete(device, ui):
    onboard(ui)
    values = ", ".join(f"('E{i}', {100 * i}, {i}, 'n{i}', {1697300000000 + i}, {1697300000000 + i})"
                       for i in range(1, 6))
    sql(device, "INSERT INTO expense (name, amount, category, note, created_date, modified_date) "
                f"VALUES {values}")
    ui.tap(id="btn_more_logs")                      # the logs re-read the seeded rows
    assert [n["text"] for n in ui.find_all(id="tv_name")] == ["E5", "E4", "E3", "E2", "E1"]

    # single: swipe left, the delete button, confirm
    swipe_row(ui, "E4", right=False)
    ui.tap(id="imv_delete_icon")
    assert ui.find(id="tv_items")["text"] == "1 item "
    ui.tap(id="btn_confirm")
    assert sql(device, "SELECT group_concat(name) FROM expense ORDER BY expense_id") == "E1,E2,E3,E5"

    # multi-select: swipe right on two rows, Delete in the toolbar, confirm
    swipe_row(ui, "E1", right=True)
    swipe_row(ui, "E5", right=True)
    assert ui.has(text="2 items")
    ui.tap(desc="Delete")
    assert ui.find(id="tv_items")["text"] == "2 items "
    ui.tap(id="imv_drop_close")                     # dismissed: nothing deleted
    assert sql(device, "SELECT count(*) FROM expense") == "4"
    ui.tap(desc="Delete")
    ui.tap(id="btn_confirm")
    assert sql(device, "SELECT group_concat(name) FROM expense ORDER BY expense_id") == "E2,E3"
    assert ui.has(text="Expense Logs")              # selection mode ended


def test_drawer_reaches_every_destination(device, ui):
    onboard(ui)
    for dest, title in (("dest_expense_logs", "Expense Logs"), ("dest_statistics", "Statistics"),
                        ("dest_backup", "Backup"), ("dest_settings", "Settings"),
                        ("dest_home", "Home")):
        ui.tap(desc="Open navigation drawer")
        assert ui.has(id="nv_main")
        ui.tap(id=dest)
        assert ui.has(text=title) and not ui.has(id="nv_main")


def test_empty_amount_shows_the_error_and_saves_nothing(device, ui):
    onboard(ui)
    ui.tap(id="fb_main_add")
    ui.tap(id="edt_name")
    ui.type("Nothing")
    ui.key("BACK")
    ui.tap(id="btn_save")
    assert ui.has(text="Cost is Empty")
    assert sql(device, "SELECT count(*) FROM expense") == "0"


def test_lock_mode_keeps_the_form_for_the_next_entry(device, ui):
    onboard(ui)
    ui.tap(id="fb_main_add")
    now_s = int(device.shell("date +%s")[1])
    assert ui.has(text=model.entry_date_label(now_s * 1000))          # the entry's date
    ui.tap(id="cv_lock")
    assert ui.find(id="btn_save")["text"] == "NEXT"
    for name, amount in (("Tea", "3"), ("Cake", "4.2")):
        ui.tap(id="edt_name")
        ui.type(name)
        ui.tap(id="edt_amount")
        ui.type(amount)
        ui.key("BACK")
        ui.tap(id="btn_save")
        assert ui.has(text="Expense Entry") and ui.find(id="edt_name")["text"] == "Name"  # hint
    assert sql(device, "SELECT group_concat(name || ':' || amount || ':' || category) FROM expense") \
        == "Tea:300:3,Cake:420:3"                                    # Food is preselected
    ui.key("BACK")
    if ui.has(text="Expense Entry"):                 # the first Back hid the keyboard
        ui.key("BACK")
    assert ui.has(text="Home") and ui.has(id="tv_name", text="Cake")


def test_rows_seeded_while_away_show_on_resume_and_detail_closes(device, ui):
    onboard(ui)
    ui.tap(id="btn_more_logs")
    assert ui.has(text="No Items")
    ui.key("HOME")
    sql(device, "INSERT INTO expense (name, amount, category, note, created_date, modified_date) "
                "VALUES ('Books', 2599, 6, 'gift', 1697300000000, 1697300000000)")
    ui.tap(desc="Pro Expense")
    assert ui.find(id="tv_amount")["text"] == "25.99" and not ui.has(text="No Items")
    ui.tap(id="tv_name", text="Books")
    assert ui.find(id="tv_note_value")["text"] == "gift"
    assert ui.find(id="tv_amount_value")["text"] == "25.99"
    ui.tap(id="btn_close")
    assert not ui.has(id="tv_expense_detail")
    ui.key("BACK")                                   # logs -> home
    assert ui.has(id="rv_home")
    ui.key("BACK")                                   # home -> launcher
    assert device.current_activity() != model.APP.component


def test_a_swiped_row_slides_back_and_a_selection_clears_with_back(device, ui):
    onboard(ui)
    sql(device, "INSERT INTO expense (name, amount, category, note, created_date, modified_date) "
                "VALUES ('A', 100, 1, '', 1, 1), ('B', 200, 2, '', 2, 2)")
    ui.tap(id="btn_more_logs")
    swipe_row(ui, "A", right=False)
    assert ui.has(id="imv_delete_icon")
    swipe_row(ui, "A", right=True)                   # back to idle
    assert not ui.has(id="imv_delete_icon") and not ui.has(id="imv_check")
    swipe_row(ui, "B", right=True)
    assert ui.has(text="1 item") and ui.has(id="imv_check") and not ui.has(id="fb_main_add")
    ui.key("BACK")
    assert ui.has(text="Expense Logs") and not ui.has(id="imv_check")
    assert sql(device, "SELECT count(*) FROM expense") == "2"
