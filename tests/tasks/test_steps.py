"""Setup/reset steps through the Device protocol, against a fake device."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from google.protobuf import text_format

from mobile_gym.tasks import StepContext, TaskSetupError, load_task, run_steps, task_pb2

from .fakes import FIXTURES, FakeDevice


def steps(text: str) -> list[task_pb2.SetupStep]:
    task = text_format.Parse(text, task_pb2.Task())
    return list(task.reset_steps)


def test_reset_steps_of_a_mobile_env_task(device: FakeDevice) -> None:
    task = load_task(FIXTURES / "stopwatch_lap_log.m.textproto").proto
    device.packages.add("org.example.stopwatch")
    run_steps(task.reset_steps, device, label="reset step")
    assert device.commands == [
        "am force-stop org.example.stopwatch",
        "pm clear org.example.stopwatch",
        "am start -n org.example.stopwatch/org.example.stopwatch.TimerActivity",
    ]
    assert device.current_activity() == \
        "org.example.stopwatch/org.example.stopwatch.TimerActivity"


def test_missing_app_fails_with_step_call_and_answer(device: FakeDevice) -> None:
    task = load_task(FIXTURES / "stopwatch_lap_log.m.textproto").proto
    with pytest.raises(TaskSetupError) as err:
        run_steps(task.reset_steps, device, label="reset step")
    e = err.value
    assert e.index == 1 and e.call.startswith("clear_cache")
    assert "Failed" in e.answer
    assert str(e).startswith("reset step 1 (clear_cache: package_name: "
                             "\"org.example.stopwatch\")")


def test_wait_for_app_screen_uses_device_time(device: FakeDevice) -> None:
    device.start_delay = 1.25
    run_steps(steps("""reset_steps {
      adb_call { start_activity { full_activity: "com.example/.MainActivity" } }
      success_condition { wait_for_app_screen {
        app_screen { activity: "com.example/com.example.MainActivity"
                     view_hierarchy_path: ["^android.widget.FrameLayout",
                                           "android:id/content", "TextView\\\\{.*:id/title"] }
        timeout_sec: 2 } }
    }"""), device)
    assert device.now == pytest.approx(1.3)  # polled every 0.1 s of device time


def test_wait_for_app_screen_times_out_with_retries(device: FakeDevice) -> None:
    device.start_delay = 100.0
    with pytest.raises(TaskSetupError) as err:
        run_steps(steps("""reset_steps {
          adb_call { start_activity { full_activity: "com.example/.MainActivity" } }
          success_condition { num_retries: 3
            wait_for_app_screen { app_screen { activity: "com.example/.MainActivity" }
                                  timeout_sec: 0.5 } }
        }"""), device)
    assert device.commands.count("am start -n com.example/.MainActivity") == 3
    assert device.now == pytest.approx(1.5)
    assert "not shown within 0.5 s" in str(err.value)
    assert "current activity" in err.value.answer


def test_a_long_wait_checks_ever_less_often(device: FakeDevice) -> None:
    """An hour's timeout: every 0.1 s for the first 10 s, then growing intervals (<= 10 s)."""
    device.start_delay = 3000.0
    run_steps(steps("""reset_steps {
      adb_call { start_activity { full_activity: "com.example/.MainActivity" } }
      success_condition { wait_for_app_screen {
        app_screen { activity: "com.example/com.example.MainActivity" } timeout_sec: 3600 } }
    }"""), device)
    assert 3000.0 <= device.now <= 3010.0
    waits = device.advance_calls
    assert waits[:100] == [pytest.approx(0.1)] * 100 and max(waits) == pytest.approx(10.0)
    assert len(waits) < 450


def test_view_hierarchy_path_mismatch_fails(device: FakeDevice) -> None:
    with pytest.raises(TaskSetupError, match="not shown"):
        run_steps(steps("""reset_steps { success_condition { wait_for_app_screen {
            app_screen { view_hierarchy_path: ["TextView", "FrameLayout"] } } } }"""), device)


def test_am_start_error_output_is_a_failure_even_with_exit_0(device: FakeDevice) -> None:
    with pytest.raises(TaskSetupError) as err:
        run_steps(steps('reset_steps { adb_call { start_activity { '
                        'full_activity: "com.missing/.Main" extra_args: ["--ez", "a", "true"] '
                        "} } }"), device)
    assert "does not exist" in err.value.answer
    assert device.commands == ["am start -n com.missing/.Main --ez a true"]


def test_check_install_and_install_apk(device: FakeDevice, tmp_path: Path) -> None:
    run_steps(steps("""reset_steps {
      adb_call { install_apk { filesystem { path: "com.example_12.apk" } } }
      success_condition { check_install { package_name: "com.example" timeout_sec: 1 } }
    }"""), device)
    assert not any(c.startswith("pm install") for c in device.commands)
    with pytest.raises(TaskSetupError) as err:
        run_steps(steps('reset_steps { adb_call { install_apk { filesystem { '
                        'path: "../wikiHow：万事指南_2.9.6_apkcombo.com.apk" } } } }'),
                  device, context=StepContext(directory=tmp_path))
    assert "not found" in str(err.value) and "built-in apps" in str(err.value)


