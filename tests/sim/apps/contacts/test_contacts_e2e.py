"""Contacts end to end by touches and text: create a contact (it reaches the contacts provider
and `content query --uri content://contacts/phones/`), its details, the list, the INSERT intent."""

from __future__ import annotations

from mobile_gym.apps import contacts as contacts_app

PKG = contacts_app.APP.package


def sh(device, cmd: str) -> str:
    code, out, err = device.shell(cmd)
    assert code == 0, (cmd, err)
    return out


def test_create_contact_by_touches(device, ui_factory) -> None:
    ui = ui_factory(device)
    ui.tap(text="Contacts", cls="android.widget.TextView")
    assert device.current_activity() == f"{PKG}/{contacts_app.APP.main_activity}"
    assert ui.has(text="No contacts")
    ui.tap(desc=contacts_app.CREATE_CONTACT)
    assert device.current_activity() == f"{PKG}/{contacts_app.EDITOR_ACTIVITY}"
    assert ui.find(id="first_name")["text"] == contacts_app.FIRST_NAME  # the hint while empty
    ui.tap(id="first_name")
    ui.type("Greta")
    ui.tap(id="last_name")
    ui.type("Larsen")
    ui.tap(id="phone_number")
    ui.type("+1 555 010 7788")
    ui.tap(id="phone_type")
    ui.tap(id="title", text="Work")
    assert ui.find(id="phone_type")["content-desc"] == "Work Phone"
    ui.tap(id="toolbar_button", text="Save")
    assert device.current_activity() == f"{PKG}/{contacts_app.DETAILS_ACTIVITY}"
    assert ui.find(id="large_title")["text"] == "Greta Larsen"
    assert ui.has(text="+1 555 010 7788") and ui.has(text="Work")
    out = sh(device, "content query --uri content://contacts/phones/ --projection display_name:number:type")
    assert out == "Row: 0 display_name=Greta Larsen, number=+1 555 010 7788, type=3\n"
    ui.tap(desc="Navigate up")
    assert ui.find(id="cliv_name_textview")["text"] == "Greta Larsen"


def test_insert_intent_prefills_the_editor(device, ui_factory) -> None:
    sh(device, f"am start -a {contacts_app.INSERT_ACTION} -t {contacts_app.CONTACT_DIR_TYPE} "
               "-e name 'Hiro Ito' -e phone 555-321-0000")
    ui = ui_factory(device)
    assert ui.find(id="first_name")["text"] == "Hiro"
    assert ui.find(id="last_name")["text"] == "Ito"
    assert ui.find(id="phone_number")["text"] == "555-321-0000"
    ui.tap(text="Save")
    assert "display_name=Hiro Ito, number=555-321-0000" in sh(
        device, "content query --uri content://contacts/phones/ --projection display_name:number")


def test_cancel_saves_nothing(device, ui_factory) -> None:
    ui = ui_factory(device)
    ui.tap(text="Contacts", cls="android.widget.TextView")
    ui.tap(desc=contacts_app.CREATE_CONTACT)
    ui.type("Nobody")
    ui.tap(desc="Cancel")
    assert sh(device, "content query --uri content://contacts/phones/").strip() == "No result found."
    assert ui.has(text="No contacts")
