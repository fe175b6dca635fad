"""Text selection as the framework's Editor does it: what a long press selects (the word under
the finger, or a cursor when the finger is past the text), and the floating text-selection
toolbar (Cut / Copy / Paste / Select all) with the clipboard edits its items make.

The toolbar is a popup window of the app's package, as `LocalFloatingToolbarPopup` builds it
on Android 13: a PopupDecorView (FrameLayout) holding a LinearLayout, the RelativeLayout content
container and the main-panel LinearLayout, whose items are clickable LinearLayouts with the
title as content-desc and a TextView `android:id/floating_toolbar_menu_item_text`. It sits
above the selection (below it when there is no room). It reads and writes the window manager's
`clipboard` (the phone's primary clip); without one, only the selection items are offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import theme
from .geometry import Rect
from .layouts import FrameLayout, LinearLayout, RelativeLayout
from .text import line_metrics
from .units import WRAP_CONTENT, dp, sp
from .view import AT_MOST, UNSPECIFIED, View
from .window import Window

if TYPE_CHECKING:
    from .widgets import EditText

ITEM_TEXT_ID = "android:id/floating_toolbar_menu_item_text"
CUT, COPY, PASTE, SELECT_ALL = "Cut", "Copy", "Paste", "Select all"
TOOLBAR_BACKGROUND = 0xFFF1F3F4  # the toolbar's light surface (its shadow is not drawn)
# Editor.needsToSelectAllToSelectWordOrParagraph: these fields select everything on a long press
_SELECT_ALL_TYPES = ("number", "phone", "datetime", "date", "time", "textUri", "textEmailAddress",
                     "textWebEmailAddress", "textFilter")


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _joins(text: str, i: int) -> bool:
    """ICU word-break rules WB6/7 and WB11/12: an apostrophe, full stop or colon between letters,
    or a full stop or comma between digits, stays inside the word ("don't", "e.g", "3.14")."""
    if not 0 < i < len(text) - 1:
        return False
    ch, a, b = text[i], text[i - 1], text[i + 1]
    if ch in "'\u2019.:" and a.isalpha() and b.isalpha():
        return True
    return ch in ".," and a.isdigit() and b.isdigit()


def word_range(text: str, offset: int) -> tuple[int, int]:
    """What Editor.selectCurrentWord selects for a touch at `offset`: the word the offset is in
    or touches (WordIterator.getBeginning/getEnd); off any word, the one character there
    (getCharClusterRange)."""
    n = len(text)
    offset = max(0, min(n, offset))
    on = offset < n and _is_word_char(text[offset])
    after = offset > 0 and _is_word_char(text[offset - 1])
    if not on and not after:
        if offset < n:
            return offset, offset + 1
        return (offset - 1, offset) if offset > 0 else (offset, offset)
    start = offset
    while start > 0 and (_is_word_char(text[start - 1]) or _joins(text, start - 1)):
        start -= 1
    end = offset
    while end < n and (_is_word_char(text[end]) or _joins(text, end)):
        end += 1
    return start, end


def selects_all_on_long_press(edit: EditText) -> bool:
    """Password fields and number, phone, date/time, URI, e-mail and filter fields select their
    whole text on a long press (Editor.selectCurrentWord)."""
    if edit.password:
        return True
    kinds = edit.input_type.split("|")
    return any(k in _SELECT_ALL_TYPES or k.startswith(("number", "phone", "datetime"))
               for k in kinds)


def long_press_selection(edit: EditText, at: tuple[int, int] | None) -> None:
    """Editor.performLongClick: on the text, select the word under the finger; off the text
    (past a line's end, an empty field), put the cursor at the nearest offset (insertion mode)."""
    text = edit.text
    if not text:
        edit.set_selection(0)
        return
    if at is None:  # a long click with no touch (accessibility): as on the cursor
        at_offset, on_text = edit.cursor, True
    else:
        at_offset, on_text = edit.offset_at(*at), edit.is_position_on_text(*at)
    if not on_text:
        edit.set_selection(at_offset)
        return
    if selects_all_on_long_press(edit):
        edit.select_all()
        return
    a, b = word_range(text, at_offset)
    edit.set_selection(a, b)


def toolbar_actions(edit: EditText, clip_text: str | None) -> list[str]:
    """The items the toolbar offers for the field's selection and the clipboard, in the
    Editor's menu order (cut 4, copy 5, paste 6, select all 8)."""
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
    """Do what one toolbar item does to the field and the clipboard (TextView
    .onTextContextMenuItem; ending the action mode collapses a selection to its end)."""
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


def selection_rect(edit: EditText) -> Rect:
    """The content rectangle the toolbar avoids: the selected text's line boxes (the cursor's
    line in insertion mode), on screen."""
    inner = edit.text_rect()
    lh = max(1, line_metrics(edit.text_size, edit.weight_name).height)
    a, b = edit.selection
    top, last_top = edit.line_top_for(a), edit.line_top_for(b)
    if top == last_top:
        x0, x1 = int(edit.x_for(a)), int(edit.x_for(b))
    else:
        x0, x1 = inner.left, inner.right
    x0 = max(inner.left, min(x0, inner.right))
    x1 = max(x0 + 1, min(x1, inner.right))
    return Rect(x0, top, x1, last_top + lh)


def _item(title: str, first: bool, last: bool, choose: Any) -> View:
    from .widgets import TextView
    side = dp(11)  # floating_toolbar_menu_button_side_padding
    item = LinearLayout("horizontal", width=WRAP_CONTENT, height=dp(48), gravity="center",
                        clickable=True, focusable=True, content_desc=title, min_width=dp(48),
                        padding=(side * 3 // 2 if first else side, 0, side * 3 // 2 if last else side, 0))
    item.add(TextView(title, id=ITEM_TEXT_ID, text_size=sp(14), text_color=theme.TEXT,
                      font_weight="medium", max_lines=1))
    item.on_click = (lambda: choose(title))
    return item


def show_toolbar(edit: EditText) -> bool:
    """Show the toolbar over the selection; False when the field is not on screen or no item
    applies (an empty menu shows nothing)."""
    host = edit.window
    wm = host.manager if host is not None else None
    if wm is None or host is None:
        return False
    clipboard = wm.clipboard
    actions = toolbar_actions(edit, clipboard.get_text() if clipboard is not None else None)
    if not actions:
        return False
    holder: list[Window] = []

    def close() -> None:
        if holder and holder[0] in wm.windows:
            wm.remove(holder[0])

    def choose(action: str) -> None:
        close()
        apply_action(edit, action, clipboard, host.package)
        if action == SELECT_ALL:
            show_toolbar(edit)  # the action mode stays, its menu updated

    panel = LinearLayout("horizontal", width=WRAP_CONTENT, height=dp(48))
    for i, action in enumerate(actions):
        panel.add(_item(action, i == 0, i == len(actions) - 1, choose))
    container = RelativeLayout(width=WRAP_CONTENT, height=WRAP_CONTENT, focusable=True,
                               background=TOOLBAR_BACKGROUND, corner_radius=dp(24))
    container.focusable_in_touch_mode = True
    container.add(panel)
    content_holder = LinearLayout("horizontal", width=WRAP_CONTENT, height=WRAP_CONTENT)
    content_holder.add(container)
    root = FrameLayout(width=WRAP_CONTENT, height=WRAP_CONTENT)
    root.add(content_holder)
    root.measure((AT_MOST, wm.width), (UNSPECIFIED, 0))
    width, height = root.measured_width, root.measured_height
    # LocalFloatingToolbarPopup.refreshCoordinatesAndOverflowDirection (no overflow)
    view_port = host.frame
    view_top = max(view_port.top, dp(24))
    content = selection_rect(edit)
    margin = 2 * dp(8)  # floating_toolbar_vertical_margin, above and below
    cx = (content.left + content.right) // 2
    left = max(view_port.left, min(cx - width // 2, view_port.right - width))
    if content.top - view_top >= height + margin:
        top = content.top - height - dp(8)
    elif view_port.bottom - content.bottom >= height + margin:
        top = content.bottom + dp(8)
    else:
        top = max(view_top, content.top - height - dp(8))
    # not focusable and not touch-modal: touches elsewhere reach the app; a tap in the field
    # or a text change ends the action mode
    win = Window(root, package=host.package, kind="popup",
                 bounds=Rect(left, top, left + width, top + height), focusable=False,
                 touch_modal=False, parent_window=host)
    holder.append(win)
    wm.add(win)
    edit.call_on_next_edit(close)
    edit.end_action_mode_with(close)
    return True


def toolbar_items(root: View) -> list[str]:
    """The titles of a toolbar's items (for tests and the gallery)."""
    return [v.content_desc for v in root.iter_tree() if v.clickable and v.content_desc]
