"""The Simple SMS Messenger app declaration."""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.apps import sms as sms_app
from mobile_gym.sim.apps.sms.main_activity import MainActivity
from mobile_gym.sim.apps.sms.new_conversation import NewConversationActivity
from mobile_gym.sim.apps.sms.thread_activity import ThreadActivity
from mobile_gym.sim.system.activity import Activity
from mobile_gym.sim.system.packages import App


class SmsApp(App):
    """`com.simplemobiletools.smsmessenger` 5.19.3: messages are the telephony provider's (the
    app's own `conversations.db` cache is not simulated)."""

    record = sms_app.APP
    icon: ClassVar[str] = "message"
    icon_color: ClassVar[int] = 0xFFF57C00
    activities: ClassVar[dict[str, type[Activity]]] = {
        ".activities.MainActivity": MainActivity,
        ".activities.ThreadActivity": ThreadActivity,
        ".activities.NewConversationActivity": NewConversationActivity,
    }
