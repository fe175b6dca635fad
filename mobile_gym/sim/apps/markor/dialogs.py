"""Markor's dialogs: new file/folder (B.4), rename, confirm delete, move/copy folder picker,
details (B.5).

Each function builds the dialog's views, shows it for the activity and wires the buttons to the
file model; bad input (blank names, clashes) behaves as the real dialogs do, never raising.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

from mobile_gym.sim.apps.markor import chrome
from mobile_gym.sim.apps.markor.files import (
    NEW_FILE_TYPES,
    MarkorFileError,
    MarkorFiles,
    filter_filename_input,
    format_mtime,
)
from mobile_gym.sim.ui.dialogs import alert_dialog
from mobile_gym.sim.ui.layouts import LinearLayout
from mobile_gym.sim.ui.lists import ListView, RecyclerView, ScrollView
from mobile_gym.sim.ui.units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from mobile_gym.sim.ui.widgets import (
    CheckBox,
    EditText,
    ImageView,
    Spinner,
    TextView,
)

if TYPE_CHECKING:
    from mobile_gym.sim.system.activity import Activity, DialogHandle

NEW_FILE_TEMPLATES_SHOWN = ("Empty file",)
"""Templates offered by the simulated dialog (the real one also lists bundled samples)."""

DELETE_TITLE = "Confirm Delete"


@dataclass
class MarkorPrefs:
    """The bits of Markor's "app" preferences the simulation uses (kept per app process)."""

    last_extension: str = ".md"
    last_type: int = 0
    sort_by: str = "name"
    folder_first: bool = True
    reverse: bool = False
    favourites: set[str] = field(default_factory=set)
    # AppSettings' PREF_PREFIX_EDIT_POS_CHAR + path: the cursor when the editor last paused
    last_edit_position: dict[str, int] = field(default_factory=dict)


class FilenameEditText(EditText):
    """An EditText with Markor's filename input filter: disallowed characters never get in."""

    def commit_text(self, s: str) -> None:
        super().commit_text(filter_filename_input(s))


def _label(text: str) -> TextView:
    return TextView(text, text_size=sp(14), text_color=chrome.SECONDARY_TEXT, padding=(0, dp(8), 0, 0))


def _show(activity: Activity, root, **kw) -> DialogHandle:
    return activity.show_dialog(root, **kw)


def _alert(title: str | None, message: str | None, buttons, view=None):
    """An AppCompat AlertDialog as Markor builds them: app-package panel ids, upper-case buttons,
    and buttons that close the dialog only when their handler says so."""
    return alert_dialog(title, message, buttons, view=view, appcompat=True, all_caps_buttons=True,
                        dismiss_on_click=False)


# -- new file / folder --------------------------------------------------------------------------
def new_file_dialog(activity: Activity, files: MarkorFiles, folder: str, prefs: MarkorPrefs, *,
                    on_file: Callable[[str], None], on_folder: Callable[[str], None]) -> DialogHandle:
    """The FAB dialog: name + extension fields, type and template spinners, OK / Cancel / Folder."""
    name = FilenameEditText("", id="new_file_dialog__name", hint="my_note", single_line=True,
                            width=0, weight=1)
    ext = FilenameEditText(prefs.last_extension, id="new_file_dialog__ext", hint=".md",
                           single_line=True, width=dp(96), input_type="textNoSuggestions")

    def on_type(_spinner, index: int, _item: str) -> None:
        ext.set_text(NEW_FILE_TYPES[index][1])
        name.set_selection(len(name.text))
        prefs.last_type = index

    type_spinner = Spinner([label for label, _e in NEW_FILE_TYPES], id="new_file_dialog__type",
                           selection=prefs.last_type, on_item_selected=on_type, width=MATCH_PARENT)
    template = Spinner(list(NEW_FILE_TEMPLATES_SHOWN), id="new_file_dialog__template", width=MATCH_PARENT)
    body = LinearLayout("vertical", width=MATCH_PARENT, height=WRAP_CONTENT,
                        padding=(dp(24), dp(16), dp(24), 0))
    name_row = LinearLayout("horizontal", width=MATCH_PARENT, height=WRAP_CONTENT)
    name_row.add(name, ext)
    body.add(_label("Name"), name_row, _label("Type"), type_spinner, _label("Template"), template,
             CheckBox("Encrypt file content", id="new_file_dialog__encrypt", visibility="gone"),
             CheckBox("UTF-8 with BOM", id="new_file_dialog__utf8_bom", visibility="gone"),
             TextView("- Folder is created without file extension", text_size=sp(12),
                      text_color=chrome.SECONDARY_TEXT, padding=(0, dp(12), 0, 0)),
             TextView("- Files and folders are not overwritten", text_size=sp(12),
                      text_color=chrome.SECONDARY_TEXT))
    root = ScrollView(id="new_file_dialog__root", width=MATCH_PARENT, height=WRAP_CONTENT)
    root.add(body)
    holder: list[DialogHandle] = []

    def ok() -> None:
        holder[0].dismiss()
        if not name.text.strip():
            return
        prefs.last_extension = ext.text.strip()
        path = files.new_file_path(folder, name.text, ext.text)
        if path is None:
            return
        if files.create_file(path):
            on_file(path)
        else:
            activity.show_toast("File does not exist and can't be created")

    def make_folder() -> None:
        holder[0].dismiss()
        if not name.text.strip():
            return
        made = files.create_folder(folder, name.text)
        if made is None:
            activity.show_toast("File does not exist and can't be created")
            return
        on_folder(made)

    dialog = _alert(None, None, view=root,
                    buttons=[("OK", ok), ("Cancel", lambda: holder[0].dismiss()),
                             ("Folder", make_folder)])
    holder.append(_show(activity, dialog))
    name.request_focus()
    return holder[0]


