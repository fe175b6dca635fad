"""Simple SMS Messenger end to end through SimDevice by touches, keys and text: the default-SMS
prompt, sending (read back with `content query --uri content://sms/sent`), an injected incoming
message, the message action mode (copy, forward, delete), and copy in Markor / paste in SMS."""

from __future__ import annotations

import pytest

from mobile_gym.apps import sms as sms_app
from mobile_gym.apps import telephony as tel

PKG = sms_app.APP.package


def sh(device, cmd: str) -> str:
    code, out, err = device.shell(cmd)
    assert code == 0, (cmd, err)
    return out


def make_default(device) -> None:
    sh(device, f"settings put secure {sms_app.DEFAULT_SMS_SETTING} {PKG}")


@pytest.fixture
def ui(device, ui_factory):
    make_default(device)
    u = ui_factory(device)
    u.tap(text=sms_app.APP.label, cls="android.widget.TextView")
    assert device.current_activity() == f"{PKG}/{sms_app.APP.main_activity}"
    return u


def rows(out: str) -> list[dict[str, str]]:
    """`content query` rows as dicts (values containing ", " kept whole for `body`)."""
    result = []
    for line in out.splitlines():
        assert line.startswith("Row: "), line
        body = line.split(" body=", 1)[1].split(", service_center=")[0] if " body=" in line else None
        fields = dict(part.split("=", 1) for part in line.split(" ", 2)[2].split(", ") if "=" in part)
        if body is not None:
            fields["body"] = body
        result.append(fields)
    return result


def test_first_start_asks_to_become_default_sms_app(device, ui_factory) -> None:
    ui = ui_factory(device)
    ui.tap(text=sms_app.APP.label, cls="android.widget.TextView")
    assert ui.has(text="Set SMS Messenger as your default SMS app?")
    ui.tap(text="Set as default")          # nothing chosen yet: the dialog stays
    assert ui.has(text="Set as default")
    ui.tap(text=sms_app.APP.label, id="android:id/text1")
    ui.tap(text="Set as default")
    assert sh(device, "settings get secure sms_default_application").strip() == PKG
    assert ui.has(id="no_conversations_placeholder", text=sms_app.NO_CONVERSATIONS)


def test_refusing_the_prompt_closes_the_app(device, ui_factory) -> None:
    ui = ui_factory(device)
    ui.tap(text=sms_app.APP.label, cls="android.widget.TextView")
    ui.tap(text="Cancel")
    assert not device.current_activity().startswith(PKG)


def test_sent_message_is_in_the_provider_with_the_real_columns(device, ui) -> None:
    ui.tap(id="conversations_fab")
    ui.tap(id="new_conversation_address")
    ui.type("+15551234567")
    ui.tap(id="new_conversation_confirm")
    assert device.current_activity().endswith(".activities.ThreadActivity")
    assert ui.find(id="thread_type_message")["text"] == sms_app.TYPE_A_MESSAGE
    ui.tap(id="thread_type_message")
    ui.type("Lunch at noon")
    ui.tap(id="thread_send_message")
    out = sh(device, "content query --uri content://sms/sent")
    line = out.splitlines()[0]
    cols = [part.split("=", 1)[0] for part in line.split(" ", 2)[2].split(", ")]
    assert cols == list(tel.SMS_COLUMNS)
    assert line.startswith("Row: 0 _id=1, thread_id=1, address=+15551234567, person=NULL, date=")
    row = rows(out)[0]
    assert row["body"] == "Lunch at noon" and row["type"] == "2" and row["creator"] == PKG
    assert ui.find(id="thread_message_body")["text"] == "Lunch at noon"
    assert ui.find(id="thread_type_message")["text"] == sms_app.TYPE_A_MESSAGE  # composer cleared
    assert sh(device, "content query --uri content://sms/inbox").strip() == "No result found."


def test_injected_message_shows_a_conversation_and_a_reply_joins_its_thread(device, ui) -> None:
    assert ui.has(text=sms_app.NO_CONVERSATIONS)
    device.android.receive_sms("+15550009999", "Are you coming tonight?")
    assert ui.find(id="conversation_address")["text"] == "+15550009999"  # the open list updates
    assert ui.find(id="conversation_body_short")["text"] == "Are you coming tonight?"
    assert ui.find(id="conversation_address")["class"] == "android.widget.TextView"
    ui.tap(id="conversation_address")
    ui.tap(id="thread_type_message")
    ui.type("Yes, at eight")
    ui.tap(id="thread_send_message")
    out = sh(device, "content query --uri content://sms --projection thread_id:type:read:body --sort '_id ASC'")
    assert out.splitlines() == ["Row: 0 thread_id=1, type=1, read=1, body=Are you coming tonight?",
                                "Row: 1 thread_id=1, type=2, read=1, body=Yes, at eight"]
    ui.key("BACK")
    ui.key("BACK")
    assert ui.find(id="conversation_body_short")["text"] == "Yes, at eight"


