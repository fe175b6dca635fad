"""Tasks, launch modes, intents, lifecycles, timers, toasts, IME and app crashes (through SimAndroid)."""

from __future__ import annotations

import pytest

from mobile_gym.sim.android import SimAndroid
from mobile_gym.sim.apps.demo import NotesDemoApp
from mobile_gym.sim.system.activity import Activity, IntentFilter
from mobile_gym.sim.system.packages import App
from mobile_gym.sim.ui import Button, EditText, LinearLayout, TextView, popup_menu

EVENTS: list[str] = []


class Screen(Activity):
    """Records its lifecycle; a button per action."""

    def on_create(self) -> None:
        EVENTS.append(f"create {type(self).__name__}")
        root = LinearLayout("vertical")
        root.add(TextView(type(self).__name__, id="name"),
                 Button("Later", id="later", on_click=self.later),
                 Button("Next", id="next", on_click=lambda: self.start_activity(".Second")),
                 Button("Top", id="top", on_click=lambda: self.start_activity(".Top")),
                 Button("Main", id="main_button", on_click=lambda: self.start_activity(".Main")),
                 Button("Boom", id="boom", on_click=self.boom),
                 Button("Menu", id="menu", on_click=self.menu),
                 EditText(id="field", hint="type"))
        self.set_content(root)

    def later(self) -> None:
        self.ctx.post_delayed(1.0, lambda: self.show_toast("one second later", long=True))

    def menu(self) -> None:
        anchor = self.content.find("menu").bounds
        self.show_popup(popup_menu(["Rename", "Delete"], on_item=lambda i, label: EVENTS.append(f"menu {label}")),
                        anchor)

    def boom(self) -> None:
        raise RuntimeError("button handler failed")

    def on_resume(self) -> None:
        EVENTS.append(f"resume {type(self).__name__}")

    def on_pause(self) -> None:
        EVENTS.append(f"pause {type(self).__name__}")

    def on_destroy(self) -> None:
        EVENTS.append(f"destroy {type(self).__name__}")

    def on_new_intent(self, intent) -> None:  # type: ignore[no-untyped-def]
        EVENTS.append(f"new_intent {type(self).__name__}")


class Main(Screen):
    launch_mode = "singleTask"


class Second(Screen):
    pass


class Top(Screen):
    launch_mode = "singleTop"


class Viewer(Screen):
    intent_filters = (IntentFilter(actions=("android.intent.action.VIEW",), schemes=("file", "content"),
                                   mime_types=("text/*",)),)


class Broken(Activity):
    def on_create(self) -> None:
        raise ValueError("cannot build views")


class LifecycleApp(App):
    package = "org.example.lifecycle"
    label = "Lifecycle"
    icon = "info"
    launcher_activity = ".Main"
    activities = {".Main": Main, ".Second": Second, ".Top": Top, ".Viewer": Viewer, ".Broken": Broken}


@pytest.fixture
def phone():
    EVENTS.clear()
    a = SimAndroid([LifecycleApp, NotesDemoApp], seed=5)
    yield a
    a.close()


def click(phone: SimAndroid, view_id: str) -> None:
    view = phone.wm.find(view_id)
    assert view is not None, view_id
    phone.tap(*view.bounds.center)


def test_lifecycle_and_back_stack(phone):
    phone.shell("am start -n org.example.lifecycle/.Main")
    click(phone, "next")
    assert phone.current_activity() == "org.example.lifecycle/org.example.lifecycle.Second"
    assert EVENTS == ["create Main", "resume Main", "pause Main", "create Second", "resume Second"]
    phone.key("BACK")
    assert EVENTS[-3:] == ["pause Second", "destroy Second", "resume Main"]
    phone.key("HOME")
    assert EVENTS[-1] == "pause Main"
    phone.shell("am start -n org.example.lifecycle/.Main")
    assert EVENTS[-1] == "resume Main"  # brought to front, not recreated
    assert EVENTS.count("create Main") == 1


def test_single_top_and_single_task(phone):
    phone.shell("am start -n org.example.lifecycle/.Main")
    click(phone, "top")
    click(phone, "top")
    assert EVENTS.count("create Top") == 1 and "new_intent Top" in EVENTS
    click(phone, "next")
    click(phone, "main_button")  # singleTask Main: everything above it is cleared
    assert phone.current_activity().endswith(".Main")
    assert "destroy Second" in EVENTS and "destroy Top" in EVENTS and "new_intent Main" in EVENTS
    phone.key("BACK")
    assert phone.current_activity().startswith("com.google.android.apps.nexuslauncher/")


def test_implicit_intent_resolves_by_filter(phone):
    code, out, err = phone.shell("am start -a android.intent.action.VIEW -d file:///sdcard/a.txt -t text/plain")
    assert code == 0, err
    assert phone.current_activity() == "org.example.lifecycle/org.example.lifecycle.Viewer"
    assert "dat=file:///sdcard/a.txt" in out


def test_timers_and_long_toast(phone):
    phone.shell("am start -n org.example.lifecycle/.Main")
    click(phone, "later")
    phone.advance(0.9)
    assert phone.wm.find("android:id/message") is None
    phone.advance(0.2)
    assert phone.wm.find("android:id/message").text == "one second later"
    phone.advance(3.3)
    assert phone.wm.find("android:id/message") is not None  # long toast: 3.5 s
    phone.advance(0.3)
    assert phone.wm.find("android:id/message") is None


