"""The notes demo app (`mobile_gym.apps.demo`): a small app for tests and for the walkthrough in
docs/dev/adding_an_app.md."""

from .app import NotesDemoApp

__all__ = ["NotesDemoApp"]