def test_contact_names_replace_numbers(device, ui) -> None:
    device.android.content.contacts.add_contact("Rosa Costa", [("+15550001111", 2)])
    device.android.receive_sms("+15550001111", "Hi!")
    ui.key("BACK")
    ui.tap(text=sms_app.APP.label, cls="android.widget.TextView")
    assert ui.find(id="conversation_address")["text"] == "Rosa Costa"


def test_copy_forward_and_delete_a_message(device, ui) -> None:
    device.android.receive_sms("+15550002222", "Gate code is 4512")
    ui.tap(id="conversation_address")
    ui.long_press(id="thread_message_body", text="Gate code is 4512")
    assert ui.has(id="cab_copy_to_clipboard", desc="Copy to clipboard")
    ui.tap(id="cab_copy_to_clipboard")
    assert sh(device, "cmd clipboard get-primary-clip-text") == "Gate code is 4512\n"
    # forward: action mode, overflow, Forward -> new conversation -> thread with the text
    ui.long_press(id="thread_message_body", text="Gate code is 4512")
    ui.tap(desc="More options")
    ui.tap(text="Forward")
    assert device.current_activity().endswith(".activities.NewConversationActivity")
    ui.type("+15550003333")
    ui.tap(id="new_conversation_confirm")
    assert ui.find(id="thread_type_message")["text"] == "Gate code is 4512"
    ui.tap(id="thread_send_message")
    sent = rows(sh(device, "content query --uri content://sms/sent --projection address:body"))
    assert sent == [{"address": "+15550003333", "body": "Gate code is 4512"}]
    # delete the received one
    ui.key("BACK")
    ui.key("BACK")
    ui.tap(text="+15550002222")
    ui.long_press(id="thread_message_body", text="Gate code is 4512")
    ui.tap(id="cab_delete")
    assert ui.has(text="Are you sure you want to delete 1 message?")
    ui.tap(text="Delete")
    assert sh(device, "content query --uri content://sms/inbox").strip() == "No result found."
    assert not ui.has(id="thread_message_body")


def test_new_conversation_filters_contacts(device, ui) -> None:
    contacts = device.android.content.contacts
    contacts.add_contact("Hiro Tanaka", [("+15550004444", 2)])
    contacts.add_contact("Vera Novak", [("+15550005555", 2)])
    ui.tap(id="conversations_fab")
    assert {n["text"] for n in ui.find_all(id="item_contact_name")} == {"Hiro Tanaka", "Vera Novak"}
    assert not ui.has(id="new_conversation_confirm")
    ui.type("Ver")
    assert [n["text"] for n in ui.find_all(id="item_contact_name")] == ["Vera Novak"]
    assert ui.has(id="new_conversation_confirm")
    ui.tap(id="item_contact_name", text="Vera Novak")
    assert ui.find(id="thread_toolbar").attrs  # the thread of the contact
    assert ui.has(text="Vera Novak")


def test_copy_in_markor_and_paste_in_sms(device, ui_factory) -> None:
    make_default(device)
    ui = ui_factory(device)
    ui.tap(desc="Markor")
    ui.tap(desc="Create a new file or folder")
    ui.type("errand")
    ui.tap(id="android:id/button1")
    ui.tap(id="document__fragment__edit__highlighting_editor")
    ui.type("Buy stamps at the post office")
    ui.long_press(id="document__fragment__edit__highlighting_editor")
    ui.tap(desc="Select all")
    assert [n["content-desc"] for n in ui.find_all(cls="android.widget.LinearLayout")
            if n["content-desc"] in ("Cut", "Copy", "Paste", "Select all")] == ["Cut", "Copy"]
    ui.tap(desc="Copy")
    assert sh(device, "cmd clipboard get-primary-clip-text") == "Buy stamps at the post office\n"
    ui.key("HOME")
    ui.tap(text=sms_app.APP.label, cls="android.widget.TextView")
    ui.tap(id="conversations_fab")
    ui.type("+15550006666")
    ui.tap(id="new_conversation_confirm")
    ui.long_press(id="thread_type_message")
    assert ui.find(text="Paste")["resource-id"] == "android:id/floating_toolbar_menu_item_text"
    ui.tap(text="Paste")
    assert ui.find(id="thread_type_message")["text"] == "Buy stamps at the post office"
    ui.tap(id="thread_send_message")
    sent = rows(sh(device, "content query --uri content://sms/sent --projection address:body"))
    assert sent == [{"address": "+15550006666", "body": "Buy stamps at the post office"}]
