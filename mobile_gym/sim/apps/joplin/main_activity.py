"""MainActivity: Joplin's one React Native activity. Its screens are the note list of a notebook
(header with the "Sidebar" button and the notebook's title, one row per note, a to-do's row
with its checkbox labelled "to-do: <title>"), the side menu over it (the notebooks by title),
and the note screen ("Back", the title field, the body as the viewer renders it).

Every screen re-reads `joplin.sqlite` on resume, so rows a task seeds show up at once. Back
closes the side menu, then leaves a note, then leaves the app.
"""

from __future__ import annotations

from functools import partial

from mobile_gym.apps import joplin as model
from mobile_gym.sim.apps.joplin import db
from mobile_gym.sim.apps.joplin.markdown import blocks
from mobile_gym.sim.apps.joplin.rn import Column, Glyph, Row, WebViewBox
from mobile_gym.sim.system.activity import Activity
from mobile_gym.sim.ui.layouts import FrameLayout, ViewGroup
from mobile_gym.sim.ui.lists import ScrollView
from mobile_gym.sim.ui.units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import EditText, TextView

HEADER = 0xFF313640        # the default light theme's header (backgroundColor2)
HEADER_TEXT = 0xFFFFFFFF
TEXT = 0xFF32373F
FADED = 0xFF7C8B9E
SIDE_MENU = 0xFF313640
SELECTED = 0xFF4B5160
BACKGROUND = 0xFFFFFFFF
DIVIDER = 0xFFDDDDDD


