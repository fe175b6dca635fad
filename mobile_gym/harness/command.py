"""The harness side of `mobile-gym run` (suite runs), `mobile-gym results` and
`mobile-gym replay --out`.

  mobile-gym run [TASK|GLOB ...] [--suite all|android_world_sim] [--tags T,...] --agent A
                 [--episodes N | --n-task-combinations N] [--seed S] [--workers K] [--out DIR]
                 [--resume] [--record] [--step-budget task|aw] [--model M --base-url URL --api-key K]
                 [--step-timeout S] [--memory-gib G] [--episode-cpu-seconds S] [--tensorboard DIR] [--quiet]
  mobile-gym results DIR... [--plots DIR] [--html FILE]
  mobile-gym replay EPISODE_DIR --out FILE.gif|FILE.mp4

A `run` is a suite run when it names a suite, tags, a glob, several tasks, or any of --agent,
--out, --workers, --resume, --n-task-combinations, --step-budget; otherwise it is the
single-task run of `mobile_gym.cli` (kept as it was).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

#: Options that make `run` a suite run (dest names).
SUITE_OPTIONS: tuple[str, ...] = ("agent", "suite", "tags", "out", "workers", "resume",
                                  "n_task_combinations", "step_budget", "model", "base_url", "api_key",
                                  "tensorboard", "executor", "address")


def _positive(option: str, kind: type = int, minimum: float = 1):
    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            value = None
        if value is None or not value >= minimum:  # a NaN is never >= minimum
            raise argparse.ArgumentTypeError(f"{option}={text!r}: expected a number >= {minimum:g}")
        return value

    return parse


def add_run_arguments(run: argparse.ArgumentParser, *,
                      out_help: str = "run directory (episodes.jsonl, scores.json, recordings/)") -> None:
    """The suite-run options of `mobile-gym run` (`out_help` lets another command say what its
    --out holds)."""
    group = run.add_argument_group("suite runs (mobile_gym.harness)")
    group.add_argument("--agent", help="random | oracle | script:FILE | module:pkg.mod:callable | "
                                       "aw:pkg.mod:callable | llm | llm:text | llm:som")
    group.add_argument("--suite", help="all | android_world_sim")
    group.add_argument("--tags", action="append", help="only tasks with all these tags (comma-separated)")
    group.add_argument("--n-task-combinations", type=_positive("--n-task-combinations"),
                       help="episodes per task (AndroidWorld's name for --episodes)")
    group.add_argument("--workers", type=_positive("--workers"),
                       help="worker processes (default 1); with --backend adb give one --serial per worker: s1,s2")
    group.add_argument("--executor", choices=("processes", "ray"),
                       help="where the workers run: local processes (default) or Ray actors (the ray extra)")
    group.add_argument("--address", help="--executor ray: local (start Ray here, default), auto (the running "
                                         "cluster), or HOST:PORT")
    group.add_argument("--out", help=out_help)
    group.add_argument("--resume", action="store_true", help="continue the run in --out")
    group.add_argument("--step-budget", choices=("task", "aw"),
                       help="task: the task's own step limit (default); aw: 10 x complexity agent steps")
    group.add_argument("--model", help="LLM agents: model name (or $MOBILE_GYM_LLM_MODEL)")
    group.add_argument("--base-url", help="LLM agents: OpenAI-compatible base URL, e.g. "
                                          "http://127.0.0.1:8000/v1 (or $MOBILE_GYM_LLM_BASE_URL)")
    group.add_argument("--api-key", help="LLM agents: API key (or $MOBILE_GYM_LLM_API_KEY)")
    group.add_argument("--step-timeout", type=_positive("--step-timeout", float, 0.1), default=120.0,
                       help="watchdog: seconds a step may take before its worker is replaced (default 120)")
    group.add_argument("--memory-gib", type=_positive("--memory-gib", float, 0.25), default=4.0,
                       help="address-space limit per worker in GiB (default 4)")
    group.add_argument("--tensorboard", metavar="DIR",
                       help="write per-task success and episode length as TensorBoard scalars to DIR "
                            "(needs tensorboardX: the tensorboard extra)")
    group.add_argument("--episode-cpu-seconds", type=_positive("--episode-cpu-seconds", float, 1), default=900.0,
                       help="CPU seconds an episode may use before its worker is replaced (default 900)")


def is_suite_run(args: argparse.Namespace) -> bool:
    """Whether `mobile-gym run` was asked for a suite run (see the module docstring)."""
    if any(getattr(args, name, None) not in (None, False) for name in SUITE_OPTIONS):
        return True
    tasks = args.task or []
    return len(tasks) != 1 or any(ch in tasks[0] for ch in "*?[")


def cmd_suite_run(args: argparse.Namespace) -> int:
    """A suite run: print where the results are and the overall success rate; 0 when it ran."""
    from mobile_gym.agents.loader import LLMOptions
    from mobile_gym.harness.episode import RunConfig
    from mobile_gym.harness.runner import run_suite
    from mobile_gym.harness.scores import summarize
    from mobile_gym.harness.suites import select

    if args.policy is not None:
        raise ValueError("--policy is for a single-task run; a suite run takes --agent")
    if args.record not in (None, "") and args.record is not True:
        raise ValueError("--record takes no directory in a suite run (recordings go to OUT/recordings)")
    if args.episodes is not None and args.n_task_combinations is not None:
        raise ValueError("give --episodes or --n-task-combinations, not both")
    tags = [t for group in args.tags or [] for t in group.split(",") if t]
    tasks = select(args.task or [], suite_name=args.suite, tags=tags)
    out = Path(args.out or f"runs/{time.strftime('%Y%m%d-%H%M%S')}")
    llm = LLMOptions(model=args.model or os.environ.get("MOBILE_GYM_LLM_MODEL"),
                     base_url=args.base_url or os.environ.get("MOBILE_GYM_LLM_BASE_URL"),
                     api_key=args.api_key or os.environ.get("MOBILE_GYM_LLM_API_KEY"))
    config = RunConfig(agent=args.agent or "oracle", seed=args.seed,
                       episodes=args.n_task_combinations or args.episodes or 1,
                       step_budget=args.step_budget or "task", record=args.record is not None,
                       backend=args.backend, serial=args.serial, llm=llm,
                       step_timeout_s=args.step_timeout, memory_bytes=int(args.memory_gib * (1 << 30)),
                       episode_cpu_s=args.episode_cpu_seconds)
    workers = args.workers or 1
    print(f"run: {len(tasks)} task(s) x {config.episodes} episode(s)  agent {config.agent}  "
          f"workers {workers}{' (ray)' if args.executor == 'ray' else ''}  out {out}", flush=True)
    metrics = None
    if getattr(args, "tensorboard", None):
        from mobile_gym.harness.metrics import EpisodeMetrics

        metrics = EpisodeMetrics(args.tensorboard)
    t0 = time.perf_counter()
    try:
        records = run_suite(tasks, config, out, workers=workers, resume=args.resume, progress=not args.quiet,
                            on_record=metrics.record if metrics is not None else None,
                            executor=args.executor or "processes", address=args.address)
    finally:
        if metrics is not None:
            metrics.close()
    seconds = time.perf_counter() - t0
    s = summarize(records)
    low, high = s["ci95"]
    print(f"episodes {s['episodes']}  successes {s['successes']}  errors {s['errors']}  "
          f"success rate {s['success_rate']:.3f} (95% CI {low:.3f}-{high:.3f})  wall time {seconds:.1f} s")
    for r in records:
        if r.get("error"):
            print(f"  error in {r['key']}: {r['error']}")
    print(f"results: {out / 'episodes.jsonl'}  scores: {out / 'scores.json'}")
    if metrics is not None:
        print(f"tensorboard: {args.tensorboard} (tensorboard --logdir {args.tensorboard})")
    return 0


def add_results(sub: Any) -> None:
    results = sub.add_parser("results", help="tables, plots and an HTML report of run directories")
    results.add_argument("runs", nargs="+", metavar="DIR", help="run directories (mobile-gym run --out)")
    results.add_argument("--plots", help="write PNG plots here (default: DIR/plots of the first run)")
    results.add_argument("--no-plots", action="store_true", help="print the tables only")
    results.add_argument("--html", help="write one self-contained HTML report to this file")
    results.add_argument("--gifs", type=_positive("--gifs", int, 0), default=3,
                         help="render this many recorded episodes per run as GIFs (default 3; run with --record)")
    results.set_defaults(fn=cmd_results)


def cmd_results(args: argparse.Namespace) -> int:
    from mobile_gym.harness.results import (
        load_run,
        print_tables,
        write_gifs,
        write_html,
        write_plots,
    )

    runs = [load_run(Path(d)) for d in args.runs]
    print_tables(runs, file=sys.stdout)
    plots: list[Path] = []
    if not args.no_plots or args.html:
        directory = Path(args.plots) if args.plots else runs[0].directory / "plots"
        plots = write_plots(runs, directory)
        print(f"plots: {', '.join(str(p) for p in plots)}")
        gifs = write_gifs(runs, directory / "gifs", per_run=args.gifs)
        if gifs:
            print(f"GIFs: {', '.join(str(p) for p in gifs)}")
    if args.html:
        print(f"report: {write_html(runs, plots, Path(args.html))}")
    return 0


def cmd_replay_render(episode: str, out: str) -> int:
    from mobile_gym.harness.render import render_episode

    path = render_episode(Path(episode), Path(out))
    print(f"{episode}: rendered to {path}")
    return 0
