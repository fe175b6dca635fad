"""RL stacks (one float32 Box) and per-runner episode seeds, without Ray."""

import numpy as np
import pytest
from gymnasium import spaces
from gymnasium.utils.env_checker import check_env
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobile_gym.rl.seeding import SEED_BITS, RunnerId, RunnerSeeds
from mobile_gym.rl.stacks import StackOptions, rl_stack


@pytest.mark.parametrize("obs", ["features", "pixels"])
def test_stacks_are_one_float_box_that_passes_the_checker(obs):
    env = rl_stack("SystemWifiTurnOff", StackOptions(obs=obs))
    space = env.observation_space
    assert isinstance(space, spaces.Box) and space.dtype == np.float32
    assert len(space.shape) == (1 if obs == "features" else 3)
    check_env(env, skip_render_check=True)
    observation, _ = env.reset(seed=3)
    assert space.contains(observation)
    if obs == "pixels":
        assert observation.shape == (64, 64, 3) and observation.min() >= 0.0 and observation.max() <= 1.0
        assert observation.max() > 0.0  # a drawn screen, not zeros


def test_features_stack_carries_the_goal():
    """OpenApp seeds asking for different apps give different feature vectors on the same screen."""
    env = rl_stack("OpenApp")
    seen = {}
    for seed in range(12):
        observation, _ = env.reset(seed=seed)
        seen.setdefault(env.unwrapped.task.proto.command[0], observation)
    assert len(seen) >= 2
    first, *others = seen.values()
    assert all(not np.array_equal(first, o) for o in others)


def test_bad_options_are_named():
    with pytest.raises(ValueError, match="obs='rgb'"):
        StackOptions(obs="rgb")
    with pytest.raises(ValueError, match=r"unknown env_config keys \['colz'\]"):
        StackOptions.from_mapping({"colz": 3})
    with pytest.raises(ValueError, match="obs_size"):
        StackOptions(obs="pixels", env={"obs_size": (10, 10)})


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])  # a shared machine's load
@given(st.integers(0, 2**40), st.sampled_from(["train", "eval"]), st.integers(0, 64), st.integers(0, 8), st.integers(0, 8),
       st.one_of(st.none(), st.integers(0, 2**31)), st.integers(0, 10**6))
def test_episode_seeds_are_whole_numbers_of_the_documented_width(run_seed, stream, worker, slot, vector, epoch,
                                                                  index):
    seed = RunnerId(run_seed, stream, worker, slot, vector).episode_seed(epoch, index)
    assert 0 <= seed < 2**SEED_BITS
    assert seed == RunnerId(run_seed, stream, worker, slot, vector).episode_seed(epoch, index)  # deterministic


def test_runner_seeds_continue_a_stream_and_restart_it_on_a_given_seed():
    env = RunnerSeeds(rl_stack("OpenApp"), RunnerId(run_seed=7, worker=1, slot=0))
    first = [env.reset()[1]["reset_seed"] for _ in range(3)]
    assert len(set(first)) == 3
    again = RunnerSeeds(rl_stack("OpenApp"), RunnerId(run_seed=7, worker=1, slot=0))
    assert [again.reset()[1]["reset_seed"] for _ in range(3)] == first  # a run seed reproduces the run
    restarted = [env.reset(seed=5)[1]["reset_seed"], env.reset()[1]["reset_seed"]]
    assert restarted == [RunnerId(7, "train", 1, 0).episode_seed(5, i) for i in range(2)]
    assert env.reset(seed=5)[1]["reset_seed"] == restarted[0]