# -- rename -------------------------------------------------------------------------------------
def rename_dialog(activity: Activity, files: MarkorFiles, path: str, *,
                  on_done: Callable[[], None]) -> DialogHandle:
    """WrRenameDialog: the full current name, an error line and OK disabled on a clash."""
    message = TextView("", id="dialog_message", text_size=sp(14), text_color=chrome.ACCENT,
                       visibility="gone")
    current = posixpath.basename(path)
    edit = EditText(current, id="new_name", hint="Enter the name of your folder", single_line=True,
                    width=MATCH_PARENT)
    body = LinearLayout("vertical", width=MATCH_PARENT, height=WRAP_CONTENT,
                        padding=(dp(24), dp(8), dp(24), 0))
    body.add(message, edit)
    holder: list[DialogHandle] = []

    def ok_button():
        return holder[0].window.root.find("android:id/button1") if holder else None

    def validate(_v=None, _t=None) -> None:
        error = files.rename_error(path, edit.text)
        message.text = error or ""
        message.visibility = "visible" if error else "gone"
        button = ok_button()
        if button is not None:
            button.enabled = error is None

    def ok() -> None:
        if files.rename_error(path, edit.text) is not None:
            return
        holder[0].dismiss()
        try:
            files.rename(path, edit.text)
        except MarkorFileError as exc:
            activity.show_toast(str(exc))
        on_done()

    dialog = _alert("Rename", None, view=body,
                          buttons=[("OK", ok), ("Cancel", lambda: holder[0].dismiss())])
    holder.append(_show(activity, dialog))
    edit.on_text_changed = validate
    validate()
    edit.request_focus()
    return holder[0]


# -- delete -------------------------------------------------------------------------------------
def delete_message(paths: list[str]) -> str:
    """"Do you really want to delete this Document?" + blank line + one path per line."""
    noun = "Document" if len(paths) == 1 else "Documents"
    return f"Do you really want to delete this {noun}?\n\n" + "\n".join(paths)


def confirm_delete_dialog(activity: Activity, files: MarkorFiles, paths: list[str], *,
                          on_done: Callable[[], None]) -> DialogHandle:
    """WrConfirmDialog "Confirm Delete" with OK / Cancel."""
    holder: list[DialogHandle] = []

    def ok() -> None:
        holder[0].dismiss()
        files.delete(paths)
        on_done()

    dialog = _alert(DELETE_TITLE, delete_message(paths),
                          buttons=[("OK", ok), ("Cancel", lambda: holder[0].dismiss())])
    holder.append(_show(activity, dialog))
    return holder[0]


