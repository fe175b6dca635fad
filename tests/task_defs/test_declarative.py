"""The declarative tasks in task_defs/ and their templated twins agree on success.

Each textproto task reproduces one seed of a family (same start state, same instruction, same
check) but is written by hand with view-hierarchy, log and text events. Both environments get
the very same device operations step by step (the family oracle's, a truncated oracle, random
touches and keys, direct state changes) and must report success at the same steps.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import numpy as np
import pytest

from mobile_gym.env import MobileEnv
from mobile_gym.spaces.actions import ActionType, DeviceOp, decode_action, make_action
from mobile_gym.tasks import load_task
from mobile_gym.tasks.checks import check_task
from mobile_gym.tasks.families import calendar_data as cd
from mobile_gym.tasks.families import markor_data as md
from tests.tasks.families.helpers import OBS_KEYS

TASK_DEFS = Path(__file__).resolve().parents[2] / "task_defs"
TWINS = [("settings_bluetooth_on", "SystemBluetoothTurnOn", 0),
         ("calendar_add_call_with_bob", "CalendarAddOneEvent", 3),
         ("markor_create_frozen_letter", "MarkorCreateNote", 0)]


class Pair:
    """The textproto env and the family env, reset to the same seed, stepped in lockstep."""

    def __init__(self, stem: str, family: str, seed: int) -> None:
        self.file = MobileEnv(str(TASK_DEFS / f"{stem}.textproto"), obs_keys=OBS_KEYS, max_steps=0)
        self.fam = MobileEnv(family, obs_keys=OBS_KEYS, max_steps=0)
        self.seed = seed
        self.vocab = self.fam.vocabulary

    def reset(self):
        obs_f, _ = self.fam.reset(seed=self.seed)
        obs_t, _ = self.file.reset(seed=self.seed)
        assert obs_t["instruction"] == obs_f["instruction"]
        return obs_f

    def step(self, action) -> tuple[object, bool, bool]:
        op, response = decode_action(action, vocabulary=self.vocab, screen_size=self.fam.device.screen_size,
                                     response_max_length=256)
        return self.step_op(op, response)

    def step_op(self, op: DeviceOp, response=None) -> tuple[object, bool, bool]:
        obs, _r, term_f, _t, info_f = self.fam.step_op(op, response=response)
        _o, _r, term_t, _t, info_t = self.file.step_op(op, response=response)
        assert (info_t["success"], term_t) == (info_f["success"], term_f), op
        return obs, bool(info_f["success"]), term_f

    def shell(self, cmd: str) -> None:
        for env in (self.fam, self.file):
            code, _out, err = env.device.shell(cmd)
            assert code == 0, err

    def close(self) -> None:
        self.fam.close()
        self.file.close()


def run_oracle(pair: Pair, *, drop_last_move: bool = False) -> tuple[bool, bool]:
    obs = pair.reset()
    family = pair.fam.family
    moves = family.plan(family.params(pair.seed))
    if drop_last_move:
        moves = moves[:-1]
    from mobile_gym.tasks.families.oracle import Oracle

    oracle = Oracle(moves, pair.vocab, screen_size=pair.fam.device.screen_size)
    success = term = False
    for _ in range(400):
        obs, success, term = pair.step(oracle.act(obs))
        if term or oracle.finished:
            break
    for _ in range(3):
        if term:
            break
        obs, success, term = pair.step(make_action(ActionType.REPEAT))
    return success, term


@pytest.mark.parametrize("stem", [t[0] for t in TWINS])
def test_declarative_tasks_load_clean(stem):
    task = load_task(TASK_DEFS / f"{stem}.textproto")
    assert check_task(task.proto) == []
    kinds = {s.WhichOneof("event") for s in task.proto.event_sources}
    assert {"view_hierarchy_event", "log_event", "text_detect", "state_event"} <= kinds


@pytest.mark.parametrize("stem,family,seed", TWINS)
def test_twins_agree_on_oracle_truncated_and_random_episodes(stem, family, seed):
    pair = Pair(stem, family, seed)
    try:
        assert run_oracle(pair) == (True, True)
        assert run_oracle(pair, drop_last_move=True) == (False, False)
        rng = np.random.default_rng(seed)
        pair.reset()
        for _ in range(80):
            kind = (ActionType.TOUCH, ActionType.LIFT, ActionType.KEY)[int(rng.integers(0, 3))]
            _o, _s, term = pair.step(make_action(kind, rng.random(2), key=int(rng.integers(0, 4))))
            if term:
                break
    finally:
        pair.close()


def test_twins_agree_on_direct_state_changes():
    repeat = DeviceOp("repeat")
    pair = Pair("settings_bluetooth_on", "SystemBluetoothTurnOn", 0)
    try:
        pair.reset()
        pair.shell("settings put global bluetooth_on 2")
        assert pair.step_op(repeat)[1] is False
        pair.shell("settings put global bluetooth_on 1")
        assert pair.step_op(repeat)[1] is True
    finally:
        pair.close()
    pair = Pair("calendar_add_call_with_bob", "CalendarAddOneEvent", 3)
    try:
        event = pair.fam.family.params(3).event
        for row, ok in ((event, True), (cd.Event(event.start_ts, event.end_ts + 900, event.title,
                                                 description=event.description), False)):
            pair.reset()
            pair.shell(f"sqlite3 {cd.DB_PATH} {shlex.quote(cd.insert_sql([row]))}")
            assert pair.step_op(repeat)[1] is ok
    finally:
        pair.close()
    pair = Pair("markor_create_frozen_letter", "MarkorCreateNote", 0)
    try:
        p = pair.fam.family.params(0)
        for path, ok in ((f"{md.NOTEBOOK}/{p.file_name}", True), (f"{md.NOTEBOOK}/x/{p.file_name}", False)):
            pair.reset()
            for env in (pair.fam, pair.file):
                env.device.push(path, p.text.encode())
            assert pair.step_op(repeat)[1] is ok
    finally:
        pair.close()
