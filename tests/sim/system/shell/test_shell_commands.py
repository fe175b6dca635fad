"""Each command family's output against Android's formats."""

from __future__ import annotations

import re
import struct

import cv2
import numpy as np
from lxml import etree

LAUNCHER = "com.google.android.apps.nexuslauncher"
NOTES_DB = "/data/data/com.example.notesdemo/databases/notes.db"


def test_am_start_and_force_stop(sh, android):
    code, out, err = sh("am start -n com.example.notesdemo/.MainActivity")
    assert (code, err) == (0, "")
    assert out == "Starting: Intent { flg=0x10000000 cmp=com.example.notesdemo/.MainActivity }\n"
    assert android.current_activity() == "com.example.notesdemo/com.example.notesdemo.MainActivity"
    code, out, _ = sh("am start -W -n com.example.notesdemo/com.example.notesdemo.NoteActivity --ei note_id 2")
    lines = out.splitlines()
    assert lines[1:3] == ["Status: ok", "LaunchState: WARM"]
    assert lines[3] == "Activity: com.example.notesdemo/.NoteActivity"
    assert re.fullmatch(r"TotalTime: \d+", lines[4]) and lines[-1] == "Complete"
    code, out, err = sh("am start -n com.example.notesdemo/.Missing")
    assert code == 1
    assert err == ("Error type 3\nError: Activity class {com.example.notesdemo/com.example.notesdemo.Missing} "
                   "does not exist.\n")
    code, _, err = sh("am start -a android.intent.action.VIEW -d http://example.com")
    assert code == 1 and err.startswith("Error: Activity not started, unable to resolve Intent {")
    assert sh("am force-stop com.example.notesdemo") == (0, "", "")
    assert android.current_activity() == f"{LAUNCHER}/{LAUNCHER}.NexusLauncherActivity"
    log = sh("logcat -d -s ActivityManager")[1]
    assert "Force stopping com.example.notesdemo appid=10151 user=0: from pid 4321" in log
    # start again is a cold start (new process)
    out = sh("am start -W -S -n com.example.notesdemo/.MainActivity")[1]
    assert "LaunchState: COLD" in out


def test_am_start_brings_existing_task_to_front(sh):
    sh("am start -n com.example.notesdemo/.MainActivity")
    sh("input keyevent HOME")
    out = sh("am start -n com.example.notesdemo/.MainActivity")[1]
    assert "Warning: Activity not started, its current task has been brought to the front" in out
    stack = sh("am stack list | grep visible=true")[1]
    assert "topActivity=ComponentInfo{com.example.notesdemo/com.example.notesdemo.MainActivity}" in stack


def test_pm(sh, android):
    out = sh("pm list packages")[1].splitlines()
    assert "package:com.example.notesdemo" in out and f"package:{LAUNCHER}" in out
    assert all(line.startswith("package:") for line in out)
    assert sh("pm list packages notes")[1] == "package:com.example.notesdemo\n"
    assert sh("pm path com.example.notesdemo")[1] == "package:/data/app/com.example.notesdemo-1/base.apk\n"
    assert sh("pm clear com.example.notesdemo") == (0, "Success\n", "")
    assert not android.storage.exists("/data/data/com.example.notesdemo")
    assert sh("pm clear no.such.pkg") == (1, "Failed\n", "")
    assert sh("pm grant com.example.notesdemo android.permission.READ_CALENDAR")[0] == 0
    assert sh("pm grant no.such android.permission.READ_CALENDAR")[0] == 255


def test_monkey_launches_the_app(sh, android):
    code, out, _ = sh("monkey -p com.example.notesdemo -c android.intent.category.LAUNCHER 1")
    assert code == 0
    assert "Events injected: 1" in out and "args: [-p, com.example.notesdemo, -c, " in out
    assert android.current_activity() == "com.example.notesdemo/com.example.notesdemo.MainActivity"
    code, out, _ = sh("monkey -p no.such.pkg -c android.intent.category.LAUNCHER 1")
    assert code == 252 and "** No activities found to run, monkey aborted." in out


def test_input_commands(sh, android):
    icon = android.wm.find_text("Notes demo")
    x, y = icon.bounds.center
    assert sh(f"input tap {x} {y}") == (0, "", "")
    assert android.current_activity().endswith(".MainActivity")
    note = android.wm.find_text("Note 1")
    top_before = note.bounds.top
    assert sh("input swipe 540 1800 540 1200 500")[0] == 0
    assert android.wm.find_text("Note 1").bounds.top < top_before
    field = android.wm.find("note_input")
    fx, fy = field.bounds.center
    sh(f"input tap {fx} {fy}")
    assert sh("input text 'hello%sworld'")[0] == 0
    assert field.text == "hello world"
    sh("input keyevent KEYCODE_DEL 67")
    assert field.text == "hello wor"
    sh("input keyevent 4")  # BACK hides the keyboard first
    assert android.current_activity().endswith(".MainActivity")
    sh("input keyevent KEYCODE_HOME")
    assert android.current_activity().startswith(LAUNCHER)
    code, _, err = sh("input keyevent NOPE")
    assert code == 255 and "Unknown keycode: NOPE" in err
    assert sh("input tap 5000 5000")[0] == 0  # dropped by the input dispatcher, as on a device
    assert sh("input tap x 1")[0] == 255


