"""Simulated Simple SMS Messenger (`com.simplemobiletools.smsmessenger` 5.19.3)."""

from mobile_gym.sim.apps.sms.app import SmsApp

__all__ = ["SmsApp"]
