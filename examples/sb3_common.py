"""What the SB3 examples share: success on held-out seeds, and where the training time goes.

`TimedEnv` (outermost wrapper) adds up the seconds spent inside `step`/`reset` of the whole
wrapper stack; `TimeSplit` (an SB3 callback) adds up the seconds of rollout collection and of
the gradient updates. Rollout time minus env time is the policy's inference (and SB3's
buffer bookkeeping), so `split()` says whether the env, inference or training dominates.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium as gym
import numpy as np

from mobile_gym.env import MobileEnv
from mobile_gym.wrappers import ElementActions, ElementClicks, ElementFeatures

#: Held-out evaluation seeds start here; training resets draw seeds from the env's own RNG.
EVAL_SEED_BASE = 1_000_000


class TimedEnv(gym.Wrapper):
    """Counts the wall seconds spent in the wrapped stack's `step` and `reset`."""

    def __init__(self, env: gym.Env) -> None:
        super().__init__(env)
        self.env_seconds = 0.0
        self.env_steps = 0

    def reset(self, **kwargs: Any):
        t = time.perf_counter()
        out = self.env.reset(**kwargs)
        self.env_seconds += time.perf_counter() - t
        return out

    def step(self, action: Any):
        t = time.perf_counter()
        out = self.env.step(action)
        self.env_seconds += time.perf_counter() - t
        self.env_steps += 1
        return out


def element_click_features(task: str, max_elements: int) -> ElementFeatures:
    """`task` with the screen's element features as observation and a click on one of its
    elements (or back / home) as action; no pixels (the examples' policies do not use them)."""
    base = MobileEnv(task, obs_keys=("view_hierarchy", "instruction"))
    clicks = ElementClicks(ElementActions(base, max_elements=max_elements))
    return ElementFeatures(clicks, max_elements=max_elements, keep_pixels=False)


def time_split_callback(metrics: Any = None, task: str = ""):
    """An SB3 callback recording rollout and training seconds (SB3 is imported lazily); each
    training episode's success and length also go to `metrics` (an EpisodeMetrics) when given."""
    from stable_baselines3.common.callbacks import BaseCallback

    class TimeSplit(BaseCallback):
        """Rollout seconds (env + inference) and update seconds, and success per rollout."""

        def __init__(self) -> None:
            super().__init__()
            self.rollout_seconds = 0.0
            self.train_seconds = 0.0
            self.curve: list[tuple[int, float]] = []  # (timesteps, success rate of finished episodes)
            self._mark = 0.0
            self._wins = 0
            self._episodes = 0
            self._lengths: list[int] = []

        def _on_training_start(self) -> None:
            self._mark = time.perf_counter()

        def _on_rollout_start(self) -> None:
            now = time.perf_counter()
            self.train_seconds += now - self._mark  # 0 before the first rollout
            self._mark = now

        def _on_step(self) -> bool:
            dones = self.locals["dones"]
            if len(self._lengths) != len(dones):
                self._lengths = [0] * len(dones)
            for i, (done, info) in enumerate(zip(dones, self.locals["infos"])):
                self._lengths[i] += 1
                if done:
                    self._episodes += 1
                    self._wins += bool(info.get("success"))
                    if metrics is not None:
                        metrics.episode(task, success=bool(info.get("success")), length=self._lengths[i],
                                        group="train")
                    self._lengths[i] = 0
            return True

        def _on_rollout_end(self) -> None:
            now = time.perf_counter()
            self.rollout_seconds += now - self._mark
            self._mark = now
            if self._episodes:
                self.curve.append((self.num_timesteps, self._wins / self._episodes))
            self._wins = self._episodes = 0

        def _on_training_end(self) -> None:
            self.train_seconds += time.perf_counter() - self._mark

    return TimeSplit()


def success_rate(env: gym.Env, act: Callable[[Any], int], seeds: range, metrics: Any = None,
                 task: str = "", group: str = "") -> float:
    """Fraction of episodes on `seeds` that end in success under policy `act(obs)`; each
    episode's success and length also go to `metrics` (an EpisodeMetrics, under `group`) when given."""
    wins = 0
    for seed in seeds:
        obs, _ = env.reset(seed=seed)
        done, info, length = False, {}, 0
        while not done:
            obs, _, terminated, truncated, info = env.step(act(obs))
            done = terminated or truncated
            length += 1
        wins += bool(info.get("success"))
        if metrics is not None:
            metrics.episode(task, success=bool(info.get("success")), length=length, group=group)
    return wins / len(seeds)


