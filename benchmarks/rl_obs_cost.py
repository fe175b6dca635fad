"""What an RL observation costs: env ms per agent step by observation choice, policy ms per call.

For choosing the SB3 examples' and notebooks' defaults (issue 17 item 6): an env step of the
OpenApp stack (ElementClicks, random actions, resets included) with and without `pixels` and
at two frame sizes, and one forward pass of SB3's MultiInputPolicy (64x64 MLP; NatureCNN for
pixels) at 1 and 2 torch threads. Prints a table and writes JSON. Usage:

    python benchmarks/rl_obs_cost.py [--steps 300] [--json rl_obs_cost.json]
"""

from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np

from mobile_gym.env import MobileEnv
from mobile_gym.wrappers import ElementActions, ElementClicks, ElementFeatures, GoalVector, PixelsOnly, TapGrid


def features_env(obs_keys: tuple[str, ...], obs_size: tuple[int, int]):
    base = MobileEnv("OpenApp", obs_keys=obs_keys, obs_size=obs_size)
    return GoalVector(ElementFeatures(ElementClicks(ElementActions(base, max_elements=32)), max_elements=32,
                                      keep_pixels=False))


def pixels_env(obs_size: tuple[int, int]):
    base = MobileEnv("OpenApp", obs_keys=("pixels", "instruction"), obs_size=obs_size)
    return GoalVector(PixelsOnly(TapGrid(base, cols=4, rows=9)))


def env_ms(env, steps: int) -> float:
    """Mean wall ms per agent step (resets included) under uniformly random actions."""
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    t = time.perf_counter()
    for _ in range(steps):
        _, _, terminated, truncated, _ = env.step(int(rng.integers(env.action_space.n)))
        if terminated or truncated:
            env.reset()
    return 1000 * (time.perf_counter() - t) / steps


def policy_ms(env, threads: int, calls: int = 200) -> float:
    """Mean wall ms of one MultiInputPolicy forward pass (predict) on one observation."""
    import torch
    from stable_baselines3 import PPO

    torch.set_num_threads(threads)
    model = PPO("MultiInputPolicy", env, device="cpu", policy_kwargs={"net_arch": [64, 64]}, n_steps=64)
    obs, _ = env.reset(seed=0)
    model.predict(obs)
    t = time.perf_counter()
    for _ in range(calls):
        model.predict(obs)
    return 1000 * (time.perf_counter() - t) / calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--json", default="rl_obs_cost.json")
    args = parser.parse_args()
    rows = []
    cases = [("features, no pixels", lambda: features_env(("view_hierarchy", "instruction"), (270, 600))),
             ("features + pixels 270x600", lambda: features_env(("pixels", "view_hierarchy", "instruction"), (270, 600))),
             ("pixels 72x160 (CNN)", lambda: pixels_env((72, 160))),
             ("pixels 270x600 (CNN)", lambda: pixels_env((270, 600)))]
    for name, make in cases:
        env = make()
        row = {"observation": name, "env_ms_per_step": round(env_ms(env, args.steps), 2)}
        for threads in (1, 2):
            row[f"policy_ms_{threads}_thread"] = round(policy_ms(env, threads), 3)
        rows.append(row)
        print(f"{name:28s} env {row['env_ms_per_step']:7.2f} ms/step   policy forward "
              f"{row['policy_ms_1_thread']:6.2f} ms (1 thread) {row['policy_ms_2_thread']:6.2f} ms (2 threads)",
              flush=True)
    result = {"rows": rows, "steps": args.steps, "load_average": os.getloadavg(), "cpus": os.cpu_count()}
    with open(args.json, "w", encoding="utf-8") as fh:
        json.dump(result, fh, indent=2)
    print(f"load average {result['load_average'][0]:.2f} on {result['cpus']} cpus; wrote {args.json}")


if __name__ == "__main__":
    main()
