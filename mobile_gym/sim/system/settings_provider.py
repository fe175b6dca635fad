"""`Settings.System/Secure/Global`: string key-value tables with defaults and change observers."""

from __future__ import annotations

from collections.abc import Callable

NAMESPACES = ("system", "secure", "global")

# Values of a fresh Pixel 6 API 33 emulator as AndroidWorld configures it (24-hour clock, UTC).
DEFAULTS: dict[str, dict[str, str]] = {
    "global": {
        "airplane_mode_on": "0",
        "auto_time": "0",
        "auto_time_zone": "0",
        "bluetooth_on": "0",
        "adb_enabled": "1",
        "development_settings_enabled": "1",
        "device_name": "Pixel 6",
        "device_provisioned": "1",
        "mobile_data": "1",
        "stay_on_while_plugged_in": "0",
        "wifi_on": "1",
        "window_animation_scale": "1.0",
        "transition_animation_scale": "1.0",
        "animator_duration_scale": "1.0",
        "data_roaming": "0",
        "boot_count": "1",
    },
    "secure": {
        "android_id": "5a1d3c0e9b7f4e21",
        "default_input_method": "com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME",
        "enabled_input_methods": "com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME",
        "location_mode": "3",
        "navigation_mode": "0",
        "show_ime_with_hard_keyboard": "1",
        "user_setup_complete": "1",
        "accessibility_enabled": "0",
        "screensaver_enabled": "0",
    },
    "system": {
        "accelerometer_rotation": "0",
        "font_scale": "1.0",
        "haptic_feedback_enabled": "1",
        "screen_brightness": "102",
        "screen_brightness_mode": "0",
        "screen_off_timeout": "60000",
        "sound_effects_enabled": "1",
        "time_12_24": "24",
        "user_rotation": "0",
        "volume_music": "5",
        "volume_ring": "5",
    },
}

Listener = Callable[[str, str, "str | None"], None]


class SettingsProvider:
    """Three namespaces of string settings; `None` means unset (`settings get` prints `null`)."""

    def __init__(self) -> None:
        self._tables: dict[str, dict[str, str]] = {ns: dict(DEFAULTS[ns]) for ns in NAMESPACES}
        self._listeners: list[Listener] = []

    @staticmethod
    def _check(namespace: str) -> str:
        ns = namespace.lower()
        if ns not in NAMESPACES:
            raise ValueError(f"Invalid namespace '{namespace}'; expected one of system, secure, global")
        return ns

    def get(self, namespace: str, key: str) -> str | None:
        # a namespace already in lower case (most callers) is a key of _tables as it is
        table = self._tables.get(namespace) if type(namespace) is str else None
        if table is None:
            table = self._tables[self._check(namespace)]
        return table.get(key)

    def is_on(self, namespace: str, key: str) -> bool:
        """A switch such as `global wifi_on`: on unless unset or "0"."""
        return self.get(namespace, key) not in (None, "0")

    def put(self, namespace: str, key: str, value: str | float) -> None:
        """Set a value (stored as text, like the real provider) and notify observers on change."""
        ns = self._check(namespace)
        if not key:
            raise ValueError("settings key must not be empty")
        text = str(value)
        if self._tables[ns].get(key) == text:
            return
        self._tables[ns][key] = text
        self._notify(ns, key, text)

    def delete(self, namespace: str, key: str) -> bool:
        ns = self._check(namespace)
        if key not in self._tables[ns]:
            return False
        del self._tables[ns][key]
        self._notify(ns, key, None)
        return True

    def reset(self, namespace: str) -> None:
        """Back to the defaults of one namespace (like `settings reset <ns> untrusted_defaults`)."""
        ns = self._check(namespace)
        old = self._tables[ns]
        self._tables[ns] = dict(DEFAULTS[ns])
        for key in sorted(set(old) | set(self._tables[ns])):
            if old.get(key) != self._tables[ns].get(key):
                self._notify(ns, key, self._tables[ns].get(key))

    def items(self, namespace: str) -> list[tuple[str, str]]:
        return sorted(self._tables[self._check(namespace)].items())

    def observe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(namespace, key, new_value)` on every change; returns an unsubscribe."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)
        return unsubscribe

    def _notify(self, ns: str, key: str, value: str | None) -> None:
        for listener in list(self._listeners):
            listener(ns, key, value)
