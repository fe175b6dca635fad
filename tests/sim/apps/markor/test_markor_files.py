"""Markor's file model on a temp directory standing in for /storage/emulated/0."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mobile_gym.sim.apps.markor.files import (
    DISALLOWED_FILENAME_CHARS,
    NOTEBOOK,
    RENAME_CLASH_MESSAGE,
    MarkorFileError,
    MarkorFiles,
    SaveResult,
    filter_filename_input,
    format_mtime,
    title_of,
)
from mobile_gym.sim.system.clock import Clock
from mobile_gym.sim.system.storage import Storage

T0 = 1697384040.0  # 2023-10-15 15:34 UTC


@pytest.fixture
def fs(tmp_path: Path) -> tuple[MarkorFiles, Clock]:
    clock = Clock(T0)
    files = MarkorFiles(Storage(clock, str(tmp_path)))
    files.ensure_notebook()
    return files, clock


def nb(name: str) -> str:
    return f"{NOTEBOOK}/{name}"


def test_format_mtime_numeric_en_us_24h() -> None:
    assert format_mtime(T0) == "10/15/2023, 15:34"
    assert format_mtime(1672912800.0) == "1/5/2023, 10:00"


def test_listing_order_go_up_then_folders_then_files_case_insensitive(fs) -> None:
    files, _ = fs
    for name in ["b.md", "A.txt", ".hidden.md", "zeta.md"]:
        files.write_text(nb(name), "xx")
    for name in ["Work", "apple", "Zoo"]:
        files.create_folder(NOTEBOOK, name)
    rows = files.list_folder(NOTEBOOK)
    assert [r.title for r in rows] == ["..", "apple", "Work", "Zoo", ".hidden.md", "A.txt", "b.md", "zeta.md"]
    up = rows[0]
    assert up.is_go_up and up.path == "/storage/emulated/0/Documents"
    assert up.content_desc() == "Folder .. /storage/emulated/0/Documents"
    assert rows[1].content_desc() == "Folder apple 10/15/2023, 15:34"
    assert rows[-1].content_desc() == "File zeta.md 10/15/2023, 15:34"
    assert rows[-1].content_desc(selected=True) == "Selected zeta.md 10/15/2023, 15:34"


def test_empty_notebook_lists_only_go_up(fs) -> None:
    files, _ = fs
    assert [r.title for r in files.list_folder(NOTEBOOK)] == [".."]


def test_mtime_comes_from_device_clock(fs) -> None:
    files, clock = fs
    clock.advance(86400 + 3600)
    files.write_text(nb("n.md"), "hello")
    (row,) = [r for r in files.list_folder(NOTEBOOK) if r.title == "n.md"]
    assert row.description == "10/16/2023, 16:34"


def test_folder_picker_lists_folders_only_and_hides_moved_items(fs) -> None:
    files, _ = fs
    files.write_text(nb("a.md"), "xx")
    files.create_folder(NOTEBOOK, "Keep")
    files.create_folder(NOTEBOOK, "Moving")
    rows = files.list_folder(NOTEBOOK, folders_only=True, exclude=frozenset({nb("Moving")}))
    assert [r.title for r in rows] == ["..", "Keep"]


def test_new_file_extension_always_appended(fs) -> None:
    files, _ = fs
    assert files.new_file_path(NOTEBOOK, "  note  ", ".md") == nb("note.md")
    assert files.new_file_path(NOTEBOOK, "note.md", ".md") == nb("note.md.md")
    assert files.new_file_path(NOTEBOOK, "todo", " .txt ") == nb("todo.txt")
    assert files.new_file_path(NOTEBOOK, "plain", "") == nb("plain")
    assert files.new_file_path(NOTEBOOK, "   ", ".md") is None
    assert files.new_file_path(NOTEBOOK, "", ".md") is None


def test_create_file_never_overwrites_content(fs) -> None:
    files, _ = fs
    files.write_text(nb("keep.md"), "precious")
    assert files.create_file(nb("keep.md"))
    assert files.read_text(nb("keep.md")) == "precious"
    assert files.create_file(nb("new.md"))
    assert files.read_text(nb("new.md")) == ""
    files.create_folder(NOTEBOOK, "dir.md")
    assert not files.create_file(nb("dir.md"))


def test_create_folder_blank_and_existing(fs) -> None:
    files, _ = fs
    assert files.create_folder(NOTEBOOK, "  ") is None
    assert files.create_folder(NOTEBOOK, " Notes ") == nb("Notes")
    assert files.create_folder(NOTEBOOK, "Notes") == nb("Notes")
    assert files.is_dir(nb("Notes"))


def test_filename_filter_drops_disallowed_chars() -> None:
    assert filter_filename_input("my/no:te?.md") == "mynote.md"
    assert filter_filename_input("with space") == "with space"
    assert filter_filename_input("a#b@c$d%e;f=g&h") == "abcdefgh"


@given(st.text(max_size=30))
def test_filename_filter_property(text: str) -> None:
    out = filter_filename_input(text)
    assert not set(out) & DISALLOWED_FILENAME_CHARS
    assert filter_filename_input(out) == out
    assert len(out) <= len(text)


def test_autosave_two_character_rule(fs) -> None:
    files, _ = fs
    files.create_file(nb("n.md"))
    assert files.save_document(nb("n.md"), "a", "", force=False) is SaveResult.TOO_SHORT
    assert files.read_text(nb("n.md")) == ""
    assert files.save_document(nb("n.md"), "a", "", force=True) is SaveResult.SAVED
    assert files.read_text(nb("n.md")) == "a"
    assert files.save_document(nb("n.md"), "ab", "a", force=False) is SaveResult.SAVED
    assert files.save_document(nb("n.md"), "ab", "ab", force=False) is SaveResult.UNCHANGED
    assert files.read_text(nb("n.md")) == "ab"


def test_rename_and_clash(fs) -> None:
    files, _ = fs
    files.write_text(nb("a.md"), "aa")
    files.write_text(nb("b.md"), "bb")
    assert files.rename_error(nb("a.md"), "b.md") == RENAME_CLASH_MESSAGE
    assert files.rename_error(nb("a.md"), "a.md") is None
    assert files.rename_error(nb("a.md"), "  ") == ""
    with pytest.raises(MarkorFileError, match="a.md"):
        files.rename(nb("a.md"), "b.md")
    assert files.rename(nb("a.md"), "c.txt") == nb("c.txt")
    assert not files.exists(nb("a.md")) and files.read_text(nb("c.txt")) == "aa"


def test_move_copy_delete(fs) -> None:
    files, _ = fs
    files.create_folder(NOTEBOOK, "Dest")
    files.create_folder(NOTEBOOK, "Src")
    files.write_text(nb("Src/n.md"), "note")
    files.write_text(nb("Dest/clash.md"), "old")
    files.write_text(nb("Src/clash.md"), "new")
    moved = files.move([nb("Src/n.md"), nb("Src/clash.md")], nb("Dest"))
    assert moved == [nb("Dest/n.md")]
    assert files.read_text(nb("Dest/clash.md")) == "old"  # never overwritten
    assert files.exists(nb("Src/clash.md"))
    copied = files.copy([nb("Dest/n.md")], nb("Src"))
    assert copied == [nb("Src/n.md")] and files.read_text(nb("Src/n.md")) == "note"
    assert files.move([nb("Src")], nb("Src")) == []  # into itself: skipped
    files.delete([nb("Src"), nb("Dest/n.md")])
    assert not files.exists(nb("Src")) and not files.exists(nb("Dest/n.md"))
    with pytest.raises(MarkorFileError, match="Nope"):
        files.move([nb("Dest/clash.md")], nb("Nope"))


def test_read_missing_names_path(fs) -> None:
    files, _ = fs
    with pytest.raises(MarkorFileError, match="ghost.md"):
        files.read_text(nb("ghost.md"))


def test_title_of() -> None:
    assert title_of("note.md") == "note"
    assert title_of("note.md.md") == "note.md"
    assert title_of("README") == "README"
    assert title_of(".hidden") == ".hidden"


def test_sort_options(fs) -> None:
    files, clock = fs
    files.write_text(nb("b.md"), "1")
    clock.advance(60)
    files.write_text(nb("a.md"), "123456")
    clock.advance(60)
    files.create_folder(NOTEBOOK, "Z")
    titles = lambda **kw: [r.title for r in files.list_folder(NOTEBOOK, **kw)]
    assert titles(sort_by="date") == ["..", "Z", "b.md", "a.md"]
    assert titles(sort_by="name", reverse=True) == ["..", "Z", "b.md", "a.md"]
    assert titles(sort_by="filesize", reverse=True, folder_first=False) == ["..", "a.md", "b.md", "Z"]
    with pytest.raises(MarkorFileError, match="mime"):
        files.list_folder(NOTEBOOK, sort_by="mime")
