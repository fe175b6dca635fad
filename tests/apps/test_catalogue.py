"""The app catalogue: one record per app, read by every layer (mobile_gym/apps/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mobile_gym import apps
from mobile_gym.device.sim_device import SimDevice
from mobile_gym.sim.apps import app_class, default_apps
from mobile_gym.wrappers.element_actions import APP_COMPONENTS

PACKAGE_ROOT = Path(apps.__file__).resolve().parents[1]


def test_records_are_found_and_ordered_by_label():
    keys = [r.key for r in apps.catalogue()]
    assert {"calendar", "markor", "settings", "demo"} <= set(keys)
    labels = [r.label.casefold() for r in apps.catalogue()]
    assert labels == sorted(labels)
    assert "demo" not in [r.key for r in apps.installed_by_default()]


def test_lookups_by_key_package_and_name():
    cal = apps.get("calendar")
    assert apps.get(cal.package) is cal
    assert apps.find("  Simple   Calendar Pro ") is cal
    assert cal.component == f"{cal.package}/{cal.main_activity}"
    assert cal.database_path() == f"/data/data/{cal.package}/databases/events.db"
    with pytest.raises(ValueError, match="no database 'x.db'"):
        cal.database_path("x.db")
    with pytest.raises(apps.UnknownApp, match="known: .*calendar"):
        apps.get("nope")
    with pytest.raises(apps.UnknownApp, match="no app named 'Gmail'"):
        apps.find("Gmail")


def test_the_sim_installs_every_default_record_with_its_identity():
    installed = default_apps()
    assert [c.record for c in installed] == list(apps.installed_by_default())
    for record in apps.catalogue():
        cls = app_class(record)
        assert (cls.package, cls.label, cls.version_name) == (record.package, record.label, record.version)
    device = SimDevice()
    try:
        _, out, _ = device.shell("pm list packages")
        for record in apps.installed_by_default():
            assert f"package:{record.package}" in out.split()
            _, dump, _ = device.shell(f"dumpsys package {record.package}")
            assert f"versionName={record.version}" in dump
    finally:
        device.close()


def test_open_app_names_come_from_the_catalogue():
    for record in apps.installed_by_default():
        for name in record.names():
            assert APP_COMPONENTS[name] == record.component


def test_a_package_name_is_written_only_in_its_catalogue_record_and_its_sim_app():
    for record in apps.catalogue():
        own = {PACKAGE_ROOT / "apps" / f"{record.key}.py"}
        sim = PACKAGE_ROOT / "sim" / "apps" / record.key
        offenders = [p.relative_to(PACKAGE_ROOT.parent) for p in PACKAGE_ROOT.rglob("*.py")
                     if p not in own and sim not in p.parents and p != sim.with_suffix(".py")
                     and record.package in p.read_text(encoding="utf-8")]
        assert not offenders, f"{record.package} is written outside its record: {offenders}"
