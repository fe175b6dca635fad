"""Dialog and popup-menu builders: plain view trees with the framework's ids and classes.

`alert_dialog` follows alert_dialog_material.xml (parentPanel > topPanel > title_template >
alertTitle; contentPanel > scrollView > message; customPanel > custom; buttonPanel with
button3 (neutral), button2 (negative), button1 (positive) as android.widget.Button).
`appcompat=True` uses the AppCompat layout's app-package ids for the panels and the title
(`<pkg>:id/alertTitle`), as AppCompat apps show. The system shows the returned root in a
"dialog" window; pressing a button or choosing a list item calls the callback and then
`root.dismiss()`, which calls `root.request_dismiss` (set by the system) or removes the window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from . import theme
from .layouts import FrameLayout, LinearLayout
from .lists import ListView, ScrollView
from .units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from .view import View, call_back
from .widgets import Button, CheckedTextView, TextView

ButtonSpec = tuple[str, Callable | None]


class Dismissable:
    """Mixin for dialog/popup roots: `dismiss()` asks whoever showed it to close it."""

    request_dismiss: Callable[[], Any] | None = None
    dismiss_on_click: bool = True

    def dismiss(self) -> None:
        if self.request_dismiss is not None:
            self.request_dismiss()
            return
        host = self.window  # type: ignore[attr-defined]
        if host is not None and host._wm is not None:
            host._wm.remove(host)


class DialogView(Dismissable, FrameLayout):
    """Root of an alert dialog (reports android.widget.FrameLayout, like the DecorView)."""


class PopupMenuView(Dismissable, ListView):
    """Root of a popup menu: a ListView of LinearLayout rows with a TextView `title`."""


def alert_dialog(title: str | None = None, message: str | None = None,
                 buttons: Sequence[ButtonSpec] = (), *, items: Sequence[str] | None = None,
                 on_item: Callable | None = None, choice: str | None = None,
                 checked: int | Sequence[bool] | None = None, view: View | None = None,
                 appcompat: bool = False, all_caps_buttons: bool = False,
                 dismiss_on_click: bool = True) -> DialogView:
    """Build an AlertDialog.

    buttons: up to three (label, callback) pairs: positive (button1), negative (button2),
    neutral (button3). items: a list; `choice` None (plain rows, TextView android:id/text1),
    "single" (radio CheckedTextView rows, `checked` = index) or "multi" (check-box rows,
    `checked` = list of bools). `on_item(index, label)` runs on a tap; plain and single-choice
    list taps also dismiss (single-choice only when there are no buttons, like the platform).
    view: a custom view placed in `custom`. Callbacks receive what they accept of
    (view) for buttons.
    """
    if len(buttons) > 3:
        raise ValueError(f"an alert dialog has at most 3 buttons; got {len(buttons)}")
    if choice not in (None, "single", "multi"):
        raise ValueError(f"choice must be None, 'single' or 'multi'; got {choice!r}")
    if choice is not None and items is None:
        raise ValueError("choice needs items")
    ids = _ids(appcompat)
    root = DialogView(background=theme.SURFACE, corner_radius=dp(28), width=MATCH_PARENT)
    root.dismiss_on_click = dismiss_on_click
    content = FrameLayout(id="android:id/content", width=MATCH_PARENT)
    panel = LinearLayout("vertical", id=ids["parentPanel"], width=MATCH_PARENT,
                         padding=(0, dp(24), 0, dp(8)))
    root.add(content)
    content.add(panel)
    if title:
        top = LinearLayout("vertical", id=ids["topPanel"], width=MATCH_PARENT)
        tt = LinearLayout("horizontal", id=ids["title_template"], width=MATCH_PARENT,
                          padding=(dp(24), 0, dp(24), dp(16)))
        tt.add(TextView(title, id=ids["alertTitle"], text_size=sp(22), width=MATCH_PARENT,
                        max_lines=3))
        top.add(tt)
        panel.add(top)
    if message or items is not None:
        cp = FrameLayout(id=ids["contentPanel"], width=MATCH_PARENT)
        if message:
            sv = ScrollView(id=ids["scrollView"], width=MATCH_PARENT, focusable=False)
            inner = LinearLayout("vertical", width=MATCH_PARENT)
            inner.add(TextView(message, id="android:id/message", text_size=sp(14),
                               text_color=theme.TEXT_SECONDARY, width=MATCH_PARENT,
                               padding=(dp(24), 0, dp(24), dp(16))))
            sv.add(inner)
            cp.add(sv)
        if items is not None:
            cp.add(_item_list(root, list(items), on_item, choice, checked, bool(buttons),
                              appcompat))
        panel.add(cp)
    if view is not None:
        cust_panel = FrameLayout(id=ids["customPanel"], width=MATCH_PARENT)
        custom = FrameLayout(id=ids["custom"], width=MATCH_PARENT)
        custom.add(view)
        cust_panel.add(custom)
        panel.add(cust_panel)
    if buttons:
        bp = ScrollView(id=ids["buttonPanel"], width=MATCH_PARENT, focusable=False)
        bar = LinearLayout("horizontal", width=MATCH_PARENT, gravity="end|center_vertical",
                           padding=(dp(12), dp(4), dp(12), dp(4)))
        specs = list(buttons) + [None] * (3 - len(buttons))  # type: ignore[list-item]
        positive, negative, neutral = specs[0], specs[1], specs[2]
        for spec, bid in ((neutral, "android:id/button3"),):
            if spec is not None:
                bar.add(_button(root, spec, bid, all_caps_buttons))
        bar.add(View(width=0, height=0, weight=1, id=ids["spacer"]))
        for spec, bid in ((negative, "android:id/button2"), (positive, "android:id/button1")):
            if spec is not None:
                bar.add(_button(root, spec, bid, all_caps_buttons))
        bp.add(bar)
        panel.add(bp)
    return root


def _ids(appcompat: bool) -> dict[str, str]:
    names = ("parentPanel", "topPanel", "title_template", "alertTitle", "contentPanel",
             "scrollView", "customPanel", "custom", "buttonPanel", "spacer",
             "select_dialog_listview")
    if appcompat:
        return {n: n for n in names}
    return {n: f"android:id/{n}" for n in names}


def _button(root: DialogView, spec: ButtonSpec, bid: str, all_caps: bool) -> Button:
    label, cb = spec

    def click(btn: View) -> None:
        if cb is not None:
            call_back(cb, btn)
        if root.dismiss_on_click:
            root.dismiss()

    return Button(label, id=bid, style="text", all_caps=all_caps, on_click=click,
                  min_width=dp(48), padding=(dp(12), dp(10)))


def _item_list(root: DialogView, items: list[str], on_item: Callable | None, choice: str | None,
               checked: Any, has_buttons: bool, appcompat: bool) -> ListView:
    lst = ListView(id="select_dialog_listview" if appcompat else "android:id/select_dialog_listview",
                   width=MATCH_PARENT, padding=(0, 0, 0, dp(8)))
    rows: list[View] = []
    if choice == "multi":
        marks = list(checked) if checked is not None else [False] * len(items)
        if len(marks) != len(items):
            raise ValueError(f"checked has {len(marks)} entries for {len(items)} items")
    for i, label in enumerate(items):
        if choice is None:
            row: View = TextView(label, id="android:id/text1", width=MATCH_PARENT,
                                 min_height=dp(48), gravity="start|center_vertical",
                                 padding=(dp(24), dp(8)), text_size=sp(16), clickable=True)
        else:
            is_on = (checked == i) if choice == "single" else bool(marks[i])
            row = CheckedTextView(label, id="android:id/text1", width=MATCH_PARENT,
                                  check_mark="radio" if choice == "single" else "check",
                                  checked=is_on, text_size=sp(16), clickable=True)

        def tap(v: View, i: int = i, label: str = label) -> None:
            if choice == "single":
                for r in rows:
                    r.checked = r is v
            elif choice == "multi":
                v.checked = not v.checked
            if on_item is not None:
                call_back(on_item, i, label)
            if choice is None or (choice == "single" and not has_buttons):
                root.dismiss()

        row.on_click = tap
        rows.append(row)
        lst.add(row)
    return lst


def popup_menu(items: Sequence[str | tuple[str, Callable | None]], *,
               on_item: Callable | None = None, title_id: str = "title",
               width: int = WRAP_CONTENT) -> PopupMenuView:
    """A popup (overflow) menu: ListView > LinearLayout rows > TextView `title_id` (a short
    id, so it dumps as `<app-pkg>:id/title`). Each item is a label or (label, callback);
    a tap calls the item's callback (or `on_item(index, label)`) and dismisses the menu.
    Place it with `window.popup_bounds(menu, anchor, ...)`."""
    menu = PopupMenuView(width=width, background=theme.SURFACE, padding=(0, dp(8)),
                         corner_radius=dp(4), focusable=True)
    for i, it in enumerate(items):
        label, cb = (it, None) if isinstance(it, str) else it

        def tap(v: View, i: int = i, label: str = label, cb: Callable | None = cb) -> None:
            if cb is not None:
                call_back(cb, v)
            elif on_item is not None:
                call_back(on_item, i, label)
            menu.dismiss()

        row = LinearLayout("horizontal", width=MATCH_PARENT, min_height=dp(48),
                           gravity="start|center_vertical", clickable=True, focusable=True,
                           padding=(dp(16), 0, dp(16), 0), on_click=tap)
        row.add(TextView(label, id=title_id, text_size=sp(16), max_lines=1))
        menu.add(row)
    return menu