def test_input_motionevent_long_press(sh, android):
    sh("am start -n com.example.notesdemo/.MainActivity")
    x, y = android.wm.find_text("Note 4").bounds.center
    sh(f"input motionevent DOWN {x} {y}")
    sh("sleep 0.7")
    sh(f"input motionevent UP {x} {y}")
    assert android.wm.find("android:id/alertTitle") is not None


def test_uiautomator_dump(sh, android):
    code, out, _ = sh("uiautomator dump")
    assert (code, out) == (0, "UI hierchary dumped to: /sdcard/window_dump.xml\n")
    xml = android.storage.read("/sdcard/window_dump.xml").decode()
    assert xml == android.view_hierarchy()
    etree.fromstring(xml.encode())
    assert sh("uiautomator dump /data/local/tmp/d.xml")[1] == "UI hierchary dumped to: /data/local/tmp/d.xml\n"
    out = sh("uiautomator dump /dev/tty")[1]
    assert out.startswith("<?xml") and out.endswith("UI hierchary dumped to: /dev/tty\n")


def test_screencap(android):
    code, out, _ = android.shell_bytes("screencap -p")
    assert code == 0 and out[:8] == b"\x89PNG\r\n\x1a\n"
    img = cv2.imdecode(np.frombuffer(out, np.uint8), cv2.IMREAD_COLOR)
    assert img.shape == (2400, 1080, 3)
    assert np.array_equal(img[:, :, ::-1], android.screenshot())
    code, raw, _ = android.shell_bytes("screencap")
    w, h, fmt, _cs = struct.unpack("<IIII", raw[:16])
    assert (w, h, fmt) == (1080, 2400, 1) and len(raw) == 16 + w * h * 4
    assert android.shell("screencap -p /sdcard/s.png") == (0, "", "")
    assert android.storage.read("/sdcard/s.png")[:4] == b"\x89PNG"
    # str output keeps the bytes (surrogateescape)
    assert android.shell("screencap -p")[1].encode("utf-8", "surrogateescape") == out


def test_sqlite3(sh):
    code, _, err = sh(f"sqlite3 {NOTES_DB} 'SELECT 1'")  # app never started: no databases dir
    assert code == 1 and err.startswith('Error: unable to open database')
    sh("am start -n com.example.notesdemo/.MainActivity")
    assert sh(f"sqlite3 {NOTES_DB} 'SELECT _id, title FROM notes WHERE _id < 3'") == (0, "1|Note 1\n2|Note 2\n", "")
    assert sh(f"sqlite3 {NOTES_DB} \"SELECT NULL, 1.5, 2.0, x'41'\"")[1] == "|1.5|2.0|A\n"
    code, out, err = sh(f"sqlite3 {NOTES_DB} 'SELECT * FROM nope'")
    assert (code, out, err) == (1, "", "Error: in prepare, no such table: nope (1)\n")
    assert sh(f"sqlite3 {NOTES_DB} 'SELEC 1'")[2] == 'Error: in prepare, near "SELEC": syntax error (1)\n'
    assert sh(f"sqlite3 {NOTES_DB} \"UPDATE notes SET title='x' WHERE _id=1; SELECT title FROM notes WHERE _id=1\"")[1] \
        == "x\n"
    assert sh("sqlite3 /data/local/tmp/new.db 'CREATE TABLE t(a); INSERT INTO t VALUES (7); SELECT a FROM t'")[1] \
        == "7\n"
    assert sh(f"sqlite3 -header {NOTES_DB} 'SELECT _id FROM notes LIMIT 1'")[1] == "_id\n1\n"


def test_settings_and_svc(sh, android):
    assert sh("settings get global wifi_on") == (0, "1\n", "")
    assert sh("settings get system screen_brightness")[1] == "102\n"
    assert sh("settings get system time_12_24")[1] == "24\n"
    assert sh("settings get secure nothing_here")[1] == "null\n"
    assert sh("settings put system screen_brightness 50") == (0, "", "")
    assert android.settings.get("system", "screen_brightness") == "50"
    assert "screen_brightness=50" in sh("settings list system")[1].splitlines()
    assert sh("svc wifi disable; settings get global wifi_on")[1] == "0\n"
    assert android.wm.find("wifi_signal").visibility == "gone"
    assert sh("svc bluetooth enable; settings get global bluetooth_on")[1] == "1\n"
    assert sh("settings get bogus x")[0] == 255
    sh("settings put system time_12_24 12")
    assert android.wm.find("clock").text == "3:34"