# -- details ------------------------------------------------------------------------------------
def details_dialog(activity: Activity, files: MarkorFiles, path: str) -> DialogHandle:
    """FileInfoDialog: name, location, last modified, size and type."""
    stat = files.storage.stat(path)
    is_dir = stat.is_dir
    rows = [("ui__fileinfodialog__name", "Name", posixpath.basename(path)),
            ("ui__fileinfodialog__location", "Location", posixpath.dirname(path)),
            ("ui__fileinfodialog__last_modified", "Last modified", format_mtime(stat.mtime)),
            ("ui__fileinfodialog__size_description", "Size",
             "" if is_dir else f"{stat.size} B"),
            ("ui__fileinfodialog__mimetype_description", "Type",
             "Folder" if is_dir else _mime(path))]
    body = LinearLayout("vertical", width=MATCH_PARENT, height=WRAP_CONTENT,
                        padding=(dp(24), dp(8), dp(24), 0))
    for rid, label, value in rows:
        body.add(_label(label), TextView(value, id=rid, text_size=sp(16), text_color=chrome.PRIMARY_TEXT))
    holder: list[DialogHandle] = []
    dialog = _alert(None, None, view=body, buttons=[("OK", lambda: holder[0].dismiss())])
    holder.append(_show(activity, dialog))
    return holder[0]


def _mime(path: str) -> str:
    ext = posixpath.splitext(path)[1].lower()
    return {".md": "text/markdown", ".txt": "text/plain", ".csv": "text/csv",
            ".adoc": "text/plain", ".html": "text/html"}.get(ext, "*/*")


# -- move / copy folder picker ------------------------------------------------------------------
class FolderPicker:
    """GsFileBrowserDialog in folder-select mode: folders only, moved items hidden."""

    def __init__(self, activity: Activity, files: MarkorFiles, paths: list[str], start: str,
                 copy: bool, on_done: Callable[[], None]) -> None:
        self.activity = activity
        self.files = files
        self.paths = paths
        self.copy = copy
        self.on_done = on_done
        self.folder = start
        # opoc_filesystem_dialog.xml: a RelativeLayout root stacking the title, the utility bar
        # (home, search button, hidden search field), the list and the button bar
        self.filter_text = ""
        self.title = TextView("", id="ui__filesystem_dialog__title", text_size=sp(20),
                              text_color=chrome.ON_PRIMARY, font_weight="medium", max_lines=1,
                              width=MATCH_PARENT, min_height=dp(48), padding=dp(16),
                              background=chrome.PRIMARY, gravity="start|center_vertical")
        home = ImageView("home", id="ui__filesystem_dialog__home", clickable=True, focusable=True,
                         width=dp(32), height=dp(32), margin=(dp(4), 0, dp(4), 0),
                         icon_color=chrome.PRIMARY_TEXT, on_click=lambda: self.open(self.files.notebook))
        self.search_button = ImageView("search", id="ui__filesystem_dialog__search_button",
                                       clickable=True, focusable=True, width=0, weight=1,
                                       height=dp(32), margin=(dp(4), 0, dp(4), 0),
                                       gravity="end|center_vertical", icon_color=chrome.PRIMARY_TEXT,
                                       on_click=self._open_search)
        self.search_edit = EditText("", id="ui__filesystem_dialog__search_edit", hint="Search....",
                                    single_line=True, width=0, weight=1, text_size=sp(14),
                                    margin=(dp(4), 0, dp(4), 0), visibility="gone",
                                    on_text_changed=lambda _v, text: self._filter(text))
        utilbar = LinearLayout("horizontal", id="ui__filesystem_dialog__utilbar", width=MATCH_PARENT,
                               height=WRAP_CONTENT, gravity="center_vertical", margin=dp(8))
        utilbar.add(home, self.search_button, self.search_edit)
        # layout_above the buttons, layout_below the utility bar: the list takes what is left
        self.list = RecyclerView(id="ui__filesystem_dialog__list", width=MATCH_PARENT, height=0,
                                 weight=1, min_height=dp(100))
        cancel = TextView("Cancel", id="ui__filesystem_dialog__button_cancel", all_caps=True,
                          text_color=chrome.ACCENT, font_weight="medium", clickable=True,
                          focusable=True, margin=dp(8), gravity="center", on_click=self.cancel)
        ok = TextView("Select this folder", id="ui__filesystem_dialog__button_ok", all_caps=True,
                      text_color=chrome.ACCENT, font_weight="medium", clickable=True, focusable=True,
                      margin=dp(8), gravity="center", on_click=self.select)
        buttons = LinearLayout("horizontal", id="ui__filesystem_dialog__buttons", width=MATCH_PARENT,
                               height=WRAP_CONTENT, gravity="end", padding=dp(16))
        buttons.add(cancel, ok)
        self.root = LinearLayout("vertical", id="ui__filesystem_dialog__root", width=MATCH_PARENT,
                                 height=MATCH_PARENT, background=chrome.BACKGROUND,
                                 margin=(0, dp(4), 0, 0))
        self.root.a11y_class = "android.widget.RelativeLayout"
        self.root.add(self.title, utilbar, self.list, buttons)
        self.handle = activity.show_dialog(self.root)
        self.open(start)

    def open(self, folder: str) -> None:
        if not self.files.is_dir(folder):
            return
        self.folder = folder
        verb = "Copy" if self.copy else "Move"
        name = posixpath.basename(folder) or folder
        self.title.text = f"{verb} \u2192 {name}"
        entries = self.files.list_folder(folder, folders_only=True, exclude=frozenset(self.paths))
        if self.filter_text:  # the adapter's filter: names containing the text
            needle = self.filter_text.lower()
            entries = [e for e in entries if e.is_go_up or needle in e.title.lower()]
        self.list.set_items([chrome.file_row(e, selected=False, on_click=lambda e: self.open(e.path),
                                             on_long_click=None) for e in entries])
        self.list.scroll_to(0)

    def _open_search(self) -> None:
        """The search button gives way to the search field, focused with the keyboard."""
        self.search_button.visibility = "gone"
        self.search_edit.visibility = "visible"
        self.search_edit.request_focus()

    def _filter(self, text: str) -> None:
        self.filter_text = text
        self.open(self.folder)

    def cancel(self) -> None:
        self.handle.dismiss()

    def select(self) -> None:
        self.handle.dismiss()
        try:
            if self.copy:
                self.files.copy(self.paths, self.folder)
            else:
                self.files.move(self.paths, self.folder)
        except MarkorFileError as exc:
            self.activity.show_toast(str(exc))
        self.on_done()


