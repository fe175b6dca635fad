"""Markor's editor: DocumentActivity and the edit pane it shares with the To-Do / QuickNote tabs
(reference/apps.md B.6).

Edits go to a HighlightingEditor (an EditText) with undo/redo, the Markdown text-action bar and
a view mode. Leaving the editor auto-saves if the text changed and is at least 2 characters;
shorter text is not written and a toast says so. The toolbar Save action always writes.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from functools import partial

from mobile_gym.sim.apps.markor import chrome
from mobile_gym.sim.apps.markor.chrome import MenuItem, Toolbar
from mobile_gym.sim.apps.markor.files import (
    AUTOSAVE_TOO_SHORT_TOAST,
    MarkorFileError,
    MarkorFiles,
    SaveResult,
    title_of,
)
from mobile_gym.sim.apps.markor.text_actions import Edit, actions
from mobile_gym.sim.system.activity import ACTION_VIEW, Activity, Intent, IntentFilter
from mobile_gym.sim.ui.layouts import FrameLayout, LinearLayout
from mobile_gym.sim.ui.lists import HorizontalScrollView, ScrollView
from mobile_gym.sim.ui.text import line_metrics, text_width, wrap_lines
from mobile_gym.sim.ui.units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import EditText, ImageView, TextView

EDIT_MENU = [
    MenuItem("action_undo", "Undo", "undo"),
    MenuItem("action_redo", "Redo", "redo"),
    MenuItem("action_preview", "View mode", "visibility"),
    MenuItem("action_save", "Save", "save"),
    MenuItem("action_search", "Search", "search"),
    MenuItem("action_reload", "Reload", overflow=True),
    MenuItem("action_info", "Info", overflow=True),
]
VIEW_MENU = [
    MenuItem("action_edit", "Edit mode", "edit"),
    MenuItem("action_reload", "Reload", overflow=True),
    MenuItem("action_info", "Info", overflow=True),
]

TEXT_ACTION_ICONS = {
    "Check list": "check_box", "Unordered list": "format_list", "Bold": "format_bold",
    "Italic": "format_italic", "Delete lines": "delete", "Date and time": "schedule",
    "Inline code": "description", "Ordered list": "format_list", "Table": "apps", "Quote": "message",
    "Heading 1": "mk_h1", "Heading 2": "mk_h2", "Heading 3": "mk_h3", "Horizontal line": "remove",
    "Strike out": "mk_strike", "Accordion": "expand_more", "Indent": "arrow_forward",
    "De-indent": "arrow_back", "Start new line below": "enter",
    "Move text one line up": "arrow_upward", "Move text one line down": "arrow_downward",
}
HISTORY_LIMIT = 200
FIRST_VISIBLE_DELAY = 0.2  # seconds: GsFragmentBase's postDelayed before onFragmentFirstTimeVisible


class HighlightingEditor(EditText):
    """Markor's HighlightingEditor (an AppCompatEditText: dumps as android.widget.EditText).

    A tap puts the cursor where the finger landed (end of the last line when below the text),
    as a real EditText does.
    """

    last_touch: tuple[int, int] | None = None

    def perform_click(self) -> bool:
        if not super().perform_click():
            return False
        if self.last_touch is not None:
            self.set_selection(self.offset_at(*self.last_touch))
        return True

    def offset_at(self, x: int, y: int) -> int:
        """Text offset nearest to screen point (x, y)."""
        inner = self.text_rect()
        size, weight = self.text_size, self.weight_name
        text = self.text
        lh = max(1, line_metrics(size, weight).height)
        row = max(0, (y - inner.top) // lh)
        visual: list[tuple[int, str]] = []  # (start offset, shown line)
        pos = 0
        for para in text.split("\n"):
            for line in wrap_lines(para, size, weight, float(max(1, inner.width)), None) or ("",):
                start = text.find(line, pos) if line else pos
                start = pos if start < 0 else start
                visual.append((start, line))
                pos = start + len(line)
            pos = text.find("\n", pos)
            pos = len(text) if pos < 0 else pos + 1
        if not visual:
            return 0
        if row >= len(visual):
            start, line = visual[-1]
            return start + len(line)
        start, line = visual[row]
        dx = x - inner.left
        best = 0
        for k in range(len(line) + 1):
            if text_width(line[:k], size, weight) <= dx:
                best = k
            else:
                break
        if best < len(line):
            left = text_width(line[:best], size, weight)
            right = text_width(line[:best + 1], size, weight)
            if dx - left > right - dx:
                best += 1
        return start + best


class EditorPane:
    """The DocumentEditAndViewFragment views and logic for one file."""

    def __init__(self, activity: Activity, files: MarkorFiles, path: str,
                 on_menu_changed: Callable[[], None]) -> None:
        self.activity = activity
        self.on_menu_changed = on_menu_changed  # the host's toolbar shows menu_items() again
        self.files = files
        self.path = path
        self.view_mode = False
        try:
            self.saved_text = files.read_text(path)
        except MarkorFileError as exc:
            activity.ctx.log("E", "net.gsantner.markor.model.Document", str(exc))
            self.saved_text = ""
        self.history: list[str] = [self.saved_text]
        self.position = 0
        self._applying = False

        self.editor = HighlightingEditor(self.saved_text, id="document__fragment__edit__highlighting_editor",
                                         input_type="textMultiLine|textCapSentences", width=MATCH_PARENT,
                                         height=WRAP_CONTENT, text_size=sp(15), gravity="start|top",
                                         padding=(dp(12), dp(8)), on_text_changed=self._on_text_changed)
        self.editor.underline = False
        self.editor.min_height = dp(640)
        self.editor.set_selection(0)
        self.scroll = ScrollView(id="document__fragment__edit__content_editor__scrolling_parent",
                                 width=MATCH_PARENT, height=0, weight=1)
        self.scroll.add(self.editor)
        bar = LinearLayout("horizontal", id="document__fragment__edit__text_actions_bar",
                           height=dp(48), width=WRAP_CONTENT, gravity="center_vertical")
        self._actions = actions(self._now_text())
        for desc in self._actions:
            bar.add(ImageView(TEXT_ACTION_ICONS[desc], content_desc=desc, width=dp(44), height=dp(48),
                              padding=(dp(10), dp(12)), clickable=True, focusable=True,
                              long_clickable=True, icon_color=0xFF424242,
                              on_click=partial(self.apply_action, desc)))
        self.bar_scroll = HorizontalScrollView(
            id="document__fragment__edit__text_actions_bar__scrolling_parent", width=MATCH_PARENT,
            height=dp(48), background=0xFFEEEEEE)
        self.bar_scroll.add(bar)
        self.webview = ScrollView(id="document__fragment_view_webview", width=MATCH_PARENT, height=0,
                                  weight=1, visibility="gone")
        self.webview.a11y_class = "android.webkit.WebView"
        self.rendered = TextView("", width=MATCH_PARENT, text_size=sp(15), padding=(dp(12), dp(8)),
                                 text_color=chrome.PRIMARY_TEXT)
        self.webview.add(self.rendered)
        column = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT)
        column.add(self.scroll, self.webview, self.bar_scroll)
        inner = FrameLayout(width=MATCH_PARENT, height=MATCH_PARENT, background=chrome.BACKGROUND)
        inner.add(column)
        self.view = FrameLayout(id="document__placeholder_fragment", width=MATCH_PARENT, height=MATCH_PARENT)
        self.view.add(inner)

    # -- helpers -----------------------------------------------------------------------------
    def _now_text(self) -> str:
        dt = self.activity.ctx.clock.datetime()
        return dt.strftime("%Y-%m-%d %H:%M")

    @property
    def text(self) -> str:
        return self.editor.text

    def menu_items(self) -> list[MenuItem]:
        return VIEW_MENU if self.view_mode else EDIT_MENU

    def _on_text_changed(self, _view: View, text: str) -> None:
        if self._applying:
            return
        del self.history[self.position + 1:]
        self.history.append(text)
        if len(self.history) > HISTORY_LIMIT:
            self.history.pop(0)
        self.position = len(self.history) - 1

    def _set_text(self, text: str, cursor: int | None = None) -> None:
        self._applying = True
        try:
            self.editor.set_text(text)
        finally:
            self._applying = False
        if cursor is not None:
            self.editor.set_selection(cursor)

    # -- actions -----------------------------------------------------------------------------
    def apply_action(self, desc: str) -> None:
        """Run one text-action button on the editor's text and selection."""
        if self.view_mode:
            return
        self._actions = actions(self._now_text())
        start, end = self.editor.selection
        out = self._actions[desc](Edit(self.editor.text, start, end))
        self.editor.set_text(out.text)  # records history through on_text_changed
        self.editor.set_selection(out.start, out.end)
        self.editor.request_focus()

    def jump_to(self, offset: int) -> None:
        """Put the cursor at `offset` and bring that line into view (search results)."""
        self.editor.request_focus()
        self.editor.set_selection(offset)

    def undo(self) -> None:
        if self.position > 0:
            self.position -= 1
            self._set_text(self.history[self.position])

    def redo(self) -> None:
        if self.position + 1 < len(self.history):
            self.position += 1
            self._set_text(self.history[self.position])

    def save(self, *, force: bool) -> SaveResult:
        result = self.files.save_document(self.path, self.editor.text, self.saved_text, force=force)
        if result is SaveResult.SAVED:
            self.saved_text = self.editor.text
        return result

    def autosave(self, activity: Activity) -> None:
        """onPause: save if changed and >= 2 characters, else toast."""
        if self.save(force=False) is SaveResult.TOO_SHORT:
            activity.show_toast(AUTOSAVE_TOO_SHORT_TOAST)

    def reload_if_unchanged(self) -> None:
        """On resume, show the file's current content unless there are unsaved edits."""
        if self.editor.text != self.saved_text or not self.files.is_file(self.path):
            return
        disk = self.files.read_text(self.path)
        if disk != self.saved_text:
            self.saved_text = disk
            self._set_text(disk, 0)
            self.history = [disk]
            self.position = 0

    def set_view_mode(self, on: bool) -> None:
        self.view_mode = on
        if on:
            self.rendered.text = self.editor.text
            self.editor.clear_focus()
        self.scroll.visibility = "gone" if on else "visible"
        self.bar_scroll.visibility = "gone" if on else "visible"
        self.webview.visibility = "visible" if on else "gone"

    def on_menu_item(self, item_id: str) -> None:
        if item_id == "action_undo":
            self.undo()
        elif item_id == "action_redo":
            self.redo()
        elif item_id == "action_save":
            self.save(force=True)
        elif item_id == "action_preview":
            self.save(force=False)
            self.set_view_mode(True)
        elif item_id == "action_edit":
            self.set_view_mode(False)
        elif item_id == "action_reload":
            if self.files.is_file(self.path):
                self.saved_text = self.files.read_text(self.path)
                self._set_text(self.saved_text, 0)
        elif item_id == "action_info":
            from mobile_gym.sim.apps.markor.dialogs import details_dialog
            details_dialog(self.activity, self.files, self.path)
        elif item_id == "action_search":
            from mobile_gym.sim.apps.markor.dialogs import search_in_text_dialog
            search_in_text_dialog(self.activity, self.editor.text, self.jump_to)
        self.on_menu_changed()


