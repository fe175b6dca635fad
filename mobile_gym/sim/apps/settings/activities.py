"""Settings screens: the homepage (`.Settings` alias of `.homepage.SettingsHomepageActivity`)
and `.SubSettings` pages built from `pages.py`.

Switch rows write the settings provider directly (`global wifi_on`, `global bluetooth_on`, ...),
so `settings get` and the status bar see the change at once; pages re-read every value on
resume and when a setting changes while they are shown.
"""

from __future__ import annotations

from collections.abc import Callable

from mobile_gym.sim.apps.settings import brightness
from mobile_gym.sim.apps.settings.pages import (
    HOME_ROWS,
    Page,
    Row,
    SwitchSpec,
    page_for,
)
from mobile_gym.sim.apps.settings.widgets import (
    BACKGROUND,
    PageHeader,
    category,
    main_switch_bar,
    preference_row,
)
from mobile_gym.sim.system.activity import ACTION_SHOW_BRIGHTNESS_DIALOG, Activity, Intent
from mobile_gym.sim.ui.layouts import FrameLayout, LinearLayout
from mobile_gym.sim.ui.lists import RecyclerView, ScrollView
from mobile_gym.sim.ui.units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import ImageView, TextView

SUB_SETTINGS = ".SubSettings"
SEARCH_HINT = "Search settings"


class _SettingsScreen(Activity):
    """Common parts: reading/writing settings and following changes while shown.

    `build` makes the views once; `refresh` fills in the values, on every resume and on every
    settings change while the screen is in front."""

    def _get(self, spec: SwitchSpec) -> bool:
        value = self.ctx.settings.get(spec.namespace, spec.key)
        return (spec.default if value is None else value) not in (spec.off, "0")

    def _put(self, spec: SwitchSpec, on: bool) -> None:
        self.ctx.settings.put(spec.namespace, spec.key, spec.on if on else spec.off)

    def on_create(self) -> None:
        self._unobserve: Callable[[], None] | None = self.ctx.settings.observe(self._on_setting)
        self.build()

    def on_destroy(self) -> None:
        if self._unobserve is not None:
            self._unobserve()
            self._unobserve = None

    def _on_setting(self, _namespace: str, _key: str, _value: str | None) -> None:
        if self.is_finishing:  # destroyed without on_destroy (process killed): stop listening
            self.on_destroy()
            return
        if self.is_resumed:  # a screen in the back stack catches up in on_resume
            self.refresh()

    def on_resume(self) -> None:
        self.refresh()

    def build(self) -> None:
        raise NotImplementedError

    def refresh(self) -> None:
        raise NotImplementedError

    def open_page(self, name: str, title: str) -> None:
        self.start_activity(SUB_SETTINGS, page=name, title=title)


class SettingsHomepageActivity(_SettingsScreen):
    """The Settings homepage: big title, "Search settings" bar and the top-level rows."""

    def build(self) -> None:
        self.list = RecyclerView(id="recycler_view", width=MATCH_PARENT, height=WRAP_CONTENT)
        title = TextView("Settings", id="homepage_title", text_size=sp(36), text_color=0xFF1B1B1F,
                         padding=(dp(24), dp(48), dp(24), dp(24)))
        search = LinearLayout("horizontal", id="search_action_bar", width=MATCH_PARENT, height=dp(56),
                              gravity="center_vertical", padding=(dp(16), 0), background=0xFFE4E8F2,
                              corner_radius=dp(28))
        search.a11y_class = "android.view.ViewGroup"
        search.add(ImageView("search", icon_color=0xFF45464F, width=dp(40)),
                   TextView(SEARCH_HINT, id="search_action_bar_title", text_size=sp(16),
                            text_color=0xFF45464F, padding=(dp(8), 0)))
        search_frame = FrameLayout(id="search_bar", width=MATCH_PARENT, height=WRAP_CONTENT,
                                   padding=(dp(16), 0, dp(16), dp(16)))
        search_frame.add(search)
        column = LinearLayout("vertical", id="homepage_container", width=MATCH_PARENT, height=WRAP_CONTENT)
        content = FrameLayout(id="main_content", width=MATCH_PARENT, height=WRAP_CONTENT)
        content.add(self.list)
        column.add(title, search_frame, content)
        scroll = ScrollView(id="main_content_scrollable_container", width=MATCH_PARENT, height=MATCH_PARENT)
        scroll.add(column)
        root = FrameLayout(id="settings_homepage_container", width=MATCH_PARENT, height=MATCH_PARENT,
                           background=BACKGROUND)
        root.add(scroll)
        self.set_content(root)

    def refresh(self) -> None:
        rows = []
        for r in HOME_ROWS:
            view, _ = preference_row(r.title, r.summary, icon=r.icon,
                                     on_click=lambda r=r: self.open_page(r.target, r.title))
            rows.append(view)
        self.list.set_items(rows)


