"""Seeds are a contract: the same seed must give the same task across refactorings.

If you change a family on purpose (new parameters, other wording), update DIGEST and say so in
the change: results reported against a seed no longer compare.
"""

from __future__ import annotations

import hashlib

from mobile_gym.tasks import registry

DIGEST = "6b919509f740f317ff6033489e74f248f638b217819b27e591850846a403bfa8"


def test_every_family_builds_the_same_tasks_for_the_same_seeds():
    h = hashlib.sha256()
    for info in registry.list_tasks():
        family = registry.get_family(info["name"])
        for seed in range(4):
            h.update(family.make_task(seed).proto.SerializeToString(deterministic=True))
        h.update(repr(family.plan(family.params(1))).encode())
    assert h.hexdigest() == DIGEST
