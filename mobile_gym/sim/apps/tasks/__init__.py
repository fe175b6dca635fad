"""Tasks.org 13.6.3 (`org.tasks`): the task list with its filters and the task edit screen."""

from .app import TasksApp

__all__ = ["TasksApp"]
