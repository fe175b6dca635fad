"""Phone services through the shell: the `content` command (query/insert/delete, Android's
output and errors), the telephony and contacts providers, the clipboard (`cmd clipboard`, the
Clipper broadcasts), `pm clear` of a provider, and snapshots of it all."""

from __future__ import annotations

import shlex

from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.apps import telephony as tel
from mobile_gym.sim.android import SimAndroid


def sh(a: SimAndroid, cmd: str) -> str:
    code, out, err = a.shell(cmd)
    assert code == 0, (cmd, err)
    return out


def test_empty_query_and_usage():
    a = SimAndroid()
    assert sh(a, "content query --uri content://sms/sent") == "No result found.\n"
    code, out, err = a.shell("content query")
    assert code == 1 and "Content provider URI not specified" in err and out.startswith("usage:")
    code, _, err = a.shell("content query --uri content://nowhere/x")
    assert code == 1 and err == ("Error while accessing provider:nowhere\n"
                                 "java.lang.IllegalArgumentException: Could not find provider: nowhere\n")
    code, _, err = a.shell("content query --uri content://sms --projection nosuch")
    assert code == 1 and "no such column: nosuch" in err
    code, _, err = a.shell("content insert --uri content://sms/inbox --bind address:x:1")
    assert code == 1 and "Unsupported type: x" in err


def test_boxes_threads_where_sort_and_delete():
    a = SimAndroid()
    a.receive_sms("+15550000001", "one")
    a.advance(1)
    sh(a, "content insert --uri content://sms/sent --bind address:s:+15550000001 --bind body:s:two")
    a.advance(1)
    a.receive_sms("+15550000002", "three")
    assert sh(a, "content query --uri content://sms --projection body") == \
        "Row: 0 body=three\nRow: 1 body=two\nRow: 2 body=one\n"      # newest first
    assert sh(a, "content query --uri content://sms/inbox --projection thread_id:body --sort '_id ASC'") == \
        "Row: 0 thread_id=1, body=one\nRow: 1 thread_id=2, body=three\n"
    assert sh(a, "content query --uri content://sms/2 --projection type:read:seen") == \
        "Row: 0 type=2, read=1, seen=1\n"
    assert sh(a, "content query --uri content://sms --where \"address='+15550000002'\" --projection _id") == \
        "Row: 0 _id=3\n"
    threads = sh(a, f"sqlite3 {tel.DB_PATH} 'SELECT _id, message_count, snippet FROM threads'")
    assert threads == "1|2|two\n2|1|three\n"
    sh(a, "content delete --uri content://sms/inbox --where \"body='one'\"")
    assert sh(a, f"sqlite3 {tel.DB_PATH} 'SELECT message_count FROM threads WHERE _id = 1'") == "1\n"
    sh(a, "content delete --uri content://sms")
    assert sh(a, "content query --uri content://sms") == "No result found.\n"


def test_body_with_commas_parses_as_android_world_does():
    a = SimAndroid()
    a.receive_sms("+1555", "Hello, World, again")
    line = sh(a, "content query --uri content://sms/inbox").splitlines()[0]
    body_start = line.find("body=") + 5
    rest = line[body_start:]
    body = rest[:rest.rfind(", ", 0, rest.find("="))]
    assert body == "Hello, World, again"


def test_contacts_provider_rows():
    a = SimAndroid()
    sh(a, "content insert --uri content://com.android.contacts/raw_contacts --bind account_type:n: "
          "--bind account_name:n:")
    sh(a, "content insert --uri content://com.android.contacts/data --bind raw_contact_id:i:1 "
          "--bind mimetype:s:vnd.android.cursor.item/name --bind 'data1:s:Ada Moreau'")
    sh(a, "content insert --uri content://com.android.contacts/data --bind raw_contact_id:i:1 "
          "--bind mimetype:s:vnd.android.cursor.item/phone_v2 --bind data1:s:555-0100 --bind data2:i:1")
    assert sh(a, "content query --uri content://contacts/phones/ --projection display_name:number") == \
        "Row: 0 display_name=Ada Moreau, number=555-0100\n"
    assert sh(a, "content query --uri content://com.android.contacts/contacts --projection "
                 "display_name:has_phone_number") == "Row: 0 display_name=Ada Moreau, has_phone_number=1\n"
    code, _, err = a.shell("content insert --uri content://com.android.contacts/data --bind raw_contact_id:i:9 "
                           "--bind mimetype:s:vnd.android.cursor.item/name --bind data1:s:X")
    assert code == 1 and "raw_contact_id 9 does not exist" in err
    assert sh(a, "pm clear com.android.providers.contacts") == "Success\n"
    assert sh(a, "content query --uri content://contacts/phones/") == "No result found.\n"


def test_clipboard_shell_and_clipper():
    a = SimAndroid()
    assert sh(a, "cmd clipboard get-primary-clip-text") == "null\n"
    out = sh(a, "am broadcast -a clipper.set -e text 'to be copied'")
    assert out.splitlines() == ["Broadcasting: Intent { act=clipper.set (has extras) }",
                                'Broadcast completed: result=-1, data="Text is copied into clipboard."']
    assert a.clipboard.get_text() == "to be copied" and a.clipboard.source == "ca.zgrs.clipper"
    assert sh(a, "am broadcast -a clipper.get").splitlines()[-1] == \
        'Broadcast completed: result=-1, data="to be copied"'
    sh(a, "cmd clipboard set-primary-clip-text other words")
    assert sh(a, "cmd clipboard get-primary-clip-text") == "other words\n"
    sh(a, "cmd clipboard clear-primary-clip")
    assert a.clipboard.get_text() is None


def test_snapshot_restores_clipboard_and_messages():
    a = SimAndroid()
    a.clipboard.set_text("before")
    snap = a.snapshot()
    a.clipboard.set_text("after")
    a.receive_sms("+1555", "later")
    a.restore(snap)
    assert a.clipboard.get_text() == "before"
    assert sh(a, "content query --uri content://sms") == "No result found.\n"
    a.receive_sms("+1555", "again")                      # the restored provider uses the restored clock
    ms = int(sh(a, "content query --uri content://sms --projection date").split("=")[1])
    assert ms == round(a.clock.now() * 1000)


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=40))
def test_any_body_round_trips_through_content_insert(body):
    a = SimAndroid()
    sh(a, f"content insert --uri content://sms/sent --bind address:s:+15551234567 "
          f"--bind {shlex.quote('body:s:' + body)}")
    rows = a.content.query("content://sms/sent", ["body"]).rows
    assert rows == ((body,),)
