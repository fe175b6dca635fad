"""MainActivity: the conversation list (`conversations_list`, `item_conversation` rows), the
search field, the FAB to a new conversation, and the default-SMS-app prompt on first start.

The list is re-read from the telephony provider on every resume and whenever a provider
reports a change, so messages seeded or received by a task show up at once.
"""

from __future__ import annotations

from functools import partial

from mobile_gym.apps import sms as sms_app
from mobile_gym.apps.telephony import normalize_number
from mobile_gym.sim.apps.sms import common
from mobile_gym.sim.system.activity import Activity
from mobile_gym.sim.ui.layouts import FrameLayout, LinearLayout, RelativeLayout
from mobile_gym.sim.ui.lists import RecyclerView
from mobile_gym.sim.ui.units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import EditText, ImageButton, TextView


class MainActivity(Activity):
    """`.activities.MainActivity` (launcher)."""

    launch_mode = "singleTask"

    def on_create(self) -> None:
        self.query = ""
        self.prompting = False
        self._listed: tuple = ()
        root = FrameLayout(id="main_coordinator", width=MATCH_PARENT, height=MATCH_PARENT,
                           background=common.BACKGROUND)
        column = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT)
        menu = LinearLayout("horizontal", id="main_menu", width=MATCH_PARENT, height=dp(64),
                            gravity="center_vertical", padding=(dp(12), dp(8)))
        self.search = EditText("", id="top_toolbar_search", hint="Search", single_line=True, width=0,
                               weight=1, on_text_changed=lambda _v, t: self._on_search(t))
        menu.add(self.search)
        holder = RelativeLayout(id="main_holder", width=MATCH_PARENT, height=0, weight=1)
        self.placeholder = TextView(sms_app.NO_CONVERSATIONS, id="no_conversations_placeholder",
                                    text_size=sp(16), text_color=common.SECONDARY, gravity="center",
                                    width=MATCH_PARENT, padding=(dp(16), dp(32), dp(16), dp(8)))
        self.placeholder_2 = TextView(sms_app.START_CONVERSATION, id="no_conversations_placeholder_2",
                                      text_size=sp(16), text_color=common.PRIMARY, gravity="center",
                                      width=MATCH_PARENT, clickable=True, focusable=True,
                                      margin=(0, dp(80), 0, 0), on_click=self._new_conversation)
        self.list = RecyclerView(id="conversations_list", width=MATCH_PARENT, height=MATCH_PARENT)
        holder.add(self.list, self.placeholder, self.placeholder_2)
        column.add(menu, holder)
        fab = ImageButton("add", id="conversations_fab", content_desc=sms_app.NEW_CONVERSATION,
                          width=dp(56), height=dp(56), padding=dp(16), icon_color=0xFFFFFFFF,
                          background=common.PRIMARY, corner_radius=dp(28), layout_gravity="bottom|end",
                          margin=(0, 0, dp(16), dp(16)), on_click=self._new_conversation)
        root.add(column, fab)
        self.set_content(root)

    def on_resume(self) -> None:
        if not common.is_default_sms_app(self):
            if not self.prompting:
                self.prompting = True
                common.ask_default_sms_app(self, self._after_prompt)
            return
        self.reload()

    def on_content_changed(self, uri: str) -> None:
        self.reload()

    def _after_prompt(self, granted: bool) -> None:
        self.prompting = False
        if granted:
            self.reload()
        else:
            self.finish()

    def reload(self) -> None:
        threads = self.ctx.content.telephony.threads()
        names = common.contact_names(self)
        rows = []
        for t in threads:
            address = str(t["address"] or "")
            title = names.get(normalize_number(address), address)
            snippet = str(t["snippet"] or "")
            if self.query and self.query.casefold() not in (title + " " + snippet).casefold():
                continue
            rows.append((int(t["_id"]), title, address, snippet, int(t["date"] or 0), bool(t["read"])))  # type: ignore[arg-type]
        key = (tuple(rows), int(self.ctx.now() // 86400))
        if key != self._listed:
            self._listed = key
            self.list.set_items([self._row(*r) for r in rows])
        empty = not rows
        self.placeholder.visibility = "visible" if empty else "gone"
        self.placeholder_2.visibility = "visible" if empty and not self.query else "gone"
        if self.query and empty:
            self.placeholder.text = "No items found."

    def _row(self, thread_id: int, title: str, address: str, snippet: str, date: int, read: bool) -> View:
        frame = FrameLayout(id="conversation_frame", width=MATCH_PARENT, height=WRAP_CONTENT, clickable=True,
                            focusable=True, long_clickable=True,
                            on_click=partial(self._open, thread_id, title, address))
        box = RelativeLayout(id="conversation_holder", width=MATCH_PARENT, height=WRAP_CONTENT)
        line = LinearLayout("horizontal", width=MATCH_PARENT, height=WRAP_CONTENT, gravity="center_vertical",
                            padding=(dp(16), dp(12)))
        line.add(common.avatar(title, "conversation_image"))
        texts = LinearLayout("vertical", width=0, weight=1, height=WRAP_CONTENT, padding=(dp(16), 0, dp(8), 0))
        weight = "regular" if read else "bold"
        texts.add(TextView(title, id="conversation_address", text_size=sp(17), text_color=common.TEXT,
                           max_lines=1, width=MATCH_PARENT, font_weight=weight))
        texts.add(TextView(snippet, id="conversation_body_short", text_size=sp(14), text_color=common.SECONDARY,
                           max_lines=1, width=MATCH_PARENT, font_weight=weight))
        line.add(texts)
        line.add(TextView(common.format_date(date, self.ctx.now()), id="conversation_date", text_size=sp(13),
                          text_color=common.SECONDARY))
        box.add(line)
        frame.add(box)
        return frame

    def _open(self, thread_id: int, title: str, address: str) -> None:
        self.start_activity(sms_app.THREAD_ACTIVITY, **{common.THREAD_ID: thread_id, common.THREAD_TITLE: title,
                                                        common.THREAD_NUMBER: address})

    def _new_conversation(self) -> None:
        self.start_activity(sms_app.NEW_CONVERSATION_ACTIVITY)

    def _on_search(self, text: str) -> None:
        self.query = text.strip() if len(text.strip()) >= 2 else ""
        self.reload()
