"""Build notebooks/quickstart.ipynb from the cells below (stored without outputs).

Edit the cells here, then run `python notebooks/build_quickstart.py`; the notebook file is
generated so that reviews read plain Python instead of notebook JSON. Every cell has a fixed
id and a tag (tests/notebooks/test_notebooks.py finds the cells it checks by tag), so the
output is byte-for-byte reproducible and a test checks the stored file is up to date.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbformat.notebooknode import NotebookNode

NOTEBOOK_PATH = Path(__file__).with_name("quickstart.ipynb")

# (tag, markdown explanation, code) per step of the tour; the tag doubles as the cell ids.
CELLS: list[tuple[str, str, str]] = [
    (
        "imports",
        "# mobile_gym quickstart\n\n"
        "Importing `mobile_gym` registers the `MobileEnv/...` ids with Gymnasium; "
        "everything below runs on the simulated phone inside this Python process.",
        """\
import sys

import gymnasium as gym
import mobile_gym

print("python:", sys.executable)
print("prefix:", sys.prefix)
print("mobile_gym", mobile_gym.__version__, "| gymnasium", gym.__version__)""",
    ),
    (
        "tasks",
        "`mobile_gym.list_tasks()` lists the templated task families (each reset seed draws a new task); "
        "here are the first rows.",
        """\
tasks = mobile_gym.list_tasks()
print(f"{len(tasks)} task families")
print(f"{'id':40s} {'app':9s} {'complexity':>10s} {'step limit':>10s}")
for row in tasks[:8]:
    print(f"{row['id']:40s} {row['app']:9s} {row['complexity']:10.1f} {row['step_limit']:10d}")
calendar_row = next(row for row in tasks if row["id"] == "MobileEnv/CalendarAddOneEvent-v0")
print("MobileEnv/Calendar-v0 is", calendar_row["id"], "with step limit", calendar_row["step_limit"])""",
    ),
    (
        "make",
        "`gym.make` builds the environment; `MobileEnv/Calendar-v0` is the Simple Calendar Pro "
        "\"add one event\" family.",
        """\
env = gym.make("MobileEnv/Calendar-v0")
print(env.unwrapped)
print("action keys:", list(env.action_space.spaces))
print("observation keys:", list(env.observation_space.spaces))""",
    ),
    (
        "reset",
        "A seeded reset gives the task's instruction, the screen as pixels (height x width x RGB) "
        "and the uiautomator view hierarchy.",
        """\
from lxml import etree

obs, info = env.reset(seed=0)
print("instruction:", obs["instruction"])
print("task seed:", info["task_seed"])
print("pixels:", obs["pixels"].shape, obs["pixels"].dtype)
pretty = etree.tostring(etree.fromstring(obs["view_hierarchy"].encode()), pretty_print=True, encoding="unicode")
print(f"view hierarchy: {len(obs['view_hierarchy'])} characters; first lines:")
for line in pretty.splitlines()[:6]:
    print(line[:110] + (" ..." if len(line) > 110 else ""))""",
    ),
    (
        "raw_actions",
        "Raw actions are touches at relative screen positions and keys: a TOUCH + LIFT on the "
        "Calendar icon found in the hierarchy opens the app, and the BACK key returns to the launcher.",
        """\
from mobile_gym.spaces import ActionType, make_action, parse_bounds


def foreground(hierarchy: str) -> str:
    \"\"\"The package of the app window (the dump's first node).\"\"\"
    return etree.fromstring(hierarchy.encode()).xpath("string(/hierarchy/node[1]/@package)")


