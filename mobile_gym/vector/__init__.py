"""Batched vector envs: N MobileEnvs in worker processes over shared memory.

`mobile_gym.make_vec("MobileEnv/OpenApp-v0", num_envs=8, wrappers="pixels")` or
`gym.make_vec("MobileEnv/OpenApp-v0", num_envs=8, stack="pixels")` (the ids' vector entry
point); `BatchedVectorEnv(env_fns)` for any Gymnasium envs.
"""

from mobile_gym.vector.batched import BatchedVectorEnv, SubEnvError, split_blocks
from mobile_gym.vector.factory import make_vec, vector_entry_point
from mobile_gym.vector.infos import batch_infos
from mobile_gym.vector.seeding import offset_seeds, spawn_seeds, sub_env_seeds
from mobile_gym.vector.stacks import PRESETS, WRAPPERS, apply_stack, resolve_stack

__all__ = [
    "PRESETS", "WRAPPERS", "BatchedVectorEnv", "SubEnvError", "apply_stack", "batch_infos", "make_vec",
    "offset_seeds", "resolve_stack", "spawn_seeds", "split_blocks", "sub_env_seeds", "vector_entry_point",
]
