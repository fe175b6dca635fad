"""The providers keep their database connection open between `content` commands: what each
command reads and writes must stay what a fresh connection per command gave, across snapshot
restores (also to images with the same SQLite change counter), other writers of the file (the
`sqlite3` command, a host-side connection), `pm clear`, failed commands and a closed device."""

from __future__ import annotations

import sqlite3

from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.apps import telephony as tel
from mobile_gym.sim.android import SimAndroid

INSERT = "content insert --uri content://sms/inbox --bind address:s:+15550001111 --bind body:s:{}"
BODIES = "content query --uri content://sms --projection body --sort '_id ASC'"


def sh(a: SimAndroid, cmd: str) -> str:
    code, out, err = a.shell(cmd)
    assert code == 0, (cmd, err)
    return out


def bodies(a: SimAndroid) -> list[str]:
    out = sh(a, BODIES)
    return [] if out == "No result found.\n" else [line.split("body=", 1)[1] for line in out.splitlines()]


def test_restore_to_an_image_with_the_same_change_counter():
    a = SimAndroid()
    sh(a, INSERT.format("base"))
    start = a.snapshot()
    sh(a, INSERT.format("x"))
    after_x = a.snapshot()  # one write after `start`
    a.restore(start)
    sh(a, INSERT.format("y"))  # one write after `start` too: the same change counter as after_x
    assert bodies(a) == ["base", "y"]
    a.restore(after_x)
    assert bodies(a) == ["base", "x"]
    a.restore(start)
    assert bodies(a) == ["base"]
    a.close()


def test_other_writers_are_seen():
    a = SimAndroid()
    sh(a, INSERT.format("one"))
    sh(a, f"sqlite3 {tel.DB_PATH} \"UPDATE sms SET body = 'changed' WHERE body = 'one'\"")
    assert bodies(a) == ["changed"]
    with sqlite3.connect(a.storage.host_path(tel.DB_PATH), isolation_level=None) as host:
        host.execute("DELETE FROM sms")
    host.close()
    assert bodies(a) == []
    sh(a, INSERT.format("two"))
    assert sh(a, f"sqlite3 {tel.DB_PATH} 'SELECT body FROM sms'") == "two\n"
    a.close()


def test_removed_database_is_made_again():
    a = SimAndroid()
    sh(a, INSERT.format("one"))
    sh(a, f"rm {tel.DB_PATH}")
    assert bodies(a) == []
    sh(a, INSERT.format("two"))
    assert bodies(a) == ["two"]
    sh(a, f"pm clear {tel.PACKAGE}")
    assert bodies(a) == []
    a.close()


def test_a_failed_command_leaves_no_rows_and_the_next_one_works():
    a = SimAndroid()
    sh(a, INSERT.format("one"))
    code, _, err = a.shell("content insert --uri content://sms/inbox --bind address:s:+1555 --bind nosuch:s:v")
    assert code == 1 and "no column named nosuch" in err
    code, _, err = a.shell("content query --uri content://sms --where 'nosuch = 1'")
    assert code == 1 and "nosuch" in err
    sh(a, INSERT.format("two"))
    assert bodies(a) == ["one", "two"]
    a.close()


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["insert", "snapshot", "restore", "sqlite"]), st.integers(0, 3)),
                max_size=12))
def test_rows_match_a_model_over_snapshots_and_restores(ops):
    a = SimAndroid()
    rows: list[str] = []
    snaps: list[tuple[object, list[str]]] = []
    for n, (op, pick) in enumerate(ops):
        if op == "insert":
            sh(a, INSERT.format(f"m{n}"))
            rows.append(f"m{n}")
        elif op == "snapshot":
            snaps.append((a.snapshot(), list(rows)))
        elif op == "restore" and snaps:
            snap, kept = snaps[pick % len(snaps)]
            a.restore(snap)  # type: ignore[arg-type]
            rows = list(kept)
        elif op == "sqlite" and rows:
            sh(a, f"sqlite3 {tel.DB_PATH} \"DELETE FROM sms WHERE body = '{rows[0]}'\"")
            rows.pop(0)
        assert bodies(a) == rows
    a.close()
