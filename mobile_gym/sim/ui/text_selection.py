"""The framework's floating text-selection toolbar (Cut / Copy / Paste / Select all) that a long
press in an EditText shows, and the clipboard edits its items make.

The toolbar is a popup window of the app's package (as the real `FloatingToolbar` is): one
clickable item per action whose content-desc and label are the action's title. It reads and
writes the window manager's `clipboard` (the phone's primary clip); without one, only the
selection items are offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import theme
from .geometry import Rect
from .layouts import LinearLayout
from .units import WRAP_CONTENT, dp, sp
from .view import AT_MOST, View
from .window import Window

if TYPE_CHECKING:
    from .widgets import EditText

ITEM_TEXT_ID = "android:id/floating_toolbar_menu_item_text"
CUT, COPY, PASTE, SELECT_ALL = "Cut", "Copy", "Paste", "Select all"
TOOLBAR_BACKGROUND = 0xFFF1F3F4  # the toolbar's light surface (its shadow is not drawn)


def toolbar_actions(edit: EditText, clip_text: str | None) -> list[str]:
    """The items the toolbar offers for the field's selection and the clipboard, in order."""
    a, b = edit.selection
    actions = []
    if a != b and not edit.password:
        actions += [CUT, COPY]
    if clip_text:
        actions.append(PASTE)
    if edit.text and (a, b) != (0, len(edit.text)):
        actions.append(SELECT_ALL)
    return actions


def apply_action(edit: EditText, action: str, clipboard: Any, package: str) -> None:
    """Do what one toolbar item does to the field and the clipboard."""
    a, b = edit.selection
    if action in (CUT, COPY) and a != b and clipboard is not None:
        clipboard.set_text(edit.text[a:b], package)
        if action == CUT:
            edit.commit_text("")
        else:
            edit.set_selection(b)
    elif action == PASTE and clipboard is not None:
        text = clipboard.get_text()
        if text:
            edit.commit_text(text)
    elif action == SELECT_ALL:
        edit.select_all()


def show_toolbar(edit: EditText) -> bool:
    """Show the toolbar above the field (below it when there is no room); False when the field
    is not on screen or no item applies."""
    from .widgets import TextView

    host = edit.window
    wm = host.manager if host is not None else None
    if wm is None or host is None:
        return False
    clipboard = wm.clipboard
    actions = toolbar_actions(edit, clipboard.get_text() if clipboard is not None else None)
    if not actions:
        return False
    bar = LinearLayout("horizontal", id="", width=WRAP_CONTENT, height=dp(48), background=TOOLBAR_BACKGROUND,
                       corner_radius=dp(24), padding=(dp(8), 0))
    holder: list[Window] = []

    def choose(action: str) -> None:
        if holder and holder[0] in wm.windows:
            wm.remove(holder[0])
        apply_action(edit, action, clipboard, host.package)
        if action == SELECT_ALL:
            show_toolbar(edit)

    for action in actions:
        item = LinearLayout("horizontal", width=WRAP_CONTENT, height=dp(48), gravity="center",
                            clickable=True, focusable=True, content_desc=action, padding=(dp(12), 0))
        item.add(TextView(action, id=ITEM_TEXT_ID, text_size=sp(14), text_color=theme.TEXT))
        item.on_click = (lambda action=action: choose(action))
        bar.add(item)
    bar.measure((AT_MOST, wm.width), (AT_MOST, dp(48)))
    width, height = bar.measured_width, bar.measured_height
    field = edit.bounds
    left = max(0, min(field.left, wm.width - width))
    top = field.top - height - dp(8)
    if top < dp(24):
        top = field.bottom + dp(8)
    win = Window(bar, package=host.package, kind="popup", bounds=Rect(left, top, left + width, top + height),
                 focusable=False, on_outside_touch=lambda: wm.remove(win) if win in wm.windows else None)
    holder.append(win)
    wm.add(win)
    edit.call_on_next_edit(lambda: wm.remove(win) if win in wm.windows else None)
    return True


def toolbar_items(root: View) -> list[str]:
    """The titles of a toolbar's items (for tests and the gallery)."""
    return [v.content_desc for v in root.iter_tree() if v.clickable and v.content_desc]