icon = etree.fromstring(obs["view_hierarchy"].encode()).xpath('//node[@content-desc="Calendar" and @clickable="true"]')[0]
left, top, right, bottom = parse_bounds(icon.get("bounds"))
width, height = env.unwrapped.device.screen_size
position = ((left + right) / 2 / width, (top + bottom) / 2 / height)
print(f"Calendar icon at {icon.get('bounds')} -> touch_position ({position[0]:.3f}, {position[1]:.3f})")
print("before:", foreground(obs["view_hierarchy"]))
for name, action in [("TOUCH", make_action(ActionType.TOUCH, position)),
                     ("LIFT", make_action(ActionType.LIFT)),
                     ("KEY BACK", make_action(ActionType.KEY, key="BACK"))]:
    obs, reward, terminated, truncated, info = env.step(action)
    print(f"{name:8s} reward {reward:+.2f}  on screen: {foreground(obs['view_hierarchy'])}")""",
    ),
    (
        "oracle",
        "Each family has an oracle, a scripted policy that solves a seed's task through the same raw "
        "actions; running it to the end shows the shaped rewards and the success check.",
        """\
from mobile_gym.tasks.registry import get_family

obs, info = env.reset(seed=0)
base = env.unwrapped
oracle = get_family("MobileEnv/Calendar-v0").oracle(
    info["task_seed"], screen_size=base.device.screen_size, step_seconds=base.step_seconds)
total, steps, terminated, truncated = 0.0, 0, False, False
while not (terminated or truncated):
    obs, reward, terminated, truncated, info = env.step(oracle.act(obs))
    total += reward
    steps += 1
print(f"steps {steps}  total reward {total:.2f}")
print("terminated", terminated, " truncated", truncated)
print("success", info["success"])""",
    ),
    (
        "element_actions",
        "`ElementActions` gives language agents a compact numbered element list and commands such "
        "as `click \"Calendar\"`; one command runs several raw steps.",
        """\
from mobile_gym.wrappers import ElementActions

agent = ElementActions(env)
obs, info = agent.reset(seed=1)
print("instruction:", obs["instruction"])
print(obs["elements"])
action = agent.command('click "Calendar"')
print("command -> action:", action)
obs, reward, terminated, truncated, info = agent.step(action)
print(f"reward {reward:+.2f}  primitive steps {info['primitive_steps']}  on screen: {foreground(obs['view_hierarchy'])}")
print("\\n".join(obs["elements"].splitlines()[:6]))""",
    ),
    (
        "plot",
        "The pixel observation is an ordinary RGB array; it is drawn with matplotlib when that is "
        "installed (it is not a dependency of mobile_gym).",
        """\
try:
    import matplotlib.pyplot as plt
except ImportError:
    plt = None
    print("matplotlib is not installed: skipping the plot of obs['pixels']", obs["pixels"].shape)
if plt is not None:
    plt.figure(figsize=(2.7, 6.0))
    plt.imshow(obs["pixels"])
    plt.axis("off")
    plt.title("Simple Calendar Pro")
    plt.show()""",
    ),
    (
        "close",
        "Closing the wrapper closes the environment and its simulated device.",
        """\
agent.close()
print("closed")""",
    ),
]


def build_notebook() -> NotebookNode:
    """The quickstart notebook: a markdown cell then a code cell per step, no outputs."""
    cells = []
    for tag, markdown, code in CELLS:
        cells.append(nbformat.v4.new_markdown_cell(markdown, id=f"{tag}-md"))
        cells.append(nbformat.v4.new_code_cell(code, id=tag, metadata={"tags": [tag]}))
    nb = nbformat.v4.new_notebook(cells=cells, nbformat=4, nbformat_minor=5, metadata={
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    })
    nbformat.validate(nb)
    return nb


def render() -> str:
    """The notebook file's exact text."""
    return nbformat.writes(build_notebook()) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args not in ([], ["--check"]):
        print("usage: build_quickstart.py [--check]", file=sys.stderr)
        return 2
    text = render()
    if args == ["--check"]:
        current = NOTEBOOK_PATH.read_text(encoding="utf-8") if NOTEBOOK_PATH.exists() else ""
        if current != text:
            print(f"{NOTEBOOK_PATH} is out of date; run python {Path(__file__).name}", file=sys.stderr)
            return 1
        print(f"{NOTEBOOK_PATH} is up to date")
        return 0
    NOTEBOOK_PATH.write_text(text, encoding="utf-8")
    print(f"wrote {NOTEBOOK_PATH} ({len(CELLS) * 2} cells)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