def document_path(intent: Intent) -> str:
    """The file a DocumentActivity intent names: extra `path` / `EXTRA_PATH`, or a file: URI."""
    for key in ("path", "EXTRA_PATH"):
        value = intent.extras.get(key)
        if value:
            return posixpath.normpath(str(value))
    data = intent.data or ""
    if data.startswith("file://"):
        return posixpath.normpath(data[len("file://"):])
    if data.startswith("/"):
        return posixpath.normpath(data)
    return ""


class DocumentActivity(Activity):
    """`net.gsantner.markor/.activity.DocumentActivity`: one file in the editor."""

    intent_filters = (IntentFilter((ACTION_VIEW, "android.intent.action.EDIT"), schemes=("file",),
                                   mime_types=("text/*",)),)

    def on_create(self) -> None:
        self.files = MarkorFiles(self.ctx.storage)
        self.pane: EditorPane | None = None
        path = document_path(self.intent)
        if not path or self.files.is_dir(path):
            # nothing to open: Markor logs it and closes the editor
            self.ctx.log("E", "net.gsantner.markor.model.Document", f"loadDocument:  File {path} not found.")
            self.finish()
            return
        pane = self.pane = EditorPane(self, self.files, path, self.refresh_menu)
        self.toolbar = Toolbar(title_id="note__activity__text_note_title", navigation=self.finish)
        self.toolbar.set_title(title_of(posixpath.basename(path)))
        root = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT, background=chrome.BACKGROUND)
        root.add(self.toolbar.appbar, pane.view)
        self.refresh_menu()
        self.set_content(root)
        if not pane.saved_text:
            pane.editor.request_focus()  # a new, empty document opens with the keyboard
        # GsFragmentBase runs onFragmentFirstTimeVisible 200 ms after the first resume; it puts
        # the cursor at the last edit position (default: the end) and focuses the editor
        # (TextViewUtils.setSelectionAndShow); stateUnchanged leaves the keyboard as it was
        self.ctx.post_delayed(FIRST_VISIBLE_DELAY, self._first_time_visible)

    def _first_time_visible(self) -> None:
        pane = self.pane
        if pane is None or self.is_finishing or pane.view_mode:
            return
        editor = pane.editor
        length = len(editor.text)
        start = self.markor_prefs.last_edit_position.get(pane.path, length)
        if not 0 <= start <= length:
            return
        if not editor.focused:
            editor.request_focus_without_keyboard()
        editor.set_selection(start)

    @property
    def markor_prefs(self):
        return self.app.prefs  # type: ignore[attr-defined]

    def refresh_menu(self) -> None:
        if self.pane is not None:
            self.toolbar.set_menu(self.pane.menu_items(), self.pane.on_menu_item, self._show_overflow)

    def _show_overflow(self, anchor: View, items: list[MenuItem]) -> None:
        if self.pane is not None:
            chrome.show_menu(self, anchor.bounds, items, self.pane.on_menu_item)

    def on_resume(self) -> None:
        if self.pane is not None:
            self.pane.reload_if_unchanged()

    def on_pause(self) -> None:
        if self.pane is not None:
            self.pane.autosave(self)
            if self.files.exists(self.pane.path):
                self.markor_prefs.last_edit_position[self.pane.path] = self.pane.editor.selection[0]

    def on_back(self) -> bool:
        if self.pane is not None and self.pane.view_mode:
            self.pane.set_view_mode(False)
            self.refresh_menu()
            return True
        self.finish()
        return True
