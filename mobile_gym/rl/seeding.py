"""Episode seeds for parallel runners that never collide.

Distributed RL libraries build many copies of one env and seed them with small offsets of
one number (RLlib: `config.seed + worker_index`, then `+ j` for the j-th sub-env), so runner
1's second env and runner 2's first draw the same seeds and replay the same episodes. Here a
runner's episode k has the seed ``sha256(run_seed/stream/worker/slot/vector/epoch/k)``
(63 bits): every (worker, slot) pair has its own stream, deterministic for a run seed.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import gymnasium as gym

SEED_BITS = 63


@dataclass(frozen=True)
class RunnerId:
    """Which copy of the env this is: the run's seed, a stream name (train, eval, ...), the
    runner (RLlib's worker index), its slot in the runner (which env the runner's process
    built for it: 0, 1, ...) and the vector index RLlib gave it."""

    run_seed: int = 0
    stream: str = "train"
    worker: int = 0
    slot: int = 0
    vector: int = 0

    def episode_seed(self, epoch: int | None, index: int) -> int:
        """The reset seed of episode `index` after the reset seed `epoch` (None: none given)."""
        text = f"{self.run_seed}/{self.stream}/{self.worker}/{self.slot}/{self.vector}/{epoch}/{index}"
        digest = hashlib.sha256(text.encode("utf-8")).digest()
        return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


class RunnerSeeds(gym.Wrapper, gym.utils.RecordConstructorArgs):
    """Every reset of this env gets the next seed of its runner's own stream.

    `reset(seed=s)` starts a new stream from `s` (so a library's colliding seeds are mixed
    with the runner's identity, never used as they are); `reset()` continues the stream.
    `info["reset_seed"]` is the seed the episode ran with (MobileEnv reports it).
    """

    def __init__(self, env: gym.Env, runner: RunnerId) -> None:
        gym.utils.RecordConstructorArgs.__init__(self, runner=runner)
        gym.Wrapper.__init__(self, env)
        self.runner = runner
        self._epoch: int | None = None
        self._index = 0

    def next_seed(self) -> int:
        """The seed the next `reset()` (without a seed) will use."""
        return self.runner.episode_seed(self._epoch, self._index)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        if seed is not None:
            self._epoch, self._index = int(seed), 0
        episode = self.next_seed()
        self._index += 1
        return self.env.reset(seed=episode, options=options)
