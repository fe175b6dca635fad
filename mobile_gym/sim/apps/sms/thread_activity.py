"""ThreadActivity: one conversation (`thread_messages_list` of `item_message` bubbles), the
composer (`thread_type_message`, `thread_send_message`) and the long-press action mode on a
message (copy to clipboard, forward, delete).

Sending writes the message to the telephony provider as a sent SMS (`type=2`) from this app,
which is what a successful `SmsManager` send leaves there; the radio is not simulated, so a
send always succeeds at once.
"""

from __future__ import annotations

from typing import Any

from mobile_gym.apps import sms as sms_app
from mobile_gym.apps.telephony import TYPE_INBOX, TYPE_SENT, normalize_number
from mobile_gym.sim.apps.sms import common
from mobile_gym.sim.system.activity import Activity
from mobile_gym.sim.ui.layouts import FrameLayout, LinearLayout, RelativeLayout
from mobile_gym.sim.ui.lists import RecyclerView
from mobile_gym.sim.ui.units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import Button, EditText, ImageView, TextView

VALUE_COPIED = "Value copied to clipboard"


class ThreadActivity(Activity):
    """`.activities.ThreadActivity`: extras thread_id / thread_title / thread_number / thread_text."""

    soft_input_mode = "adjustResize"

    def on_create(self) -> None:
        extras = self.intent.extras
        self.address = str(extras.get(common.THREAD_NUMBER) or "")
        self.thread_id = int(extras.get(common.THREAD_ID) or 0)
        self.title = str(extras.get(common.THREAD_TITLE) or self.address)
        self.selected: int | None = None  # the message id the action mode is on
        self._listed: tuple = ()
        root = FrameLayout(id="thread_coordinator", width=MATCH_PARENT, height=MATCH_PARENT,
                           background=common.BACKGROUND)
        column = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT)
        self.bar_holder = FrameLayout(width=MATCH_PARENT, height=WRAP_CONTENT)
        holder = RelativeLayout(id="thread_holder", width=MATCH_PARENT, height=0, weight=1)
        self.list = RecyclerView(id="thread_messages_list", width=MATCH_PARENT, height=MATCH_PARENT,
                                 padding=(0, dp(8)))
        holder.add(self.list)
        composer = LinearLayout("horizontal", id="message_holder", width=MATCH_PARENT, height=WRAP_CONTENT,
                                gravity="center_vertical", padding=(dp(4), dp(4)), background=0xFFF5F5F5)
        composer.a11y_class = "android.view.ViewGroup"
        composer.add(ImageView("add", id="thread_add_attachment", content_desc="Attachment", width=dp(48),
                               height=dp(48), padding=dp(12), icon_color=common.TEXT, clickable=True,
                               focusable=True))
        self.editor = EditText(str(extras.get(common.THREAD_TEXT) or ""), id="thread_type_message",
                               hint=sms_app.TYPE_A_MESSAGE, input_type="textCapSentences|textMultiLine",
                               width=0, weight=1, on_text_changed=lambda _v, _t: self._on_typed())
        self.editor.underline = False
        self.counter = TextView("0", id="thread_character_counter", text_size=sp(12), text_color=common.SECONDARY,
                                padding=(dp(4), 0))
        self.send = Button(sms_app.SEND_LABEL, id="thread_send_message", content_desc="OK", style="text",
                           on_click=self._send)
        composer.add(self.editor, self.counter, self.send)
        column.add(self.bar_holder, holder, composer)
        root.add(column)
        self.set_content(root)
        self._show_toolbar()
        self._on_typed()

    def on_resume(self) -> None:
        self.reload()

    def on_content_changed(self, uri: str) -> None:
        self.reload()

    # -- toolbars ----------------------------------------------------------------------------
    def _show_toolbar(self) -> None:
        bar, _ = common.toolbar(self.title, toolbar_id="thread_toolbar", on_back=self.finish,
                                on_overflow=self._overflow)
        self.bar_holder.clear()
        self.bar_holder.add(bar)

    def _show_action_mode(self) -> None:
        actions = [("cab_copy_to_clipboard", "Copy to clipboard", "copy", self._copy),
                   ("cab_share", "Share", "share", self._share),
                   ("cab_delete", "Delete", "delete", self._ask_delete)]
        bar, _ = common.toolbar(f"1 / {max(1, len(self._messages()))}", toolbar_id="thread_toolbar", on_back=self._end_action_mode,
                                actions=actions, on_overflow=self._cab_overflow)
        self.bar_holder.clear()
        self.bar_holder.add(bar)

    def _overflow(self, anchor: View) -> None:
        common.show_menu(self, anchor, [("Delete", self._ask_delete_conversation)])

    def _cab_overflow(self, anchor: View) -> None:
        common.show_menu(self, anchor, [("Forward", self._forward)])

    def on_back(self) -> bool:
        if self.selected is not None:
            self._end_action_mode()
            return True
        self.finish()
        return True

    # -- messages ----------------------------------------------------------------------------
    def _messages(self) -> list[dict[str, Any]]:
        tel = self.ctx.content.telephony
        if not self.thread_id and self.address:
            for t in tel.threads():
                if normalize_number(str(t["address"] or "")) == normalize_number(self.address):
                    self.thread_id = int(t["_id"])  # type: ignore[arg-type]
        if not self.thread_id:
            return []
        messages = tel.messages(self.thread_id)
        if messages and not self.address:
            self.address = str(messages[0]["address"])
        return messages

    def reload(self) -> None:
        messages = self._messages()
        if self.thread_id and any(m["read"] == 0 for m in messages):
            self.ctx.content.telephony.mark_thread_read(self.thread_id)
        if self.selected is not None and all(m["_id"] != self.selected for m in messages):
            self.selected = None
            self._show_toolbar()
        key = tuple((m["_id"], m["body"], m["type"]) for m in messages) + (self.selected,)
        if key == self._listed:
            return
        self._listed = key
        items: list[View] = []
        for m in messages:
            items.append(self._bubble(m))
        if messages and messages[-1]["type"] == TYPE_SENT:
            tick = RelativeLayout(width=MATCH_PARENT, height=WRAP_CONTENT, padding=(0, 0, dp(16), 0))
            tick.add(ImageView("check", id="thread_success", width=dp(16), height=dp(16), icon_color=common.SECONDARY,
                               layout_gravity="end"))
            items.append(tick)
        self.list.set_items(items)
        self.list.scroll_to(len(items))

    def _bubble(self, message: dict[str, Any]) -> View:
        received = message["type"] == TYPE_INBOX
        msg_id = int(message["_id"])
        holder = LinearLayout("horizontal", id="thread_message_holder", width=MATCH_PARENT, height=WRAP_CONTENT,
                              padding=(dp(12), dp(4)), gravity="start" if received else "end",
                              background=0x33F57C00 if msg_id == self.selected else None)
        holder.a11y_class = "android.view.ViewGroup"
        wrapper = RelativeLayout(id="thread_message_wrapper", width=WRAP_CONTENT, height=WRAP_CONTENT)
        body = TextView(str(message["body"] or ""), id="thread_message_body", text_size=sp(16),
                        text_color=common.TEXT if received else 0xFFFFFFFF,
                        background=common.RECEIVED_BUBBLE if received else common.SENT_BUBBLE,
                        corner_radius=dp(16), padding=(dp(12), dp(8)),
                        clickable=True, long_clickable=True, focusable=True)
        body.a11y_class = "androidx.appcompat.widget.AppCompatTextView"
        body.on_click = lambda: self._tap_message(msg_id)
        body.on_long_click = lambda: self._select(msg_id)
        wrapper.add(body)
        holder.add(wrapper)
        return holder

    def _tap_message(self, msg_id: int) -> None:
        if self.selected == msg_id:
            self._end_action_mode()
        elif self.selected is not None:
            self._select(msg_id)

    def _select(self, msg_id: int) -> None:
        self.selected = msg_id
        self._show_action_mode()
        self._listed = ()
        self.reload()

    def _end_action_mode(self) -> None:
        self.selected = None
        self._show_toolbar()
        self._listed = ()
        self.reload()

    def _selected_body(self) -> str | None:
        for m in self._messages():
            if m["_id"] == self.selected:
                return str(m["body"] or "")
        return None

    def _copy(self) -> None:
        body = self._selected_body()
        if body is not None:
            self.ctx.clipboard.set_text(body, self.ctx.package)
            self.show_toast(VALUE_COPIED)
        self._end_action_mode()

    def _share(self) -> None:
        self._end_action_mode()  # the share sheet is not simulated

    def _forward(self) -> None:
        body = self._selected_body()
        self._end_action_mode()
        if body is not None:
            self.start_activity(sms_app.NEW_CONVERSATION_ACTIVITY, **{common.THREAD_TEXT: body})

    def _ask_delete(self) -> None:
        if self.selected is None:
            return
        msg_id = self.selected

        def delete() -> None:
            self.ctx.content.telephony.delete_message(msg_id)
            self.ctx.notify_change("content://sms")
            self._end_action_mode()

        common.alert(self, "Are you sure you want to delete 1 message?", "Delete", delete)

    def _ask_delete_conversation(self) -> None:
        def delete() -> None:
            if self.thread_id:
                self.ctx.content.telephony.delete_thread(self.thread_id)
            self.finish()

        common.alert(self, "Are you sure you want to delete all messages of this conversation?", "Delete", delete)

    # -- composer ----------------------------------------------------------------------------
    def _on_typed(self) -> None:
        text = self.editor.text
        self.counter.text = str(len(text))
        self.send.enabled = bool(text.strip())

    def _send(self) -> None:
        text = self.editor.text
        if not text or not self.address:
            return
        tel = self.ctx.content.telephony
        tel.add_message(self.address, text, TYPE_SENT, creator=self.ctx.package)
        self.ctx.log("I", "SmsMessenger", f"sent SMS to {self.address}")
        self.editor.set_text("")
        self._listed = ()
        self.reload()
