"""The Overview (recents) screen: one card per recent task, tap to switch, "Clear all"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mobile_gym.sim.ui.layouts import FrameLayout, LinearLayout
from mobile_gym.sim.ui.lists import ScrollView
from mobile_gym.sim.ui.units import MATCH_PARENT, WRAP_CONTENT, sp
from mobile_gym.sim.ui.widgets import Button, ImageView, TextView

if TYPE_CHECKING:
    from mobile_gym.sim.system.activity_manager import ActivityManager
    from mobile_gym.sim.system.screen import ScreenLayout

BACKGROUND = 0xFF3C4043


class Recents:
    """Builds the recents window from the activity manager's tasks (hosted by the launcher package)."""

    def __init__(self, am: ActivityManager, screen: ScreenLayout, package: str) -> None:
        from mobile_gym.sim.ui.window import Window
        self._am = am
        self._screen = screen
        self._cards: list[tuple[int, str, str, int]] | None = None  # what the shown cards are of
        d = screen.dp
        self._list = LinearLayout("vertical", id="task_list", width=MATCH_PARENT, height=WRAP_CONTENT,
                                  padding=(d(24), d(16)))
        self._empty = TextView("No recent items", id="empty_message", text_color=0xFFFFFFFF,
                               text_size=float(sp(16, screen.density)), layout_gravity="center",
                               visibility="gone")
        scroll = ScrollView(id="overview_panel", width=MATCH_PARENT, height=MATCH_PARENT)
        scroll.add(self._list)
        self._clear_all = Button("Clear all", id="clear_all", style="text", text_color=0xFFFFFFFF,
                                 layout_gravity="center_horizontal|bottom", margin=(0, 0, 0, d(16)),
                                 on_click=self._on_clear_all)
        root = FrameLayout(id="overview_root", width=MATCH_PARENT, height=MATCH_PARENT, background=BACKGROUND)
        root.add(scroll, self._empty, self._clear_all)
        self.window = Window(root, package=package, kind="app", bounds=screen.content)
        self.window.title = "Recents"

    def refresh(self) -> None:
        """Rebuild the cards from the current task list (kept as they are when the list would
        give the same cards again, so that an unchanged screen needs no redraw)."""
        d = self._screen.dp
        tasks = self._am.recent_tasks()
        cards = []
        for task in tasks:
            info = self._am.packages.get(task.affinity)
            label = info.app_class.label if info is not None else task.affinity
            icon_name = info.app_class.icon if info is not None else "apps"
            color = info.app_class.icon_color if info is not None else 0xFF1A73E8
            cards.append((task.task_id, label, icon_name, color))
        if cards == self._cards:
            return
        self._cards = cards
        self._list.clear()
        for task_id, label, icon_name, color in cards:
            header = LinearLayout("horizontal", gravity="center_vertical", width=MATCH_PARENT,
                                  padding=(0, d(8)))
            header.add(ImageView(icon_name, id="icon", content_desc=label, icon_color=color, icon_size=d(32)),
                       TextView(label, id="title", text_color=0xFFFFFFFF, text_size=float(sp(16, self._screen.density)),
                                margin=(d(12), 0, 0, 0), max_lines=1, weight=1, width=0))
            dismiss = ImageView("close", id="dismiss_task", content_desc=f"Dismiss {label}", icon_color=0xFFFFFFFF,
                                clickable=True, padding=d(12),
                                on_click=_TaskAction(self._am, task_id, "remove"))
            header.add(dismiss)
            snapshot = FrameLayout(id="snapshot", width=MATCH_PARENT, height=d(220), background=0xFFFFFFFF,
                                   corner_radius=d(16), content_desc=label, clickable=True,
                                   on_click=_TaskAction(self._am, task_id, "switch"))
            snapshot.add(TextView(label, text_size=float(sp(22, self._screen.density)), layout_gravity="center",
                                  text_color=0xFF5F6368))
            card = LinearLayout("vertical", id="task", width=MATCH_PARENT, margin=(0, 0, 0, d(16)))
            card.add(header, snapshot)
            self._list.add(card)
        self._empty.visibility = "gone" if tasks else "visible"
        self._clear_all.visibility = "visible" if tasks else "gone"

    def _on_clear_all(self) -> None:
        for task in self._am.recent_tasks():
            self._am.remove_task(task.task_id)
        self._am.home()


class _TaskAction:
    """A card's click: switch to or remove one task (a small callable, snapshot-safe)."""

    def __init__(self, am: ActivityManager, task_id: int, action: str) -> None:
        self.am = am
        self.task_id = task_id
        self.action = action

    def __call__(self) -> None:
        if self.action == "switch":
            self.am.switch_to(self.task_id)
        else:
            self.am.remove_task(self.task_id)
