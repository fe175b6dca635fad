"""task.proto: reproducible generated code and Mobile-Env's field numbers (the compat contract)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mobile_gym.tasks import task_pb2

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["task_pb2.py", "task_pb2.pyi"])
def test_checked_in_code_matches_a_fresh_generation(tmp_path: Path, name: str) -> None:
    pytest.importorskip("grpc_tools", reason="grpcio-tools (the test extra) regenerates the code")
    env = dict(os.environ, PYTHON=sys.executable)
    subprocess.run(["bash", str(ROOT / "scripts" / "gen_proto.sh"), str(tmp_path)], check=True,
                   env=env, capture_output=True)
    fresh = (tmp_path / "mobile_gym" / "tasks" / name).read_bytes()
    checked_in = (ROOT / "mobile_gym" / "tasks" / name).read_bytes()
    assert fresh == checked_in, f"{name} is stale: run scripts/gen_proto.sh"


def _numbers(message) -> dict[str, int]:
    return {f.name: f.number for f in message.DESCRIPTOR.fields}


def test_mobile_env_field_numbers() -> None:
    assert _numbers(task_pb2.Task) == {
        "id": 1, "name": 2, "description": 3, "setup_steps": 4, "reset_steps": 5,
        "expected_app_screen": 6, "max_duration_sec": 7, "max_num_steps": 8,
        "event_sources": 9, "event_slots": 10, "extras_spec": 11, "command": 12,
        "vocabulary": 13}
    src = _numbers(task_pb2.EventSource)
    assert {k: v for k, v in src.items() if k != "state_event"} == {
        "text_recognize": 3, "text_detect": 4, "icon_recognize": 5, "icon_detect": 6,
        "icon_match": 7, "icon_detect_match": 8, "view_hierarchy_event": 9, "log_event": 10,
        "response_event": 11, "id": 12, "repeatability": 14}
    assert src["state_event"] >= 100
    assert _numbers(task_pb2.EventSlot) == {
        "type": 1, "id": 2, "events": 3, "prerequisite": 4, "transformation": 5,
        "repeatability": 6, "cache_until": 7}
    assert _numbers(task_pb2.TaskEventSlots) == {
        "score_listener": 1, "reward_listener": 2, "episode_end_listener": 3,
        "extra_listener": 4, "json_extra_listener": 5, "instruction_listener": 6,
        "null_listener": 7}
    assert _numbers(task_pb2.EventSource.Rect) == {"x0": 2, "y0": 3, "x1": 4, "y1": 5}
    assert _numbers(task_pb2.EventSource.ViewHierarchyEvent.Property) == {
        "property_name": 1, "sign": 2, "pattern": 3, "integer": 4, "floating": 5}
    assert _numbers(task_pb2.EventSource.ViewHierarchyEvent) == {"selector": 3, "properties": 2}
    call = {k: v for k, v in _numbers(task_pb2.AdbCall).items() if v < 100}
    assert call == {
        "install_apk": 1, "start_activity": 2, "force_stop": 3, "clear_cache": 4,
        "grant_permissions": 5, "tap": 6, "press_button": 7, "rotate": 8,
        "start_accessibility_service": 9, "start_screen_pinning": 10,
        "start_random_activity": 11, "force_stop_random_activity": 12,
        "clear_cache_random_activity": 13, "disable_animations": 14, "start_intent": 15,
        "uninstall_package": 16, "shell_command": 17, "adb_command": 18}
    assert _numbers(task_pb2.AdbCall.StartRandomActivity) == {
        "activity_list": 1, "extra_args": 2, "timeout_sec": 4}
    assert _numbers(task_pb2.SuccessCondition) == {
        "num_retries": 1, "wait_for_app_screen": 2, "check_install": 3, "wait_for_message": 4}
    assert _numbers(task_pb2.SetupStep) == {"success_condition": 1, "adb_call": 2, "sleep": 3}
    assert _numbers(task_pb2.ArraySpec) == {"name": 1, "shape": 2, "dtype": 3}


def test_enum_values_keep_mobile_env_order() -> None:
    # the two repeatability enums are deliberately reversed (mobile_env_engine.md 2.7)
    assert task_pb2.EventSource.Repeatability.Value("NONE") == 0
    assert task_pb2.EventSource.Repeatability.Value("UNLIMITED") == 2
    assert task_pb2.EventSlot.Repeatability.Value("UNLIMITED") == 0
    assert task_pb2.EventSlot.Repeatability.Value("NONE") == 2
    assert task_pb2.ArraySpec.DataType.Value("STRING_U250") == 15
    assert [task_pb2.EventSource.MatchMode.Name(i) for i in range(4)] == [
        "REGEX", "DIFFLIB", "FUZZ", "SBERT"]
    assert [task_pb2.EventSource.ViewHierarchyEvent.Sign.Name(i) for i in range(6)] == [
        "EQ", "LE", "LT", "GE", "GT", "NE"]
    assert [task_pb2.AdbCall.Rotate.Orientation.Name(i) for i in range(4)] == [
        "PORTRAIT_0", "LANDSCAPE_90", "PORTRAIT_180", "LANDSCAPE_270"]
