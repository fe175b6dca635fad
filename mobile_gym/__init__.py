"""mobile_gym: Android apps as Gymnasium environments."""

__version__ = "0.1.0"

from mobile_gym.registration import register_envs as _register_envs

_register_envs()

from mobile_gym.tasks.registry import list_tasks  # noqa: E402  (the task suite's catalogue)

__all__ = ["list_tasks"]
