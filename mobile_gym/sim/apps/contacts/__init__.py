"""Simulated Contacts (`com.google.android.contacts`): list, editor, contact details."""

from mobile_gym.sim.apps.contacts.app import ContactsApp

__all__ = ["ContactsApp"]
