"""mobile_gym: Android apps as Gymnasium environments."""

__version__ = "0.1.0"
