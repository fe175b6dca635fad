"""AndroidWorld's own file, app and SQLite checks, sent as the exact shell strings its
`file_utils` / `adb_utils` / `sqlite_utils` send, through adb-serve with adbutils.

The `adb` binary joins `adb shell a b c` with spaces before sending, so each command below is the
argument list AndroidWorld builds, joined with single spaces. The answers are parsed the way those
helpers parse them (split on " " and "\\n", regexes), so a format difference shows up here.
"""

from __future__ import annotations

import datetime
import os
import re
import sqlite3

import adbutils
import pytest

from mobile_gym.adb_serve import AdbServer
from mobile_gym.device.sim_device import SimDevice

CAL = "com.simplemobiletools.calendar.pro"
CAL_DB_DIR = f"/data/data/{CAL}/databases"


@pytest.fixture
def device(monkeypatch, tmp_path):
    monkeypatch.setenv("ADBUTILS_ADB_PATH", "/bin/false")
    monkeypatch.setenv("HOME", str(tmp_path))
    sim = SimDevice(seed=0)
    server = AdbServer({"emulator-5554": sim}, clock=0.05).start()
    try:
        yield adbutils.AdbClient(host="127.0.0.1", port=server.port).device("emulator-5554")
    finally:
        server.stop()
        sim.close()
    assert not server.errors, list(server.errors)


def shell(device, *args: str) -> str:
    """`adb shell ARGS...` as the adb binary sends it (arguments joined by spaces)."""
    return device.shell(" ".join(args))


def directory_exists(device, path: str) -> bool:
    """file_utils.check_file_exists(path, bash_file_test="-d") with its script."""
    script = f"""
  if [ -d "{path}" ]; then
      echo "Exists"
  else
      echo "Does not exist"
  fi
  """
    out = shell(device, script)
    assert "Exists" in out or "Does not exist" in out, out
    return "Exists" in out and "Does not exist" not in out


def file_list_with_metadata(device, directory: str) -> list[tuple[str, int, datetime.datetime]]:
    """file_utils.get_file_list_with_metadata: `ls DIR -ll -au`, regular files by split(" ")."""
    out = device.shell(f"ls {directory} -ll -au")
    files = []
    for line in out.split("\n"):
        if line.startswith("-"):
            parts = line.split(" ")
            files.append((parts[-1], int(parts[-5]),
                          datetime.datetime.fromisoformat(" ".join(parts[-4:-2])[:-3])))
    return files


def exists_under(device, target: str, base: str) -> bool:
    """file_utils.check_file_or_folder_exists: `find BASE -type f -o -type d`."""
    out = shell(device, "find", base, "-type", "f", "-o", "-type", "d")
    return os.path.join(base, target) in set(out.split("\n"))


def test_create_list_find_and_clear_files(device):
    docs = "/sdcard/Documents/Notes"
    shell(device, "mkdir", "-p", docs)
    content = "it's here".replace("'", "'\"'\"'")  # create_file's quoting
    shell(device, "echo", f"'{content}'", ">", f"{docs}/a.txt")
    shell(device, "echo", "'second'", ">", f"{docs}/b.md")
    shell(device, "mkdir", "-p", f"{docs}/sub")
    assert directory_exists(device, docs) and not directory_exists(device, "/sdcard/Nope")
    assert shell(device, "cat", f"{docs}/a.txt").strip() == "it's here"

    assert shell(device, "ls", "-1", docs).strip().split("\n") == ["a.txt", "b.md", "sub"]
    files = file_list_with_metadata(device, docs)
    assert [(name, size) for name, size, _ in files] == [("a.txt", 10), ("b.md", 7)]
    assert files[0][2].replace(microsecond=0) == datetime.datetime(2023, 10, 15, 15, 34)  # the sim's clock
    assert exists_under(device, "a.txt", docs) and exists_under(device, "sub", docs)
    assert exists_under(device, "Notes/b.md", "/sdcard/Documents")
    assert not exists_under(device, "c.txt", docs)

    # The lines carry the owner and group an Android 13 emulator shows on shared storage.
    line = next(x for x in device.shell(f"ls {docs} -ll -au").split("\n") if x.endswith(" a.txt"))
    assert re.fullmatch(r"-rw-rw---- 1 u0_a\d+ media_rw +10 2023-10-15 15:34:00\.\d{9} \+0000 a\.txt", line)

    # copy_file_to_device's chmod, then clear_directory's `rm -r DIR/*`.
    shell(device, "chmod", "777", f"{docs}/a.txt")
    assert device.shell(f"ls -l {docs}/a.txt").startswith("-rwxrwxrwx 1 ")
    assert device.shell(f"stat -c %a {docs}/a.txt") == "777"
    shell(device, "rm", "-r", f"{docs}/*")
    assert shell(device, "ls", "-1", docs).strip() == ""