class SubSettings(_SettingsScreen):
    """`.SubSettings`: one page (extra `page`, optional `title` for pages without contents)."""

    def build(self) -> None:
        name = str(self.intent.extras.get("page", ""))
        if not name:
            raise ValueError("SubSettings needs an extra 'page' naming the page to show")
        try:
            self.page: Page = page_for(name)
        except KeyError:
            self.page = Page(name, str(self.intent.extras.get("title", name)))
        self.header = PageHeader(self.page.title, on_up=self.finish)
        self.list = RecyclerView(id="recycler_view", width=MATCH_PARENT, height=0, weight=1)
        root = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT, background=BACKGROUND)
        content = FrameLayout(id="content_frame", width=MATCH_PARENT, height=0, weight=1)
        inner = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT)
        inner.add(self.list)
        content.add(inner)
        root.add(self.header, content)
        self.set_content(root)

    # -- dynamic values ------------------------------------------------------------------------
    def _brightness(self) -> int:
        raw = self.ctx.settings.get("system", "screen_brightness")
        try:
            return min(255, max(0, int(raw))) if raw is not None else 102
        except ValueError:
            return 102

    def _summary(self, row: Row) -> str:
        key = row.key
        if key == "internet_summary":
            return "AndroidWifi" if self._wifi_on() else "T-Mobile"
        if key == "connection_prefs_summary":
            return "Bluetooth, Android Auto"
        if key == "bluetooth_summary":
            return "On" if self._bt_on() else "Off"
        if key == "brightness":
            return brightness.percent_text(max(brightness.MIN_BRIGHTNESS_INT, self._brightness()))
        if row.title == "Screen timeout":
            return _timeout_text(self.ctx.settings.get("system", "screen_off_timeout"))
        return row.summary

    def _wifi_on(self) -> bool:
        return self.ctx.settings.is_on("global", "wifi_on")

    def _bt_on(self) -> bool:
        return self.ctx.settings.is_on("global", "bluetooth_on")

    def _visible(self, row: Row) -> bool:
        if row.key in ("wifi_network",) or (self.page.name == "internet" and row.title == "Add network"):
            return self._wifi_on()
        if row.key in ("bt_pair", "bt_name"):
            return self._bt_on()
        return True

    # -- building ------------------------------------------------------------------------------
    def refresh(self) -> None:
        views: list[View] = []
        if self.page.main_switch is not None:
            label, spec = self.page.main_switch
            bar, _sw = main_switch_bar(label, self._get(spec), lambda s=spec: self._toggle(s))
            views.append(bar)
        for i, row in enumerate(self.page.rows):
            if i in self.page.categories:
                views.append(category(self.page.categories[i]))
            if not self._visible(row):
                continue
            views.append(self._row_view(row))
        if self.page.footer:
            views.append(TextView(self.page.footer, id="android:id/title", text_size=sp(14),
                                  text_color=0xFF45464F, width=MATCH_PARENT, padding=(dp(24), dp(24))))
        self.list.set_items(views)

    def _row_view(self, row: Row) -> View:
        summary = self._summary(row)
        if row.switch is not None:
            view, _ = preference_row(row.title, summary, icon=row.icon, switch_checked=self._get(row.switch),
                                     on_click=lambda s=row.switch: self._toggle(s))
            return view
        if row.key == "brightness":
            on_click = self._show_brightness_dialog
        elif row.target:
            on_click = lambda r=row: self.open_page(r.target, r.title)
        else:
            on_click = lambda r=row: self.open_page("detail:" + r.title, r.title)
        view, _ = preference_row(row.title, summary, icon=row.icon, on_click=on_click)
        return view

    def _toggle(self, spec: SwitchSpec) -> None:
        self._put(spec, not self._get(spec))  # the settings observer refreshes the page

    # -- brightness dialog ---------------------------------------------------------------------
    def _show_brightness_dialog(self) -> None:
        """BrightnessLevelPreferenceController: SystemUI's brightness dialog (an activity of
        com.android.systemui), full width in portrait."""
        self.start_intent(Intent(action=ACTION_SHOW_BRIGHTNESS_DIALOG,
                                 extras={"android.intent.extra.BRIGHTNESS_DIALOG_IS_FULL_WIDTH": True}))


def _timeout_text(raw: str | None) -> str:
    """Screen timeout summary, e.g. 60000 -> "After 1 minute of inactivity"."""
    try:
        ms = int(raw) if raw is not None else 30000
    except ValueError:
        ms = 30000
    seconds = ms // 1000
    if seconds < 60:
        return f"After {seconds} seconds of inactivity"
    minutes = seconds // 60
    return f"After {minutes} minute{'s' if minutes != 1 else ''} of inactivity"


__all__ = ["SettingsHomepageActivity", "SubSettings"]