def random_policy(space: gym.spaces.Discrete, seed: int) -> Callable[[Any], int]:
    """Uniform random actions from `space`, reproducibly."""
    rng = np.random.default_rng(seed)
    return lambda _obs: int(rng.integers(space.n))


def split(timed: TimedEnv, callback: Any) -> dict[str, float]:
    """Seconds in the env, in inference (rollout minus env) and in training updates."""
    env_s = timed.env_seconds
    return {"env_seconds": round(env_s, 1),
            "inference_seconds": round(max(callback.rollout_seconds - env_s, 0.0), 1),
            "train_seconds": round(callback.train_seconds, 1),
            "env_ms_per_step": round(1000 * env_s / max(timed.env_steps, 1), 2)}


def report(result: dict[str, Any], path: str | None) -> None:
    """Print the one-line summary every example ends with, and write the JSON if asked."""
    s = result["split"]
    print(f"{result['task']}, {result['eval_seeds']} held-out seeds: random {result['random_success']:.2f}, "
          f"PPO ({result['timesteps']} steps) {result['trained_success']:.2f}; wall {result['wall_seconds']:.0f} s "
          f"(env {s['env_seconds']:.0f} s, inference {s['inference_seconds']:.0f} s, "
          f"training {s['train_seconds']:.0f} s; {s['env_ms_per_step']:.1f} ms per env step)")
    if path:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(result, fh, indent=2)


def parse_args(doc: str, *, timesteps: int, eval_seeds: int) -> argparse.Namespace:
    """The options every example takes (its docstring's first line is the description)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--timesteps", type=int, default=timesteps)
    parser.add_argument("--eval-seeds", type=int, default=eval_seeds)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (1: the env and torch share 2 cores)")
    parser.add_argument("--json", help="also write the numbers to this JSON file")
    parser.add_argument("--tensorboard", metavar="DIR", help="log each episode's success and length (random/, "
                                                             "train/, trained/) as TensorBoard scalars to DIR")
    return parser.parse_args()


def train_and_compare(task: str, make_env: Callable[[], gym.Env], args: argparse.Namespace, *,
                      ppo: dict[str, Any], norm_obs_keys: Sequence[str] | None = None,
                      seed: int = 0, **notes: Any) -> dict[str, Any]:
    """Random vs PPO-trained success on held-out seeds, with the time split; prints and returns it.

    PPO (MultiInputPolicy, 64x64 MLP, CPU) trains on `make_env()` behind VecNormalize (scaling
    `norm_obs_keys`, or every key); evaluation scales observations with the final statistics.
    """
    import torch
    from stable_baselines3 import PPO  # the `rl` extra
    from stable_baselines3.common.logger import Logger
    from stable_baselines3.common.vec_env import DummyVecEnv, VecNormalize

    torch.set_num_threads(args.threads)
    metrics = None
    if getattr(args, "tensorboard", None):
        from mobile_gym.harness.metrics import EpisodeMetrics  # the `tensorboard` extra

        metrics = EpisodeMetrics(args.tensorboard)
    start = time.perf_counter()
    seeds = range(EVAL_SEED_BASE, EVAL_SEED_BASE + args.eval_seeds)
    eval_env = make_env()
    random_rate = success_rate(eval_env, random_policy(eval_env.action_space, seed), seeds, metrics, task, "random")

    train_env = TimedEnv(make_env())
    train_env.reset(seed=seed)
    vec = VecNormalize(DummyVecEnv([lambda: train_env]), norm_obs=True, norm_reward=False,
                       norm_obs_keys=None if norm_obs_keys is None else list(norm_obs_keys))
    model = PPO("MultiInputPolicy", vec, seed=seed, verbose=0, device="cpu",
                policy_kwargs={"net_arch": [64, 64]}, **ppo)
    # the numbers come from the callback; SB3's default logger would leave an empty
    # SB3-<date> folder in the temp dir at every learn()
    model.set_logger(Logger(folder=None, output_formats=[]))
    callback = time_split_callback(metrics, task)
    model.learn(total_timesteps=args.timesteps, callback=callback)
    vec.training = False  # evaluation scales observations with the statistics training ended with
    trained_rate = success_rate(
        eval_env, lambda obs: int(model.predict(vec.normalize_obs(obs), deterministic=True)[0]), seeds,
        metrics, task, "trained")
    if metrics is not None:
        metrics.close()
    result = {"task": task, "timesteps": args.timesteps, "eval_seeds": args.eval_seeds, **notes,
              "ppo": ppo, "random_success": random_rate, "trained_success": trained_rate,
              "curve": callback.curve, "split": split(train_env, callback),
              "wall_seconds": round(time.perf_counter() - start, 1)}
    report(result, args.json)
    return result
