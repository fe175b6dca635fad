"""mobile_gym: Android apps as Gymnasium environments."""

__version__ = "0.1.0"

from mobile_gym.registration import register_envs as _register_envs

_register_envs()
