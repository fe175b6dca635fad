"""Simple SMS Messenger 5.19.3: its catalogue record. Messages live in the telephony provider
(`mobile_gym.apps.telephony`); the app is the phone's default SMS app once the secure setting
`sms_default_application` names it (AndroidWorld's setup answers the app's prompt)."""

from __future__ import annotations

from mobile_gym.apps import AppRecord

APP = AppRecord(
    key="sms",
    package="com.simplemobiletools.smsmessenger",
    label="SMS Messenger",
    main_activity="com.simplemobiletools.smsmessenger.activities.MainActivity",
    version="5.19.3",
    version_code=85,
    aliases=("simple sms messenger", "simple sms", "messages"),
)

THREAD_ACTIVITY = "com.simplemobiletools.smsmessenger.activities.ThreadActivity"
NEW_CONVERSATION_ACTIVITY = "com.simplemobiletools.smsmessenger.activities.NewConversationActivity"

#: The secure setting naming the default SMS app (RoleManager's SMS role holder).
DEFAULT_SMS_SETTING = "sms_default_application"

# strings.xml (5.19.3) and Simple-Commons
TYPE_A_MESSAGE = "Type a message\u2026"
ADD_CONTACT_OR_NUMBER = "Add Contact or Number\u2026"
NO_CONVERSATIONS = "No stored conversations have been found"
START_CONVERSATION = "Start a conversation"
NEW_CONVERSATION = "New conversation"
SEND_LABEL = "SMS"
