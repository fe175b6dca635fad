"""A Gboard-like on-screen keyboard made of tappable key views.

Pages: letters (QWERTY, shift: off -> one letter -> caps lock -> off), "?123" (digits and
common symbols) and "=\\<" (more symbols). Keys commit to the editor returned by `target()`
through `commit_text` / `delete_backward` / `editor_action`, exactly as an IME would, so a
touch-only agent can type. The keyboard is meant to be shown in an "ime" window of package
`IME_PACKAGE`; like the real IME window it appears in the uiautomator dump (each key a
clickable node with its label as content-desc).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import skia

from . import theme
from .geometry import Rect
from .icons import draw_icon
from .layouts import LinearLayout
from .render import fill_paint, srect
from .units import MATCH_PARENT, dp, sp
from .view import View
from .window import Window

IME_PACKAGE = "com.google.android.inputmethod.latin"

LETTER_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
SYMBOL_ROWS = ("1234567890", "@#$_&-+()/", "*\"':;!?")
SYMBOL2_ROWS = ("~`|\u2022\u221a\u03c0\u00f7\u00d7\u00b6\u2206", "\u00a3\u00a2\u20ac\u00a5^\u00b0={}",
                "\\%\u00a9\u00ae\u2122\u2713[]")

_ACTION_DESC = {"done": "Done", "next": "Next", "search": "Search", "go": "Go", "send": "Send",
                "none": "Enter"}
_ACTION_ICON = {"done": "check", "next": "arrow_forward", "search": "search", "go": "arrow_forward",
                "send": "arrow_forward"}
_TARGET: Any = object()  # "ask target()": an editor argument that was not given


class KeyView(View):
    """One key: a rounded cap with a text label or an icon; clickable."""

    a11y_class = "android.widget.FrameLayout"

    def __init__(self, label: str, *, icon: str | None = None, desc: str | None = None,
                 function_key: bool = False, on_press: Callable[[KeyView], None],
                 weight: float = 1.0, key_id: str = "") -> None:
        super().__init__(id=key_id, content_desc=desc if desc is not None else label,
                         width=0, height=MATCH_PARENT, weight=weight, clickable=True,
                         on_click=on_press)
        self.label = label
        self.icon = icon
        self.function_key = function_key
        self.highlight = False

    def set_face(self, label: str, desc: str, icon: str | None = None,
                 highlight: bool = False) -> None:
        """Change what the key shows (shift state, enter action)."""
        if (label, desc, icon, highlight) != (self.label, self.content_desc, self.icon, self.highlight):
            self.label = label
            self.icon = icon
            self.highlight = highlight
            self.content_desc = desc
            self.invalidate()

    def on_draw(self, canvas: skia.Canvas) -> None:
        b = self._bounds
        cap = Rect(b.left + dp(3), b.top + dp(5), b.right - dp(3), b.bottom - dp(5))
        if self.highlight:
            color = theme.PRIMARY
        else:
            color = theme.KEY_FN_BG if self.function_key else theme.KEY_BG
        canvas.drawRoundRect(srect(cap), dp(6), dp(6), fill_paint(color))
        fg = theme.WHITE if self.highlight else theme.TEXT
        if self.icon:
            s = dp(22)
            cx, cy = cap.center
            draw_icon(canvas, self.icon, Rect(cx - s // 2, cy - s // 2, cx - s // 2 + s, cy - s // 2 + s), fg)
        elif self.label:
            size = float(sp(15)) if self.function_key or len(self.label) > 1 else float(sp(22))
            from .text import line_metrics

            lh = line_metrics(size, "regular").height
            self.paint_text(canvas, self.label, (cap.left + cap.right) / 2,
                            cap.top + (cap.height - lh) / 2, size=size, color=fg, align="center")


class KeyboardView(LinearLayout):
    """The keyboard. `target()` returns the EditText to type into (or None); call
    `refresh()` when the focused editor changes so the enter key shows its action."""

    a11y_class = "android.widget.FrameLayout"

    def __init__(self, target: Callable[[], Any], *, row_height: int | None = None) -> None:
        super().__init__("vertical", width=MATCH_PARENT, height=-2, background=theme.KEYBOARD_BG,
                         padding=(dp(4), 0, dp(4), dp(8)))
        self.target = target
        self.page = "letters"
        self.shift = "off"  # off | once | locked
        self.row_height = row_height if row_height is not None else dp(54)
        self.add(View(width=MATCH_PARENT, height=dp(44)))  # suggestion strip (empty)
        self._pages: dict[str, list[LinearLayout]] = {}
        self._letter_keys: list[KeyView] = []
        self._shift_key: KeyView | None = None
        self._enter_keys: list[KeyView] = []
        self._build()
        self._show_page("letters")

    # ----- construction ---------------------------------------------------------------
    def _row(self, indent: float = 0) -> LinearLayout:
        row = LinearLayout("horizontal", width=MATCH_PARENT, height=self.row_height)
        if indent:
            row.add(View(width=0, height=MATCH_PARENT, weight=indent))
        return row

    def _char_key(self, ch: str, r: int, c: int) -> KeyView:
        return KeyView(ch, on_press=lambda k: self._type(k.label), key_id=f"key_pos_{r}_{c}")

    def _bottom_row(self, switch_label: str, switch_desc: str, switch_to: str) -> LinearLayout:
        row = self._row()
        row.add(KeyView(switch_label, desc=switch_desc, function_key=True, weight=1.5,
                        key_id="key_pos_switch_to_symbol" if switch_to != "letters"
                        else "key_pos_switch_to_alpha",
                        on_press=lambda k: self._show_page(switch_to)))
        row.add(KeyView(",", desc=",", on_press=lambda k: self._type(","), key_id="key_pos_3_1"))
        row.add(KeyView("", desc="Space", weight=5, on_press=lambda k: self._type(" "),
                        key_id="key_pos_space"))
        row.add(KeyView(".", desc=".", on_press=lambda k: self._type("."), key_id="key_pos_3_3"))
        enter = KeyView("", icon="enter", desc="Enter", function_key=True, weight=1.5,
                        on_press=lambda k: self._enter(), key_id="key_pos_ime_action")
        self._enter_keys.append(enter)
        row.add(enter)
        return row

    def _build(self) -> None:
        rows: list[LinearLayout] = []
        r0 = self._row()
        for c, ch in enumerate(LETTER_ROWS[0]):
            k = self._char_key(ch, 0, c)
            self._letter_keys.append(k)
            r0.add(k)
        r1 = self._row(0.5)
        for c, ch in enumerate(LETTER_ROWS[1]):
            k = self._char_key(ch, 1, c)
            self._letter_keys.append(k)
            r1.add(k)
        r1.add(View(width=0, height=MATCH_PARENT, weight=0.5))
        r2 = self._row()
        self._shift_key = KeyView("", icon="shift", desc="Shift", function_key=True, weight=1.5,
                                  on_press=lambda k: self._press_shift(), key_id="key_pos_shift")
        r2.add(self._shift_key)
        for c, ch in enumerate(LETTER_ROWS[2]):
            k = self._char_key(ch, 2, c + 1)
            self._letter_keys.append(k)
            r2.add(k)
        r2.add(self._delete_key())
        rows = [r0, r1, r2, self._bottom_row("?123", "Symbols", "symbols")]
        self._pages["letters"] = rows
        for name, table, more_label, more_desc, more_to in (
                ("symbols", SYMBOL_ROWS, "=\\<", "More symbols", "symbols2"),
                ("symbols2", SYMBOL2_ROWS, "?123", "Symbols", "symbols")):
            page = []
            for r, chars in enumerate(table[:2]):
                row = self._row()
                for c, ch in enumerate(chars):
                    row.add(self._char_key(ch, r, c))
                page.append(row)
            row = self._row()
            row.add(KeyView(more_label, desc=more_desc, function_key=True, weight=1.5,
                            on_press=self._page_switcher(more_to),
                            key_id="key_pos_2_0"))
            for c, ch in enumerate(table[2]):
                row.add(self._char_key(ch, 2, c + 1))
            row.add(self._delete_key())
            page.append(row)
            page.append(self._bottom_row("ABC", "Letters", "letters"))
            self._pages[name] = page
        for page in self._pages.values():
            for row in page:
                row.visibility = "gone"
                self.add(row)

    def _page_switcher(self, page: str) -> Callable[[KeyView], None]:
        def press(_key: KeyView) -> None:
            self._show_page(page)
        return press

    def _delete_key(self) -> KeyView:
        return KeyView("", icon="backspace", desc="Delete", function_key=True, weight=1.5,
                       on_press=lambda k: self._delete(), key_id="key_pos_del")

    # ----- state ----------------------------------------------------------------------
    def _show_page(self, name: str) -> None:
        if name not in self._pages:
            raise KeyError(f"unknown keyboard page {name!r}")
        self.page = name
        for pname, rows in self._pages.items():
            for row in rows:
                row.visibility = "visible" if pname == name else "gone"
        if name != "letters":
            self._set_shift("off")
        else:
            self._auto_shift()

    def _set_shift(self, state: str) -> None:
        self.shift = state
        up = state != "off"
        for k in self._letter_keys:
            ch = k.label.upper() if up else k.label.lower()
            k.set_face(ch, ch)
        if self._shift_key is not None:
            self._shift_key.set_face("", "Shift", "shift_on" if up else "shift",
                                     highlight=state == "locked")

    def _press_shift(self) -> None:
        self._set_shift({"off": "once", "once": "locked", "locked": "off"}[self.shift])

    def refresh(self, editor: Any = _TARGET) -> None:
        """Update the enter key (Done / Next / Search / Enter) and the automatic shift for
        `editor` (by default `target()`; a caller that already looked it up passes it)."""
        ed = self.target() if editor is _TARGET else editor
        action = "none"
        if ed is not None and hasattr(ed, "effective_ime_action"):
            action = ed.effective_ime_action()
        desc = _ACTION_DESC.get(action, "Enter")
        icon = _ACTION_ICON.get(action, "enter")
        for k in self._enter_keys:
            k.set_face("", desc, icon, highlight=action != "none")
        self._auto_shift(ed)

    def _auto_shift(self, editor: Any = _TARGET) -> None:
        """Gboard's auto-capitalisation for fields that ask for it: shift engages by itself
        at the start of a sentence (inputType textCapSentences: start of text, after ". ",
        "! ", "? " or a new line) or of a word (textCapWords)."""
        ed = self.target() if editor is _TARGET else editor
        mode = getattr(ed, "input_type", "") if ed is not None else ""
        if self.page != "letters" or self.shift == "locked" or \
                ("textCapSentences" not in mode and "textCapWords" not in mode):
            return
        before = ed.text[: ed.cursor]  # type: ignore[union-attr]
        if "textCapWords" in mode:
            want = before == "" or before[-1] in " \n"
        else:
            stripped = before.rstrip(" ")
            want = stripped == "" or stripped[-1] == "\n" or \
                (stripped[-1] in ".!?" and len(stripped) < len(before))
        if want != (self.shift == "once"):
            self._set_shift("once" if want else "off")

    # ----- typing ---------------------------------------------------------------------
    def _type(self, s: str) -> None:
        ed = self.target()
        if ed is not None:
            ed.commit_text(s)
        if self.shift == "once" and s.strip():
            self._set_shift("off")
        self._auto_shift()

    def _delete(self) -> None:
        ed = self.target()
        if ed is not None:
            ed.delete_backward()
        self._auto_shift()

    def _enter(self) -> None:
        ed = self.target()
        if ed is None:
            return
        if ed.effective_ime_action() != "none":
            ed.editor_action()
        else:
            ed.commit_text("\n")

    def key_for(self, ch: str) -> tuple[KeyView, ...]:
        """The keys to tap (switching pages/shift first if needed) to type `ch` from the
        current state; KeyError naming the character when the keyboard has no key for it."""
        cur_page, cur_shift = self.page, self.shift
        def find(page: str, label: str) -> KeyView | None:
            for row in self._pages[page]:
                for k in row.children:
                    if isinstance(k, KeyView) and (k.label == label or (not k.label and k.content_desc == label)):
                        return k
            return None
        if ch == " ":
            k = find(cur_page, "Space")
            assert k is not None
            return (k,)
        if ch in ",.":
            k = find(cur_page, ch)
            assert k is not None
            return (k,)
        if ch == "\n":
            return (self._enter_keys[["letters", "symbols", "symbols2"].index(cur_page)],)
        if ch.isalpha() and ch.lower() in "".join(LETTER_ROWS):
            seq: list[KeyView] = []
            if cur_page != "letters":
                seq.append(find(cur_page, "ABC"))  # type: ignore[arg-type]
                cur_shift = "off"
            want_upper = ch.isupper()
            if want_upper and cur_shift == "off":
                seq.append(self._shift_key)  # type: ignore[arg-type]
            elif not want_upper and cur_shift != "off":
                seq.append(self._shift_key)  # type: ignore[arg-type]
                if cur_shift == "once":
                    seq.append(self._shift_key)  # type: ignore[arg-type]
            idx = "".join(LETTER_ROWS).index(ch.lower())
            seq.append(self._letter_keys[idx])
            return tuple(seq)
        for page in ("symbols", "symbols2"):
            if any(ch in row for row in (SYMBOL_ROWS if page == "symbols" else SYMBOL2_ROWS)):
                seq = []
                if cur_page == "letters":
                    seq.append(find("letters", "?123"))  # type: ignore[arg-type]
                    cur_page = "symbols"
                if cur_page != page:
                    seq.append(find(cur_page, "=\\<" if page == "symbols2" else "?123"))  # type: ignore[arg-type]
                k = find(page, ch)
                assert k is not None
                seq.append(k)
                return tuple(seq)
        raise KeyError(f"the keyboard has no key for {ch!r}")


def ime_window(keyboard: KeyboardView) -> Window:
    """The keyboard in an "ime" window of the Gboard package (not focusable, bottom)."""
    return Window(keyboard, package=IME_PACKAGE, kind="ime", focusable=False)
