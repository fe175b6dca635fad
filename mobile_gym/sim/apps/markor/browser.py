"""Markor's MainActivity: the notebook file browser tab, the To-Do / QuickNote / More tabs,
the FAB and the selection actions (reference/apps.md B.3, B.5).

The folder is re-listed on every resume, so files pushed by a task show up when the app comes
back to the front.
"""

from __future__ import annotations

import posixpath
from functools import partial
from typing import TYPE_CHECKING

from mobile_gym.sim.apps.markor import chrome
from mobile_gym.sim.apps.markor.chrome import MenuItem, Toolbar
from mobile_gym.sim.apps.markor.dialogs import (
    confirm_delete_dialog,
    details_dialog,
    folder_picker,
    new_file_dialog,
    rename_dialog,
)
from mobile_gym.sim.apps.markor.editor import EditorPane
from mobile_gym.sim.apps.markor.files import Entry, MarkorFiles
from mobile_gym.sim.system.activity import Activity
from mobile_gym.sim.ui.layouts import FrameLayout, LinearLayout, ViewGroup
from mobile_gym.sim.ui.lists import RecyclerView
from mobile_gym.sim.ui.units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView, TextView

if TYPE_CHECKING:
    from mobile_gym.sim.apps.markor.app import MarkorApp

DOCUMENT_ACTIVITY = ".activity.DocumentActivity"
EXIT_SNACKBAR = "Press 'Back' again to exit"
EXIT_WINDOW_SECONDS = 2.0

TABS = (("nav_notebook", "Files", "folder"), ("nav_todo", "To-Do", "check_box"),
        ("nav_quicknote", "QuickNote", "note"), ("nav_more", "More", "more_horiz"))

# filesystem__menu.xml order (then main__menu.xml's Settings, orderInCategory 100)
BROWSE_MENU = [
    MenuItem("action_go_to", "Go to", "folder"),
    MenuItem("action_sort", "Sort by", "sort"),
    MenuItem("action_search", "Search", "search"),
    MenuItem("action_import", "Import from device", overflow=True),
    MenuItem("action_settings", "Settings", overflow=True),
]
SELECTION_MENU_ONE = [
    MenuItem("action_favourite", "Favourite", "star_border"),
    MenuItem("action_rename_selected_item", "Rename", "edit"),
    MenuItem("action_info_selected_item", "Details", "info"),
    MenuItem("action_delete_selected_items", "Delete", "delete"),
    MenuItem("action_move_selected_items", "Move", overflow=True),
    MenuItem("action_copy_selected_items", "Copy", overflow=True),
]
SELECTION_MENU_MANY = [
    MenuItem("action_delete_selected_items", "Delete", "delete"),
    MenuItem("action_move_selected_items", "Move", overflow=True),
    MenuItem("action_copy_selected_items", "Copy", overflow=True),
]
GO_TO_ITEMS = [MenuItem("action_go_to_home", "Notebook"),
               MenuItem("action_go_to_storage", "Internal storage")]
SORT_ITEMS = [MenuItem("action_sort_by_name", "Name"), MenuItem("action_sort_by_date", "Date"),
              MenuItem("action_sort_by_filesize", "Size"),
              MenuItem("action_sort_folder_first", "Folder first"),
              MenuItem("action_sort_reverse", "Reverse order")]


