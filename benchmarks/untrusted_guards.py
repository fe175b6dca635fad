"""What the untrusted-input guards cost on the step path, in CPU time (steadier than wall time
on a shared machine).

* sqlite open: one open + `SELECT` + close of an app database, with a plain `sqlite3.connect`
  (what the apps did before the guard) and with `Storage.open_database` (authorizer, limits,
  bounded printf, progress handler, max_page_count from the free space);
* shell: one `echo` command line and one 1000-iteration loop (budget checks per command);
* env step: CPU microseconds per step of MobileEnv with random actions (full observation and
  engine), per task.

Without `mobile_gym.untrusted` (a checkout from before the guards) the sqlite comparison is
skipped and the other numbers are measured the same way, so two checkouts can be compared.
Prints a table and writes benchmarks/results/untrusted_guards.json.
Usage: python benchmarks/untrusted_guards.py [--steps 1000] [--repeat 3] [--task ID ...]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sqlite3
import sys
import time
from contextlib import closing
from pathlib import Path

HERE = Path(__file__).resolve().parent
if not os.environ.get("PYTHONPATH"):  # PYTHONPATH, when set, picks the code under test (old vs new)
    sys.path.insert(0, str(HERE.parent))

from mobile_gym.bench import write_results  # noqa: E402
from mobile_gym.env import MobileEnv  # noqa: E402
from mobile_gym.sim.android import SimAndroid  # noqa: E402

TASKS = ("MobileEnv/CalendarOpenEditor-v0", "MobileEnv/Calendar-v0", "MobileEnv/MarkorEditNote-v0")
DB = "/data/local/tmp/bench.db"


def _cpu_us(fn, n: int) -> float:
    """CPU microseconds per call of `fn` over `n` calls."""
    t0 = time.process_time()
    for _ in range(n):
        fn()
    return (time.process_time() - t0) / n * 1e6


def sqlite_open(repeat: int, n: int = 2000) -> dict[str, float] | None:
    if importlib.util.find_spec("mobile_gym.untrusted") is None:
        return None
    phone = SimAndroid()
    try:
        phone.shell(f"sqlite3 {DB} 'CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 2)'")
        host = phone.storage.host_path(DB)

        def plain() -> None:
            with closing(sqlite3.connect(host)) as conn:
                conn.execute("SELECT a, b FROM t").fetchall()

        def guarded() -> None:
            with closing(phone.storage.open_database(DB)) as conn:
                conn.execute("SELECT a, b FROM t").fetchall()

        best = {"plain_us": float("inf"), "guarded_us": float("inf")}
        for _ in range(repeat):  # interleaved, best of `repeat`
            best["plain_us"] = min(best["plain_us"], _cpu_us(plain, n))
            best["guarded_us"] = min(best["guarded_us"], _cpu_us(guarded, n))
        return best
    finally:
        phone.close()


def shell_costs(repeat: int) -> dict[str, float]:
    phone = SimAndroid()
    try:
        echo = min(_cpu_us(lambda: phone.shell("echo hi"), 2000) for _ in range(repeat))
        loop = min(_cpu_us(lambda: phone.shell("for i in $(seq 1000); do :; done"), 20)
                   for _ in range(repeat))
        return {"echo_us": echo, "loop_1000_us": loop}
    finally:
        phone.close()


def env_step(task: str, steps: int, repeat: int) -> float:
    """Best of `repeat` runs: CPU microseconds per random step (resets excluded)."""
    best = float("inf")
    for r in range(repeat):
        env = MobileEnv(task)
        try:
            env.action_space.seed(r)
            env.reset(seed=r)
            spent = 0.0
            for _ in range(steps):
                action = env.action_space.sample()
                t0 = time.process_time()
                _obs, _rew, terminated, truncated, _info = env.step(action)
                spent += time.process_time() - t0
                if terminated or truncated:
                    env.reset()
            best = min(best, spent / steps * 1e6)
        finally:
            env.close()
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--task", action="append", help="task id (repeatable); default: three tasks")
    parser.add_argument("--out", default=str(HERE / "results" / "untrusted_guards.json"))
    args = parser.parse_args()
    result: dict[str, object] = {"sqlite_open": sqlite_open(args.repeat), "shell": shell_costs(args.repeat)}
    steps = {task: env_step(task, args.steps, args.repeat) for task in args.task or TASKS}
    result["env_step_cpu_us"] = steps
    sq = result["sqlite_open"]
    if sq is not None:
        print(f"sqlite open+select+close   plain {sq['plain_us']:8.1f} us   guarded {sq['guarded_us']:8.1f} us")
    sh = result["shell"]
    print(f"shell `echo hi`            {sh['echo_us']:8.1f} us   1000-iteration loop {sh['loop_1000_us']:8.0f} us")
    for task, us in steps.items():
        print(f"env step (CPU)             {us:8.1f} us   {task}")
    out = Path(args.out)
    write_results(out, result)


if __name__ == "__main__":
    main()
