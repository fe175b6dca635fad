"""`mobile_gym.make_vec` and the `vector_entry_point` of the MobileEnv/... ids.

Both build a BatchedVectorEnv whose sub-envs are `gym.make(id, **env_kwargs)` wrapped by the
stack. Vector options (num_workers, autoreset_mode, copy, seeding, context, timeout) are
split from the env's keyword arguments by name.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym

from mobile_gym.vector.batched import BatchedVectorEnv
from mobile_gym.vector.stacks import WrapperSpec, apply_stack, resolve_stack

VECTOR_OPTIONS = ("num_workers", "autoreset_mode", "copy", "seeding", "context", "timeout", "batch_size")


class SubEnvFactory:
    """A picklable constructor of one sub-env: `gym.make(env_id, **kwargs)` plus the stack."""

    def __init__(self, env_id: str, wrappers: WrapperSpec, kwargs: dict[str, Any]) -> None:
        self.env_id = env_id
        self.wrappers = wrappers
        self.kwargs = dict(kwargs)

    def __call__(self) -> gym.Env:
        import mobile_gym  # noqa: F401  (registers the ids in a fresh worker process)

        return apply_stack(gym.make(self.env_id, **self.kwargs), self.wrappers)


def make_vec(env_id: str, num_envs: int = 1, *, wrappers: WrapperSpec = None, **kwargs: Any) -> BatchedVectorEnv:
    """A BatchedVectorEnv of `num_envs` copies of `env_id` (a MobileEnv/... id).

    `wrappers`: a preset stack name ("pixels", "features", "goal", ...), or a list of
    callables / wrapper names / (name, kwargs) pairs, applied innermost first in each worker.
    Vector options: num_workers, autoreset_mode, copy, seeding, context, timeout, batch_size (see
    BatchedVectorEnv); every other keyword goes to `gym.make(env_id, ...)`.
    """
    if int(num_envs) < 1:
        raise ValueError(f"num_envs={num_envs}: expected at least 1")
    resolve_stack(wrappers)  # a bad stack fails here, not in N workers
    options = {k: kwargs.pop(k) for k in VECTOR_OPTIONS if k in kwargs}
    factory = SubEnvFactory(env_id, wrappers, kwargs)
    return BatchedVectorEnv([factory] * int(num_envs), **options)


def vector_entry_point(num_envs: int = 1, *, stack: WrapperSpec = None, **kwargs: Any) -> BatchedVectorEnv:
    """What `gym.make_vec("MobileEnv/...", num_envs=N)` calls (vectorization_mode None or
    "vector_entry_point"). Gymnasium passes the id's registered kwargs (its `task`) but not
    the id, so the sub-envs are `gym.make("MobileEnv/Task-v0", task=..., ...)`; Gymnasium
    refuses `wrappers=` in this mode, so the stack is `stack=` here."""
    from mobile_gym.tasks.catalog import GENERIC_ID

    return make_vec(GENERIC_ID, num_envs, wrappers=stack, **kwargs)
