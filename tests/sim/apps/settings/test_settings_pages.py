"""The Settings page table: every target resolves, switches map to real settings keys."""

from __future__ import annotations

import pytest

from mobile_gym.sim.apps.settings.pages import HOME_ROWS, PAGES, WIFI, page_for


def test_home_rows_in_aosp_order() -> None:
    titles = [r.title for r in HOME_ROWS]
    assert titles[:8] == ["Network & internet", "Connected devices", "Apps", "Notifications",
                          "Battery", "Storage", "Sound & vibration", "Display"]


def test_every_target_resolves() -> None:
    for row in HOME_ROWS + tuple(r for p in PAGES.values() for r in p.rows):
        if row.target:
            assert page_for(row.target).title


def test_switch_keys() -> None:
    internet = PAGES["internet"]
    wifi = next(r for r in internet.rows if r.title == WIFI)
    assert (wifi.switch.namespace, wifi.switch.key) == ("global", "wifi_on")
    assert PAGES["bluetooth"].main_switch[0] == "Use Bluetooth"
    assert PAGES["bluetooth"].main_switch[1].key == "bluetooth_on"
    assert "\u2011" in WIFI


def test_unknown_page_named() -> None:
    with pytest.raises(KeyError, match="nowhere"):
        page_for("nowhere")
