"""Simulated Markor (`net.gsantner.markor` 2.10.9): file browser, new-file dialog, editor."""

from mobile_gym.sim.apps.markor.app import MarkorApp

__all__ = ["MarkorApp"]
