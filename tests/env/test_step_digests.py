"""What env.step returns over seeded random actions (observations, rewards, ends, infos) is the
same as the reference code computed before the step path was optimised
(tests/fixtures/step_digests.json, written by tests/env/step_digest.py)."""

from __future__ import annotations

import json

import pytest

from tests.env.step_digest import CHUNK, FIXTURE, SEED, SIZE, STEPS, run_digests

REFERENCE = json.loads(FIXTURE.read_text())


def test_reference_was_made_with_these_settings() -> None:
    assert (REFERENCE["size"], REFERENCE["steps"], REFERENCE["seed"], REFERENCE["chunk"]) == \
        (list(SIZE), STEPS, SEED, CHUNK)


@pytest.mark.parametrize("task", sorted(REFERENCE["digests"]))
def test_steps_match_the_reference(task: str) -> None:
    want = REFERENCE["digests"][task]
    got = run_digests(task)
    assert len(got) == len(want)
    for i, (a, b) in enumerate(zip(got, want)):
        assert a == b, (f"{task}: observations, rewards or infos differ from the reference in steps "
                        f"{max(0, (i - 1) * CHUNK) + 1}..{i * CHUNK} (digest {i} of {len(want)})")
