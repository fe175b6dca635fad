"""PPO on OpenApp with the goal in the observation (GoalVector), on a small budget.

OpenApp asks for one of the phone's apps per seed; without the goal a policy cannot tell
which. The stack is GoalVector(ElementFeatures(TapGrid(env))): taps on a grid, the screen's
elements and the instruction's hashed bag of words as floats, for SB3's MultiInputPolicy.
A wrong app in front fails the episode, so success means choosing the named app.

Prints the success rate of a uniformly random policy and of the trained one on held-out
seeds (never used in training), and the wall time. Usage:

    python examples/sb3_openapp_goal.py [--timesteps 4096] [--eval-seeds 50] [--tensorboard DIR]
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from mobile_gym.env import MobileEnv
from mobile_gym.wrappers import ElementFeatures, GoalVector, TapGrid

TRAIN_SEED = 0
EVAL_SEED_BASE = 1_000_000  # held-out: training resets draw seeds from the env's own RNG


def make_env(cols: int, rows: int) -> GoalVector:
    """The documented goal-conditioned stack on OpenApp."""
    return GoalVector(ElementFeatures(TapGrid(MobileEnv("OpenApp"), cols=cols, rows=rows),
                                      keep_pixels=False))


def success_rate(env: GoalVector, act, seeds: range, metrics=None, group: str = "") -> float:
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
            metrics.episode("OpenApp", success=bool(info.get("success")), length=length, group=group)
    return wins / len(seeds)


def training_episodes_logger(metrics):
    """An SB3 callback that logs each training episode's success and length to `metrics`."""
    from stable_baselines3.common.callbacks import BaseCallback

    class LogEpisodes(BaseCallback):
        def __init__(self) -> None:
            super().__init__()
            self.length = 0

        def _on_step(self) -> bool:
            self.length += 1
            if self.locals["dones"][0]:
                metrics.episode("OpenApp", success=bool(self.locals["infos"][0].get("success")),
                                length=self.length, group="train")
                self.length = 0
            return True

    return LogEpisodes()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timesteps", type=int, default=4096)
    parser.add_argument("--eval-seeds", type=int, default=50)
    parser.add_argument("--cols", type=int, default=4)
    parser.add_argument("--rows", type=int, default=8)
    parser.add_argument("--json", help="also write the numbers to this JSON file")
    parser.add_argument("--tensorboard", metavar="DIR", help="log each episode's success and length (random/, "
                                                             "train/, trained/) as TensorBoard scalars to DIR")
    args = parser.parse_args()
    from stable_baselines3 import PPO  # the `rl` extra

    from mobile_gym.harness.metrics import EpisodeMetrics  # the `tensorboard` extra, only with --tensorboard

    metrics = EpisodeMetrics(args.tensorboard) if args.tensorboard else None

    start = time.perf_counter()
    seeds = range(EVAL_SEED_BASE, EVAL_SEED_BASE + args.eval_seeds)
    eval_env = make_env(args.cols, args.rows)
    rng = np.random.default_rng(TRAIN_SEED)
    random_rate = success_rate(eval_env, lambda _obs: int(rng.integers(eval_env.action_space.n)), seeds,
                               metrics, "random")

    train_env = make_env(args.cols, args.rows)
    train_env.reset(seed=TRAIN_SEED)
    model = PPO("MultiInputPolicy", train_env, n_steps=256, batch_size=64, n_epochs=10,
                learning_rate=1e-3, ent_coef=0.01, gamma=0.9, seed=TRAIN_SEED, verbose=0)
    t_train = time.perf_counter()
    model.learn(total_timesteps=args.timesteps,
                callback=training_episodes_logger(metrics) if metrics is not None else None)
    train_seconds = time.perf_counter() - t_train
    trained_rate = success_rate(eval_env, lambda obs: int(model.predict(obs, deterministic=True)[0]), seeds,
                                metrics, "trained")
    if metrics is not None:
        metrics.close()
    result = {"task": "OpenApp", "timesteps": args.timesteps, "eval_seeds": args.eval_seeds,
              "grid": [args.cols, args.rows], "random_success": random_rate,
              "trained_success": trained_rate, "train_seconds": round(train_seconds, 1),
              "wall_seconds": round(time.perf_counter() - start, 1)}
    print(f"OpenApp, {args.eval_seeds} held-out seeds: random {random_rate:.2f}, "
          f"PPO ({args.timesteps} steps) {trained_rate:.2f}; training {train_seconds:.0f} s, "
          f"wall {result['wall_seconds']:.0f} s")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(result, fh, indent=2)


if __name__ == "__main__":
    main()
