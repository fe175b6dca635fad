"""Cells of notebooks/01_quickstart.ipynb: an env, its frames, hierarchy, elements, taps,
rewards, fired events and a GIF (built by notebooks/build_notebooks.py)."""

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
        "\"add one event\" family. `render_mode=\"rgb_array\"` lets `env.render()` hand back the frame.",
        """\
env = gym.make("MobileEnv/Calendar-v0", render_mode="rgb_array")
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
        "frame",
        "The pixel observation is an ordinary RGB array: here is the launcher, drawn inline with "
        "matplotlib (the `harness` extra; it is not a dependency of mobile_gym itself).",
        """\
try:
    import matplotlib.pyplot as plt
except ImportError:
    plt = None
    print("matplotlib is not installed: skipping the plot of obs['pixels']", obs["pixels"].shape)


def show(frames, titles):
    \"\"\"Draw frames side by side (skipped without matplotlib).\"\"\"
    if plt is None:
        return
    fig, axes = plt.subplots(1, len(frames), figsize=(2.2 * len(frames), 4.6), squeeze=False)
    for ax, frame, title in zip(axes[0], frames, titles):
        ax.imshow(frame)
        ax.set_title(title, fontsize=9)
        ax.axis("off")
    plt.show()


show([obs["pixels"]], ["launcher"])""",
    ),
    (
        "raw_actions",
        "Raw actions are touches at relative screen positions and keys: a TOUCH + LIFT on the "
        "Calendar icon found in the hierarchy (by its content description, not its position) opens "
        "the app, and the BACK key returns to the launcher.",
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
frames = []
for name, action in [("TOUCH", make_action(ActionType.TOUCH, position)),
                     ("LIFT", make_action(ActionType.LIFT)),
                     ("KEY BACK", make_action(ActionType.KEY, key="BACK"))]:
    obs, reward, terminated, truncated, info = env.step(action)
    frames.append(obs["pixels"])
    print(f"{name:8s} reward {reward:+.2f}  on screen: {foreground(obs['view_hierarchy'])}")
show(frames, ["TOUCH", "LIFT: Calendar", "BACK"])""",
    ),
    (
        "oracle",
        "Each family has an oracle, a scripted policy that solves a seed's task through the same raw "
        "actions. Running it to the end shows the shaped rewards, the events that fired "
        "(`info[\"fired\"]`: event sources, slots and listeners by id, with their values) and the "
        "success check; the frames are kept for a GIF.",
        """\
from mobile_gym.tasks.registry import get_family

obs, info = env.reset(seed=0)
base = env.unwrapped
oracle = get_family("MobileEnv/Calendar-v0").oracle(
    info["task_seed"], screen_size=base.device.screen_size, step_seconds=base.step_seconds)
total, steps, terminated, truncated = 0.0, 0, False, False
episode_frames = [env.render()]
while not (terminated or truncated):
    obs, reward, terminated, truncated, info = env.step(oracle.act(obs))
    total += reward
    steps += 1
    episode_frames.append(obs["pixels"])
    if info["fired"]:
        fired = ", ".join(f"{k}={v}" for k, v in info["fired"].items())
        print(f"step {steps:3d} reward {reward:+.2f}  fired: {fired[:150]}")
print(f"steps {steps}  total reward {total:.2f}")
print("terminated", terminated, " truncated", truncated)
print("success", info["success"])""",
    ),
    (
        "gif",
        "The episode's frames as a GIF (imageio, the `harness` extra), shown inline; every "
        "second frame keeps it small.",
        """\
try:
    import imageio.v3 as iio
except ImportError:
    iio = None
    print("imageio is not installed: skipping the GIF of", len(episode_frames), "frames")
if iio is not None:
    from IPython.display import Image, display

    gif = iio.imwrite("<bytes>", episode_frames[::2], extension=".gif", duration=150, loop=0)
    print(f"GIF: {len(episode_frames[::2])} frames, {len(gif)} bytes")
    display(Image(data=gif, format="gif"))""",
    ),
    (
        "element_actions",
        "`ElementActions` gives language agents a compact numbered element list and commands such "
        "as `click \"Calendar\"`; one command runs several raw steps. `find` looks an element up by "
        "its text, so nothing here depends on where the launcher puts the icon.",
        """\
from mobile_gym.wrappers import ElementActions

agent = ElementActions(env)
obs, info = agent.reset(seed=1)
print("instruction:", obs["instruction"])
print(obs["elements"])
calendar = agent.find("Calendar")
print("Calendar is element", calendar.index)
action = agent.command('click "Calendar"')
print("command -> action:", action)
obs, reward, terminated, truncated, info = agent.step(action)
print(f"reward {reward:+.2f}  primitive steps {info['primitive_steps']}  on screen: {foreground(obs['view_hierarchy'])}")
print("\\n".join(obs["elements"].splitlines()[:6]))""",
    ),
    (
        "close",
        "Closing the wrapper closes the environment and its simulated device.",
        """\
agent.close()
print("closed")""",
    ),
]
