"""Every family's AndroidWorld metadata (name, complexity, difficulty, optimal steps, tags) and
`mobile-gym list [--json]` showing it. The fixture is AndroidWorld's table of its 116 tasks."""

from __future__ import annotations

import json
from pathlib import Path

import mobile_gym
from mobile_gym.cli import main

AW = json.loads((Path(__file__).parents[2] / "fixtures" / "android_world_task_metadata.json")
                .read_text())
KINDS = {"information_retrieval", "data_entry", "data_edit", "verification", "composite",
         "app_launch"}


def test_families_reproduce_android_world_tasks_with_its_metadata():
    tasks = mobile_gym.list_tasks()
    equivalents = [t for t in tasks if t["android_world_name"] is not None]
    assert len(equivalents) >= 71  # 40 + Broccoli 12 + Pro Expense 8 + SMS/Contacts/multi-app 11
    assert len({t["android_world_name"] for t in equivalents}) == len(equivalents)
    for t in equivalents:
        ref = AW[t["android_world_name"]]
        assert (t["complexity"], t["difficulty"], t["optimal_steps"]) == (
            ref["complexity"], ref["difficulty"], ref["optimal_steps"]), t["name"]


def test_every_family_has_an_app_and_one_kind_tag():
    for t in mobile_gym.list_tasks():
        assert t["tags"][0] == t["app"], t["name"]
        assert KINDS & set(t["tags"]), t["name"]
        assert t["difficulty"] in (None, "easy", "medium", "hard")
    ir = [t for t in mobile_gym.list_tasks() if "information_retrieval" in t["tags"]]
    assert len([t for t in ir if t["app"] == "calendar"]) == 9
    assert all(t["android_world_name"] for t in ir)


def test_cli_list_shows_the_metadata_columns_and_json(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    header = out.splitlines()[0].split()
    assert header[:4] == ["id", "app", "android_world", "difficulty"] and "tags" in header
    line = next(x for x in out.splitlines() if x.startswith("MobileEnv/CalendarNextEvent-v0 "))
    assert "SimpleCalendarNextEvent" in line and "easy" in line and "information_retrieval" in line
    tasks = mobile_gym.list_tasks()
    aw = sum(t["android_world_name"] is not None for t in tasks)
    assert f"{len(tasks)} templated families, {aw} of them AndroidWorld task equivalents" in out
    assert main(["list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    fams = [r for r in rows if r["kind"] == "family"]
    assert len(fams) == len(tasks)
    verify = next(r for r in fams if r["name"] == "SystemBrightnessMinVerify")
    assert (verify["difficulty"], verify["optimal_steps"], verify["complexity"]) == ("easy", 3, 1.0)
    assert "verification" in verify["tags"]
    assert any(r["kind"] == "alias" and r["task"] == "CalendarAddOneEvent" for r in rows)
    assert any(r["kind"] == "task_file" for r in rows)
