"""Screenshot gallery of the simulated apps' key screens (Broccoli, Calendar, Contacts, Joplin, Markor,
Pro Expense, Settings, SMS Messenger, Tasks).

Boots a SimDevice, drives it to each screen with touches, keys and typed text only (finding
nodes in the uiautomator dump and tapping their centres, as an agent would), saves each full
1080x2400 frame scaled to 540x1200 as docs/gallery/<name>.png and writes docs/gallery/README.md
with a table of the shots.

    /work/venv/bin/python scripts/gallery.py [--out docs/gallery]

A screen whose route fails (e.g. an app not installed) is reported and skipped; the exit code
is 1 when any screen failed.
"""

from __future__ import annotations

import argparse
import re
import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import cv2
from lxml import etree

from mobile_gym.apps import calendar as calendar_app
from mobile_gym.apps import expense as expense_app
from mobile_gym.apps import opentracks as opentracks_app
from mobile_gym.apps import tasks as tasks_app
from mobile_gym.device.sim_device import SimDevice

SIZE = (540, 1200)
NB = "/storage/emulated/0/Documents/Markor"
_BOUNDS = re.compile(r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]")


class Driver:
    """Touch-only navigation over the dump: tap / long-press nodes by id, text or content-desc."""

    def __init__(self, device: SimDevice) -> None:
        self.device = device

    def _find(self, *, id: str | None = None, text: str | None = None, desc: str | None = None,
              desc_prefix: str | None = None) -> tuple[int, int]:
        root = etree.fromstring(self.device.view_hierarchy().encode("utf-8"))
        for win in reversed(root.findall("node")):  # topmost window first
            for el in win.iter("node"):
                rid = el.get("resource-id", "")
                if id is not None and rid != id and not rid.endswith(":id/" + id):
                    continue
                if text is not None and el.get("text") != text:
                    continue
                if desc is not None and el.get("content-desc") != desc:
                    continue
                if desc_prefix is not None and not el.get("content-desc", "").startswith(desc_prefix):
                    continue
                m = _BOUNDS.fullmatch(el.get("bounds", ""))
                if m:
                    l, t, r, b = (int(g) for g in m.groups())
                    return (l + r) // 2, (t + b) // 2
        raise LookupError(f"no node with id={id!r} text={text!r} desc={desc!r} desc_prefix={desc_prefix!r}")

    def center(self, **kw: str) -> tuple[int, int]:
        """The centre of the first matching node (topmost window first)."""
        return self._find(**kw)

    def has(self, **kw: str) -> bool:
        try:
            self._find(**kw)
            return True
        except LookupError:
            return False

    def tap(self, **kw: str) -> None:
        self.tap_xy(*self._find(**kw))

    def tap_xy(self, x: int, y: int) -> None:
        self.device.touch(x, y, True)
        self.device.advance(0.05)
        self.device.touch(x, y, False)
        self.device.advance(0.4)

    def long_press(self, **kw: str) -> None:
        x, y = self._find(**kw)
        self.device.touch(x, y, True)
        self.device.advance(0.7)
        self.device.touch(x, y, False)
        self.device.advance(0.4)

    def swipe(self, x0: int, y0: int, x1: int, y1: int, steps: int = 10) -> None:
        for i in range(steps + 1):
            self.device.touch(x0 + (x1 - x0) * i // steps, y0 + (y1 - y0) * i // steps, True)
            self.device.advance(0.03)
        self.device.touch(x1, y1, False)
        self.device.advance(0.5)

    def type(self, text: str) -> None:
        self.device.input_text(text)
        self.device.advance(0.2)

    def key(self, name: str) -> None:
        self.device.key(name)
        self.device.advance(0.4)

    def home(self) -> None:
        self.key("HOME")


@dataclass(frozen=True)
class Shot:
    name: str
    app: str
    caption: str
    route: Callable[[Driver], None]


# -- routes (each starts on a freshly booted device at the launcher) ---------------------------
def _seed_markor(d: Driver) -> None:
    for folder in ("BookNotes", "MeetingMinutes", "WorkProjects"):
        d.device.push(f"{NB}/{folder}/.keep", b"")
    d.device.push(f"{NB}/grocery_list_weekly.md", b"# Groceries\n\n- [ ] Milk\n- [ ] Eggs\n- [x] Bread\n")
    d.device.push(f"{NB}/reading_list_2024.md", b"1. Dune\n2. Middlemarch\n")
    d.device.push(f"{NB}/todo.txt", b"(A) Call the plumber\n")


def markor_browser(d: Driver) -> None:
    _seed_markor(d)
    d.tap(desc="Markor")


def markor_new_file(d: Driver) -> None:
    markor_browser(d)
    d.tap(desc="Create a new file or folder")
    d.type("meeting_notes")


def markor_editor(d: Driver) -> None:
    markor_browser(d)
    d.tap(desc_prefix="File grocery_list_weekly.md ")


def markor_selection(d: Driver) -> None:
    markor_browser(d)
    d.long_press(desc_prefix="File reading_list_2024.md ")
    d.tap(desc="More options")


def markor_move_picker(d: Driver) -> None:
    markor_browser(d)
    d.long_press(desc_prefix="File reading_list_2024.md ")
    d.tap(desc="More options")
    d.tap(text="Move")


def markor_delete(d: Driver) -> None:
    markor_browser(d)
    d.long_press(desc_prefix="File reading_list_2024.md ")
    d.tap(desc="Delete")


def settings_main(d: Driver) -> None:
    d.tap(desc="Settings")


def settings_internet(d: Driver) -> None:
    settings_main(d)
    d.tap(text="Network & internet")
    d.tap(text="Internet")


def settings_bluetooth(d: Driver) -> None:
    settings_main(d)
    d.tap(text="Connected devices")
    d.tap(text="Connection preferences")
    d.tap(text="Bluetooth")
    d.tap(text="Use Bluetooth")


def settings_display(d: Driver) -> None:
    settings_main(d)
    d.swipe(540, 1800, 540, 900)
    d.tap(text="Display")


def settings_brightness(d: Driver) -> None:
    settings_display(d)
    d.tap(text="Brightness level")


CAL = f"{calendar_app.APP.package}:id/"


CAL_DB = calendar_app.APP.database_path("events.db")
CAL_EVENTS = (  # (start, end, title) in UTC epoch seconds, October 2023
    (1697385600, 1697389200, "Team sync"),
    (1697536800, 1697540400, "Dentist"),
    (1697792400, 1697796000, "Book club"),
    (1698138000, 1698141600, "Flight to Lisbon"),
)


def _seed_calendar(d: Driver) -> None:
    """Open the app once (it creates events.db), then insert rows as a task's setup would."""
    d.tap(desc="Calendar")
    d.home()
    cols = ("start_ts,end_ts,title,location,description,reminder_1_minutes,reminder_2_minutes,"
            "reminder_3_minutes,reminder_1_type,reminder_2_type,reminder_3_type,repeat_interval,"
            "repeat_rule,repeat_limit,repetition_exceptions,attendees,import_id,time_zone,flags,"
            "event_type,parent_id,last_updated,source,availability,color,type")
    for start, end, title in CAL_EVENTS:
        values = (f"{start},{end},'{title}','','',10,-1,-1,0,0,0,0,0,0,'[]','[]','','UTC',0,1,0,0,"
                  "'simple-calendar',0,0,0")
        code, _out, err = d.device.shell(f'sqlite3 {CAL_DB} "INSERT INTO events ({cols}) VALUES ({values})"')
        if code != 0:
            raise RuntimeError(f"seeding {title!r} failed: {err}")


def calendar_month(d: Driver) -> None:
    _seed_calendar(d)
    d.tap(desc="Calendar")
    d.device.advance(1.0)


def calendar_change_view(d: Driver) -> None:
    calendar_month(d)
    d.tap(desc="Change view")


def calendar_day(d: Driver) -> None:
    calendar_change_view(d)
    d.tap(text="Daily view")


def calendar_editor(d: Driver) -> None:
    calendar_month(d)
    d.tap(desc="New Event")
    d.tap(text="Event")
    d.type("Team sync")


def calendar_date_picker(d: Driver) -> None:
    calendar_editor(d)
    d.key("BACK")  # keyboard
    d.tap(id=CAL + "event_start_date")


def calendar_time_picker(d: Driver) -> None:
    calendar_editor(d)
    d.key("BACK")  # keyboard
    d.tap(id=CAL + "event_start_time")


EXPENSE_DB = expense_app.DB_PATH
EXPENSE_ROWS = (  # (name, amount in cents, category id, note, modified ms): October 2023
    ("Groceries", 4550, 3, "Paid by card", 1697356800000),
    ("Salary", 250000, 2, "Monthly recurring", 1697270400000),
    ("Taxi Fare", 1875, 7, "Urgent", 1697184000000),
    ("Movie Night", 2400, 6, "Want to have", 1697097600000),
    ("Doctor Visits", 9000, 9, "A need", 1697011200000),
    ("Textbooks", 6425, 10, "I may repeat this", 1696924800000),
)


def _seed_expense(d: Driver) -> None:
    """Open the app (Room creates accounting.db), go through the onboarding (NEXT, CONTINUE),
    then insert rows as a task's setup would."""
    d.tap(desc=expense_app.APP.label)
    d.tap(text="NEXT")
    d.tap(text="CONTINUE")
    d.home()
    values = ", ".join(f"('{n}', {a}, {c}, '{note}', {ms}, {ms})" for n, a, c, note, ms in EXPENSE_ROWS)
    code, _out, err = d.device.shell(
        f'sqlite3 {EXPENSE_DB} "INSERT INTO expense (name, amount, category, note, created_date, '
        f'modified_date) VALUES {values}"')
    if code != 0:
        raise RuntimeError(f"seeding expenses failed: {err}")
    d.tap(desc="Pro Expense")


def expense_onboarding(d: Driver) -> None:
    d.tap(desc="Pro Expense")


def expense_home(d: Driver) -> None:
    _seed_expense(d)


def expense_logs(d: Driver) -> None:
    _seed_expense(d)
    d.tap(id="btn_more_logs")


def expense_selection(d: Driver) -> None:
    expense_logs(d)
    for name in ("Taxi Fare", "Movie Night"):
        _x, y = d.center(text=name)
        d.swipe(150, y, 650, y)


def expense_delete(d: Driver) -> None:
    expense_selection(d)
    d.tap(desc="Delete")


def expense_entry(d: Driver) -> None:
    _seed_expense(d)
    d.tap(id="fb_main_add")
    d.tap(id="edt_name")
    d.type("Coffee")
    d.tap(id="edt_amount")
    d.type("4.75")
    d.key("BACK")  # keyboard


def expense_detail(d: Driver) -> None:
    _seed_expense(d)
    d.tap(text="Groceries")


def expense_drawer(d: Driver) -> None:
    _seed_expense(d)
    d.tap(desc="Open navigation drawer")


BRO = "com.flauschcode.broccoli:id/"
BRO_DB = "/data/data/com.flauschcode.broccoli/databases/broccoli"
BRO_RECIPES = (  # (title, description, servings, time, source, ingredients, directions)
    ("Lentil Soup", "A delicious and healthy choice for any time of the day.", "6 servings",
     "45 mins", "", "200 g lentils\n1 onion\n2 carrots",
     "Cook onions, carrots, celery, garlic, and lentils in vegetable broth.\nSeason with thyme."),
    ("Avocado Toast with Egg", "A quick and easy meal, perfect for busy weekdays.", "1 serving",
     "10 mins", "", "as needed", "Toast bread, top with mashed avocado and a fried egg."),
    ("Garlic Butter Shrimp", "An ideal recipe for experimenting with different flavors.",
     "2 servings", "20 mins", "flauschcode.com", "to your liking",
     "Saut\u00e9 shrimp in butter and minced garlic until pink."),
)


def _seed_broccoli(d: Driver) -> None:
    """Open the app once (Room creates the database), then insert rows as a task's setup would."""
    d.tap(desc="Broccoli")
    d.home()
    for row in BRO_RECIPES:
        values = ", ".join("'" + v.replace("'", "''") + "'" for v in row)
        sql = ("INSERT INTO recipes (title, description, servings, preparationTime, source, "
               f"ingredients, directions, imageName, favorite) VALUES ({values}, '', 0)")
        code, _out, err = d.device.shell(f"sqlite3 {BRO_DB} \"{sql}\"")
        if code != 0:
            raise RuntimeError(f"seeding {row[0]!r} failed: {err}")


# -- OpenTracks ---------------------------------------------------------------------------------

def _ot_track(name: str, category: str, start: int, minutes: int, meters: float,
              description: str = "") -> opentracks_app.Track:
    ms = minutes * opentracks_app.MINUTE_MS
    return opentracks_app.Track(name=name, category=category, activity_type=category,
                                starttime=start, stoptime=start + ms, totaldistance=meters,
                                totaltime=ms, movingtime=ms, description=description,
                                avgspeed=meters / (minutes * 60), maxspeed=meters / (minutes * 40),
                                elevationgain=120.0)


OT_TRACKS = [
    _ot_track("Lakeside", "walking", 1697362200000, 42, 3410.0),
    _ot_track("Evening Run", "running", 1697306700000, 95, 12340.0, "Along the river"),
    _ot_track("Ridge line", "hiking", 1697180400000, 210, 14800.0),
    _ot_track("Commute", "biking", 1697007600000, 35, 9870.0),
    _ot_track("Harbour", "running", 1696500000000, 48, 8020.0, "Tired legs"),
    _ot_track("Old town", "walking", 1695800000000, 12, 430.0),
]


def opentracks_prompt(d: Driver) -> None:
    d.tap(desc=opentracks_app.APP.label)


def opentracks_list(d: Driver) -> None:
    opentracks_prompt(d)
    d.tap(text="Allow")
    sql = shlex.quote(opentracks_app.reset_sql(OT_TRACKS))
    code, _out, err = d.device.shell(f"sqlite3 {opentracks_app.DB_PATH} {sql}")
    if code != 0:
        raise RuntimeError(f"seeding tracks failed: {err}")
    d.home()
    d.tap(desc=opentracks_app.APP.label)


def opentracks_stats(d: Driver) -> None:
    opentracks_list(d)
    d.tap(text="Evening Run")


def broccoli_list(d: Driver) -> None:
    _seed_broccoli(d)
    d.tap(desc="Broccoli")


def broccoli_drawer(d: Driver) -> None:
    broccoli_list(d)
    d.tap(desc="Open navigation drawer")


def broccoli_search(d: Driver) -> None:
    broccoli_list(d)
    d.tap(desc="Search")
    d.type("sou")


def broccoli_form(d: Driver) -> None:
    broccoli_list(d)
    d.tap(desc="New Recipe")
    d.tap(id=BRO + "new_title")
    d.type("Pesto Pasta with Peas")
    d.key("BACK")  # keyboard
    d.tap(id=BRO + "new_description")
    d.type("A quick and easy meal, perfect for busy weekdays.")
    d.key("BACK")


def broccoli_details(d: Driver) -> None:
    broccoli_list(d)
    d.tap(text="Lentil Soup")


def broccoli_menu(d: Driver) -> None:
    broccoli_details(d)
    d.tap(desc="More options")


def broccoli_delete(d: Driver) -> None:
    broccoli_menu(d)
    d.tap(text="Delete")
def _seed_sms(d: Driver) -> None:
    d.device.shell("settings put secure sms_default_application com.simplemobiletools.smsmessenger")
    contacts = d.device.android.content.contacts
    contacts.add_contact("Rosa Costa", [("+15550102030", 2)])
    contacts.add_contact("Hiro Tanaka", [("+15550405060", 2)])
    d.device.android.receive_sms("+15550102030", "Dinner is at Marco's place on Saturday.")
    d.device.advance(60)
    d.device.android.receive_sms("+15557654321", "Your parcel arrives tomorrow between 9 and 11.")


def sms_default_prompt(d: Driver) -> None:
    d.tap(text="SMS Messenger")


def sms_conversations(d: Driver) -> None:
    _seed_sms(d)
    d.tap(text="SMS Messenger")


def sms_thread(d: Driver) -> None:
    sms_conversations(d)
    d.tap(text="Rosa Costa")
    d.tap(id="com.simplemobiletools.smsmessenger:id/thread_type_message")
    d.type("Sounds good, see you there")


def sms_action_mode(d: Driver) -> None:
    sms_conversations(d)
    d.tap(text="Rosa Costa")
    d.long_press(text="Dinner is at Marco's place on Saturday.")


def sms_new_conversation(d: Driver) -> None:
    sms_conversations(d)
    d.tap(id="com.simplemobiletools.smsmessenger:id/conversations_fab")


def sms_paste(d: Driver) -> None:
    sms_conversations(d)
    d.device.shell("am broadcast -a clipper.set -e text 'copied text'")
    d.tap(text="Rosa Costa")
    d.long_press(id="com.simplemobiletools.smsmessenger:id/thread_type_message")


def contacts_editor(d: Driver) -> None:
    d.tap(text="Contacts")
    d.tap(desc="Create contact")
    d.type("Greta")
    d.tap(id="com.google.android.contacts:id/last_name")
    d.type("Larsen")
    d.tap(id="com.google.android.contacts:id/phone_number")
    d.type("+15550107788")


def contacts_details(d: Driver) -> None:
    contacts_editor(d)
    d.tap(text="Save")



# -- Tasks.org ---------------------------------------------------------------------------------
def _day(y: int, m: int, d: int) -> int:
    return tasks_app.due_at_noon(__import__("datetime").date(y, m, d))


TASKS_ROWS = [
    tasks_app.seeded("Pay rent", _day(2023, 10, 15), tasks_app.HIGH),
    tasks_app.seeded("Call Mom", _day(2023, 10, 16), tasks_app.MEDIUM, notes="About Sunday lunch"),
    tasks_app.seeded("Water the plants", _day(2023, 10, 20)),
    tasks_app.seeded("Renew passport", _day(2023, 11, 3), tasks_app.NONE),
    tasks_app.seeded("Fix faucet", _day(2023, 10, 12), tasks_app.HIGH),
    tasks_app.seeded("Old chore", _day(2023, 10, 14), completed=_day(2023, 10, 14)),
]


def tasks_list(d: Driver) -> None:
    """Open the app once (Room creates `database`), seed rows as a task's setup would, reopen."""
    d.tap(desc="Tasks")
    d.device.shell(f"sqlite3 {tasks_app.DB_PATH} {shlex.quote(tasks_app.reset_sql(TASKS_ROWS))}")
    d.home()
    d.tap(desc="Tasks")


def tasks_drawer(d: Driver) -> None:
    tasks_list(d)
    d.tap(desc="Open navigation drawer")


def tasks_completed(d: Driver) -> None:
    tasks_list(d)
    d.tap(desc="More options")
    d.tap(text="Show completed")


def tasks_edit(d: Driver) -> None:
    tasks_list(d)
    d.tap(text="Call Mom")


def _seed_joplin(d: Driver) -> tuple[str, str, str]:
    """Open the app once (it creates joplin.sqlite), then write a task's notebooks and notes;
    returns (a notebook, a meeting note in it, the notebook the app starts on)."""
    from mobile_gym.apps import joplin as jmodel
    from mobile_gym.tasks.families import joplin as jfam
    from mobile_gym.tasks.families import joplin_data as jd

    d.tap(desc="Joplin")
    d.home()
    params = jfam.NotesMeetingAttendeeCount().params(2)
    sql = jd.reset_sql(params.state.folders, params.state.notes)
    code, _out, err = d.device.shell(f"sqlite3 {jmodel.DB_PATH} {shlex.quote(sql)}")
    if code != 0:
        raise RuntimeError(f"seeding Joplin failed: {err}")
    return params.folder, params.get("title"), params.state.start_folder


def joplin_side_menu(d: Driver) -> tuple[str, str, str]:
    where = _seed_joplin(d)
    d.tap(desc="Joplin")
    d.tap(desc="Sidebar")
    return where


def joplin_notes(d: Driver) -> tuple[str, str, str]:
    folder, title, start = joplin_side_menu(d)
    if folder == start:
        d.key("BACK")        # the header already shows it: close the menu
    else:
        d.tap(text=folder)   # only the menu shows its title
    return folder, title, start


def joplin_note(d: Driver) -> None:
    _folder, title, _start = joplin_notes(d)
    d.tap(text=title)


SHOTS: list[Shot] = [
    Shot("broccoli_list", "Broccoli", "Recipe list (category spinner, search, FAB)", broccoli_list),
    Shot("broccoli_drawer", "Broccoli", "Navigation drawer", broccoli_drawer),
    Shot("broccoli_search", "Broccoli", "Search (FTS prefix query)", broccoli_search),
    Shot("broccoli_form", "Broccoli", "New Recipe form", broccoli_form),
    Shot("broccoli_details", "Broccoli", "Recipe details", broccoli_details),
    Shot("broccoli_menu", "Broccoli", "Details overflow menu", broccoli_menu),
    Shot("broccoli_delete", "Broccoli", "\"Delete this recipe?\" confirmation", broccoli_delete),
    Shot("calendar_month", "Calendar", "Monthly view (event titles painted, not in the hierarchy)", calendar_month),
    Shot("calendar_change_view", "Calendar", "\"Change view\" dialog", calendar_change_view),
    Shot("calendar_day", "Calendar", "Daily view", calendar_day),
    Shot("calendar_editor", "Calendar", "Event editor", calendar_editor),
    Shot("calendar_date_picker", "Calendar", "Date picker", calendar_date_picker),
    Shot("calendar_time_picker", "Calendar", "24-hour time picker", calendar_time_picker),
    Shot("markor_browser", "Markor", "File browser over Documents/Markor", markor_browser),
    Shot("markor_new_file", "Markor", "New file dialog (FAB)", markor_new_file),
    Shot("markor_editor", "Markor", "Editor with the Markdown action bar", markor_editor),
    Shot("markor_selection", "Markor", "Selection mode and its overflow menu", markor_selection),
    Shot("markor_move_picker", "Markor", "Move: folder picker", markor_move_picker),
    Shot("markor_delete", "Markor", "Confirm Delete dialog", markor_delete),
    Shot("expense_onboarding", "Pro Expense", "First-run onboarding (NEXT, then CONTINUE)", expense_onboarding),
    Shot("expense_home", "Pro Expense", "Home: totals, week, recent entries", expense_home),
    Shot("expense_logs", "Pro Expense", "Expense logs", expense_logs),
    Shot("expense_selection", "Pro Expense", "Logs: two rows selected by swiping right", expense_selection),
    Shot("expense_delete", "Pro Expense", "Delete confirmation", expense_delete),
    Shot("expense_entry", "Pro Expense", "Entry form with the category list", expense_entry),
    Shot("expense_detail", "Pro Expense", "Expense detail (Edit / Delete / Close)", expense_detail),
    Shot("expense_drawer", "Pro Expense", "Navigation drawer", expense_drawer),
    Shot("settings_main", "Settings", "Settings homepage", settings_main),
    Shot("settings_internet", "Settings", "Network & internet > Internet (Wi\u2011Fi toggle)", settings_internet),
    Shot("settings_bluetooth", "Settings", "Bluetooth page, \"Use Bluetooth\" on", settings_bluetooth),
    Shot("settings_display", "Settings", "Display (brightness level, adaptive brightness)", settings_display),
    Shot("settings_brightness", "Settings", "Brightness slider dialog", settings_brightness),
    Shot("sms_default_prompt", "SMS Messenger", "Default SMS app prompt", sms_default_prompt),
    Shot("sms_conversations", "SMS Messenger", "Conversation list (contact names, snippets)", sms_conversations),
    Shot("sms_thread", "SMS Messenger", "Thread with the composer", sms_thread),
    Shot("sms_action_mode", "SMS Messenger", "Message action mode (copy, share, delete)", sms_action_mode),
    Shot("sms_new_conversation", "SMS Messenger", "New conversation with contacts", sms_new_conversation),
    Shot("sms_paste", "SMS Messenger", "Text-selection toolbar: Paste", sms_paste),
    Shot("contacts_editor", "Contacts", "Create contact editor", contacts_editor),
    Shot("contacts_details", "Contacts", "Contact details after Save", contacts_details),
    Shot("tasks_list", "Tasks", "Task list (due dates, priority-coloured complete boxes)", tasks_list),
    Shot("tasks_drawer", "Tasks", "Navigation drawer (My Tasks, Today)", tasks_drawer),
    Shot("tasks_completed", "Tasks", "Show completed", tasks_completed),
    Shot("tasks_edit", "Tasks", "Task edit screen (due date, priority, description)", tasks_edit),
    Shot("joplin_notes", "Joplin", "Note list of a notebook (to-dos with their checkboxes)", joplin_notes),
    Shot("joplin_side_menu", "Joplin", "Side menu with the notebooks", joplin_side_menu),
    Shot("joplin_note", "Joplin", "Note screen: title and Markdown body", joplin_note),
    Shot("opentracks_prompt", "OpenTracks", "First-run nearby-devices prompt", opentracks_prompt),
    Shot("opentracks_list", "OpenTracks", "Track list (date, time, time and distance, category)",
         opentracks_list),
    Shot("opentracks_stats", "OpenTracks", "A track's statistics page", opentracks_stats),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "docs" / "gallery"))
    parser.add_argument("--only", default="", help="comma-separated shot names")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    wanted = {s for s in args.only.split(",") if s}
    done: list[Shot] = []
    failed: list[tuple[Shot, str]] = []
    for shot in SHOTS:
        if wanted and shot.name not in wanted:
            continue
        with SimDevice() as device:
            driver = Driver(device)
            try:
                shot.route(driver)
                device.advance(0.5)
                frame = device.screenshot(SIZE)
            except Exception as exc:  # noqa: BLE001 - report the route and go on with the others
                failed.append((shot, f"{type(exc).__name__}: {exc}"))
                print(f"FAILED {shot.name}: {type(exc).__name__}: {exc}", file=sys.stderr)
                continue
        cv2.imwrite(str(out / f"{shot.name}.png"), cv2.cvtColor(frame, cv2.COLOR_RGB2BGR))
        done.append(shot)
        print(f"wrote {out / (shot.name + '.png')}")
    if not wanted:
        _write_readme(out, done)
    return 1 if failed else 0


def _write_readme(out: Path, shots: list[Shot]) -> None:
    intro = ("Key screens of the simulated apps, produced by `scripts/gallery.py` (full 1080x2400 "
             "frames scaled to 540x1200). Every screen is reached with touches, keys and typed text "
             "on a freshly booted `SimDevice`.")
    lines = ["# Gallery", "", intro, ""]
    apps = []
    for s in shots:
        if s.app not in apps:
            apps.append(s.app)
    for app in apps:
        row = [s for s in shots if s.app == app]
        lines += [f"## {app}", "", "| " + " | ".join(s.caption for s in row) + " |",
                  "|" + "---|" * len(row),
                  "| " + " | ".join(f"![{s.name}]({s.name}.png)" for s in row) + " |", ""]
    (out / "README.md").write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
