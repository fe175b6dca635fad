"""`mobile-gym dataset`: a suite run with recording, exported as a Minari and/or JSONL+PNG dataset.

  mobile-gym dataset [TASK|GLOB ...] [--suite NAME] [--tags T] [--agent A] [--episodes N] [--seed S]
                     [--workers K] --out DIR [--obs-size WxH] [--format minari,jsonl]
                     [--dataset-id ID] [--successes-only] [--from-run RUN_DIR]
                     (and every other suite-run option of `mobile-gym run`)

The episodes are run by `mobile-gym run`'s suite runner (the same seeds, workers, limits and
agents; `--agent` defaults to oracle) into DIR/run with recordings, then replayed at
`--obs-size` (`mobile_gym.harness.dataset`) into DIR/jsonl and the Minari dataset ID.
`--from-run` exports a run made before with `mobile-gym run --record` instead of running one.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

FORMATS: tuple[str, ...] = ("minari", "jsonl")
#: Options of a run that --from-run (which runs nothing) cannot take (dest names).
RUN_ONLY: tuple[str, ...] = ("agent", "suite", "tags", "workers", "resume", "n_task_combinations",
                             "step_budget", "model", "base_url", "api_key", "episodes", "tensorboard")


def add_dataset(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    """The `dataset` subcommand; `common` adds --backend, --serial and --seed as `run` has them."""
    from mobile_gym.cli import whole_number
    from mobile_gym.harness.command import add_run_arguments

    parser = sub.add_parser("dataset", help="run an agent over tasks and export the episodes as a Minari and/or "
                                            "JSONL+PNG dataset")
    parser.add_argument("task", nargs="*", help="registered id, name, glob or textproto path")
    parser.add_argument("--episodes", type=whole_number("--episodes", 1), help="episodes per task (default 1)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    common(parser)
    add_run_arguments(parser, out_help="dataset directory: the agent's run goes to DIR/run, the JSONL+PNG "
                                       "export to DIR/jsonl (Minari datasets go under MINARI_DATASETS_PATH)")
    group = parser.add_argument_group("dataset export (mobile_gym.harness.dataset)")
    group.add_argument("--obs-size", metavar="WxH", help="frame size of the observations (default 270x600)")
    group.add_argument("--format", default="minari,jsonl", help="minari, jsonl or both, comma-separated (default both)")
    group.add_argument("--dataset-id", help="Minari dataset id (default mobile_gym/<name of --out>-v0)")
    group.add_argument("--successes-only", action="store_true", help="leave out episodes that did not succeed")
    group.add_argument("--from-run", metavar="RUN_DIR", help="export this recorded run (mobile-gym run --record) "
                                                             "instead of running the agent")
    parser.set_defaults(fn=cmd_dataset)


def _formats(text: str) -> tuple[str, ...]:
    names = tuple(dict.fromkeys(p.strip() for p in text.split(",") if p.strip()))
    unknown = [n for n in names if n not in FORMATS]
    if unknown or not names:
        raise ValueError(f"--format={text!r}: expected minari, jsonl or minari,jsonl")
    return names


def default_dataset_id(out: Path) -> str:
    """`mobile_gym/<out's name>-v0`, with what a Minari id cannot hold replaced by `_`."""
    name = re.sub(r"[^\w-]+", "_", out.resolve().name).strip("_") or "dataset"
    return f"mobile_gym/{name}-v0"


def cmd_dataset(args: argparse.Namespace) -> int:
    """Run (or take) the suite run, export it; 0 when the dataset was written."""
    from mobile_gym.config import DEFAULT_OBS_SIZE
    from mobile_gym.harness.command import cmd_suite_run
    from mobile_gym.harness.dataset import (
        DatasetError,
        JsonlWriter,
        dataset_episodes,
        exported_records,
        parse_obs_size,
        recorded_action_space,
    )

    formats = _formats(args.format)
    obs_size = parse_obs_size(args.obs_size) if args.obs_size else DEFAULT_OBS_SIZE
    if not args.out:
        raise DatasetError("--out DIR is required: the dataset (and its run) go there")
    out = Path(args.out)
    dataset_id = args.dataset_id or default_dataset_id(out)
    if "minari" in formats:
        from mobile_gym.harness.minari_export import check_new_dataset_id

        check_new_dataset_id(dataset_id)
    if args.from_run:
        given = [f"--{name.replace('_', '-')}" for name in RUN_ONLY if getattr(args, name, None) not in (None, False)]
        if args.task or given:
            raise DatasetError(f"--from-run exports a finished run; it takes no {'tasks' if args.task else given[0]}")
        run = Path(args.from_run)
        agent = "from " + str(run)
    else:
        run = out / "run"
        args.out, args.record, args.policy = str(run), True, None
        args.agent = args.agent or "oracle"
        agent = args.agent
        cmd_suite_run(args)
    skipped: list[str] = []
    chosen = exported_records(run, successes_only=args.successes_only, skipped=skipped)
    for line in skipped:
        print(f"  skipped {line}")
    if not chosen:
        raise DatasetError(f"{run}: no episode to export ({len(skipped)} skipped)")
    writers: dict[str, Any] = {}
    if "jsonl" in formats:
        writers["jsonl"] = JsonlWriter(out / "jsonl", obs_size)
    if "minari" in formats:
        from mobile_gym.harness.minari_export import MinariWriter, merge_action_spaces

        space = merge_action_spaces([recorded_action_space(directory) for _, directory in chosen])
        writers["minari"] = MinariWriter(dataset_id, obs_size=obs_size, action_space=space, algorithm_name=agent,
                                         description=f"mobile_gym episodes of agent {agent}, exported from {run}")
    for episode in dataset_episodes(chosen, obs_size):
        for writer in writers.values():
            writer.add(episode)
    size = f"{obs_size[0]}x{obs_size[1]}"
    for fmt, writer in writers.items():
        count = writer.finish()
        if fmt == "jsonl":
            print(f"dataset: {count} episode(s), frames {size}, JSONL+PNG in {out / 'jsonl'}")
        else:
            print(f"dataset: {count} episode(s), frames {size}, Minari {dataset_id} "
                  f"(minari.load_dataset({dataset_id!r}))")
    return 0