class MainActivity(Activity):
    """`net.cozic.joplin/.MainActivity` (launcher)."""

    launch_mode = "singleTask"

    def on_create(self) -> None:
        db.ensure_created(self.ctx)
        self.folder_id: str | None = None
        self.note_id: str | None = None
        self.menu_open = False
        self.root = FrameLayout(width=MATCH_PARENT, height=MATCH_PARENT, background=BACKGROUND)
        self.set_content(self.root)

    def on_resume(self) -> None:
        self.render()

    def on_back(self) -> bool:
        if self.menu_open:
            self.menu_open = False
        elif self.note_id is not None:
            self.note_id = None
        else:
            self.finish()
            return True
        self.render()
        return True

    # -- state changes -----------------------------------------------------------------------
    def _toggle_menu(self) -> None:
        self.menu_open = not self.menu_open
        self.render()

    def _open_folder(self, folder_id: str) -> None:
        self.folder_id, self.note_id, self.menu_open = folder_id, None, False
        self.render()

    def _open_note(self, note_id: str) -> None:
        self.note_id = note_id
        self.render()

    def _back(self) -> None:
        self.on_back()

    def _tick(self, note: db.NotePreview) -> None:
        db.set_todo_completed(self.ctx, note.id, not note.todo_completed)
        self.render()

    def _todo_box(self, note: db.NotePreview) -> View:
        """The to-do checkbox (`accessibilityLabel` "to-do: <title>"); a tap ticks or unticks."""
        box = ViewGroup(content_desc=model.TODO_LABEL.format(title=note.title or model.UNTITLED),
                        clickable=True, focusable=True, checkable=True,
                        checked=note.todo_completed, width=dp(32), height=dp(32),
                        margin=(0, 0, dp(8), 0), on_click=lambda _v: self._tick(note))
        box.add(Glyph("check_box" if note.todo_completed else "check_box_outline",
                      icon_color=TEXT, width=dp(24), height=dp(24)))
        return box

    # -- drawing ------------------------------------------------------------------------------
    def render(self) -> None:
        """Rebuild the screen from the database (the React tree re-rendered from the store)."""
        folders = db.folders(self.ctx)
        ids = [f for f, _ in folders]
        if self.folder_id not in ids:
            self.folder_id = ids[0] if ids else None
        note = db.note(self.ctx, self.note_id) if self.note_id else None
        if note is None:
            self.note_id = None
        self.root.clear()
        if note is not None:
            self.root.add(self._note_screen(note))
            return
        title = dict(folders).get(self.folder_id or "", "")
        self.root.add(self._notes_screen(title))
        if self.menu_open:
            self.root.add(self._side_menu(folders))

    def _header(self, title: str, *, back: bool) -> View:
        bar = Row(width=MATCH_PARENT, height=dp(56), background=HEADER, gravity="center_vertical")
        if back:
            button = ViewGroup(content_desc=model.BACK, clickable=True, focusable=True,
                               width=dp(56), height=dp(56), padding=dp(16),
                               on_click=lambda _v: self._back())
            button.add(Glyph("arrow_back", icon_color=HEADER_TEXT, width=dp(24), height=dp(24)))
        else:
            button = ViewGroup(content_desc=model.SIDEBAR, clickable=True, focusable=True,
                               width=dp(56), height=dp(56), padding=dp(16),
                               on_click=lambda _v: self._toggle_menu())
            button.add(Glyph("menu", icon_color=HEADER_TEXT, width=dp(24), height=dp(24)))
        bar.add(button)
        if title:
            bar.add(TextView(title, text_size=sp(18), text_color=HEADER_TEXT, max_lines=1,
                             width=0, weight=1, bold=True))
        return bar

    def _notes_screen(self, title: str) -> View:
        screen = Column(width=MATCH_PARENT, height=MATCH_PARENT)
        screen.add(self._header(title, back=False))
        notes = db.notes_in(self.ctx, self.folder_id) if self.folder_id else []
        if not notes:
            screen.add(TextView(model.NO_NOTES, text_size=sp(16), text_color=FADED,
                                width=MATCH_PARENT, padding=dp(16), gravity="center"))
            return screen
        listing = ScrollView(width=MATCH_PARENT, height=0, weight=1)
        items = Column(width=MATCH_PARENT, height=WRAP_CONTENT)
        for n in notes:
            items.add(self._note_row(n))
        listing.add(items)
        screen.add(listing)
        return screen

    def _note_row(self, note: db.NotePreview) -> View:
        title = note.title or model.UNTITLED
        touch = ViewGroup(width=MATCH_PARENT, height=WRAP_CONTENT, clickable=True, focusable=True,
                          long_clickable=True, on_click=lambda _v: self._open_note(note.id))
        row = Row(width=MATCH_PARENT, height=WRAP_CONTENT, min_height=dp(48),
                  gravity="center_vertical", padding=(dp(16), dp(10)))
        if note.is_todo:
            row.add(self._todo_box(note))
        row.add(TextView(title, text_size=sp(16), text_color=FADED if note.todo_completed else TEXT,
                         width=0, weight=1))
        touch.add(row)
        frame = Column(width=MATCH_PARENT, height=WRAP_CONTENT)
        frame.add(touch, View(width=MATCH_PARENT, height=1, background=DIVIDER))
        return frame

    def _side_menu(self, folders: list[tuple[str, str]]) -> View:
        overlay = Row(width=MATCH_PARENT, height=MATCH_PARENT)
        panel = Column(width=dp(280), height=MATCH_PARENT, background=SIDE_MENU)
        scroll = ScrollView(width=MATCH_PARENT, height=0, weight=1)
        items = Column(width=MATCH_PARENT, height=WRAP_CONTENT, padding=(0, dp(8)))
        for folder_id, title in folders:
            selected = folder_id == self.folder_id
            item = ViewGroup(width=MATCH_PARENT, height=dp(44), clickable=True, focusable=True,
                             long_clickable=True, background=SELECTED if selected else None,
                             on_click=partial(lambda fid, _v: self._open_folder(fid), folder_id))
            item.add(TextView(title or model.UNTITLED, text_size=sp(16), text_color=HEADER_TEXT,
                              max_lines=1, width=MATCH_PARENT, padding=(dp(16), dp(12))))
            items.add(item)
        items.add(View(width=MATCH_PARENT, height=1, background=FADED, margin=(0, dp(15))))
        for label, icon in ((model.NEW_NOTEBOOK, "folder"), (model.CONFIGURATION, "settings")):
            button = Row(width=MATCH_PARENT, height=dp(44), gravity="center_vertical",
                         padding=(dp(16), 0))
            button.add(Glyph(icon, icon_color=HEADER_TEXT, width=dp(24), height=dp(24)),
                       TextView(label, text_size=sp(16), text_color=HEADER_TEXT,
                                padding=(dp(16), 0, 0, 0)))
            items.add(button)
        scroll.add(items)
        panel.add(scroll)
        shade = ViewGroup(width=0, weight=1, height=MATCH_PARENT, background=0x80000000,
                          clickable=True, on_click=lambda _v: self._toggle_menu())
        overlay.add(panel, shade)
        return overlay

    def _note_screen(self, note: db.NotePreview) -> View:
        screen = Column(width=MATCH_PARENT, height=MATCH_PARENT)
        screen.add(self._header("", back=True))
        title_row = Row(width=MATCH_PARENT, height=WRAP_CONTENT, gravity="center_vertical",
                        padding=(dp(16), dp(4)))
        if note.is_todo:
            title_row.add(self._todo_box(note))
        title_row.add(EditText(note.title, single_line=True, text_size=sp(18), width=0, weight=1,
                               text_color=TEXT, bold=True))
        screen.add(title_row)
        viewer = ScrollView(width=MATCH_PARENT, height=0, weight=1)
        page = WebViewBox(width=MATCH_PARENT, height=WRAP_CONTENT, padding=(dp(16), dp(8)))
        for block in blocks(note.body):
            if block.kind == "heading":
                page.add(TextView(block.text, text_size=sp(max(16, 24 - 2 * block.level)),
                                  bold=True, text_color=TEXT, width=MATCH_PARENT,
                                  padding=(0, dp(8), 0, dp(4))))
            elif block.kind == "check":
                line = Row(width=MATCH_PARENT, height=WRAP_CONTENT, gravity="center_vertical")
                line.add(Glyph("check_box" if block.checked else "check_box_outline",
                               icon_color=TEXT, width=dp(20), height=dp(20)),
                         TextView(block.text, text_size=sp(15), text_color=TEXT, width=0,
                                  weight=1, padding=(dp(8), dp(2))))
                page.add(line)
            elif block.kind == "item":
                page.add(TextView(block.text, text_size=sp(15), text_color=TEXT,
                                  width=MATCH_PARENT, padding=(dp(16), dp(2), 0, dp(2))))
            else:
                page.add(TextView(block.text, text_size=sp(15), text_color=TEXT,
                                  width=MATCH_PARENT, padding=(0, dp(4))))
        viewer.add(page)
        screen.add(viewer)
        return screen
