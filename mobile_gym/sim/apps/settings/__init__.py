"""Simulated Android 13 Settings (`com.android.settings`): Wi-Fi, Bluetooth, brightness."""

from mobile_gym.sim.apps.settings.app import SettingsApp

__all__ = ["SettingsApp"]
