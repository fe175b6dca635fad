"""`mobile-gym` command line: run, bench, check, replay, list, trace, adb-serve.

  mobile-gym run TASK [--policy random|oracle|FILE] [--steps N] [--episodes N] [--max-steps N]
                 [--seed S] [--record DIR] [--quiet]
      Run a task (registered id, name or textproto path) on the sim (or --backend adb
      --serial X) and print every step's reward and a summary. `oracle`: a templated family's
      own raw-action oracle, or for a task file its scripted solution `<task>.oracle`
      (ElementActions commands, one per line); FILE is such a script. `random` samples the
      raw action space (answers left empty).
  mobile-gym run [TASK|GLOB ...] [--suite NAME] [--tags T] --agent A [--episodes N] [--workers K]
                 [--out DIR] [--resume] [--record] [--step-budget task|aw]
      A suite run (mobile_gym.harness.command): K worker processes, episodes.jsonl and
      scores.json in DIR.
  mobile-gym results DIR... [--html FILE]  tables and plots of suite runs
  mobile-gym dataset [TASK ...] --agent A --out DIR [--obs-size WxH] [--format minari,jsonl]
      Run a suite with recording and export it as a Minari and/or JSONL+PNG dataset
      (mobile_gym.harness.dataset_command).
  mobile-gym bench [TASK] [--steps N]      steps/s with random actions
  mobile-gym check PATH...                 lint task files (mobile_gym.tasks.lint); a directory
                                           is searched recursively for task files
  mobile-gym replay DIR [--out FILE.gif]   replay a RecordEpisode recording and compare (or render it)
  mobile-gym list [--json]                 registered ids, task files and family metadata
  mobile-gym trace TASK [--policy P] [--replay DIR] [--json OUT]   which events fired when
  mobile-gym adb-serve [--port 5037] [--host H] [--devices N] [--seed S] [--clock real|SECONDS]
      Serve N fresh simulated devices (emulator-5554, -5556, ...) over the adb host protocol
      until Ctrl-C, for adbutils, `adb -H 127.0.0.1 -P 5037 …` and the adb backend.

Errors end in one line on stderr, `mobile-gym COMMAND: error: MESSAGE`: exit status 2 for bad
input (options, task ids, files), 1 for runtime failures (a device that cannot be reached, a
task whose setup fails), 130 for Ctrl-C.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

from mobile_gym.policies import (
    describe_raw_action,
    family_oracle,
    policy_script,
    random_action,
)

# ---------------------------------------------------------------------------- argument checking


def whole_number(option: str, minimum: int) -> Callable[[str], int]:
    """An argparse `type` for `option`: a whole number >= `minimum`, else an error naming both."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = minimum - 1
        if value < minimum:
            raise argparse.ArgumentTypeError(
                f"{option}={shlex.quote(text)}: expected a whole number >= {minimum}")
        return value

    return parse


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose error line names the option once when a type error names it too."""

    def error(self, message: str) -> NoReturn:
        head, _, rest = message.partition(": ")
        if head.startswith("argument "):
            names = head[len("argument "):].split("/")
            if any(rest.startswith((name + "=", name + " ")) for name in names):
                message = rest
        super().error(message)


# ---------------------------------------------------------------------------- error reporting


def _one_line(text: str) -> str:
    """`text` with its line breaks (and the indentation after them) folded into '; '."""
    return re.sub(r":?[ \t]*\n\s*", "; ", text.strip())


def _fail(command: str, message: str, status: int) -> int:
    """Print `mobile-gym COMMAND: error: MESSAGE` as one line on stderr; return `status`."""
    print(f"mobile-gym {command}: error: {_one_line(message)}", file=sys.stderr)
    return status


def _error_status(exc: Exception) -> int | None:
    """Exit status for an error the CLI reports in one line: 1 runtime, 2 bad input, None = a bug."""
    import gymnasium.error

    from mobile_gym.device.base import DeviceError
    from mobile_gym.events.errors import EventRuntimeError
    from mobile_gym.tasks.errors import TaskSetupError

    if isinstance(exc, (DeviceError, TaskSetupError, EventRuntimeError, gymnasium.error.Error)):
        return 1
    if isinstance(exc, (ValueError, FileNotFoundError, IsADirectoryError, NotADirectoryError)):
        return 2
    if isinstance(exc, OSError):
        return 1
    return None


def _error_message(exc: Exception) -> str:
    """The message of `exc`; an OS error with a file name reads `FILE: REASON`."""
    if isinstance(exc, OSError) and exc.filename is not None and exc.strerror:
        return f"{exc.filename}: {exc.strerror}"
    return str(exc) or type(exc).__name__


def _exit_status(exc: SystemExit) -> int:
    """The integer exit status argparse asked for (0 for --help, 2 for a usage error)."""
    if exc.code is None:
        return 0
    return exc.code if isinstance(exc.code, int) else 2


@contextmanager
def _reading_recording(directory: str) -> Iterator[None]:
    """Name `directory` when its trajectory is not JSON (json's own message names no file)."""
    try:
        yield
    except json.JSONDecodeError as exc:
        raise ValueError(f"{directory}: not a RecordEpisode recording ({exc})") from None


# ---------------------------------------------------------------------------- run


def _env_kwargs(args: argparse.Namespace) -> dict[str, Any]:
    """MobileEnv keyword arguments from the backend options and, when given, the limit overrides."""
    kwargs: dict[str, Any] = {"backend": args.backend}
    if args.serial is not None:
        kwargs["serial"] = args.serial
    if getattr(args, "max_steps", None) is not None:  # 0 means "no limit": pass it through
        kwargs["max_steps"] = args.max_steps
    return kwargs


def _run_stack(env: Any, script: list[str] | None, record: str | None) -> tuple[Any, Any]:
    """(outermost env, the layer that understands text commands) for `mobile-gym run`."""
    from mobile_gym.wrappers import ElementActions, RecordEpisode

    if script is not None:
        env = ElementActions(env)
    commands = env
    if record:
        env = RecordEpisode(env, record)
    return env, commands


def _run_episode(env: Any, commands: Any, script: list[str] | None, args: argparse.Namespace,
                 episode: int) -> str:
    """Run one episode of `mobile-gym run`, printing its steps and summary; return its outcome."""
    obs, info = env.reset(seed=args.seed + episode)
    total, step, terminated, truncated = 0.0, 0, False, False
    t0 = time.perf_counter()
    base = env.unwrapped
    family = base.family  # a templated family brings its own raw-action oracle
    seed_note = f" (task seed {base.task_seed})" if family is not None else ""
    print(f"episode {episode}: {base.task.proto.name or base.task.proto.id}{seed_note}")
    instruction = "\n".join(base.task.proto.command)
    if instruction:
        print(f"instruction: {instruction}")
    oracle = family_oracle(base) if args.policy == "oracle" and family is not None else None
    limit = len(script) if script is not None else (10**9 if oracle is not None else args.steps)
    while step < limit and not (terminated or truncated):
        if script is not None:
            label = script[step]
            action = commands.command(label)
        elif oracle is not None:
            action = oracle.act(obs)
            label = describe_raw_action(action)
        else:
            action = random_action(env.action_space)
            label = describe_raw_action(action)
        obs, reward, terminated, truncated, info = env.step(action)
        step += 1
        total += reward
        fired = ",".join(k for k in info.get("fired", {}) if k.startswith(("slot:", "listener:")))
        extra = f"  fired {fired}" if fired else ""
        if info.get("action_error"):
            extra += f"  error: {info['action_error']}"
        if not args.quiet or reward:
            print(f"step {step:4d}  reward {reward:+8.3f}  total {total:8.3f}  {label}{extra}")
    seconds = time.perf_counter() - t0
    outcome = "success" if info.get("success") else (
        "failure" if terminated else ("truncated" if truncated else "not finished"))
    print(f"summary: episode {episode}  steps {step}  total reward {total:.3f}  outcome {outcome}  "
          f"terminated {terminated}  truncated {truncated}  {step / max(seconds, 1e-9):.0f} steps/s")
    return outcome


def cmd_run(args: argparse.Namespace) -> int:
    """`mobile-gym run`: a suite run (mobile_gym.harness.command), or one task: 0, or 1 when a
    scripted policy (oracle or script) did not succeed."""
    from mobile_gym.env import MobileEnv
    from mobile_gym.harness.command import cmd_suite_run, is_suite_run

    if is_suite_run(args):
        return cmd_suite_run(args)
    args.task = args.task[0]
    args.policy = args.policy or "random"
    args.episodes = args.episodes or 1
    if args.record == "":
        raise ValueError("--record needs a DIR in a single-task run (a suite run records into OUT/recordings)")
    env: Any = MobileEnv(args.task, **_env_kwargs(args))
    try:
        script = policy_script(env, args.policy)
        env, commands = _run_stack(env, script, args.record)
        print(f"task: {args.task}  backend: {args.backend}  policy: {args.policy}")
        env.action_space.seed(args.seed)
        outcomes = [_run_episode(env, commands, script, args, episode) for episode in range(args.episodes)]
    finally:
        env.close()
    if args.episodes > 1:
        print(f"episodes {args.episodes}  successes {outcomes.count('success')}")
    scripted = script is not None or args.policy == "oracle"
    return 0 if (not scripted or all(o == "success" for o in outcomes)) else 1


# ---------------------------------------------------------------------------- the other commands


def cmd_bench(args: argparse.Namespace) -> int:
    """`mobile-gym bench`: steps/s of the task with random actions, for two observation sets."""
    from functools import partial

    from mobile_gym.bench import measure_env
    from mobile_gym.env import MobileEnv

    for keys in (("pixels",), ("pixels", "view_hierarchy", "instruction")):
        result = measure_env(partial(MobileEnv, args.task, obs_keys=keys, **_env_kwargs(args)),
                             args.steps, seed=args.seed)
        print(f"{'+'.join(keys):40s} {result['steps_per_s']:10.1f} steps/s  ({result['steps']} steps, "
              f"{result['resets']} resets)")
    return 0


def _task_files(directory: Path) -> list[Path]:
    """Task files (by suffix) under `directory`, recursively and sorted; hidden entries are skipped."""
    from mobile_gym.tasks.loader import SUFFIXES

    found: list[Path] = []
    for root, dirs, files in os.walk(directory):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found += [Path(root, f) for f in sorted(files)
                  if not f.startswith(".") and Path(f).suffix.lower() in SUFFIXES]
    return found


def _lint(name: str | Path) -> int:
    """Lint one task file and compile its event graph, print the findings (or `NAME: ok`);
    return 0 clean, 1 warnings, 2 errors."""
    from mobile_gym.tasks.lint import lint_file

    findings = lint_file(name)
    for finding in findings:
        print(finding)
    worst = max((2 if f.severity == "error" else 1 for f in findings), default=0)
    if worst < 2:
        problem = _compile_problem(name)
        if problem is not None:
            print(problem)
            return 2
    if not findings:
        print(f"{name}: ok")
    return worst


def _compile_problem(name: str | Path) -> str | None:
    """What gym.make would still refuse once the linter is content: the event engine compiles
    selectors and transformations (the linter, in tasks/, cannot import the engine)."""
    from mobile_gym.events import EventEngine
    from mobile_gym.events.errors import TaskCompileError
    from mobile_gym.tasks import load_task

    try:
        EventEngine(load_task(Path(name)))
    except TaskCompileError as exc:
        located = re.match(r"(.*?:\d+:\d+): (.*)", str(exc), re.DOTALL)
        where, message = located.groups() if located else (str(name), str(exc))
        return f"{where}: error: [compile] {_one_line(message)}"
    return None


def cmd_check(args: argparse.Namespace) -> int:
    """`mobile-gym check`: lint files and directories; a missing path or an empty directory is an error."""
    from mobile_gym.tasks.loader import SUFFIXES

    worst = 0
    for name in args.files:
        path = Path(name)
        if path.is_dir():
            files = _task_files(path)
            if not files:
                worst = max(worst, _fail("check", f"{name}: directory has no task files "
                                         f"({', '.join('*' + s for s in SUFFIXES)})", 2))
            for file in files:
                worst = max(worst, _lint(file))
        elif path.exists():
            worst = max(worst, _lint(name))
        else:
            worst = max(worst, _fail("check", f"{name}: no such file or directory", 2))
    return worst


def cmd_replay(args: argparse.Namespace) -> int:
    """`mobile-gym replay`: 0 when every recording replays identically, else 1; with --out,
    render one recording to a GIF or MP4 instead."""
    from mobile_gym.wrappers.record_episode import replay_episode

    if args.out is not None:
        from mobile_gym.harness.command import cmd_replay_render

        if len(args.episodes) != 1:
            return _fail("replay", "--out renders one episode directory; give exactly one", 2)
        with _reading_recording(args.episodes[0]):
            return cmd_replay_render(args.episodes[0], args.out)
    status = 0
    for directory in args.episodes:
        with _reading_recording(directory):
            report = replay_episode(directory)
        verdict = "identical" if report.identical else f"{len(report.mismatches)} mismatches"
        print(f"{directory}: {report.steps} steps, total reward {sum(report.rewards):.3f}: {verdict}")
        for mismatch in report.mismatches:
            print(f"  {mismatch}")
        status = status or (0 if report.identical else 1)
    return status


def _registered() -> list[dict[str, Any]]:
    """Every registered id: the generic task-file id, task files, and templated families (with
    their metadata from `list_tasks`; an alias repeats its family's)."""
    import gymnasium as gym

    from mobile_gym.tasks.catalog import GENERIC_ID, ids
    from mobile_gym.tasks.registry import list_tasks

    families = {t["name"]: t for t in list_tasks()}
    rows: list[dict[str, Any]] = [{"id": GENERIC_ID, "kind": "generic", "task": None}]
    for env_id in sorted(i for i in ids() if i != GENERIC_ID):
        task = str(gym.registry[env_id].kwargs.get("task", ""))
        if task in families:
            meta = {k: v for k, v in families[task].items() if k != "id"}
            kind = "family" if families[task]["id"] == env_id else "alias"
            rows.append({"id": env_id, "kind": kind, "task": task, **meta})
        else:
            rows.append({"id": env_id, "kind": "task_file", "task": task})
    return rows


def cmd_list(args: argparse.Namespace) -> int:
    """`mobile-gym list [--json]`: the registered ids, what each one runs and, for templated
    families, their AndroidWorld metadata (name, difficulty, complexity, optimal steps, tags)."""
    rows = _registered()
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    head = ("id", "app", "android_world", "difficulty", "cx", "opt", "limit", "tags")
    print(f"{head[0]:44s} {head[1]:9s} {head[2]:40s} {head[3]:10s} {head[4]:>4s} {head[5]:>4s} "
          f"{head[6]:>5s} {head[7]}")
    for r in rows:
        if r["kind"] == "generic":
            print(f"{r['id']:44s} task_path=<any task file>")
        elif r["kind"] == "task_file":
            print(f"{r['id']:44s} task file: {r['task']}")
        else:
            aw = r["android_world_name"] or ("-" if r["kind"] == "family" else "")
            name = aw if r["kind"] == "family" else f"= {r['task']}"
            print(f"{r['id']:44s} {r['app']:9s} {name:40s} {r['difficulty'] or '-':10s} "
                  f"{r['complexity']:4.1f} {r['optimal_steps'] or '-'!s:>4s} {r['step_limit']:5d} "
                  f"{','.join(r['tags'])}")
    fams = [r for r in rows if r["kind"] == "family"]
    aw = sum(r["android_world_name"] is not None for r in fams)
    print(f"{len(fams)} templated families, {aw} of them AndroidWorld task equivalents")
    print("limit: the step limit in raw env steps (a TapGrid tap or an ElementActions click is "
          "2 or more; info['env_steps'] counts raw steps, info['agent_steps'] wrapper steps)")
    return 0


def cmd_trace(args: argparse.Namespace) -> int:
    """`mobile-gym trace`: the table of which events fired when, for a task run or a recording."""
    from mobile_gym.tracing import format_trace, trace_replay, trace_task

    if args.replay and args.task is not None:
        return _fail("trace", "give a TASK or --replay DIR, not both (a recording names its task)", 2)
    if args.replay:
        with _reading_recording(args.replay):
            trace = trace_replay(args.replay)
    else:
        if args.task is None:
            return _fail("trace", "a TASK is needed (or --replay DIR)", 2)
        trace = trace_task(args.task, policy=args.policy, seed=args.seed, steps=args.steps)
    print(format_trace(trace, all_steps=args.all))
    if args.json:
        print(f"trace written to {trace.write_json(args.json)}")
    return 0


# ---------------------------------------------------------------------------- the parser


def _backend_args(p: argparse.ArgumentParser) -> None:
    """--backend, --serial and --seed, shared by run and bench."""
    p.add_argument("--backend", choices=("sim", "adb"), default="sim")
    p.add_argument("--serial", help="adb serial (backend adb)")
    p.add_argument("--seed", type=whole_number("--seed", 0), default=0, help="seed (>= 0, default 0)")


def _add_run(sub: Any) -> None:
    """The `run` subcommand's options."""
    run = sub.add_parser("run", help="run a task with a policy, or a suite of tasks with an agent")
    run.add_argument("task", nargs="*", help="registered id (MobileEnv/Calendar-v0), name, glob or textproto path")
    run.add_argument("--policy", help="single-task run: random (default) | oracle | path to a command script")
    run.add_argument("--steps", type=whole_number("--steps", 1), default=200,
                     help="step cap per episode for the random policy (default 200)")
    run.add_argument("--episodes", type=whole_number("--episodes", 1), help="episodes (per task; default 1)")
    run.add_argument("--max-steps", type=whole_number("--max-steps", 0), default=None,
                     help="episode step limit override (0 = no limit; default: the task's max_num_steps)")
    run.add_argument("--record", nargs="?", const="", metavar="DIR",
                     help="record episodes (RecordEpisode): into DIR (single task) or OUT/recordings (suite)")
    run.add_argument("--quiet", action="store_true", help="print only steps with a reward (suite: no progress bar)")
    _backend_args(run)
    from mobile_gym.harness.command import add_run_arguments

    add_run_arguments(run)
    run.set_defaults(fn=cmd_run)


def _add_trace(sub: Any) -> None:
    """The `trace` subcommand's options."""
    trace = sub.add_parser("trace", help="show which event sources and slots fired at which step")
    trace.add_argument("task", nargs="?", help="registered id, name or textproto path (omit with --replay)")
    trace.add_argument("--policy", default="random", help="random | oracle | path to a command script")
    trace.add_argument("--replay", help="trace a RecordEpisode recording (episode directory) instead")
    trace.add_argument("--seed", type=whole_number("--seed", 0), default=0, help="seed (>= 0, default 0)")
    trace.add_argument("--steps", type=whole_number("--steps", 1), default=200,
                       help="step cap for the policy (default 200)")
    trace.add_argument("--json", help="also write the full trace (every step) to this JSON file")
    trace.add_argument("--all", action="store_true", help="list every step, not only those where something fired")
    trace.set_defaults(fn=cmd_trace)


def build_parser() -> argparse.ArgumentParser:
    """The `mobile-gym` argument parser with every subcommand."""
    from mobile_gym.tasks.loader import SUFFIXES

    parser = _Parser(prog="mobile-gym", description="Android tasks as Gymnasium environments.")
    sub = parser.add_subparsers(dest="command", required=True)
    _add_run(sub)

    bench = sub.add_parser("bench", help="steps/s with random actions")
    bench.add_argument("task", nargs="?", default="MobileEnv/CalendarOpenEditor-v0")
    bench.add_argument("--steps", type=whole_number("--steps", 1), default=2000,
                       help="timed steps per observation set (default 2000)")
    _backend_args(bench)
    bench.set_defaults(fn=cmd_bench)

    check = sub.add_parser("check", help="lint task files",
                           description="Lint task files. A DIRECTORY is searched recursively for files "
                                       f"ending in {', '.join(SUFFIXES)} (hidden files and directories "
                                       "are skipped); each one is linted.")
    check.add_argument("files", nargs="+", metavar="PATH", help="a task file or a directory of task files")
    check.set_defaults(fn=cmd_check)

    replay = sub.add_parser("replay", help="replay recorded episodes and compare")
    replay.add_argument("episodes", nargs="+", help="episode directories written by RecordEpisode")
    replay.add_argument("--out", help="render the episode with its actions drawn to FILE.gif or FILE.mp4")
    replay.set_defaults(fn=cmd_replay)

    from mobile_gym.harness.command import add_results
    from mobile_gym.harness.dataset_command import add_dataset

    add_results(sub)
    add_dataset(sub, _backend_args)

    lst = sub.add_parser("list", help="registered environment ids and task metadata")
    lst.add_argument("--json", action="store_true", help="print every id and its metadata as JSON")
    lst.set_defaults(fn=cmd_list)
    _add_trace(sub)

    from mobile_gym.adb_serve.command import add_arguments as adb_serve_arguments
    from mobile_gym.adb_serve.command import run as cmd_adb_serve

    adb_serve = sub.add_parser("adb-serve", help="serve simulated devices over the adb protocol until Ctrl-C")
    adb_serve_arguments(adb_serve)
    adb_serve.set_defaults(fn=cmd_adb_serve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (errors are reported in one line on stderr)."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # argparse has printed the usage and the error (or --help)
        return _exit_status(exc)
    try:
        return int(args.fn(args) or 0)
    except KeyboardInterrupt:
        print(f"mobile-gym {args.command}: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        status = _error_status(exc)
        if status is None:
            raise  # a bug: keep the traceback
        return _fail(args.command, _error_message(exc), status)


if __name__ == "__main__":
    sys.exit(main())