def test_install_apk_pushes_and_installs_a_real_file(device: FakeDevice, tmp_path: Path) -> None:
    (tmp_path / "com.new.app_3.apk").write_bytes(b"PK\x03\x04")
    with pytest.raises(TaskSetupError) as err:
        run_steps(steps('reset_steps { adb_call { install_apk { filesystem { '
                        'path: "com.new.app_3.apk" } } } }'), device,
                  context=StepContext(directory=tmp_path))
    assert device.files["/data/local/tmp/com.new.app_3.apk"] == b"PK\x03\x04"
    assert "pm install -r -t /data/local/tmp/com.new.app_3.apk" in device.commands
    assert "exit 127" in err.value.answer  # the fake device has no `pm install`


def test_every_other_call_variant(device: FakeDevice, caplog) -> None:
    device.refuse_grant = {"android.permission.WRITE_SECURE_SETTINGS"}
    ctx = StepContext(seed=3)
    with caplog.at_level(logging.WARNING, logger="mobile_gym.tasks.steps"):
        run_steps(steps("""
        reset_steps { adb_call { grant_permissions { package_name: "com.example"
            permissions: ["android.permission.CAMERA", "android.permission.WRITE_SECURE_SETTINGS"] } } }
        reset_steps { adb_call { tap { x: 540 y: 1200 } } }
        reset_steps { adb_call { press_button { button: BACK } } }
        reset_steps { adb_call { press_button { } } }
        reset_steps { adb_call { rotate { } } }
        reset_steps { adb_call { start_accessibility_service { full_service: "com.a/.Svc" } } }
        reset_steps { adb_call { start_random_activity {
            activity_list: ["com.example/com.example.MainActivity"] timeout_sec: 1 } } }
        reset_steps { adb_call { start_screen_pinning {
            full_activity: "com.example/com.example.MainActivity" } } }
        reset_steps { adb_call { force_stop_random_activity { } } }
        reset_steps { adb_call { clear_cache_random_activity { } } }
        reset_steps { adb_call { disable_animations { } } }
        reset_steps { adb_call { start_intent { action: "android.intent.action.VIEW"
            data_uri: "https://example.com" package_name: "com.example" } } }
        reset_steps { adb_call { uninstall_package { package_name: "com.gone" } } }
        reset_steps { adb_call { shell_command { command: ["echo", "hi"] } } }
        reset_steps { adb_call { adb_command { command: ["shell", "echo", "adb"] } } }
        reset_steps { adb_call { settings { namespace: GLOBAL key: "wifi_on" value: "0" } } }
        reset_steps { adb_call { push { path: "/sdcard/Notes/a.md" content: "hello" } } }
        reset_steps { sleep { time_sec: 2.5 } }
        """), device, context=ctx)
    assert "pm grant com.example android.permission.CAMERA" in device.commands
    assert "WRITE_SECURE_SETTINGS" in caplog.text and "refused" in caplog.text
    assert device.touches == [(540, 1200, True), (540, 1200, False)]
    assert device.keys == ["BACK", "HOME"]
    assert device.settings[("secure", "enabled_accessibility_services")] == "com.a/.Svc"
    assert device.settings[("secure", "accessibility_enabled")] == "1"
    assert device.pinned == "7"
    assert ctx.last_random_activity == "com.example/com.example.MainActivity"
    assert "am force-stop com.example" in device.commands
    assert "pm clear com.example" in device.commands
    assert all(device.settings[("global", k)] == "0" for k in (
        "window_animation_scale", "transition_animation_scale", "animator_duration_scale"))
    assert "am start -a android.intent.action.VIEW -d https://example.com com.example" \
        in device.commands
    assert not any(c.startswith("pm uninstall") for c in device.commands)  # not installed
    assert "echo hi" in device.commands and "echo adb" in device.commands
    assert device.settings[("global", "wifi_on")] == "0"
    assert device.files["/sdcard/Notes/a.md"] == b"hello"
    assert device.now == pytest.approx(2.5)


@pytest.mark.parametrize("text,words", [
    ("reset_steps { adb_call { rotate { orientation: LANDSCAPE_90 } } }", "not supported"),
    ("reset_steps { adb_call { tap { x: 2000 y: 10 } } }", "outside the 1080x2400 screen"),
    ('reset_steps { adb_call { adb_command { command: ["root"] } } }', "not a device shell"),
    ("reset_steps { adb_call { force_stop_random_activity { } } }", "no random activity"),
    ('reset_steps { adb_call { shell_command { command: ["false"] } } }', "failed"),
    ('reset_steps { adb_call { start_screen_pinning { full_activity: "com.x/.Y" } } }',
     "no task shows"),
    ('reset_steps { adb_call { push { path: "/sdcard/x" local_path: "nope.bin" } } }',
     "not found"),
])
def test_unsupported_or_failing_calls_are_clear(device: FakeDevice, text: str,
                                                words: str) -> None:
    with pytest.raises(TaskSetupError, match=words) as err:
        run_steps(steps(text), device)
    assert err.value.index == 0


def test_wait_for_message_reads_logcat_in_device_time(device: FakeDevice) -> None:
    device.scheduled_logs = [(0.3, "App", "loading"), (0.7, "App", "ready: 3 items")]
    run_steps(steps("""reset_steps { success_condition {
        wait_for_message { message: "^ready: \\\\d+" timeout_sec: 5 } } }"""), device)
    assert device.now == pytest.approx(0.7)
    with pytest.raises(TaskSetupError) as err:
        run_steps(steps("""reset_steps { success_condition {
            wait_for_message { message: "never" timeout_sec: 1 } } }"""), device)
    assert "no new log lines" in err.value.answer
