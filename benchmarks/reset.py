"""Reset cost of every templated task family on the simulator.

A reset of `MobileEnv/<Family>-v0` builds the seed's task (parameters, noise rows/files, event
graph), restores the device snapshot taken after the family's setup steps, runs the seed's
reset steps (force-stop, `sqlite3` noise insertion or file pushes, settings, HOME), rebuilds
the event engine (state baselines included) and observes. The first reset (device boot and
setup) is excluded; each later reset uses a new seed. Target: <= 10 ms per reset.

Parts reported (medians, ms): `total` (env.reset wall time), `make_task` (the family alone),
`restore`, `reset_steps`, `observe` (the env's own timings).

Run: python benchmarks/reset.py [--resets N] [--obs view_hierarchy|pixels] [--family NAME ...]. Prints a table and
writes benchmarks/results/reset.json.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from pathlib import Path

from mobile_gym.env import MobileEnv
from mobile_gym.tasks import registry


def _ms(values: list[float]) -> dict[str, float]:
    values = sorted(values)
    return {"median_ms": round(statistics.median(values) * 1e3, 3),
            "mean_ms": round(statistics.fmean(values) * 1e3, 3),
            "p90_ms": round(values[int(0.9 * (len(values) - 1))] * 1e3, 3)}


def bench_family(name: str, resets: int, obs_keys: tuple[str, ...]) -> dict[str, object]:
    family = registry.get_family(name)
    t_build = []
    for seed in range(1, resets + 1):
        t0 = time.perf_counter()
        family.make_task(seed)
        t_build.append(time.perf_counter() - t0)
    env = MobileEnv(name, obs_keys=obs_keys)
    try:
        t0 = time.perf_counter()
        env.reset(seed=0)
        first = time.perf_counter() - t0
        totals: list[float] = []
        parts: dict[str, list[float]] = {"restore": [], "reset_steps": [], "observe": []}
        for seed in range(1, resets + 1):
            t0 = time.perf_counter()
            _obs, info = env.reset(seed=seed)
            totals.append(time.perf_counter() - t0)
            for key, values in parts.items():
                values.append(float(info["timing"].get(key, 0.0)))
        n_steps = len(env.task.proto.reset_steps)
    finally:
        env.close()
    return {"total": _ms(totals), "make_task": _ms(t_build),
            **{k: _ms(v) for k, v in parts.items()},
            "first_reset_ms": round(first * 1e3, 1), "reset_steps_per_seed": n_steps}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--resets", type=int, default=30)
    ap.add_argument("--obs", choices=("view_hierarchy", "pixels"), default="view_hierarchy",
                    help="observation the env returns (pixels adds a rendered frame)")
    ap.add_argument("--family", action="append",
                    help="only this family (repeatable; default: every registered family)")
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent / "results" / "reset.json"))
    args = ap.parse_args()
    obs_keys = ("view_hierarchy", "instruction") if args.obs == "view_hierarchy" else \
        ("pixels", "instruction")
    families: dict[str, object] = {}
    print(f"{'family':34s} {'total':>8s} {'build':>7s} {'restore':>8s} {'steps':>7s} {'observe':>8s}  (median ms)")
    for name in args.family or registry.family_names():
        r = bench_family(name, args.resets, obs_keys)
        families[name] = r
        print(f"{name:34s} {r['total']['median_ms']:8.2f} {r['make_task']['median_ms']:7.2f} "
              f"{r['restore']['median_ms']:8.2f} {r['reset_steps']['median_ms']:7.2f} "
              f"{r['observe']['median_ms']:8.2f}")
    medians = [r["total"]["median_ms"] for r in families.values()]  # type: ignore[index]
    out = {"resets_per_family": args.resets, "obs_keys": list(obs_keys), "target_ms": 10.0,
           "families": families, "worst_median_ms": max(medians),
           "families_within_target": sum(m <= 10.0 for m in medians),
           "python": platform.python_version(), "machine": platform.machine()}
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(out, indent=2) + "\n")
    print(f"worst median {out['worst_median_ms']} ms; {out['families_within_target']}/{len(medians)} "
          f"families within 10 ms; wrote {args.out}")


if __name__ == "__main__":
    main()
