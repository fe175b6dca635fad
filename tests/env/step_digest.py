"""Digests of what env.step returns over seeded random actions, for checking that a speed-up of
the step path changes nothing an agent sees.

Each id runs in the benchmark's full configuration (pixels at 270x600, view hierarchy,
instruction, the task's event engine) for a fixed number of seeded random raw actions, with a
reset after every episode end (as `mobile_gym.bench.measure_env` does). Every observation
(pixel bytes, dump text, instruction), reward, end flag and info (with `timing`'s keys, not its
durations) goes into a running SHA-256; the digest is recorded every `CHUNK` steps, so a
difference is located to a short stretch of steps.

    PYTHONPATH=/path/to/reference/checkout python tests/env/step_digest.py --write

writes tests/fixtures/step_digests.json from the code on PYTHONPATH (the reference).
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path
from typing import Any

import numpy as np

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "step_digests.json"
SIZE = (270, 600)
KEYS = ("pixels", "view_hierarchy", "instruction")
CHUNK = 25
SEED = 3
# one or two ids per app, the slowest of the benchmark among them, and a task file
IDS = ("SystemWifiTurnOnVerify", "CalendarAddCallWithBob", "CalendarDeleteEventsOnRelativeDay",
       "MarkorCreateFrozenLetter", "MarkorChangeNoteContent", "RecipeAddMultipleRecipesFromMarkor",
       "RecipeDeleteDuplicateRecipes", "ExpenseAddSingle", "ContactsAddContact", "SimpleSmsReplyMostRecent",
       "TasksDueOnDate", "SportsTrackerActivitiesOnDate", "NotesTodoItemCount", "OpenApp",
       "MobileEnv/Settings-v0")
STEPS = 300


def _plain(value: Any) -> Any:
    """`value` as JSON-able data with a canonical form (arrays by their bytes' digest)."""
    if isinstance(value, np.ndarray):
        return {"array": str(value.dtype), "shape": list(value.shape),
                "sha256": hashlib.sha256(np.ascontiguousarray(value).tobytes()).hexdigest()}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (np.generic,)):
        return value.item()
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return repr(value)


def _info(info: dict[str, Any]) -> Any:
    plain = {k: v for k, v in info.items() if k != "timing"}
    plain["timing_parts"] = sorted(info["timing"])
    return _plain(plain)


def _update(h: Any, obs: dict[str, Any], *rest: Any) -> None:
    h.update(np.ascontiguousarray(obs["pixels"]).tobytes())
    h.update(obs["view_hierarchy"].encode("utf-8"))
    h.update(obs["instruction"].encode("utf-8"))
    h.update(json.dumps(_plain(list(rest)), sort_keys=True).encode("utf-8"))


def run_digests(task: str, steps: int = STEPS, seed: int = SEED) -> list[str]:
    """The running digest after the first reset and after every `CHUNK` steps of `task`."""
    from mobile_gym.bench import random_raw_actions
    from mobile_gym.env import MobileEnv

    env = MobileEnv(task, obs_size=SIZE, obs_keys=KEYS)
    try:
        actions = random_raw_actions(env.action_space, steps, seed)
        h = hashlib.sha256()
        obs, info = env.reset(seed=seed)
        _update(h, obs, _info(info))
        out = [h.hexdigest()]
        for i, action in enumerate(actions, 1):
            obs, reward, terminated, truncated, info = env.step(action)
            _update(h, obs, reward, terminated, truncated, _info(info))
            if terminated or truncated:
                obs, info = env.reset()
                _update(h, obs, _info(info))
            if i % CHUNK == 0 or i == steps:
                out.append(h.hexdigest())
        return out
    finally:
        env.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"write {FIXTURE}")
    parser.add_argument("--ids", nargs="+", default=list(IDS))
    args = parser.parse_args()
    import mobile_gym

    result = {"code": str(Path(mobile_gym.__file__).parent), "size": list(SIZE), "steps": STEPS,
              "seed": SEED, "chunk": CHUNK, "digests": {t: run_digests(t) for t in args.ids}}
    if args.write:
        FIXTURE.write_text(json.dumps({k: v for k, v in result.items() if k != "code"}, indent=1) + "\n")
        print(f"wrote {FIXTURE} from {result['code']}")
    else:
        print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
