"""Per-sub-env reset seeds that never collide.

Gymnasium's vector envs seed sub-env i with `seed + i`, so two vector envs seeded 0 and 1
(two RLlib runners, two experiment repeats) share all but one sub-env and replay identical
episodes. `spawn_seeds` instead derives each sub-env's seed from `numpy.random.SeedSequence`
(the root seed plus the sub-env index as its spawn key): unrelated streams for any two
(seed, index) pairs, and distinct seeds within one vector env by construction.
`offset_seeds` is Gymnasium's rule, for runs that must match SyncVectorEnv(seed=int).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

#: MobileEnv draws episode seeds in [0, 2**31 - 1); derived seeds stay in the same range.
SEED_LIMIT = 2**31 - 1
SEEDINGS = ("spawn", "offset")


def spawn_seeds(seed: int, num_envs: int) -> list[int]:
    """Distinct seeds in [0, 2**31 - 1) for `num_envs` sub-envs, derived from `seed`."""
    if int(seed) < 0:
        raise ValueError(f"seed={seed}: expected a non-negative integer")
    seeds: list[int] = []
    taken: set[int] = set()
    for index in range(num_envs):
        words = np.random.SeedSequence(int(seed), spawn_key=(index,)).generate_state(8, np.uint32)
        value = next((int(w) % SEED_LIMIT for w in words if int(w) % SEED_LIMIT not in taken), None)
        if value is None:  # eight 31-bit draws all taken: practically never; stay distinct anyway
            value = next(v for v in range(SEED_LIMIT) if v not in taken)
        seeds.append(value)
        taken.add(value)
    return seeds


def offset_seeds(seed: int, num_envs: int) -> list[int]:
    """Gymnasium's rule: seed, seed + 1, ..., seed + num_envs - 1."""
    return [int(seed) + i for i in range(num_envs)]


def sub_env_seeds(seed: int | Sequence[int | None] | None, num_envs: int,
                  seeding: str = "spawn") -> list[int | None]:
    """The reset seed of every sub-env for `VectorEnv.reset(seed=...)`: None for all when
    `seed` is None (each sub-env continues its own generator), a list as given (its length
    checked), an int by the `seeding` rule."""
    if seeding not in SEEDINGS:
        raise ValueError(f"seeding={seeding!r}: expected one of {list(SEEDINGS)}")
    if seed is None:
        return [None] * num_envs
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
        return spawn_seeds(int(seed), num_envs) if seeding == "spawn" else offset_seeds(int(seed), num_envs)
    seeds = list(seed)
    if len(seeds) != num_envs:
        raise ValueError(f"reset(seed=[...]) has {len(seeds)} seeds; expected num_envs={num_envs}")
    return seeds