def test_dumpsys(sh, android):
    sh("am start -n com.example.notesdemo/.MainActivity")
    focus = sh("dumpsys window windows | grep mCurrentFocus")[1]
    assert re.fullmatch(r"  mCurrentFocus=Window\{[0-9a-f]+ u0 com\.example\.notesdemo/com\.example\.notesdemo\."
                        r"MainActivity\}\n", focus)
    acts = sh("dumpsys activity activities")[1]
    assert "topResumedActivity=ActivityRecord{" in acts and "u0 com.example.notesdemo/.MainActivity t" in acts
    assert "ResumedActivity: ActivityRecord{" in acts
    top = sh("dumpsys activity top")[1]
    assert re.search(r"ACTIVITY com\.example\.notesdemo/\.MainActivity [0-9a-f]+ pid=\d+", top)
    assert "orientation=0" in sh("dumpsys display")[1]
    assert "SurfaceOrientation: 0" in sh("dumpsys input")[1]
    assert "versionName=1.0" in sh("dumpsys package com.example.notesdemo")[1]


def test_wm_getprop_date(sh, android):
    assert sh("wm size") == (0, "Physical size: 1080x2400\n", "")
    assert sh("wm density") == (0, "Physical density: 420\n", "")
    assert sh("getprop ro.build.version.sdk")[1] == "33\n"
    assert sh("getprop ro.product.model")[1] == "Pixel 6\n"
    assert sh("getprop no.such.prop")[1] == "\n"
    assert "[ro.build.version.sdk]: [33]" in sh("getprop")[1].splitlines()
    assert sh("setprop persist.sys.timezone UTC; getprop persist.sys.timezone")[1] == "UTC\n"
    assert sh("setprop ro.product.model X")[0] == 1
    assert sh("date")[1] == "Sun Oct 15 15:34:00 UTC 2023\n"
    assert sh("date +%s")[1] == "1697384040\n"
    android.advance(90)
    assert sh("date '+%H:%M:%S'")[1] == "15:35:30\n"
    assert android.wm.find("clock").text == "15:35"


def test_file_commands(sh, android):
    assert sh("mkdir /sdcard/Documents/Markor") == (0, "", "")
    assert sh("mkdir /sdcard/Documents/Markor")[2] == "mkdir: /sdcard/Documents/Markor: File exists\n"
    assert sh("mkdir -p /sdcard/Documents/Markor/a/b")[0] == 0
    assert sh("echo '# T' > /sdcard/Documents/Markor/n.md && cat /sdcard/Documents/Markor/n.md")[1] == "# T\n"
    assert sh("ls /sdcard/Documents/Markor")[1] == "a\nn.md\n"
    long = sh("ls -l /sdcard/Documents/Markor")[1].splitlines()
    assert long[0].startswith("total ")
    assert re.fullmatch(r"-rw-rw---- 1 u0_a146 media_rw    4 2023-10-15 15:34 n\.md", long[2])  # FUSE owner
    assert sh("stat -c '%s %n' /sdcard/Documents/Markor/n.md")[1] == "4 /sdcard/Documents/Markor/n.md\n"
    assert sh("cp /sdcard/Documents/Markor/n.md /sdcard/Download/")[0] == 0
    assert sh("mv /sdcard/Download/n.md /sdcard/Download/m.md && ls /sdcard/Download")[1] == "m.md\n"
    assert sh("ls /nope") == (1, "", "ls: /nope: No such file or directory\n")
    assert sh("rm /sdcard/Documents/Markor")[2] == "rm: /sdcard/Documents/Markor: Is a directory\n"
    assert sh("rm -rf /sdcard/Documents/Markor; ls /sdcard/Documents")[1] == ""
    assert sh("touch /sdcard/t && ls /sdcard/t")[1] == "/sdcard/t\n"
    assert sh("cat /sdcard/../../etc/passwd")[0] == 1


def test_logcat_command(sh, android):
    sh("am start -n com.example.notesdemo/.MainActivity")
    out = sh("logcat -d")[1].splitlines()
    assert out[0].startswith("--------- beginning of ")
    line = next(ln for ln in out if "Displayed com.example.notesdemo" in ln)
    assert re.fullmatch(r"10-15 15:34:00\.000  1433  1466 I ActivityTaskManager: Displayed "
                        r"com\.example\.notesdemo/\.MainActivity: \+\d+ms", line)
    brief = sh("logcat -d -v brief -s ActivityTaskManager")[1].splitlines()
    assert all(ln.startswith("I/ActivityTaskManager( 1433): ") or ln.startswith("---") for ln in brief)
    assert sh("logcat -d ActivityManager:I *:S | grep -c ActivityTaskManager")[1] == "0\n"
    timed = sh("logcat -d -v time | tail -1")[1]
    assert re.fullmatch(r"10-15 15:34:00\.000 I/\S+\s*\( *\d+\): .*\n", timed)
    assert sh("logcat -c") == (0, "", "")
    assert sh("logcat -d") == (0, "", "")
    assert sh("logcat -d -v nonsense")[0] != 0


def test_cmd_routes_to_services(sh, android):
    assert sh("cmd package list packages notesdemo")[1] == "package:com.example.notesdemo\n"
    assert sh("cmd wifi set-wifi-enabled disabled") == (0, "", "")
    assert android.settings.get("global", "wifi_on") == "0"
    assert sh("cmd nosuch") == (20, "", "cmd: Can't find service: nosuch\n")


def test_sleep_advances_device_time(sh, android):
    t0 = android.clock.now()
    assert sh("sleep 2") == (0, "", "")
    assert android.clock.now() == t0 + 2
