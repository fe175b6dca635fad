"""Ray RLlib on the task ids: registration, runner seeds, PPO on a local Ray, failures raised.

Skipped (with the reason) only when Ray RLlib is not installed (the `ray` extra).
"""

import gymnasium as gym
import pytest

pytest.importorskip("ray.rllib", reason="Ray RLlib is not installed (pip install 'mobile-gym[ray]')")

import ray  # noqa: E402
from ray.rllib.algorithms.ppo import PPOConfig  # noqa: E402
from ray.rllib.env.single_agent_env_runner import SingleAgentEnvRunner  # noqa: E402
from ray.tune.registry import register_env  # noqa: E402

from mobile_gym.rl.rllib import (  # noqa: E402
    GENERIC_ID,
    EnvRunnerFailure,
    fail_fast,
    make_env,
    register_tasks,
    runner_health,
    sampled_steps,
    task_ids,
    train_checked,
)

TASK = "MobileEnv/SystemWifiTurnOff-v0"


def small_ppo(env_id, env_config):
    """PPO with 2 env runners and batches small enough for a CI machine."""
    return fail_fast(PPOConfig().environment(env_id, env_config=env_config)
                     .env_runners(num_env_runners=2, rollout_fragment_length=32, num_cpus_per_env_runner=0.5)
                     .learners(num_learners=0)
                     .training(train_batch_size_per_learner=128, minibatch_size=64, num_epochs=1)
                     .reporting(min_sample_timesteps_per_iteration=0))


@pytest.fixture(scope="module")
def local_ray():
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


def test_every_task_id_is_registered_and_builds_a_box_observation():
    ids = register_tasks()
    assert ids == task_ids() and TASK in ids and GENERIC_ID in ids
    for env_id in ids:
        if env_id == GENERIC_ID:
            continue
        space = make_env(env_id, {}).observation_space
        assert isinstance(space, gym.spaces.Box) and len(space.shape) == 1, env_id


@pytest.mark.parametrize("obs", ["features", "pixels"])
def test_rllibs_default_module_takes_both_stacks(obs):
    """RLlib's default catalog builds an MLP (features) or a CNN (64x64 float pixels) for them."""
    import torch

    env = make_env(TASK, {"obs": obs})
    observation, _ = env.reset()
    spec = PPOConfig().get_default_rl_module_spec()
    spec.observation_space, spec.action_space, spec.model_config = env.observation_space, env.action_space, {}
    out = spec.build().forward_inference({"obs": torch.from_numpy(observation[None])})
    assert tuple(out["action_dist_inputs"].shape) == (1, env.action_space.n)


def test_bad_ids_and_configs_are_named():
    with pytest.raises(ValueError, match="MobileEnv/NoSuchTask-v0"):
        register_tasks(["MobileEnv/NoSuchTask-v0"])
    with pytest.raises(ValueError, match="task_path"):
        make_env(GENERIC_ID, {})
    with pytest.raises(ValueError, match=r"env_config\['seed'\]"):
        make_env(TASK, {"seed": "zero"})


def test_two_runners_never_replay_the_same_episode_over_100_resets():
    """RLlib seeds runner w's sub-env j with config.seed + w + j: runner 1's second env and
    runner 2's first would get the same seed. With the registered creator every sub-env of
    every runner draws its own seeds."""
    register_tasks(["MobileEnv/OpenApp-v0"])
    config = (PPOConfig().environment("MobileEnv/OpenApp-v0", env_config={"seed": 0})
              .env_runners(num_env_runners=2, num_envs_per_env_runner=2).debugging(seed=0))
    seeds: dict[tuple[int, int], list[int]] = {}
    for worker in (1, 2):
        runner = SingleAgentEnvRunner(config=config, worker_index=worker)
        for reset in range(100):
            # the first reset is seeded as RLlib seeds it; later ones are RLlib's seed-less resets
            _, infos = runner.env.reset(seed=config.seed + worker if reset == 0 else None)
            for slot, info in enumerate(infos):
                seeds.setdefault((worker, slot), []).append(info["reset_seed"])
        runner.stop()
    assert sorted(seeds) == [(1, 0), (1, 1), (2, 0), (2, 1)]
    every = [s for stream in seeds.values() for s in stream]
    assert len(every) == 400 and len(set(every)) == 400
    # and the run seed reproduces them
    again = SingleAgentEnvRunner(config=config, worker_index=1)
    _, infos = again.env.reset(seed=config.seed + 1)
    assert [i["reset_seed"] for i in infos] == [seeds[(1, 0)][0], seeds[(1, 1)][0]]
    again.stop()


def test_ppo_trains_two_iterations_with_two_env_runners_on_a_local_ray(local_ray):
    register_tasks([TASK])
    algo = small_ppo(TASK, {"obs": "features", "seed": 0}).build_algo()
    try:
        for _ in range(2):
            result = train_checked(algo)
            assert sampled_steps(result) >= 128
        assert runner_health(algo) == (2, 2)
        assert result["training_iteration"] == 2
    finally:
        algo.stop()


def test_a_crashing_env_runner_raises_instead_of_training_on_nothing(local_ray):
    class Crashes(gym.Wrapper):
        def step(self, action):
            raise RuntimeError("the simulated phone fell over")

    register_env("CrashingWifi", lambda ctx: Crashes(make_env(TASK, ctx)))
    algo = small_ppo("CrashingWifi", {"seed": 0}).build_algo()
    try:
        with pytest.raises(EnvRunnerFailure, match=r"failed with [01] of 2 env runners alive") as failure:
            train_checked(algo)
        assert "traceback" in str(failure.value)  # says where the env's own error is
    finally:
        algo.stop()
