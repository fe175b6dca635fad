"""PPO with a CNN over the screen's pixels (plus the goal) on OpenApp, tapping a grid.

The stack is GoalVector(PixelsOnly(TapGrid(env, cols=4, rows=9))) on a 72x160 frame: SB3's
MultiInputPolicy runs its NatureCNN over `pixels` and an MLP over `goal` (the instruction's
hashed bag of words) and `params`; VecNormalize scales `goal` and `params` only (images are
scaled to [0, 1] by SB3 itself). Actions tap the centres of a 4x9 grid; on this 1080x2400 phone
every launcher icon lies under a cell centre (a 4x8 grid misses the third icon row). The
launcher looks the same on every seed, so the CNN mostly has to tell the launcher from an
opened app; the goal decides which icon to tap.

Prints the success rate of a uniformly random policy and of the trained one on held-out
seeds, the wall time and its split into env / inference / training. Usage:

    python examples/sb3_pixels_cnn.py [--timesteps 4096] [--eval-seeds 50] [--json out.json]
"""

from __future__ import annotations

import argparse
import time

from sb3_common import EVAL_SEED_BASE, TimedEnv, random_policy, report, split, success_rate, time_split_callback

from mobile_gym.env import MobileEnv
from mobile_gym.wrappers import GoalVector, PixelsOnly, TapGrid

TRAIN_SEED = 0
OBS_SIZE = (72, 160)  # (width, height): the phone's aspect ratio, above NatureCNN's 36x36 minimum


def make_env() -> GoalVector:
    base = MobileEnv("OpenApp", obs_size=OBS_SIZE, obs_keys=("pixels", "instruction"))
    return GoalVector(PixelsOnly(TapGrid(base, cols=4, rows=9)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timesteps", type=int, default=4096)
    parser.add_argument("--eval-seeds", type=int, default=50)
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
    vec = VecNormalize(DummyVecEnv([lambda: train_env]), norm_obs=True, norm_reward=False,
                       norm_obs_keys=["goal", "params"])
    model = PPO("MultiInputPolicy", vec, n_steps=128, batch_size=64, n_epochs=10, learning_rate=1e-3,
                ent_coef=0.01, gamma=0.9, seed=TRAIN_SEED, verbose=0,
                policy_kwargs={"net_arch": [64, 64]}, device="cpu")
    callback = time_split_callback()
    model.learn(total_timesteps=args.timesteps, callback=callback)
    vec.training = False
    trained_rate = success_rate(
        eval_env, lambda obs: int(model.predict(vec.normalize_obs(obs), deterministic=True)[0]), seeds)
    report({"task": "OpenApp (pixels)", "timesteps": args.timesteps, "eval_seeds": args.eval_seeds,
            "actions": "TapGrid(4x9 + BACK, HOME, ENTER)", "obs_size": list(OBS_SIZE),
            "random_success": random_rate, "trained_success": trained_rate,
            "curve": callback.curve, "split": split(train_env, callback),
            "wall_seconds": round(time.perf_counter() - start, 1)}, args.json)


if __name__ == "__main__":
    main()