def folder_picker(activity: Activity, files: MarkorFiles, paths: list[str], *, start: str, copy: bool,
                  on_done: Callable[[], None]) -> FolderPicker:
    """Open the move/copy destination chooser starting in `start`."""
    return FolderPicker(activity, files, paths, start, copy, on_done)


# -- search in the document ---------------------------------------------------------------------
def matching_lines(text: str, query: str) -> list[tuple[int, str]]:
    """(offset of line start, line) for lines containing `query` (case-insensitive)."""
    needle = query.strip().lower()
    if not needle:
        return []
    out: list[tuple[int, str]] = []
    pos = 0
    for line in text.split("\n"):
        if needle in line.lower():
            out.append((pos, line))
        pos += len(line) + 1
    return out


def search_in_text_dialog(activity: Activity, text: str, on_pick: Callable[[int], None]) -> DialogHandle:
    """The editor's Search: a query field and the matching lines; tapping one jumps there."""
    results = ListView(width=MATCH_PARENT, height=dp(240), padding=(0, dp(4)))
    query = EditText("", hint="Search", single_line=True, width=MATCH_PARENT)
    body = LinearLayout("vertical", width=MATCH_PARENT, height=WRAP_CONTENT, padding=(dp(24), 0, dp(24), 0))
    body.add(query, results)
    holder: list[DialogHandle] = []

    def pick(offset: int) -> None:
        holder[0].dismiss()
        on_pick(offset)

    def update(_view: object, value: str) -> None:
        rows = []
        for offset, line in matching_lines(text, value)[:20]:
            rows.append(TextView(line or " ", id="android:id/text1", width=MATCH_PARENT, min_height=dp(48),
                                 gravity="start|center_vertical", text_size=sp(16), max_lines=1,
                                 clickable=True, on_click=partial(pick, offset)))
        results.set_items(rows)

    query.on_text_changed = update
    dialog = _alert("Search", None, [("Cancel", lambda: holder[0].dismiss())], view=body)
    holder.append(_show(activity, dialog))
    query.request_focus()
    return holder[0]
