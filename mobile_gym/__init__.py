"""mobile_gym: Android apps as Gymnasium environments."""

__version__ = "0.1.0"

from mobile_gym.registration import register_envs as _register_envs

_register_envs()

from mobile_gym.tasks.registry import list_tasks  # noqa: E402  (the task suite's catalogue)


def make_vec(env_id: str, num_envs: int = 1, **kwargs):
    """A batched vector env of `num_envs` copies of `env_id` in worker processes over shared
    memory (`mobile_gym.vector.make_vec`: wrappers=, num_workers=, autoreset_mode=, ...)."""
    from mobile_gym.vector import make_vec as _make_vec

    return _make_vec(env_id, num_envs, **kwargs)


__all__ = ["list_tasks", "make_vec"]
