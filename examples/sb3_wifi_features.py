"""PPO on SystemWifiTurnOff from the screen's element features, on a small budget.

The task is one fixed goal (turn Wi-Fi off from the launcher: Settings, Network & internet,
Internet, the switch), so no goal vector is needed. The stack is
ElementFeatures(ElementClicks(ElementActions(env))): one integer clicks element i of the
screen or presses back/home; the observation is the first 32 elements' geometry, flags and
classes, normalised by SB3's VecNormalize. Reaching the Internet page gives +0.2, Wi-Fi off +1.

Prints the success rate of a uniformly random policy and of the trained one on held-out
seeds, the wall time and its split into env / inference / training. Usage:

    python examples/sb3_wifi_features.py [--timesteps 4096] [--eval-seeds 20] [--json out.json]
"""

from __future__ import annotations

import argparse
import time

from sb3_common import EVAL_SEED_BASE, TimedEnv, random_policy, report, split, success_rate, time_split_callback

from mobile_gym.env import MobileEnv
from mobile_gym.wrappers import ElementActions, ElementClicks, ElementFeatures

TRAIN_SEED = 0
MAX_ELEMENTS = 32


def make_env() -> ElementFeatures:
    """The features stack on SystemWifiTurnOff, without pixels (the policy does not use them)."""
    base = MobileEnv("SystemWifiTurnOff", obs_keys=("view_hierarchy", "instruction"))
    clicks = ElementClicks(ElementActions(base, max_elements=MAX_ELEMENTS))
    return ElementFeatures(clicks, max_elements=MAX_ELEMENTS, keep_pixels=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timesteps", type=int, default=4096)
    parser.add_argument("--eval-seeds", type=int, default=20)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (1: the env and torch share 2 cores)")
    parser.add_argument("--json", help="also write the numbers to this JSON file")
    args = parser.parse_args()
    import torch
    from stable_baselines3 import PPO  # the `rl` extra
    from stable_baselines3.common.vec_env import DummyVecEnv, VecNormalize

    torch.set_num_threads(args.threads)
    start = time.perf_counter()
    seeds = range(EVAL_SEED_BASE, EVAL_SEED_BASE + args.eval_seeds)
    eval_env = make_env()
    random_rate = success_rate(eval_env, random_policy(eval_env.action_space, TRAIN_SEED), seeds)

    train_env = TimedEnv(make_env())
    train_env.reset(seed=TRAIN_SEED)
    vec = VecNormalize(DummyVecEnv([lambda: train_env]), norm_obs=True, norm_reward=False)
    model = PPO("MultiInputPolicy", vec, n_steps=256, batch_size=64, n_epochs=10, learning_rate=1e-3,
                ent_coef=0.01, gamma=0.95, seed=TRAIN_SEED, verbose=0,
                policy_kwargs={"net_arch": [64, 64]}, device="cpu")
    callback = time_split_callback()
    model.learn(total_timesteps=args.timesteps, callback=callback)
    vec.training = False
    trained_rate = success_rate(
        eval_env, lambda obs: int(model.predict(vec.normalize_obs(obs), deterministic=True)[0]), seeds)
    report({"task": "SystemWifiTurnOff", "timesteps": args.timesteps, "eval_seeds": args.eval_seeds,
            "actions": f"ElementClicks({MAX_ELEMENTS} elements + back, home)",
            "random_success": random_rate, "trained_success": trained_rate,
            "curve": callback.curve, "split": split(train_env, callback),
            "wall_seconds": round(time.perf_counter() - start, 1)}, args.json)


if __name__ == "__main__":
    main()
