"""Launcher: OpenApp (AndroidWorld's OpenAppTaskEval) -- open a named app from the home screen.

Success: the app is in the foreground, read from the screen (a node of the app's package in
the view hierarchy), as AndroidWorld reads the foreground activity's package at the end.

Failure: any other app of the phone in front ends the episode at once as a failure. AndroidWorld
judges the final state, where a wrong app in front fails; ending at the first wrong app (rather
than letting the agent back out) closes the loophole of opening every app in turn until the
right one is in front. The launcher, system dialogs and the status bar are no app choice.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mobile_gym import apps
from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.families.base import TaskFamily
from mobile_gym.tasks.families.common import choice, force_stop, press_home, vh_source
from mobile_gym.tasks.families.oracle import Sel, Tap

#: Launcher label -> package: every app of a default phone (the catalogue's).
APPS: dict[str, str] = {record.label: record.package for record in apps.installed_by_default()}


@dataclass(frozen=True)
class OpenAppParams:
    app_name: str
    package: str


class OpenApp(TaskFamily):
    name = "OpenApp"
    tags = ('launcher', 'app_launch')
    android_world_name = None
    difficulty = 'easy'
    optimal_steps = 2
    app = "launcher"
    complexity = 1.0
    template = "Open the {app_name} app. Clear any pop-ups that may appear by granting all permissions that are required."
    words = tuple(APPS)

    def sample(self, rng: np.random.Generator) -> OpenAppParams:
        name = choice(rng, sorted(APPS))
        return OpenAppParams(name, APPS[name])

    def instruction(self, params: OpenAppParams) -> str:
        return self.template.format(app_name=params.app_name)

    def reset_steps(self, params: OpenAppParams) -> list[task_pb2.SetupStep]:
        return [*(force_stop(pkg) for pkg in APPS.values()), press_home()]

    def success_checks(self, params: OpenAppParams):
        return [vh_source(f'$"{params.package}"')]

    def failure_checks(self, params: OpenAppParams):
        return [vh_source(f'$"{pkg}"') for pkg in sorted(set(APPS.values())) if pkg != params.package]

    def plan(self, params: OpenAppParams):
        return [Tap(Sel(text=params.app_name, cls="TextView"))]


FAMILIES: tuple[type[TaskFamily], ...] = (OpenApp,)
