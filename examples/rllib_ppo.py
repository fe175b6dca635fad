"""PPO with Ray RLlib on a mobile_gym task: 2 env runners on a local Ray instance.

Registers the task ids with Tune (`mobile_gym.rl.rllib.register_tasks`), trains PPO on the
"features" stack (screen elements and the goal vector as one float Box, TapGrid actions)
with runner failures raised (`fail_fast`, `train_checked`), and prints the success rate of a
uniformly random policy, of the untrained policy and of the trained one (greedy) on
evaluation episodes whose seeds no training runner draws, with the wall time. The default
task, OpenApp, names one of the phone's apps per seed (the goal vector tells which) and
fails on a wrong app. Usage:

    python examples/rllib_ppo.py [--task MobileEnv/OpenApp-v0] [--iterations 12]
                                 [--eval-episodes 50] [--json OUT.json]
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

import numpy as np


def greedy(module):
    """The action function of an RLlib RLModule: argmax of its action logits."""
    import torch

    def act(obs: np.ndarray) -> int:
        with torch.no_grad():
            out = module.forward_inference({"obs": torch.from_numpy(obs[None])})
        return int(torch.argmax(out["action_dist_inputs"][0]))

    return act


def success_rate(env, act, episodes: int, seed: int) -> float:
    """Fraction of `episodes` evaluation episodes (seeds from the eval stream) that succeed."""
    wins = 0
    env.reset(seed=seed)  # starts the evaluation stream; each episode below takes its next seed
    for _ in range(episodes):
        obs, _ = env.reset()
        done, info = False, {}
        while not done:
            obs, _, terminated, truncated, info = env.step(act(obs))
            done = terminated or truncated
        wins += bool(info.get("success"))
    return wins / episodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--task", default="MobileEnv/OpenApp-v0")
    parser.add_argument("--obs", default="features", choices=("features", "pixels"))
    parser.add_argument("--iterations", type=int, default=12)
    parser.add_argument("--batch", type=int, default=512, help="train batch per iteration (env steps)")
    parser.add_argument("--eval-episodes", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", help="also write the numbers to this JSON file")
    args = parser.parse_args()

    import ray
    from ray.rllib.algorithms.ppo import PPOConfig

    from mobile_gym.rl.rllib import fail_fast, make_env, register_tasks, sampled_steps, train_checked

    start = time.perf_counter()
    env_config = {"obs": args.obs, "seed": args.seed, "cols": 4, "rows": 8}
    eval_env = make_env(args.task, {**env_config, "stream": "eval"})
    rng = np.random.default_rng(args.seed)
    random_rate = success_rate(eval_env, lambda _obs: int(rng.integers(eval_env.action_space.n)),
                               args.eval_episodes, args.seed)

    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=True)
    try:
        register_tasks([args.task])
        config = fail_fast(
            PPOConfig().environment(args.task, env_config=env_config)
            .env_runners(num_env_runners=2, rollout_fragment_length=args.batch // 4, num_cpus_per_env_runner=0.5)
            .learners(num_learners=0)
            .training(train_batch_size_per_learner=args.batch, minibatch_size=128, num_epochs=10, lr=1e-3,
                      gamma=0.9, entropy_coeff=0.01)
            .debugging(seed=args.seed))
        algo = config.build_algo()
        untrained_rate = success_rate(eval_env, greedy(algo.get_module()), args.eval_episodes, args.seed)
        t_train = time.perf_counter()
        steps = 0
        for i in range(args.iterations):
            result = train_checked(algo)
            steps += sampled_steps(result)
            ret = result["env_runners"].get("episode_return_mean", float("nan"))
            print(f"iteration {i + 1}: {steps} env steps, mean episode return {ret:.3f}", flush=True)
        train_seconds = time.perf_counter() - t_train
        trained_rate = success_rate(eval_env, greedy(algo.get_module()), args.eval_episodes, args.seed)
        algo.stop()
    finally:
        ray.shutdown()
    out = {"task": args.task, "obs": args.obs, "iterations": args.iterations, "env_steps": steps,
           "eval_episodes": args.eval_episodes, "random_success": random_rate, "untrained_success": untrained_rate,
           "trained_success": trained_rate, "train_seconds": round(train_seconds, 1),
           "wall_seconds": round(time.perf_counter() - start, 1), "load_average": list(os.getloadavg())}
    print(f"{args.task} ({args.obs}), {args.eval_episodes} eval episodes: random {random_rate:.2f}, "
          f"untrained {untrained_rate:.2f}, PPO after {steps} env steps {trained_rate:.2f}; "
          f"training {train_seconds:.0f} s, wall {out['wall_seconds']:.0f} s")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
