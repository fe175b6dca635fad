"""Every family's `make_task` gives exactly the tasks it gave before its build was made faster.

`tests/fixtures/make_task_digests.json` holds, per family and seed, a sha256 of what the seed
builds: the task proto under both success protocols (instruction, vocabulary, setup and reset
steps with their noise rows, event graph), the parameters and the oracle plan. It was written
by the code from before the build's caching (run this file as a script to rewrite it:
`PYTHONPATH=<checkout> python tests/tasks/families/test_make_task_digests.py`). Seeds are
built out of order and twice on one family object, so a per-family cache that leaks one
seed's values into another shows up here.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from mobile_gym.tasks import registry

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "make_task_digests.json"
SEEDS = (7, 0, 123456, 1, 2**31 - 2, 42)


def task_digest(every_step, on_answer, seed: int) -> str:
    """sha256 of seed's tasks under both protocols, its parameters and its oracle plan."""
    h = hashlib.sha256()
    for family in (every_step, on_answer):
        h.update(family.make_task(seed).proto.SerializeToString(deterministic=True))
    params = every_step.params(seed)
    h.update(repr(params).encode())
    h.update(repr(every_step.plan(params)).encode())
    return h.hexdigest()


def family_digests(name: str) -> dict[str, str]:
    every_step = registry.get_family(name, success_check="every_step")
    on_answer = registry.get_family(name, success_check="on_answer")
    first = {str(seed): task_digest(every_step, on_answer, seed) for seed in SEEDS}
    again = {str(seed): task_digest(every_step, on_answer, seed) for seed in reversed(SEEDS)}
    if first != again:
        raise AssertionError(f"{name}: building the same seed twice gave different tasks")
    return first


def _expected() -> dict[str, dict[str, str]]:
    return json.loads(FIXTURE.read_text())


FAMILIES = registry.family_names()


@pytest.mark.parametrize("name", FAMILIES)
def test_make_task_builds_the_pinned_tasks(name):
    expected = _expected()
    assert name in expected, f"{name} has no pinned digests in {FIXTURE.name}"
    assert family_digests(name) == expected[name]


def test_every_pinned_family_is_registered():
    assert sorted(set(_expected()) - set(FAMILIES)) == []


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps({name: family_digests(name) for name in FAMILIES},
                                  indent=1, sort_keys=True) + "\n")
    print(f"wrote {FIXTURE} ({len(FAMILIES)} families x {len(SEEDS)} seeds)")
