"""Cells of notebooks/03_training.ipynb: PPO (Stable-Baselines3) with the goal in the observation
on a three-app OpenApp, a learning curve, random vs trained success and a GIF of the trained
policy (built by notebooks/build_notebooks.py)."""

CELLS: list[tuple[str, str, str]] = [
    (
        "setup",
        "# Training a goal-conditioned policy with Stable-Baselines3\n\n"
        "Needs the `rl` extra (Stable-Baselines3, torch). The env and torch share this machine's "
        "cores, so torch gets one thread: the policy here is tiny, and a second thread would only "
        "take time from the simulated phone.",
        """\
import time

import numpy as np
import torch
from stable_baselines3 import PPO

import mobile_gym

torch.set_num_threads(1)
print("mobile_gym", mobile_gym.__version__, "| torch", torch.__version__, "threads", torch.get_num_threads())""",
    ),
    (
        "family",
        "The task: open the app the instruction names, one of three (Calendar, Markor, Settings), "
        "from the launcher. It is `OpenApp` with a narrower draw, written as a subclass: a family "
        "instance can be passed to `MobileEnv` directly. As in `OpenApp`, any other app in front "
        "ends the episode as a failure, so a policy that ignores the goal succeeds about once in "
        "ten (the first app it opens is one of ten).",
        """\
from mobile_gym.tasks.families.launcher import APPS, OpenApp, OpenAppParams
from mobile_gym.tasks.families.common import choice

GOALS = ("Calendar", "Markor", "Settings")


class OpenOneOfThree(OpenApp):
    \"\"\"OpenApp drawing its app from GOALS only.\"\"\"

    name = "OpenOneOfThree"
    words = GOALS

    def sample(self, rng):
        name = choice(rng, list(GOALS))
        return OpenAppParams(name, APPS[name])


family = OpenOneOfThree()
print([family.instruction(family.params(seed)).split(".")[0] for seed in range(6)])""",
    ),
    (
        "stack",
        "The observation/action stack, outermost first:\n\n"
        "* `GoalVector`: the instruction as a hashed bag of words (`goal`, 256 floats) plus the "
        "family's parameters (`params`), so one policy can tell the goals apart;\n"
        "* `ElementFeatures`: the screen's first 32 elements (geometry, flags, class) as floats and "
        "a mask;\n"
        "* `ElementClicks`: one integer clicks element i (the same element as feature row i), or "
        "presses back or home;\n"
        "* `ElementActions` over the `MobileEnv` itself, without pixels (nothing here reads them, "
        "and not drawing frames leaves more time to the simulator).",
        """\
from mobile_gym.env import MobileEnv
from mobile_gym.wrappers import ElementActions, ElementClicks, ElementFeatures, GoalVector

MAX_ELEMENTS = 32


def make_env(render_mode=None):
    keys = ("view_hierarchy", "instruction") if render_mode is None else ("pixels", "view_hierarchy", "instruction")
    base = MobileEnv(family, obs_keys=keys, render_mode=render_mode)
    clicks = ElementClicks(ElementActions(base, max_elements=MAX_ELEMENTS))
    return GoalVector(ElementFeatures(clicks, max_elements=MAX_ELEMENTS, keep_pixels=False))


env = make_env()
print("actions:", env.action_space)
print("observation:", {k: v.shape for k, v in env.observation_space.spaces.items()})""",
    ),
    (
        "random",
        "The baseline: uniformly random actions on 30 held-out seeds (training never resets to "
        "these).",
        """\
EVAL_SEEDS = range(1_000_000, 1_000_030)


def success_rate(env, act, seeds=EVAL_SEEDS):
    wins = 0
    for seed in seeds:
        obs, _ = env.reset(seed=seed)
        done, info = False, {}
        while not done:
            obs, _, terminated, truncated, info = env.step(act(obs))
            done = terminated or truncated
        wins += bool(info.get("success"))
    return wins / len(seeds)


rng = np.random.default_rng(0)
random_success = success_rate(env, lambda obs: int(rng.integers(env.action_space.n)))
print(f"random policy: success {random_success:.2f}")""",
    ),
    (
        "train",
        "PPO with SB3's `MultiInputPolicy` (one small MLP over the concatenated keys) on a small "
        "budget. `VecNormalize` scales every input by its running mean and variance: the element "
        "features are the same on every launcher screen, and fed raw into the policy's tanh layers "
        "they drown the one goal word that differs between episodes (without it PPO stays near "
        "random on this task). A callback records the success rate of the episodes finished in "
        "each rollout, for the learning curve.",
        """\
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv, VecNormalize

TIMESTEPS = 2048


class SuccessCurve(BaseCallback):
    \"\"\"(timesteps, success rate of the episodes that ended in the rollout) per rollout.\"\"\"

    def __init__(self):
        super().__init__()
        self.points, self._wins, self._ends = [], 0, 0

    def _on_step(self):
        for done, info in zip(self.locals["dones"], self.locals["infos"]):
            if done:
                self._ends += 1
                self._wins += bool(info.get("success"))
        return True

    def _on_rollout_end(self):
        if self._ends:
            self.points.append((self.num_timesteps, self._wins / self._ends))
        self._wins = self._ends = 0


train_env = make_env()
train_env.reset(seed=0)
vec = VecNormalize(DummyVecEnv([lambda: train_env]), norm_obs=True, norm_reward=False)
model = PPO("MultiInputPolicy", vec, n_steps=128, batch_size=64, n_epochs=10, learning_rate=1e-3,
            ent_coef=0.01, gamma=0.9, seed=0, device="cpu", policy_kwargs={"net_arch": [64, 64]})
curve = SuccessCurve()
t0 = time.perf_counter()
model.learn(total_timesteps=TIMESTEPS, callback=curve)
vec.training = False  # from here on, observations are scaled with the statistics training ended with
print(f"trained {TIMESTEPS} steps in {time.perf_counter() - t0:.0f} s")


def trained_action(obs):
    return int(model.predict(vec.normalize_obs(obs), deterministic=True)[0])""",
    ),
    (
        "curve",
        "The learning curve: success of the training episodes per rollout of 128 steps.",
        """\
import matplotlib.pyplot as plt

steps, rates = zip(*curve.points)
plt.figure(figsize=(6, 2.8))
plt.plot(steps, rates, marker="o")
plt.axhline(random_success, color="grey", linestyle="--", label="random")
plt.xlabel("PPO timesteps")
plt.ylabel("training success")
plt.ylim(0, 1.05)
plt.legend()
plt.show()
print(f"first rollout {rates[0]:.2f}, last rollout {rates[-1]:.2f}")""",
    ),
    (
        "evaluate",
        "The trained policy (deterministic: the most likely action) on the same held-out seeds.",
        """\
trained_success = success_rate(env, trained_action)
print(f"random {random_success:.2f}  trained {trained_success:.2f}")""",
    ),
    (
        "gif",
        "A GIF of the trained policy, one episode per goal, from an env that draws frames "
        "(`render_mode=\"rgb_array\"`); the instruction's app name is in each frame's title.",
        """\
import imageio.v3 as iio
from IPython.display import Image, display

video_env = make_env(render_mode="rgb_array")
frames, outcomes = [], []
for seed in range(1_000_000, 1_000_000 + 40):
    params = family.params(seed)
    if params.app_name in [o[0] for o in outcomes]:
        continue
    obs, _ = video_env.reset(seed=seed)
    frames.append(video_env.render())
    done, info = False, {}
    while not done:
        obs, _, terminated, truncated, info = video_env.step(trained_action(obs))
        done = terminated or truncated
        frames.append(video_env.render())
    outcomes.append((params.app_name, bool(info["success"])))
    if len(outcomes) == len(GOALS):
        break
gif = iio.imwrite("<bytes>", frames, extension=".gif", duration=400, loop=0)
print("episodes:", outcomes, f"| GIF {len(frames)} frames")
display(Image(data=gif, format="gif"))""",
    ),
]
