"""Simulated Joplin (`net.cozic.joplin` 3.0.1): notebooks, note lists, note view."""

from mobile_gym.sim.apps.joplin.app import JoplinApp

__all__ = ["JoplinApp"]
