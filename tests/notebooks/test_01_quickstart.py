"""notebooks/01_quickstart.ipynb runs top to bottom in a fresh kernel and shows what it promises."""

from __future__ import annotations

import importlib.util
import re
import sys

import pytest

import mobile_gym
from tests.notebooks.run_notebook import execute_notebook

HAS_MATPLOTLIB = importlib.util.find_spec("matplotlib") is not None
HAS_IMAGEIO = importlib.util.find_spec("imageio") is not None


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    return execute_notebook("01_quickstart", tmp_path_factory)


def test_kernel_runs_this_interpreter(executed):
    out = executed.stdout("imports")
    assert f"python: {sys.executable}\n" in out
    assert f"prefix: {sys.prefix}\n" in out
    assert f"mobile_gym {mobile_gym.__version__} " in out


def test_task_table_lists_the_first_families(executed):
    out = executed.stdout("tasks")
    tasks = mobile_gym.list_tasks()
    assert out.startswith(f"{len(tasks)} task families\n")
    for row in tasks[:8]:
        assert re.search(rf"^{re.escape(row['id'])} +{row['app']} +{row['complexity']:.1f} +{row['step_limit']}$",
                         out, re.MULTILINE), row["id"]
    assert "MobileEnv/Calendar-v0 is MobileEnv/CalendarAddOneEvent-v0" in out


def test_reset_shows_instruction_pixels_and_hierarchy(executed):
    out = executed.stdout("reset")
    assert "instruction: In Simple Calendar Pro, create a calendar event on " in out
    assert "task seed: 0\n" in out
    assert "pixels: (600, 270, 3) uint8\n" in out
    lines = out.split("first lines:\n", 1)[1].splitlines()
    assert lines[0] == '<hierarchy rotation="0">' and lines[1].lstrip().startswith("<node ")


def test_frames_are_drawn_inline(executed):
    expected = 1 if HAS_MATPLOTLIB else 0
    assert len(executed.images("frame")) == expected
    assert len(executed.images("raw_actions")) == expected
    if not HAS_MATPLOTLIB:
        assert executed.stdout("frame").startswith("matplotlib is not installed: skipping the plot")


def test_raw_touch_opens_calendar_and_back_returns(executed):
    out = executed.stdout("raw_actions")
    steps = re.findall(r"^(TOUCH|LIFT|KEY BACK) +reward ([+-]\d+\.\d\d) +on screen: (\S+)$", out, re.MULTILINE)
    assert [(name, package) for name, _, package in steps] == [
        ("TOUCH", "com.google.android.apps.nexuslauncher"),
        ("LIFT", "com.simplemobiletools.calendar.pro"),
        ("KEY BACK", "com.google.android.apps.nexuslauncher"),
    ]


def test_oracle_shows_fired_events_and_reaches_success(executed):
    out = executed.stdout("oracle")
    match = re.search(r"^steps (\d+) +total reward (-?\d+\.\d+)$", out, re.MULTILINE)
    assert match, out
    steps, total = int(match.group(1)), float(match.group(2))
    limit = next(r["step_limit"] for r in mobile_gym.list_tasks() if r["name"] == "CalendarAddOneEvent")
    assert 0 < steps <= limit
    assert total >= 1.0  # the success reward, plus shaping rewards on the way
    fired = re.findall(r"^step +(\d+) reward ([+-]\d+\.\d\d) +fired: (.+)$", out, re.MULTILINE)
    assert len(fired) >= 2  # shaping events on the way, then success
    assert all("listener:reward_listener=" in line for _, _, line in fired)
    last_step, last_reward, last_line = fired[-1]
    assert int(last_step) == steps and float(last_reward) >= 1.0
    assert "listener:episode_end_listener=True" in last_line
    assert "terminated True  truncated False\n" in out
    assert "success True\n" in out


def test_gif_of_the_episode(executed):
    gifs = executed.images("gif", "image/gif")
    if not HAS_IMAGEIO:
        assert not gifs and executed.stdout("gif").startswith("imageio is not installed")
        return
    assert len(gifs) == 1
    match = re.search(r"^GIF: (\d+) frames, (\d+) bytes$", executed.stdout("gif"), re.MULTILINE)
    steps = int(re.search(r"^steps (\d+)", executed.stdout("oracle"), re.MULTILINE).group(1))
    assert match and int(match.group(1)) == (steps + 2) // 2  # every second of steps + 1 frames
    assert int(match.group(2)) > 0


def test_element_actions_list_and_click_by_text(executed):
    out = executed.stdout("element_actions")
    # the element's index comes from the listing, not from where the launcher happens to put it
    listed = re.search(r'^\[(\d+)\] TextView "Calendar" desc="Calendar" clickable', out, re.MULTILINE)
    assert listed, out
    index = int(listed.group(1))
    assert f"Calendar is element {index}\n" in out
    assert f"command -> action: {{'action': 0, 'element': {index}," in out
    assert re.search(r"primitive steps 2  on screen: com\.simplemobiletools\.calendar\.pro$", out, re.MULTILINE)


def test_close_and_runtime(executed):
    assert executed.stdout("close") == "closed\n"
    # not a performance assertion: the per-cell timeout bounds the run; this records the time
    print(f"01_quickstart run: {executed.seconds:.1f} s")
