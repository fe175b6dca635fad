"""AOSP Settings of Android 13: its catalogue record (its state is the settings provider)."""

from __future__ import annotations

from mobile_gym.apps import AppRecord

APP = AppRecord(
    key="settings",
    package="com.android.settings",
    label="Settings",
    main_activity="com.android.settings.Settings",
    version="13",
    version_code=33,
    aliases=("system settings",),
)
