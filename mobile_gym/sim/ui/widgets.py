"""Leaf widgets: TextView, EditText, Button, ImageButton, ImageView, CheckBox, Switch,
RadioButton, CheckedTextView and Spinner, with the accessibility flags a real device reports.

Text sizes and all other sizes are device pixels (use `sp()`/`dp()`); colours ARGB ints.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import skia

from . import theme
from .geometry import Rect
from .icons import draw_icon
from .render import fill_paint, srect, stroke_paint
from .text import line_metrics, text_width, wrap_lines
from .units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from .view import (
    AT_MOST,
    EXACTLY,
    UNSPECIFIED,
    Prop,
    Spec,
    View,
    call_back,
    parse_gravity,
)

BULLET = "\u2022"


class TextView(View):
    """A text label: wraps to its width, `max_lines` ellipsizes, `all_caps` transforms."""

    a11y_class = "android.widget.TextView"

    text_size = Prop(float(sp(14)))
    text_color = Prop(theme.TEXT, layout=False)
    bold = Prop(False)
    font_weight = Prop(None)
    max_lines = Prop(None)
    all_caps = Prop(False)

    def __init__(self, text: str = "", *, text_size: float | None = None,
                 text_color: int = theme.TEXT, bold: bool = False, max_lines: int | None = None,
                 all_caps: bool = False, font_weight: str | None = None, **kw: Any) -> None:
        super().__init__(text=text, **kw)
        self.text_size = float(text_size) if text_size is not None else float(sp(14))
        self.text_color = text_color
        self.bold = bold
        self.max_lines = max_lines
        self.all_caps = all_caps
        if font_weight not in (None, "regular", "medium", "bold"):
            raise ValueError(f"font_weight must be regular, medium or bold; got {font_weight!r}")
        self.font_weight = font_weight

    @property
    def weight_name(self) -> str:
        return self.font_weight or ("bold" if self.bold else "regular")

    def display_text(self) -> str:
        """The text as painted (all_caps applied)."""
        t = self.text
        return t.upper() if self.all_caps else t

    def a11y_text(self) -> str:
        return self.display_text()

    def _painted_text(self) -> tuple[str, int]:
        return self.display_text(), self.text_color if self.enabled else theme.DISABLED_TEXT

    def _text_extent(self, text: str, ws: Spec) -> tuple[int, int]:
        avail = None if ws[0] == UNSPECIFIED else float(ws[1])
        size, weight = self.text_size, self.weight_name
        lines = wrap_lines(text, size, weight, avail, self.max_lines)
        w = max((text_width(l, size, weight) for l in lines), default=0.0)
        h = line_metrics(size, weight).height * max(1, len(lines))
        return int(math.ceil(w)), h

    def content_size(self, ws: Spec, hs: Spec) -> tuple[int, int]:
        return self._text_extent(self._painted_text()[0], ws)

    def text_rect(self) -> Rect:
        """Where the text goes: the bounds minus padding."""
        b = self._bounds
        pl, pt, pr, pb = self._padding
        return Rect(b.left + pl, b.top + pt, b.right - pr, b.bottom - pb)

    def draw_text_block(self, canvas: skia.Canvas, text: str, color: int, inner: Rect) -> list[Rect]:
        """Paint wrapped text inside `inner` following our gravity; returns the line boxes."""
        if inner.width <= 0 or not text:
            return []
        size, weight = self.text_size, self.weight_name
        lines = wrap_lines(text, size, weight, float(inner.width), self.max_lines)
        lh = line_metrics(size, weight).height
        total = lh * len(lines)
        hg, vg = parse_gravity(self.gravity)
        if vg == "center":
            y = inner.top + (inner.height - total) // 2
        elif vg == "end":
            y = inner.bottom - total
        else:
            y = inner.top
        boxes = []
        for line in lines:
            if hg == "center":
                box = self.paint_text(canvas, line, (inner.left + inner.right) / 2, y, size=size,
                                      color=color, weight=weight, align="center")
            elif hg == "end":
                box = self.paint_text(canvas, line, inner.right, y, size=size, color=color,
                                      weight=weight, align="right")
            else:
                box = self.paint_text(canvas, line, inner.left, y, size=size, color=color,
                                      weight=weight)
            boxes.append(box)
            y += lh
        return boxes

    def on_draw(self, canvas: skia.Canvas) -> None:
        text, color = self._painted_text()
        self.draw_text_block(canvas, text, color, self.text_rect())


class EditText(TextView):
    """An editable text field. The dump reports the text, or the hint while empty (API 26+
    `TextView.getTextForAccessibility`); password fields report bullets."""

    a11y_class = "android.widget.EditText"

    hint = Prop("")
    hint_color = Prop(theme.HINT, layout=False)
    single_line = Prop(False)
    selection = Prop((0, 0), layout=False)
    underline = Prop(True, layout=False)

    def __init__(self, text: str = "", *, hint: str = "", single_line: bool = False,
                 input_type: str = "text", max_length: int | None = None,
                 on_text_changed: Callable | None = None, on_editor_action: Callable | None = None,
                 ime_action: str | None = None, clickable: bool = True,
                 long_clickable: bool = True, focusable: bool = True,
                 padding: Any = None, min_height: int | None = None,
                 gravity: str = "start|center_vertical", **kw: Any) -> None:
        self.on_text_changed = None
        self.max_length = max_length
        super().__init__(text, clickable=clickable, long_clickable=long_clickable,
                         focusable=focusable, gravity=gravity,
                         padding=(dp(4), dp(12)) if padding is None else padding,
                         min_height=dp(48) if min_height is None else min_height, **kw)
        self.focusable_in_touch_mode = True
        self.hint = hint
        self.input_type = input_type
        if "Password" in input_type or "password" in input_type:
            self.password = True
        multi = "MultiLine" in input_type
        self.single_line = bool(single_line) and not multi
        if self.single_line:
            self.max_lines = 1
        # imeOptions' action; None is actionUnspecified, which TextView resolves when the IME
        # connects (see effective_ime_action)
        self.ime_action = ime_action
        self.on_editor_action = on_editor_action
        self.selection = (len(text), len(text))
        self.on_text_changed = on_text_changed
        self._on_next_edit: list[Callable[[], None]] = []
        self._end_action_mode: list[Callable[[], None]] = []
        # TextView.setShowSoftInputOnFocus: whether taking focus brings up the keyboard
        self.show_soft_input_on_focus = True

    def request_focus_without_keyboard(self) -> bool:
        """Take focus as code does under a stateUnchanged window: the keyboard stays as it was
        (shown for another field, or hidden)."""
        saved, self.show_soft_input_on_focus = self.show_soft_input_on_focus, False
        taken = self.request_focus()
        self.show_soft_input_on_focus = saved
        return taken

    def call_on_next_edit(self, callback: Callable[[], None]) -> None:
        """Run `callback` once, at the next change of the text (the selection toolbar closes when
        the user types over the selection, as the framework's action mode does)."""
        self._on_next_edit.append(callback)

    def end_action_mode_with(self, callback: Callable[[], None]) -> None:
        """Run `callback` once when the text action mode ends without an edit: a tap in the
        field (the selection collapses) or a new long press."""
        self._end_action_mode.append(callback)

    def _finish_action_mode(self) -> None:
        pending, self._end_action_mode = self._end_action_mode, []
        for callback in pending:
            callback()

    def _edited(self) -> None:
        pending, self._on_next_edit = self._on_next_edit, []
        for callback in pending:
            callback()

    # text changes go through set_text so listeners and the cursor follow
    def __setattr__(self, name: str, value: Any) -> None:
        if name == "text" and "_p_text" in self.__dict__:
            self.set_text(value)
            return
        object.__setattr__(self, name, value)

    def set_text(self, value: str, *, notify: bool = True) -> None:
        """Replace the whole text (cursor to the end); calls on_text_changed when it changed."""
        if not isinstance(value, str):
            raise TypeError(f"EditText text must be str; got {value!r}")
        if self.max_length is not None:
            value = value[: self.max_length]
        old = self.__dict__.get("_p_text", "")
        View.text.__set__(self, value)
        self.selection = (len(value), len(value))
        if value != old and self.__dict__.get("_on_next_edit"):
            self._edited()
        if notify and value != old and self.on_text_changed is not None:
            call_back(self.on_text_changed, self, value)

    @property
    def cursor(self) -> int:
        """Cursor position (end of the selection)."""
        return self.selection[1]

    def set_selection(self, start: int, end: int | None = None) -> None:
        """Select [start, end) (a cursor when end is None); clamped to the text."""
        n = len(self.text)
        s = max(0, min(n, start))
        e = s if end is None else max(0, min(n, end))
        self.selection = (min(s, e), max(s, e))

    def select_all(self) -> None:
        self.selection = (0, len(self.text))

    def _replace_selection(self, s: str) -> None:
        a, b = self.selection
        t = self.text
        if self.max_length is not None:
            room = self.max_length - (len(t) - (b - a))
            s = s[: max(0, room)]
        new = t[:a] + s + t[b:]
        old = t
        View.text.__set__(self, new)
        self.selection = (a + len(s), a + len(s))
        if new != old and self._on_next_edit:
            self._edited()
        if new != old and self.on_text_changed is not None:
            call_back(self.on_text_changed, self, new)

    def commit_text(self, s: str) -> None:
        """Insert `s` at the cursor, replacing the selection (like an IME commit)."""
        if self.single_line:
            s = s.replace("\n", " ")
        self._replace_selection(s)

    def delete_backward(self) -> None:
        """Delete the selection, or the character before the cursor (backspace)."""
        a, b = self.selection
        if a == b:
            if a == 0:
                return
            self.selection = (a - 1, a)
        self._replace_selection("")

    def effective_ime_action(self) -> str:
        """The action the IME's enter key performs: the field's imeOptions action, or for an
        unspecified one what TextView.onCreateInputConnection picks: "next" when a focusable
        lies below (focusSearch(FOCUS_DOWN) in touch mode), else "done"; "none" (a newline key)
        for a multi-line field without one (IME_FLAG_NO_ENTER_ACTION)."""
        if self.ime_action:
            return self.ime_action
        if not self._advances_focus_on_enter():
            return "none"
        host = self.window
        if host is not None:
            from .focus_search import focus_down
            if focus_down(host.root, self, touch_mode=True) is not None:
                return "next"
        return "done"

    def _advances_focus_on_enter(self) -> bool:
        """TextView.shouldAdvanceFocusOnEnter: single-line fields and e-mail address/subject
        fields move focus on Enter instead of taking a newline."""
        kinds = self.input_type.split("|")
        return self.single_line or "textEmailAddress" in kinds or "textEmailSubject" in kinds

    def editor_action(self) -> bool:
        """The IME action key (TextView.onEditorAction): the app's listener first; otherwise
        "next" moves focus forward (focusSearch(FOCUS_FORWARD) among views focusable in touch
        mode) and "done" hides the keyboard. True when something handled it."""
        action = self.effective_ime_action()
        if self.on_editor_action is not None:
            r = call_back(self.on_editor_action, self, action)
            if r is not False:
                return True
        host = self.window
        if host is None:
            return False
        if action == "next":
            from .focus_search import focus_forward
            target = focus_forward(host.root, self, touch_mode=True)
            return target is not None and target.request_focus()
        if action == "done":
            wm = host.manager
            if wm is not None and wm.on_hide_soft_input is not None:
                wm.on_hide_soft_input()
                return True
        return False

    def _enter_key(self) -> bool:
        """A hardware ENTER (`input keyevent 66`): the app's listener first (as IME_NULL with the
        event; here with the field's action); then a field that advances focus on Enter moves
        it down (focusSearch(FOCUS_DOWN); the key leaves touch mode, so every focusable view
        counts) and consumes the key; other fields take a newline."""
        if not self._advances_focus_on_enter():
            self.commit_text("\n")
            return True
        if self.on_editor_action is not None:
            r = call_back(self.on_editor_action, self, self.effective_ime_action())
            if r is not False:
                return True
        host = self.window
        if host is not None:
            from .focus_search import focus_down
            target = focus_down(host.root, self, touch_mode=False)
            if target is not None:
                target.request_focus()
        return True

    def on_key(self, name: str) -> bool:
        if name == "DEL":
            self.delete_backward()
            return True
        if name.startswith("CTRL+"):
            return self._shortcut(name[5:])
        if name in ("DPAD_LEFT", "DPAD_RIGHT", "MOVE_HOME", "MOVE_END"):
            return self._move_cursor(name)
        if name == "ENTER":
            return self._enter_key()
        return False

    def _shortcut(self, key: str) -> bool:
        """TextView.onKeyShortcut: Ctrl+A selects all, Ctrl+X/C/V cut, copy and paste through
        the phone's clipboard (the same edits as the selection toolbar's items)."""
        from .text_selection import COPY, CUT, PASTE, SELECT_ALL, apply_action
        action = {"A": SELECT_ALL, "X": CUT, "C": COPY, "V": PASTE}.get(key)
        if action is None:
            return False
        host = self.window
        wm = host.manager if host is not None else None
        clipboard = wm.clipboard if wm is not None else None
        if action != SELECT_ALL and (clipboard is None or host is None):
            return False
        apply_action(self, action, clipboard, host.package if host is not None else "")
        return True

    def _move_cursor(self, name: str) -> bool:
        """ArrowKeyMovementMethod: left/right collapse a selection to its edge or move one
        character (not consumed at the text's ends, so focus may move on); MOVE_HOME/MOVE_END go
        to the start/end of the cursor's line (lines split at newlines)."""
        a, b = self.selection
        text = self.text
        if name == "DPAD_LEFT":
            if a != b:
                self.set_selection(a)
                return True
            if a == 0:
                return False
            self.set_selection(a - 1)
            return True
        if name == "DPAD_RIGHT":
            if a != b:
                self.set_selection(b)
                return True
            if b >= len(text):
                return False
            self.set_selection(b + 1)
            return True
        if name == "MOVE_HOME":
            self.set_selection(text.rfind("\n", 0, a) + 1)
            return True
        end = text.find("\n", b)
        self.set_selection(len(text) if end < 0 else end)
        return True

    def _laid_out_lines(self) -> tuple[list[tuple[int, str, float, int]], int]:
        """The shown text as laid out: (start offset, line text, left x, top y) per line, and
        the line height."""
        inner = self.text_rect()
        shown = self.display_text()
        size, weight = self.text_size, self.weight_name
        lh = max(1, line_metrics(size, weight).height)
        lines = wrap_lines(shown, size, weight, float(max(1, inner.width)), self.max_lines) if shown else [""]
        hg, vg = parse_gravity(self.gravity)
        total = lh * len(lines)
        top = inner.top + (inner.height - total) // 2 if vg == "center" else (
            inner.bottom - total if vg == "end" else inner.top)
        out = []
        start = 0
        for i, line in enumerate(lines):
            width = text_width(line, size, weight)
            left = inner.left + ((inner.width - width) / 2 if hg == "center" else
                                 inner.width - width if hg == "end" else 0)
            out.append((start, line, left, top + i * lh))
            start += len(line) + 1  # the space or newline the break swallowed
        return out, lh

    def _line_index_at(self, lines: list[tuple[int, str, float, int]], lh: int, y: int) -> int:
        return max(0, min(len(lines) - 1, (y - lines[0][3]) // lh))

    def offset_at(self, x: int, y: int) -> int:
        """The text offset nearest to screen point (x, y) in the laid-out lines (Layout's
        getOffsetForHorizontal on the line at y): what a tap puts the cursor at."""
        if not self.text or self.text_rect().width <= 0:
            return 0
        lines, lh = self._laid_out_lines()
        start, line, left, _ = lines[self._line_index_at(lines, lh, y)]
        size, weight = self.text_size, self.weight_name
        dx = x - left
        best = 0
        for k in range(1, len(line) + 1):
            mid = (text_width(line[:k - 1], size, weight) + text_width(line[:k], size, weight)) / 2
            if dx < mid:
                break
            best = k
        return min(len(self.text), start + best)

    def is_position_on_text(self, x: int, y: int) -> bool:
        """Editor.isPositionOnText: x lies between the left and right end of the line at y."""
        if not self.text:
            return False
        lines, lh = self._laid_out_lines()
        _, line, left, _ = lines[self._line_index_at(lines, lh, y)]
        return left <= x <= left + text_width(line, self.text_size, self.weight_name)

    def _line_of(self, offset: int) -> tuple[int, str, float, int]:
        lines, _ = self._laid_out_lines()
        for i, entry in enumerate(lines):
            if offset <= entry[0] + len(entry[1]) or i == len(lines) - 1:
                return entry
        return lines[-1]

    def line_top_for(self, offset: int) -> int:
        """Screen y of the top of the line holding `offset`."""
        return self._line_of(offset)[3]

    def x_for(self, offset: int) -> float:
        """Screen x of `offset` on its line."""
        start, line, left, _ = self._line_of(offset)
        col = max(0, min(len(line), offset - start))
        return left + text_width(line[:col], self.text_size, self.weight_name)

    def perform_long_click(self) -> bool:
        if not self.enabled:
            return False
        self.request_focus()
        at, self.last_press = self.last_press, None
        self._finish_action_mode()
        if self.on_long_click is not None:
            call_back(self.on_long_click, self)
        else:
            from .text_selection import long_press_selection, show_toolbar
            long_press_selection(self, at)
            show_toolbar(self)
        return True

    def perform_click(self) -> bool:
        if not self.enabled:
            return False
        self.request_focus()
        self._finish_action_mode()
        if self.last_touch is not None:  # a tap: the cursor goes to the touched character
            self.set_selection(self.offset_at(*self.last_touch))
        elif self.selection[0] != self.selection[1]:
            self.set_selection(len(self.text))
        if self.on_click is not None:
            call_back(self.on_click, self)
        return True

    def display_text(self) -> str:
        t = self.text
        if self.password:
            return BULLET * len(t)
        return t

    def a11y_text(self) -> str:
        return self.display_text() if self.text else self.hint

    def _painted_text(self) -> tuple[str, int]:
        if self.text:
            return self.display_text(), self.text_color if self.enabled else theme.DISABLED_TEXT
        return self.hint, self.hint_color

    def on_draw(self, canvas: skia.Canvas) -> None:
        inner = self.text_rect()
        text, color = self._painted_text()
        focused = self.focused
        size, weight = self.text_size, self.weight_name
        lh = line_metrics(size, weight).height
        if focused and self.text and self.selection[0] != self.selection[1]:
            a, b = self.selection
            shown = self.display_text()
            x0 = inner.left + text_width(shown[:a], size, weight)
            x1 = inner.left + text_width(shown[:b], size, weight)
            canvas.drawRect(skia.Rect.MakeLTRB(x0, inner.top, min(x1, inner.right),
                                               inner.top + lh), fill_paint(theme.SELECTION))
        boxes = self.draw_text_block(canvas, text, color, inner)
        b = self._bounds
        if self.underline:
            col = theme.PRIMARY if focused else theme.CONTROL_OFF
            thick = dp(2) if focused else dp(1)
            y = b.bottom - dp(8)
            canvas.drawRect(skia.Rect.MakeLTRB(b.left + dp(4), y - thick, b.right - dp(4), y),
                            fill_paint(col))
        if focused:
            cx, cy = self._cursor_xy(inner, boxes, lh)
            canvas.drawRect(skia.Rect.MakeLTRB(cx, cy, cx + dp(2) / 2 + 1, cy + lh),
                            fill_paint(theme.PRIMARY))

    def _cursor_xy(self, inner: Rect, boxes: list[Rect], lh: int) -> tuple[float, float]:
        """Cursor position: walks the wrapped lines to the line holding the cursor."""
        if not self.text or not boxes:
            if boxes:
                return float(boxes[0].left), float(boxes[0].top)
            vg = parse_gravity(self.gravity)[1]
            top = inner.top + (inner.height - lh) // 2 if vg == "center" else inner.top
            return float(inner.left), float(top)
        size, weight = self.text_size, self.weight_name
        shown = self.display_text()
        lines = wrap_lines(shown, size, weight, float(inner.width), self.max_lines)
        pos = self.cursor
        consumed = 0
        for i, line in enumerate(lines):
            end = consumed + len(line)
            if pos <= end or i == len(lines) - 1:
                col = max(0, min(len(line), pos - consumed))
                x = boxes[i].left + text_width(line[:col], size, weight)
                return min(float(x), float(inner.right)), float(boxes[i].top)
            consumed = end + 1  # the space or newline the break swallowed
        return float(inner.left), float(inner.top)


class Button(TextView):
    """A push button: style "filled" (accent background), "tonal", "outlined" or "text"."""

    a11y_class = "android.widget.Button"
    style = Prop("filled", layout=False)

    def __init__(self, text: str = "", *, style: str = "filled", clickable: bool = True,
                 focusable: bool = True, gravity: str = "center", padding: Any = None,
                 min_height: int | None = None, min_width: int | None = None,
                 font_weight: str | None = "medium", text_color: int | None = None,
                 corner_radius: int | None = None, **kw: Any) -> None:
        if style not in ("filled", "tonal", "outlined", "text"):
            raise ValueError(f"Button style must be filled, tonal, outlined or text; got {style!r}")
        if text_color is None:
            text_color = theme.ON_PRIMARY if style == "filled" else theme.PRIMARY
        super().__init__(text, clickable=clickable, focusable=focusable, gravity=gravity,
                         padding=(dp(16), dp(10)) if padding is None else padding,
                         min_height=dp(48) if min_height is None else min_height,
                         min_width=dp(64) if min_width is None else min_width,
                         font_weight=font_weight, text_color=text_color,
                         corner_radius=dp(20) if corner_radius is None else corner_radius, **kw)
        self.style = style

    def on_draw(self, canvas: skia.Canvas) -> None:
        if self.background is None and self.style != "text":
            b = self._bounds
            r = skia.Rect.MakeLTRB(b.left, b.top + dp(4), b.right, b.bottom - dp(4))
            rad = min(self.corner_radius, (b.height - dp(8)) / 2)
            if self.style == "filled":
                col = theme.PRIMARY if self.enabled else 0x1F1F1F1F
                canvas.drawRoundRect(r, rad, rad, fill_paint(col))
            elif self.style == "tonal":
                canvas.drawRoundRect(r, rad, rad, fill_paint(0xFFD3E3FD))
            else:
                canvas.drawRoundRect(r, rad, rad, stroke_paint(theme.CONTROL_OFF, dp(1)))
        super().on_draw(canvas)


class ImageView(View):
    """Shows a named vector icon (`icons.py`), scaled to fit, centred."""

    a11y_class = "android.widget.ImageView"
    icon = Prop(None, layout=False)
    icon_color = Prop(theme.ICON, layout=False)
    icon_size = Prop(dp(24))

    def __init__(self, icon: str | None = None, *, icon_color: int = theme.ICON,
                 icon_size: int | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.icon = icon
        self.icon_color = icon_color
        self.icon_size = dp(24) if icon_size is None else icon_size

    def content_size(self, ws: Spec, hs: Spec) -> tuple[int, int]:
        return (self.icon_size, self.icon_size)

    def on_draw(self, canvas: skia.Canvas) -> None:
        if not self.icon:
            return
        b = self._bounds
        pl, pt, pr, pb = self._padding
        inner = Rect(b.left + pl, b.top + pt, b.right - pr, b.bottom - pb)
        s = min(self.icon_size, inner.width, inner.height)
        if s <= 0:
            return
        cx, cy = inner.center
        color = self.icon_color if self.enabled else theme.DISABLED_TEXT
        draw_icon(canvas, self.icon, Rect(cx - s // 2, cy - s // 2, cx - s // 2 + s, cy - s // 2 + s),
                  color)


class ImageButton(ImageView):
    """A borderless icon button (48 dp touch target by default); FABs use it too."""

    a11y_class = "android.widget.ImageButton"

    def __init__(self, icon: str | None = None, *, clickable: bool = True, focusable: bool = True,
                 padding: Any = None, **kw: Any) -> None:
        super().__init__(icon, clickable=clickable, focusable=focusable,
                         padding=dp(12) if padding is None else padding, **kw)


class CompoundButton(TextView):
    """Base of two-state buttons: a control drawn beside the text; a click toggles `checked`
    and calls `on_checked_change(view, checked)` then `on_click`."""

    control_at_end: bool = False

    def __init__(self, text: str = "", *, checked: bool = False,
                 on_checked_change: Callable | None = None, clickable: bool = True,
                 focusable: bool = True, checkable: bool = True, gravity: str = "start|center_vertical",
                 min_height: int | None = None, **kw: Any) -> None:
        super().__init__(text, checked=checked, clickable=clickable, focusable=focusable,
                         checkable=checkable, gravity=gravity,
                         min_height=dp(48) if min_height is None else min_height, **kw)
        self.on_checked_change = on_checked_change

    def control_size(self) -> tuple[int, int]:
        return (dp(32), dp(24))

    def content_size(self, ws: Spec, hs: Spec) -> tuple[int, int]:
        cw, ch = self.control_size()
        gap = dp(8) if self.text else 0
        tws = ws if ws[0] == UNSPECIFIED else (ws[0], max(0, ws[1] - cw - gap))
        tw, th = self._text_extent(self.display_text(), tws) if self.text else (0, 0)
        return tw + cw + gap, max(th, ch)

    def text_rect(self) -> Rect:
        r = super().text_rect()
        cw, _ = self.control_size()
        gap = dp(8)
        if self.control_at_end:
            return Rect(r.left, r.top, r.right - cw - gap, r.bottom)
        return Rect(r.left + cw + gap, r.top, r.right, r.bottom)

    def control_rect(self) -> Rect:
        b = self._bounds
        pl, pt, pr, pb = self._padding
        cw, ch = self.control_size()
        cy = (b.top + pt + b.bottom - pb) // 2
        x = b.right - pr - cw if self.control_at_end else b.left + pl
        return Rect(x, cy - ch // 2, x + cw, cy - ch // 2 + ch)

    def set_checked(self, checked: bool) -> None:
        """Change the state as the user would (listener called when it changed)."""
        if bool(checked) != self.checked:
            self.checked = bool(checked)
            if self.on_checked_change is not None:
                call_back(self.on_checked_change, self, self.checked)

    def toggle(self) -> None:
        self.set_checked(not self.checked)

    def perform_click(self) -> bool:
        if not self.enabled or not self.clickable:
            return False
        self.toggle()
        if self.on_click is not None:
            call_back(self.on_click, self)
        return True

    def draw_control(self, canvas: skia.Canvas, r: Rect) -> None:
        raise NotImplementedError

    def on_draw(self, canvas: skia.Canvas) -> None:
        self.draw_control(canvas, self.control_rect())
        super().on_draw(canvas)


class CheckBox(CompoundButton):
    """`tint`, when set, colours the box in both states (an app's own button tint, e.g.
    Tasks.org's priority colours)."""

    a11y_class = "android.widget.CheckBox"
    tint = Prop(None, layout=False)

    def control_size(self) -> tuple[int, int]:
        return (dp(24), dp(24))

    def draw_control(self, canvas: skia.Canvas, r: Rect) -> None:
        color = (theme.PRIMARY if self.checked else theme.CONTROL_OFF) if self.enabled else theme.DISABLED_TEXT
        if self.tint is not None and self.enabled:
            color = self.tint
        draw_icon(canvas, "check_box" if self.checked else "check_box_outline", r, color)


class RadioButton(CompoundButton):
    """A radio button: a click only checks it; inside a RadioGroup the others uncheck."""

    a11y_class = "android.widget.RadioButton"

    def control_size(self) -> tuple[int, int]:
        return (dp(24), dp(24))

    def toggle(self) -> None:
        if not self.checked:
            group = self.parent
            if isinstance(group, RadioGroupMixin):
                group.check(self)
            else:
                self.set_checked(True)

    def draw_control(self, canvas: skia.Canvas, r: Rect) -> None:
        color = (theme.PRIMARY if self.checked else theme.CONTROL_OFF) if self.enabled else theme.DISABLED_TEXT
        draw_icon(canvas, "radio_on" if self.checked else "radio_off", r, color)


class RadioGroupMixin:
    """Marker + behaviour for RadioGroup (defined in layouts.py on top of LinearLayout)."""

    on_checked_change: Callable | None

    def check(self, radio: RadioButton | str | None) -> None:
        """Check one child radio (view or id) and uncheck the others; None clears all."""
        target: RadioButton | None
        if isinstance(radio, str):
            found = self.find(radio)  # type: ignore[attr-defined]
            if not isinstance(found, RadioButton):
                raise KeyError(f"no RadioButton with id {radio!r} in this group")
            target = found
        else:
            target = radio
        for c in self.children:  # type: ignore[attr-defined]
            if isinstance(c, RadioButton) and c is not target and c.checked:
                c.set_checked(False)
        if target is not None and not target.checked:
            target.set_checked(True)
        listener = getattr(self, "on_checked_change", None)
        if listener is not None:
            call_back(listener, self, target)

    @property
    def checked_button(self) -> RadioButton | None:
        for c in self.children:  # type: ignore[attr-defined]
            if isinstance(c, RadioButton) and c.checked:
                return c
        return None


class Switch(CompoundButton):
    """A Material switch: text at the start, track and thumb at the end."""

    a11y_class = "android.widget.Switch"
    control_at_end = True

    def control_size(self) -> tuple[int, int]:
        return (dp(52), dp(32))

    def draw_control(self, canvas: skia.Canvas, r: Rect) -> None:
        on = self.checked
        track = theme.PRIMARY if on else theme.SWITCH_TRACK_OFF
        if not self.enabled:
            track = 0x1F1F1F1F
        rad = r.height / 2
        canvas.drawRoundRect(srect(r), rad, rad, fill_paint(track))
        cx = r.right - rad if on else r.left + rad
        canvas.drawCircle(cx, r.top + rad, rad - dp(4) if on else rad - dp(8),
                          fill_paint(theme.WHITE if on else theme.CONTROL_OFF))


class CheckedTextView(TextView):
    """A list row with a check mark ("radio", "check" or None) at its start; checkable."""

    a11y_class = "android.widget.CheckedTextView"
    check_mark = Prop(None)

    def __init__(self, text: str = "", *, check_mark: str | None = None, checkable: bool = True,
                 gravity: str = "start|center_vertical", padding: Any = None,
                 min_height: int | None = None, **kw: Any) -> None:
        super().__init__(text, checkable=checkable, gravity=gravity,
                         padding=(dp(24), dp(8)) if padding is None else padding,
                         min_height=dp(48) if min_height is None else min_height, **kw)
        if check_mark not in (None, "radio", "check"):
            raise ValueError(f"check_mark must be None, 'radio' or 'check'; got {check_mark!r}")
        self.check_mark = check_mark

    def _mark_w(self) -> int:
        return dp(24) + dp(20) if self.check_mark else 0

    def content_size(self, ws: Spec, hs: Spec) -> tuple[int, int]:
        m = self._mark_w()
        tws = ws if ws[0] == UNSPECIFIED else (ws[0], max(0, ws[1] - m))
        w, h = self._text_extent(self.display_text(), tws)
        return w + m, max(h, dp(24) if self.check_mark else 0)

    def text_rect(self) -> Rect:
        r = super().text_rect()
        return Rect(r.left + self._mark_w(), r.top, r.right, r.bottom)

    def on_draw(self, canvas: skia.Canvas) -> None:
        if self.check_mark:
            b = self._bounds
            pl = self._padding[0]
            cy = b.center[1]
            r = Rect(b.left + pl, cy - dp(12), b.left + pl + dp(24), cy + dp(12))
            col = theme.PRIMARY if self.checked else theme.CONTROL_OFF
            if self.check_mark == "radio":
                draw_icon(canvas, "radio_on" if self.checked else "radio_off", r, col)
            else:
                draw_icon(canvas, "check_box" if self.checked else "check_box_outline", r, col)
        super().on_draw(canvas)


class SeekBar(View):
    """A slider (android.widget.SeekBar): dragging or tapping the track sets `progress` in
    0..max; `on_progress_changed(view, progress, from_user)` follows every change."""

    a11y_class = "android.widget.SeekBar"
    wants_touch_events = True
    progress = Prop(0, layout=False)

    def __init__(self, *, max: int = 100, progress: int = 0,
                 on_progress_changed: Callable | None = None,
                 on_stop_tracking: Callable | None = None, focusable: bool = True,
                 width: int = MATCH_PARENT, height: int | None = None, padding: Any = None,
                 **kw: Any) -> None:
        if max <= 0:
            raise ValueError(f"SeekBar max must be positive; got {max}")
        super().__init__(focusable=focusable, width=width,
                         height=dp(48) if height is None else height,
                         padding=(dp(16), 0) if padding is None else padding, **kw)
        self.max = max
        self.on_progress_changed = on_progress_changed
        self.on_stop_tracking = on_stop_tracking
        p = int(progress)
        self.progress = 0 if p < 0 else min(p, max)

    def set_progress(self, value: int, *, from_user: bool = False) -> None:
        """Set the position (clamped to 0..max); the listener runs when it changed."""
        value = max(0, min(self.max, int(value)))
        if value != self.progress:
            self.progress = value
            if self.on_progress_changed is not None:
                call_back(self.on_progress_changed, self, value, from_user)

    def _track(self) -> tuple[int, int]:
        b = self._bounds
        return b.left + self._padding[0], b.right - self._padding[2]

    def value_at(self, x: int) -> int:
        """The progress a touch at screen x selects."""
        lo, hi = self._track()
        if hi <= lo:
            return 0
        frac = (x - lo) / (hi - lo)
        return int(round(max(0.0, min(1.0, frac)) * self.max))

    def on_touch_event(self, action: str, x: int, y: int) -> bool:
        if action in ("down", "move", "up"):
            self.set_progress(self.value_at(x), from_user=True)
        if action in ("up", "cancel") and self.on_stop_tracking is not None:
            call_back(self.on_stop_tracking, self)
        return True

    def on_key(self, name: str) -> bool:
        return False

    def on_draw(self, canvas: skia.Canvas) -> None:
        lo, hi = self._track()
        cy = self._bounds.center[1]
        frac = self.progress / self.max
        x = lo + (hi - lo) * frac
        active = theme.PRIMARY if self.enabled else theme.DISABLED_TEXT
        canvas.drawRoundRect(skia.Rect.MakeLTRB(lo, cy - dp(2), hi, cy + dp(2)), dp(2), dp(2),
                             fill_paint(0x3D1A73E8))
        canvas.drawRoundRect(skia.Rect.MakeLTRB(lo, cy - dp(2), x, cy + dp(2)), dp(2), dp(2),
                             fill_paint(active))
        canvas.drawCircle(x, cy, dp(10), fill_paint(active))


class Spinner(View):
    """A drop-down selector: shows the selected item in a child TextView `android:id/text1`;
    a click opens a popup window listing CheckedTextView rows (`android:id/text1`)."""

    a11y_class = "android.widget.Spinner"

    def __init__(self, items: list[str] | tuple[str, ...] = (), *, selection: int = 0,
                 on_item_selected: Callable | None = None, clickable: bool = True,
                 focusable: bool = True, padding: Any = None, min_height: int | None = None,
                 text_size: float | None = None, text_color: int = theme.TEXT,
                 arrow_color: int = theme.ICON, **kw: Any) -> None:
        super().__init__(clickable=clickable, focusable=focusable,
                         padding=(dp(16), 0, dp(36), 0) if padding is None else padding,
                         min_height=dp(48) if min_height is None else min_height,
                         gravity="start|center_vertical", **kw)
        self.on_item_selected = on_item_selected
        self.arrow_color = arrow_color
        self._label = TextView("", id="android:id/text1", max_lines=1, text_size=text_size,
                               text_color=text_color, padding=(0, dp(4)))
        self.add(self._label)
        self._items: list[str] = []
        self._selection = 0
        self.set_items(list(items), selection)

    @property
    def items(self) -> list[str]:
        return list(self._items)

    @property
    def selection(self) -> int:
        return self._selection

    def set_items(self, items: list[str], selection: int = 0) -> None:
        self._items = [str(i) for i in items]
        self._selection = 0
        if self._items:
            self.set_selection(selection, notify=False)
        else:
            self._label.text = ""

    def set_selection(self, index: int, *, notify: bool = True) -> None:
        """Select item `index` (IndexError naming it when out of range)."""
        if not 0 <= index < len(self._items):
            raise IndexError(f"spinner selection {index} out of range 0..{len(self._items) - 1}")
        changed = index != self._selection
        self._selection = index
        self._label.text = self._items[index]
        if notify and self.on_item_selected is not None:
            call_back(self.on_item_selected, self, index, self._items[index])
        if changed:
            self.invalidate()

    @property
    def selected_item(self) -> str | None:
        return self._items[self._selection] if self._items else None

    def on_draw(self, canvas: skia.Canvas) -> None:
        b = self._bounds
        cy = b.center[1]
        r = Rect(b.right - dp(32), cy - dp(12), b.right - dp(8), cy + dp(12))
        draw_icon(canvas, "arrow_drop_down", r, self.arrow_color)

    def perform_click(self) -> bool:
        if not super().perform_click():
            return False
        self.open_dropdown()
        return True

    def open_dropdown(self) -> bool:
        """Show the drop-down list as a popup window below the spinner (needs a window
        manager; returns False when the spinner is not on screen)."""
        host = self.window
        if host is None or host._wm is None or not self._items:
            return False
        from .lists import ListView
        from .window import Window

        wm = host._wm
        lst = ListView(id="", width=MATCH_PARENT, height=WRAP_CONTENT, background=theme.SURFACE,
                       padding=(0, dp(8)))
        popup_holder: list[Any] = []

        def choose(i: int) -> None:
            if popup_holder and popup_holder[0] in wm.windows:
                wm.remove(popup_holder[0])
            self.set_selection(i)

        for i, item in enumerate(self._items):
            row = CheckedTextView(item, id="android:id/text1", width=MATCH_PARENT,
                                  checked=(i == self._selection), max_lines=1, clickable=True)
            row.on_click = (lambda i=i: choose(i))
            lst.add(row)
        b = self.bounds
        lst.measure((EXACTLY, b.width), (AT_MOST, wm.height))
        h = min(lst._mh, wm.height - b.top)
        top = max(0, min(b.top, wm.height - h))
        win = Window(lst, package=host.package, kind="popup",
                     bounds=Rect(b.left, top, b.right, top + h),
                     on_outside_touch=lambda: wm.remove(win) if win in wm.windows else None)
        popup_holder.append(win)
        wm.add(win)
        return True
