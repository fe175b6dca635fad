"""What the simulated Settings pages contain: titles, rows, summaries and which setting a switch drives.

Plain data, kept apart from the views so the page contents can be read and tested on their own.
Strings are Android 13 (API 33) AOSP Settings on a Pixel, en-US. AOSP writes "Wi‑Fi" with a
NON-BREAKING HYPHEN (U+2011), as here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

WIFI = "Wi\u2011Fi"


@dataclass(frozen=True)
class SwitchSpec:
    """A switch bound to a settings-provider key; `on`/`off` are the stored values."""

    namespace: str  # "global" | "system" | "secure"
    key: str
    on: str = "1"
    off: str = "0"
    default: str = "0"


@dataclass(frozen=True)
class Row:
    """One preference row. `target` names the page a tap opens; `switch` makes it a switch row."""

    title: str
    summary: str = ""
    target: str = ""
    switch: SwitchSpec | None = None
    key: str = ""  # identifies rows whose summary or action is computed (e.g. "brightness")
    icon: str = ""


@dataclass(frozen=True)
class Page:
    """A Settings page: its title and rows, top to bottom. `main_switch` is a MainSwitchBar."""

    name: str
    title: str
    rows: tuple[Row, ...] = ()
    main_switch: tuple[str, SwitchSpec] | None = None
    footer: str = ""
    categories: dict[int, str] = field(default_factory=dict)  # row index -> category header before it


WIFI_ON = SwitchSpec("global", "wifi_on")  # unset is off, as for the status bar and svc
BLUETOOTH_ON = SwitchSpec("global", "bluetooth_on", default="0")
AIRPLANE_MODE = SwitchSpec("global", "airplane_mode_on", default="0")
ADAPTIVE_BRIGHTNESS = SwitchSpec("system", "screen_brightness_mode", default="0")
DARK_THEME = SwitchSpec("secure", "ui_night_mode", on="2", off="1", default="1")
AUTO_ROTATE = SwitchSpec("system", "accelerometer_rotation", default="0")

HOME_ROWS: tuple[Row, ...] = (
    Row("Network & internet", f"Mobile, {WIFI}, hotspot", target="network", icon="wifi"),
    Row("Connected devices", "Bluetooth, pairing", target="connected", icon="st_devices"),
    Row("Apps", "Recent apps, default apps", target="apps", icon="apps"),
    Row("Notifications", "Notification history, conversations", target="notifications", icon="notifications"),
    Row("Battery", "100%", target="battery", icon="battery"),
    Row("Storage", "", target="storage", key="storage_summary", icon="storage"),
    Row("Sound & vibration", "Volume, haptics, Do Not Disturb", target="sound", icon="volume"),
    Row("Display", "Dark theme, font size, brightness", target="display", icon="brightness"),
    Row("Wallpaper & style", "Colors, themed icons, app grid", target="wallpaper", icon="palette"),
    Row("Accessibility", "Display, interaction, audio", target="accessibility", icon="st_accessibility"),
    Row("Security & privacy", "App security, device lock, permissions", target="security", icon="lock"),
    Row("Location", "On - 0 apps have access to location", target="location", icon="location"),
    Row("Safety & emergency", "Emergency SOS, medical info, alerts", target="safety", icon="st_emergency"),
    Row("Passwords & accounts", "Saved passwords, autofill, synced accounts", target="accounts", icon="st_key"),
    Row("System", "Languages, gestures, time, backup", target="system", icon="info"),
    Row("About phone", "Pixel 6", target="about", icon="phone"),
)

PAGES: dict[str, Page] = {
    "network": Page("network", "Network & internet", (
        Row("Internet", "", target="internet", key="internet_summary", icon="wifi"),
        Row("Calls & SMS", "T-Mobile", icon="phone"),
        Row("SIMs", "T-Mobile", icon="st_sim"),
        Row("Airplane mode", "", switch=AIRPLANE_MODE, icon="airplane"),
        Row("Hotspot & tethering", "Off", icon="st_hotspot"),
        Row("Data Saver", "Off", icon="st_data_saver"),
        Row("VPN", "None", icon="st_vpn"),
        Row("Private DNS", "Automatic"),
        Row("Adaptive connectivity"),
    )),
    "internet": Page("internet", "Internet", (
        Row(WIFI, "", switch=WIFI_ON, key="wifi_toggle"),
        Row("AndroidWifi", "Connected", key="wifi_network", icon="wifi"),
        Row("Add network", "", icon="add"),
        Row("Saved networks", "1 network"),
        Row("Network preferences", f"{WIFI} turns back on automatically"),
        Row("Non-carrier data usage"),
    )),
    "connected": Page("connected", "Connected devices", (
        Row("Pair new device", "", icon="add"),
        Row("Connection preferences", "", target="connection_prefs", key="connection_prefs_summary",
            icon="st_devices"),
    ), categories={0: "Other devices"}),
    "connection_prefs": Page("connection_prefs", "Connection preferences", (
        Row("Bluetooth", "", target="bluetooth", key="bluetooth_summary", icon="bluetooth"),
        Row("Cast", "Not connected", icon="st_cast"),
        Row("Printing", "1 print service on", icon="st_print"),
        Row("Files received via Bluetooth", "", icon="download"),
        Row("Nearby Share", "", icon="share"),
        Row("Android Auto", "Use apps on your car screen", icon="st_car"),
    )),
    "bluetooth": Page("bluetooth", "Bluetooth", (
        Row("Pair new device", "", icon="add", key="bt_pair"),
        Row("Device name", "Pixel 6", key="bt_name"),
    ), main_switch=("Use Bluetooth", BLUETOOTH_ON),
        footer="When Bluetooth is turned on, your device can communicate with other nearby "
               "Bluetooth devices."),
    "display": Page("display", "Display", (
        Row("Brightness level", "", key="brightness"),
        Row("Adaptive brightness", "Optimize brightness level for available light",
            switch=ADAPTIVE_BRIGHTNESS),
        Row("Lock screen", "Show all notification content"),
        Row("Screen timeout", "After 30 seconds of inactivity"),
        Row("Dark theme", "Will never turn on automatically", switch=DARK_THEME),
        Row("Font size", "Default"),
        Row("Display size", "Default"),
        Row("Auto-rotate screen", "", switch=AUTO_ROTATE),
    ), categories={0: "Brightness", 2: "Lock display", 4: "Appearance", 7: "Other display controls"}),
}
"""Pages with contents. Home rows whose target is not here open a page showing only its title."""


def page_for(name: str) -> Page:
    """The page called `name`; home-row targets without contents get a title-only page."""
    if name in PAGES:
        return PAGES[name]
    for row in HOME_ROWS:
        if row.target == name:
            return Page(name, row.title)
    raise KeyError(f"unknown Settings page {name!r}; known: {sorted(PAGES)}")