def test_clear_internal_storage_keeps_folders(device):
    shell(device, "mkdir", "-p", "/sdcard/Download/x")
    shell(device, "echo", "'1'", ">", "/sdcard/Download/x/f.txt")
    shell(device, "echo", "'2'", ">", "/sdcard/Documents/g.txt")
    shell(device, "find", "/storage/emulated/0", "-mindepth", "1", "-type", "f", "-delete")
    assert shell(device, "find", "/storage/emulated/0", "-type", "f") == ""
    assert directory_exists(device, "/sdcard/Download/x")


def test_find_name_maxdepth_and_print(device):
    shell(device, "mkdir", "-p", "/sdcard/Music/a/b")
    for path in ("/sdcard/Music/one.mp3", "/sdcard/Music/a/two.mp3", "/sdcard/Music/a/b/three.mp3"):
        shell(device, "touch", path)
    out = device.shell("find /sdcard/Music -maxdepth 2 -type f -name '*.mp3' -print")
    assert out.split("\n") == ["/sdcard/Music/a/two.mp3", "/sdcard/Music/one.mp3"]
    assert device.shell("find /sdcard/Music -mindepth 1 -type d").split("\n") == ["/sdcard/Music/a",
                                                                                   "/sdcard/Music/a/b"]
    assert device.shell("ls -R /sdcard/Music").split("\n") == [
        "/sdcard/Music:", "a", "one.mp3", "", "/sdcard/Music/a:", "b", "two.mp3", "",
        "/sdcard/Music/a/b:", "three.mp3"]
    assert device.shell("head -c 4 /sdcard/Music/one.mp3") == ""
    shell(device, "echo", "'abcdef'", ">", "/sdcard/Music/t.txt")
    assert device.shell("head -c 3 /sdcard/Music/t.txt") == "abc"


def test_close_recents_removes_every_task(device):
    for pkg in (CAL, "net.gsantner.markor"):
        shell(device, "monkey", "-p", pkg, "1")
    out = device.shell("dumpsys activity recents")
    ids = re.findall(r"id=(\d+)", out)  # adb_utils.close_recents
    assert len(set(ids)) >= 2, out
    for recents_id in ids:
        shell(device, "am", "stack", "remove", recents_id)
    assert not re.findall(r"\* Recent #", device.shell("dumpsys activity recents"))


def test_pull_database_directory_and_query(device, tmp_path):
    """tmp_directory_from_device + sqlite_utils: list the DB folder, pull every regular file,
    query locally; and the on-device sqlite3's dot-commands."""
    shell(device, "monkey", "-p", CAL, "1")
    files = file_list_with_metadata(device, CAL_DB_DIR)
    assert "events.db" in [name for name, _, _ in files]
    for name, size, _ in files:
        data = device.sync.read_bytes(os.path.join(CAL_DB_DIR, name))
        assert len(data) == size
        (tmp_path / name).write_bytes(data)
    conn = sqlite3.connect(tmp_path / "events.db")
    conn.row_factory = sqlite3.Row
    assert [dict(r)["title"] for r in conn.execute("SELECT * FROM event_types;")] == ["Regular event"]
    conn.close()
    owner = re.search(r"-rw-rw---- 1 (\S+) (\S+) ", device.shell(f"ls -l {CAL_DB_DIR}"))
    assert owner and owner.group(1) == owner.group(2) and owner.group(1).startswith("u0_a")

    db = f"{CAL_DB_DIR}/events.db"
    tables = device.shell(f"sqlite3 {db} .tables").split("\n")  # down the columns, as shell.c lays them
    assert [line.split() for line in tables] == [["android_metadata", "events", "tasks"],
                                                 ["event_types", "room_master_table", "widgets"]]
    schema = device.shell(f"sqlite3 {db} '.schema event_types'")
    assert schema.startswith("CREATE TABLE `event_types` (") and schema.endswith(";")
    csv = device.shell(f"sqlite3 {db} '.headers on' '.mode csv' 'SELECT id, title FROM event_types'")
    assert csv.split("\r\n") == ["id,title", "1,Regular event"]  # a space needs no quotes
    quoted = device.shell(f"sqlite3 -csv {db} \"SELECT 'a,b', 'say \\\"hi\\\"', NULL, 2.5, ''\"")
    assert quoted == '"a,b","say ""hi""",,2.5,'
    line = device.shell(f"sqlite3 {db} '.mode line' 'SELECT id, title FROM event_types'")
    assert line.split("\n") == ["   id = 1", "title = Regular event"]
    column = device.shell(f"echo '.headers on\n.mode column\nSELECT id, title FROM event_types;' | sqlite3 {db}")
    assert column.split("\n") == ["id          title        ", "----------  -------------",
                                  "1           Regular event"]
    bad = device.shell2(f"sqlite3 {db} '.dump'")
    assert bad.returncode == 1 and "unknown command" in bad.output