def test_toasts_queue_one_at_a_time(phone):
    phone.shell("am start -n com.example.notesdemo/.MainActivity")
    add = phone.wm.find("add_button")
    phone.tap(*add.bounds.center)
    phone.tap(*add.bounds.center)
    assert len([w for w in phone.wm.windows if w.kind == "toast"]) == 1
    phone.advance(2.0)
    assert len([w for w in phone.wm.windows if w.kind == "toast"]) == 1
    phone.advance(2.0)
    assert [w for w in phone.wm.windows if w.kind == "toast"] == []


def test_app_crash_is_contained(phone):
    phone.shell("am start -n org.example.lifecycle/.Main")
    click(phone, "boom")
    assert phone.current_activity().startswith("com.google.android.apps.nexuslauncher/")
    crash = phone.shell("logcat -d -b crash")[1]
    assert "E AndroidRuntime: FATAL EXCEPTION: main" in crash
    assert "RuntimeError: button handler failed" in crash
    assert "Process: org.example.lifecycle, PID: " in crash
    phone.shell("am start -n org.example.lifecycle/.Broken")
    assert phone.current_activity().startswith("com.google.android.apps.nexuslauncher/")
    assert "ValueError: cannot build views" in phone.shell("logcat -d -b crash")[1]
    # the phone still works
    phone.shell("am start -n org.example.lifecycle/.Main")
    assert phone.current_activity().endswith(".Main")


def test_keyboard_window_resizes_app_and_goes_away(phone):
    phone.shell("am start -n org.example.lifecycle/.Main")
    app_window = next(w for w in phone.wm.windows if w.kind == "app")
    assert app_window.frame == phone.screen.full  # the DecorView covers the screen
    content = app_window.root.find("android:id/content")
    full = content.bounds
    assert (full.top, full.bottom) == (phone.screen.status_bar.bottom, phone.screen.nav_bar.top)
    click(phone, "field")
    ime = [w for w in phone.wm.windows if w.kind == "ime"]
    assert len(ime) == 1 and ime[0].package == "com.google.android.inputmethod.latin"
    app_window.ensure_layout()
    assert content.bounds.bottom == ime[0].frame.top < full.bottom
    assert ime[0].frame.bottom == phone.screen.nav_bar.top
    phone.key("BACK")
    assert [w for w in phone.wm.windows if w.kind == "ime"] == []
    app_window.ensure_layout()
    assert content.bounds == full
    click(phone, "field")  # tapping the focused field brings it back
    assert [w for w in phone.wm.windows if w.kind == "ime"]
    phone.key("HOME")
    assert [w for w in phone.wm.windows if w.kind == "ime"] == []


def test_status_bar_follows_clock_and_wifi(phone):
    clock = phone.wm.find("clock")
    assert clock.text == "15:34"
    phone.advance(26 * 60)
    assert clock.text == "16:00"
    phone.settings.put("global", "wifi_on", "0")
    assert phone.wm.find("wifi_signal").visibility == "gone"
    battery = phone.wm.find("battery")
    assert battery.content_desc == "Battery 100 percent."


def test_recents_clear_all(phone):
    phone.shell("am start -n org.example.lifecycle/.Main")
    phone.shell("am start -n com.example.notesdemo/.MainActivity")
    phone.key("APP_SWITCH")
    titles = [v.text for v in phone.wm.windows[0].root.find_all(lambda v: v.id == "title")]
    assert titles == ["Notes demo", "Lifecycle"]
    phone.key("APP_SWITCH")  # quick switch to the previous app
    assert phone.current_activity().startswith("org.example.lifecycle/")
    phone.key("APP_SWITCH")
    click(phone, "clear_all")
    assert phone.current_activity().startswith("com.google.android.apps.nexuslauncher/")
    assert phone.am.recent_tasks() == []


def test_popup_menu_item_back_and_outside_touch(phone):
    phone.shell("am start -n org.example.lifecycle/.Main")
    click(phone, "menu")
    popups = [w for w in phone.wm.windows if w.kind == "popup"]
    assert len(popups) == 1 and popups[0].package == "org.example.lifecycle"
    phone.tap(*phone.wm.find_text("Delete").bounds.center)
    assert EVENTS[-1] == "menu Delete"
    assert [w for w in phone.wm.windows if w.kind == "popup"] == []
    click(phone, "menu")
    phone.key("BACK")
    assert [w for w in phone.wm.windows if w.kind == "popup"] == []
    assert phone.current_activity().endswith(".Main")
    click(phone, "menu")
    phone.tap(10, 2000)  # outside the popup
    assert [w for w in phone.wm.windows if w.kind == "popup"] == []
    click(phone, "menu")  # and it can be opened again
    assert len([w for w in phone.wm.windows if w.kind == "popup"]) == 1


def test_input_draganddrop_holds_for_a_long_press(phone):
    phone.shell("am start -n com.example.notesdemo/.MainActivity")
    x, y = phone.wm.find_text("Note 3").bounds.center
    t0 = phone.clock.now()
    assert phone.shell(f"input draganddrop {x} {y} {x} {y + 200} 300") == (0, "", "")
    assert phone.wm.find("android:id/alertTitle") is not None
    assert phone.clock.now() - t0 >= 1.0


class BrokenHome(Activity):
    def on_create(self) -> None:
        raise RuntimeError("launcher cannot start")


def test_a_launcher_that_crashes_does_not_hang_the_phone():
    from mobile_gym.sim.apps import launcher

    class CrashingLauncher(launcher.LauncherApp):
        activities = {".NexusLauncherActivity": BrokenHome}  # noqa: RUF012
    phone = SimAndroid([CrashingLauncher, NotesDemoApp])
    try:
        assert phone.current_activity() == ""
        assert "launcher cannot start" in phone.shell("logcat -d -b crash")[1]
        phone.shell("am start -n com.example.notesdemo/.MainActivity")
        assert phone.current_activity().endswith(".MainActivity")
    finally:
        phone.close()
