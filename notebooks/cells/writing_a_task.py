"""Cells of notebooks/02_writing_a_task.ipynb: a task file from scratch, `mobile-gym check`,
`mobile-gym trace`, and running it (built by notebooks/build_notebooks.py)."""

CELLS: list[tuple[str, str, str]] = [
    (
        "setup",
        "# Writing a task\n\n"
        "A task file (Mobile-Env's textproto format plus mobile_gym's additions) says where the phone "
        "starts, what the agent is asked, what earns reward and when the episode ends. This notebook "
        "writes one from scratch, lints it with `mobile-gym check`, watches its events fire with "
        "`mobile-gym trace`, and runs it as a Gymnasium env. Everything is written to a temporary "
        "folder. The CLI runs through this kernel's interpreter (`python -m mobile_gym.cli`), so it "
        "is the same mobile_gym as the one imported here; it runs in that folder, so paths print short.",
        """\
import subprocess
import sys
import tempfile
from pathlib import Path

import mobile_gym

work = Path(tempfile.mkdtemp(prefix="mobile_gym_task_"))


def cli(*args: str) -> int:
    \"\"\"Run `mobile-gym ARGS` and print what it printed; returns the exit status.\"\"\"
    done = subprocess.run([sys.executable, "-m", "mobile_gym.cli", *args], capture_output=True, text=True, cwd=work)
    print((done.stdout + done.stderr).rstrip())
    print(f"[exit status {done.returncode}]")
    return done.returncode


print("mobile_gym", mobile_gym.__version__)""",
    ),
    (
        "write",
        "The task: turn Wi-Fi **on** in Settings. `reset_steps` run after every reset (Wi-Fi off, "
        "Settings stopped, the launcher in front). Event sources observe the phone each step: "
        "source 1 is the Internet page's toolbar in the view hierarchy, source 2 the settings "
        "provider's `global wifi_on`. Slots turn them into reward (+0.2 once on the Internet page, "
        "+1 when Wi-Fi is on) and end the episode on success.",
        """\
TASK = '''\\
id: "wifi_on_from_scratch"
name: "Settings: turn Wi-Fi on"
description: "Written in notebooks/02_writing_a_task.ipynb."

reset_steps: { adb_call: { force_stop: { package_name: "com.android.settings" } } }
reset_steps: { adb_call: { settings: { namespace: GLOBAL key: "wifi_on" value: "0" } } }
reset_steps: { adb_call: { press_button: { button: HOME } } }

max_num_steps: 30

event_sources: {
  id: 1
  view_hierarchy_event: {
    selector: "#$\\\\"collapsing_toolbar\\\\"[content-desc=\\\\"Internet\\\\"]"
    properties: { property_name: "content-desc" pattern: "^Internet$" }
  }
}
event_sources: {
  id: 2
  state_event: { setting: { namespace: GLOBAL key: "wifi_on" value: { expected: "1" } } }
}

event_slots: {
  reward_listener: {
    type: OR
    events: { event: { id: 10 events: { id: 1 } transformation: "y = 0.2" repeatability: NONE } }
    events: { event: { id: 11 events: { id: 2 } transformation: "y = 1" repeatability: NONE } }
  }
  episode_end_listener: { events: { id: 11 } transformation: "y = True" }
}

command: "Turn Wi-Fi on."
'''
task_file = work / "wifi_on_from_scratch.textproto"
task_file.write_text(TASK, encoding="utf-8")
print(task_file.name, len(TASK.splitlines()), "lines")""",
    ),
    (
        "check",
        "`mobile-gym check` parses the file and compiles its event graph, so it refuses exactly what "
        "`gym.make` would refuse.",
        """\
status = cli("check", task_file.name)""",
    ),
    (
        "check_broken",
        "A mistake is reported with the file and line: here slot 11 listens to an event source "
        "that does not exist (id 3).",
        """\
broken = work / "broken.textproto"
broken.write_text(TASK.replace("events: { id: 2 } transformation: \\"y = 1\\"",
                               "events: { id: 3 } transformation: \\"y = 1\\""), encoding="utf-8")
broken_status = cli("check", broken.name)""",
    ),
    (
        "script",
        "A scripted solution is a file of ElementActions commands, one per line (the same format "
        "as `task_defs/*.oracle`). Targets are texts and ids, never positions.",
        """\
SCRIPT = '''\\
# Turn Wi-Fi on from the launcher.
open_app Settings
click "Network & internet"
click "Internet"
click id=switch_widget
'''
script_file = work / "wifi_on_from_scratch.oracle"
script_file.write_text(SCRIPT, encoding="utf-8")
print(SCRIPT)""",
    ),
    (
        "trace",
        "`mobile-gym trace` runs a policy (here the script) and prints the steps where a source or "
        "slot fired, then every source and slot with its `file:line` and how often it fired.",
        """\
trace_status = cli("trace", task_file.name, "--policy", script_file.name)""",
    ),
    (
        "trace_random",
        "With a random policy the success event never fires, and trace says so: the list of nodes "
        "that never fired is where to look when a task does not reward what it should.",
        """\
random_status = cli("trace", task_file.name, "--policy", "random", "--steps", "10")""",
    ),
    (
        "run",
        "The file is an environment: `MobileEnv/Task-v0` with `task_path`. Driving it with the "
        "script's commands through `ElementActions` collects the rewards the trace showed.",
        """\
import gymnasium as gym

from mobile_gym.wrappers import ElementActions

env = ElementActions(gym.make("MobileEnv/Task-v0", task_path=str(task_file)))
obs, info = env.reset(seed=0)
print("instruction:", obs["instruction"])
total = 0.0
for line in SCRIPT.splitlines():
    if not line.strip() or line.startswith("#"):
        continue
    obs, reward, terminated, truncated, info = env.step(env.command(line))
    total += reward
    print(f"{line:28s} reward {reward:+.2f}  terminated {terminated}")
print(f"total reward {total:.2f}  success {info['success']}")
env.close()""",
    ),
]