class MainActivity(Activity):
    """`net.gsantner.markor/.activity.MainActivity` (singleTop, launcher)."""

    launch_mode = "singleTop"

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self) -> None:
        self.files = MarkorFiles(self.ctx.storage)
        self.files.ensure_notebook()
        self.folder = self.files.notebook
        self.selection: list[str] = []
        self.filter_text = ""
        self.searching = False
        self._listed: tuple = ()
        self.tab = 0
        self.exit_deadline: float | None = None
        self.pane: EditorPane | None = None

        self.toolbar = Toolbar()
        self.root = FrameLayout(id="main_content", width=MATCH_PARENT, height=MATCH_PARENT,
                                background=chrome.BACKGROUND)
        column = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT)
        self.pager = ViewGroup(id="main__view_pager_container", width=MATCH_PARENT, height=0, weight=1)
        self.bottom_nav = FrameLayout(id="bottom_navigation_bar", width=MATCH_PARENT, height=dp(64),
                                      background=0xFFF3F3F3)
        column.add(self.toolbar.appbar, self.pager, self.bottom_nav)
        self.fab = ImageButton("add", id="fab_add_new_item", content_desc="Create a new file or folder",
                               width=dp(56), height=dp(56), padding=dp(16), icon_color=0xFFFFFFFF,
                               background=chrome.ACCENT, corner_radius=dp(28), layout_gravity="bottom|end",
                               margin=(0, 0, dp(16), dp(64) + dp(16)), on_click=self._on_fab)
        self.snackbar_host = FrameLayout(width=MATCH_PARENT, height=MATCH_PARENT)
        self.root.add(column, self.fab, self.snackbar_host)

        # Files page
        self.list_view = RecyclerView(id="ui__filesystem_dialog__list", width=MATCH_PARENT,
                                      height=MATCH_PARENT)
        self.empty_hint = TextView("\u00af\\_(\u30c4)_/\u00af", id="empty_hint", text_size=sp(24),
                                   text_color=chrome.SECONDARY_TEXT, layout_gravity="center",
                                   visibility="gone")
        refresh = ViewGroup(id="pull_to_refresh", width=MATCH_PARENT, height=MATCH_PARENT)
        refresh.add(self.list_view)
        self.files_page = FrameLayout(id="ui__filesystem_dialog__root", width=MATCH_PARENT,
                                      height=MATCH_PARENT)
        self.files_page.add(self.empty_hint, refresh)
        self.set_content(self.root)
        self._show_tab(0)

    def on_resume(self) -> None:
        if self.tab == 0:
            self.reload()
        elif self.pane is not None:
            self.pane.reload_if_unchanged()

    def on_pause(self) -> None:
        if self.pane is not None:
            self.pane.autosave(self)

    def on_new_intent(self, intent) -> None:
        self.on_resume()

    @property
    def markor_app(self) -> MarkorApp:
        return self.app  # type: ignore[return-value]

    # -- tabs --------------------------------------------------------------------------------
    def _build_bottom_nav(self) -> None:
        self.bottom_nav.clear()
        menu = LinearLayout("horizontal", width=MATCH_PARENT, height=MATCH_PARENT)
        menu.a11y_class = "android.view.ViewGroup"
        for i, (nav_id, label, icon) in enumerate(TABS):
            selected = i == self.tab
            item = FrameLayout(id=nav_id, content_desc=label, width=0, weight=1, height=MATCH_PARENT,
                               clickable=True, focusable=True, selected=selected,
                               on_click=partial(self._select_tab, i))
            col = LinearLayout("vertical", width=WRAP_CONTENT, height=WRAP_CONTENT,
                               layout_gravity="center", gravity="center_horizontal")
            col.a11y_class = "android.view.ViewGroup"
            color = chrome.ACCENT if selected else 0xFF5F6368
            col.add(ImageView(icon, id="navigation_bar_item_icon_view", icon_color=color,
                              icon_size=dp(24)))
            col.add(TextView(label, id="navigation_bar_item_large_label_view" if selected
                             else "navigation_bar_item_small_label_view",
                             text_size=sp(14) if selected else sp(12), text_color=color))
            item.add(col)
            menu.add(item)
        self.bottom_nav.add(menu)

    def _select_tab(self, index: int) -> None:
        if index == self.tab:
            return
        if self.pane is not None:
            self.pane.autosave(self)
        self._show_tab(index)

    def refresh_menu(self) -> None:
        """The To-Do / QuickNote tab's editor menu (it changes with view mode, undo, redo)."""
        if self.pane is not None:
            self.toolbar.set_menu(self.pane.menu_items(), self.pane.on_menu_item, self._show_overflow)

    def _show_tab(self, index: int) -> None:
        self.tab = index
        self.pane = None
        self.selection = []
        self.pager.clear()
        self._build_bottom_nav()
        self.fab.visibility = "visible" if index == 0 else "gone"
        if index == 0:
            self.pager.add(self.files_page)
            self.reload()
            return
        if index in (1, 2):
            name = "todo.txt" if index == 1 else "QuickNote.md"
            path = posixpath.join(self.files.notebook, name)
            if not self.files.exists(path):
                self.files.write_text(path, "")
            self.pane = EditorPane(self, self.files, path, self.refresh_menu)
            self.pager.add(self.pane.view)
            self.toolbar.set_title(TABS[index][1])
            self.refresh_menu()
            return
        more = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT)
        for title in ("Settings", "About"):
            row = LinearLayout("horizontal", width=MATCH_PARENT, height=dp(56), gravity="center_vertical",
                               padding=(dp(16), 0))
            row.add(TextView(title, id="title", text_size=sp(16), text_color=chrome.PRIMARY_TEXT))
            more.add(row)
        self.pager.add(more)
        self.toolbar.set_title("More")
        self.toolbar.set_menu([], lambda _i: None, self._show_overflow)

    # -- listing -----------------------------------------------------------------------------
    def _relist(self) -> None:
        """List the current folder (falls back to the notebook if it disappeared)."""
        if self.tab != 0:
            return
        if not self.files.is_dir(self.folder):
            self.folder = self.files.notebook
            self.files.ensure_notebook()
        self.selection = [p for p in self.selection if self.files.exists(p)]
        prefs = self.markor_app.prefs
        entries = self.files.list_folder(self.folder, sort_by=prefs.sort_by,
                                         folder_first=prefs.folder_first, reverse=prefs.reverse)
        if self.filter_text:
            needle = self.filter_text.lower()
            entries = [e for e in entries if e.is_go_up or needle in e.title.lower()]
        key = (tuple(entries), tuple(self.selection), frozenset(prefs.favourites))
        if key != self._listed:  # unchanged folder: keep the row views (cheap resume)
            self._listed = key
            rows = [chrome.file_row(e, selected=e.path in self.selection, on_click=self._on_row_click,
                                    on_long_click=self._on_row_long_click,
                                    favourite=e.path in prefs.favourites)
                    for e in entries]
            self.list_view.set_items(rows)
        self.empty_hint.visibility = "visible" if len(entries) <= 1 else "gone"

    def reload(self) -> None:
        """Re-list the current folder and refresh the toolbar."""
        self._relist()
        if not self.searching or self.selection:
            self.searching = False
            self._update_toolbar()

    def _update_toolbar(self) -> None:
        if self.tab != 0:
            return
        if self.selection:
            self.toolbar.set_title("")
            menu = SELECTION_MENU_ONE if len(self.selection) == 1 else SELECTION_MENU_MANY
            self.toolbar.set_menu(menu, self._on_menu_item, self._show_overflow)
        else:
            if self.folder == self.files.notebook:
                title = "Markor"
            else:
                title = "> " + (posixpath.basename(self.folder) or self.folder)
            self.toolbar.set_title(title)
            self.toolbar.set_menu(BROWSE_MENU, self._on_menu_item, self._show_overflow)

    def open_folder(self, folder: str) -> None:
        self.folder = folder
        self.selection = []
        self.filter_text = ""
        self.searching = False
        self.reload()
        self.list_view.scroll_to(0)

    # -- row events --------------------------------------------------------------------------
    def _on_row_click(self, entry: Entry) -> None:
        if self.selection:
            if entry.is_go_up:
                return
            self._toggle(entry.path)
            return
        if entry.is_dir:
            self.open_folder(entry.path)
        elif self.files.is_file(entry.path):
            self.start_activity(DOCUMENT_ACTIVITY, path=entry.path)

    def _on_row_long_click(self, entry: Entry) -> None:
        if entry.is_go_up:
            return
        self._toggle(entry.path)

    def _toggle(self, path: str) -> None:
        if path in self.selection:
            self.selection.remove(path)
        else:
            self.selection.append(path)
        self.reload()

    # -- toolbar actions ---------------------------------------------------------------------
    def _show_overflow(self, anchor: View, items: list[MenuItem]) -> None:
        def pick(item_id: str) -> None:
            if self.tab == 0:
                self._on_menu_item(item_id)
            elif self.pane is not None:
                self.pane.on_menu_item(item_id)

        chrome.show_menu(self, anchor.bounds, items, pick)

    def _popup_menu(self, anchor_id: str, items: list[MenuItem]) -> None:
        anchor = self.toolbar.toolbar.find(anchor_id)
        bounds = anchor.bounds if anchor is not None else self.toolbar.toolbar.bounds
        chrome.show_menu(self, bounds, items, self._on_menu_item)

    def _on_menu_item(self, item_id: str) -> None:
        prefs = self.markor_app.prefs
        sel = list(self.selection)
        if item_id == "action_search":
            self._open_search()
        elif item_id == "action_go_to":
            self._popup_menu("action_go_to", GO_TO_ITEMS)
        elif item_id == "action_sort":
            self._popup_menu("action_sort", SORT_ITEMS)
        elif item_id == "action_go_to_home":
            self.open_folder(self.files.notebook)
        elif item_id == "action_go_to_storage":
            self.open_folder("/storage/emulated/0")
        elif item_id.startswith("action_sort_by_"):
            prefs.sort_by = item_id[len("action_sort_by_"):]
            self.reload()
        elif item_id == "action_sort_folder_first":
            prefs.folder_first = not prefs.folder_first
            self.reload()
        elif item_id == "action_sort_reverse":
            prefs.reverse = not prefs.reverse
            self.reload()
        elif item_id == "action_favourite" and sel:
            prefs.favourites ^= {sel[0]}
            self.selection = []
            self.reload()
        elif item_id == "action_rename_selected_item" and sel:
            rename_dialog(self, self.files, sel[0], on_done=self._after_change)
        elif item_id == "action_info_selected_item" and sel:
            details_dialog(self, self.files, sel[0])
        elif item_id == "action_delete_selected_items" and sel:
            confirm_delete_dialog(self, self.files, sel, on_done=self._after_change)
        elif item_id in ("action_move_selected_items", "action_copy_selected_items") and sel:
            copy = item_id == "action_copy_selected_items"
            folder_picker(self, self.files, sel, start=self.folder, copy=copy,
                          on_done=self._after_change)

    def _after_change(self) -> None:
        self.selection = []
        self.reload()

    def _open_search(self) -> None:
        def apply(text: str) -> None:
            self.filter_text = text
            self._relist()

        self.searching = True
        self.toolbar.show_search(self.filter_text, apply)

    # -- FAB ---------------------------------------------------------------------------------
    def _on_fab(self) -> None:
        new_file_dialog(self, self.files, self.folder, self.markor_app.prefs,
                        on_file=lambda path: self.start_activity(DOCUMENT_ACTIVITY, path=path),
                        on_folder=lambda _path: self.reload())

    # -- back --------------------------------------------------------------------------------
    def on_back(self) -> bool:
        if self.tab != 0:
            self._select_tab(0)
            return True
        if self.selection:
            self.selection = []
            self.reload()
            return True
        if self.searching or self.filter_text:
            self.searching = False
            self.filter_text = ""
            self.reload()
            return True
        if self.folder != self.files.notebook and self.folder != "/":
            self.open_folder(posixpath.dirname(self.folder))
            return True
        now = self.ctx.now()
        if self.exit_deadline is not None and now <= self.exit_deadline:
            self.finish()
            return True
        self.exit_deadline = now + EXIT_WINDOW_SECONDS
        self._show_snackbar()
        return True

    def _show_snackbar(self) -> None:
        self.snackbar_host.clear()
        self.snackbar_host.add(chrome.snackbar(EXIT_SNACKBAR, "Exit", self.finish))
        deadline = self.exit_deadline

        def hide() -> None:
            if self.exit_deadline == deadline:
                self.snackbar_host.clear()

        self.ctx.post_delayed(EXIT_WINDOW_SECONDS, hide)

