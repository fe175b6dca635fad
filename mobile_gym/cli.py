"""`mobile-gym` command line: run, bench, check, replay, list, trace, adb-serve.

  mobile-gym run TASK [--policy random|oracle|FILE] [--steps N] [--episodes N] [--max-steps N]
                 [--seed S] [--record DIR] [--quiet]
      Run a task (registered id, name or textproto path) on the sim (or --backend adb
      --serial X) and print every step's reward and a summary. `oracle`: a templated family's
      own raw-action oracle, or for a task file its scripted solution `<task>.oracle`
      (ElementActions commands, one per line); FILE is such a script. `random` samples the
      raw action space (answers left empty).
  mobile-gym bench [TASK] [--steps N]      steps/s with random actions
  mobile-gym check FILE...                 lint task files (mobile_gym.tasks.lint)
  mobile-gym replay DIR                    replay a RecordEpisode recording and compare
  mobile-gym list                          registered ids and their task files
  mobile-gym trace TASK [--policy P] [--replay DIR] [--json OUT]   which events fired when
  mobile-gym adb-serve [--port 5037] [--host H] [--devices N] [--seed S] [--clock real|SECONDS]
      Serve N fresh simulated devices (emulator-5554, -5556, ...) over the adb host protocol
      until Ctrl-C, for adbutils, `adb -H 127.0.0.1 -P 5037 …` and the adb backend.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, Sequence

from mobile_gym.policies import (
    describe_raw_action,
    family_oracle,
    policy_script,
    random_action,
)


def _env_kwargs(args: argparse.Namespace) -> dict[str, Any]:
    kwargs: dict[str, Any] = {"backend": args.backend}
    if args.serial:
        kwargs["serial"] = args.serial
    if getattr(args, "max_steps", None):
        kwargs["max_steps"] = args.max_steps
    return kwargs


def cmd_run(args: argparse.Namespace) -> int:
    from mobile_gym.env import MobileEnv
    from mobile_gym.wrappers import ElementActions, RecordEpisode

    env: Any = MobileEnv(args.task, **_env_kwargs(args))
    family = env.family  # a templated family brings its own raw-action oracle
    try:
        script = policy_script(env, args.policy)
    except (ValueError, FileNotFoundError) as exc:
        env.close()
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if script is not None:
        env = ElementActions(env)
    commands = env  # the layer that understands text commands
    if args.record:
        env = RecordEpisode(env, args.record)
    print(f"task: {args.task}  backend: {args.backend}  policy: {args.policy}")
    env.action_space.seed(args.seed)
    outcomes = []
    for episode in range(args.episodes):
        obs, info = env.reset(seed=args.seed + episode)
        total, step, terminated, truncated = 0.0, 0, False, False
        t0 = time.perf_counter()
        base = env.unwrapped
        seed_note = f" (task seed {base.task_seed})" if family is not None else ""
        print(f"episode {episode}: {base.task.proto.name or base.task.proto.id}{seed_note}")
        instruction = "\n".join(base.task.proto.command)
        if instruction:
            print(f"instruction: {instruction}")
        oracle = None
        if args.policy == "oracle" and family is not None:
            oracle = family_oracle(base)
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
        outcomes.append(outcome)
        print(f"summary: episode {episode}  steps {step}  total reward {total:.3f}  outcome {outcome}  "
              f"terminated {terminated}  truncated {truncated}  {step / max(seconds, 1e-9):.0f} steps/s")
    env.close()
    if args.episodes > 1:
        print(f"episodes {args.episodes}  successes {outcomes.count('success')}")
    scripted = script is not None or args.policy == "oracle"
    return 0 if (not scripted or all(o == "success" for o in outcomes)) else 1


def cmd_bench(args: argparse.Namespace) -> int:
    from functools import partial

    from mobile_gym.bench import measure_env
    from mobile_gym.env import MobileEnv

    for keys in (("pixels",), ("pixels", "view_hierarchy", "instruction")):
        result = measure_env(partial(MobileEnv, args.task, obs_keys=keys, **_env_kwargs(args)),
                             args.steps, seed=args.seed)
        print(f"{'+'.join(keys):40s} {result['steps_per_s']:10.1f} steps/s  ({result['steps']} steps, "
              f"{result['resets']} resets)")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from mobile_gym.tasks.lint import lint_file

    worst = 0
    for name in args.files:
        findings = lint_file(name)
        for finding in findings:
            print(finding)
            worst = max(worst, 2 if finding.severity == "error" else 1)
        if not findings:
            print(f"{name}: ok")
    return worst


def cmd_replay(args: argparse.Namespace) -> int:
    from mobile_gym.wrappers.record_episode import replay_episode

    status = 0
    for directory in args.episodes:
        report = replay_episode(directory)
        verdict = "identical" if report.identical else f"{len(report.mismatches)} mismatches"
        print(f"{directory}: {report.steps} steps, total reward {sum(report.rewards):.3f}: {verdict}")
        for mismatch in report.mismatches:
            print(f"  {mismatch}")
        status = status or (0 if report.identical else 1)
    return status


def cmd_list(args: argparse.Namespace) -> int:
    import gymnasium as gym

    from mobile_gym.registration import GENERIC_ID, NAMESPACE

    print(f"{GENERIC_ID:44s} task_path=<any task file>")
    for env_id in sorted(k for k in gym.registry if k.startswith(NAMESPACE + "/") and k != GENERIC_ID):
        task = gym.registry[env_id].kwargs.get("task", "")
        kind = "task file" if str(task).endswith(".textproto") else "templated family"
        print(f"{env_id:44s} {kind}: {task}")
    return 0


def cmd_trace(args: argparse.Namespace) -> int:
    from mobile_gym.tracing import format_trace, trace_replay, trace_task

    if args.replay:
        trace = trace_replay(args.replay)
    else:
        if args.task is None:
            print("error: trace needs a TASK (or --replay DIR)", file=sys.stderr)
            return 2
        trace = trace_task(args.task, policy=args.policy, seed=args.seed, steps=args.steps)
    print(format_trace(trace, all_steps=args.all))
    if args.json:
        print(f"trace written to {trace.write_json(args.json)}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mobile-gym", description="Android tasks as Gymnasium environments.")
    sub = parser.add_subparsers(dest="command", required=True)

    def backend_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("--backend", choices=("sim", "adb"), default="sim")
        p.add_argument("--serial", help="adb serial (backend adb)")
        p.add_argument("--seed", type=int, default=0)

    run = sub.add_parser("run", help="run a task with a random or scripted policy")
    run.add_argument("task", help="registered id (MobileEnv/Calendar-v0), name or textproto path")
    run.add_argument("--policy", default="random", help="random | oracle | path to a command script")
    run.add_argument("--steps", type=int, default=200, help="step cap per episode for the random policy")
    run.add_argument("--episodes", type=int, default=1)
    run.add_argument("--max-steps", type=int, default=None, help="episode step limit override")
    run.add_argument("--record", help="record the episode (RecordEpisode) into this directory")
    run.add_argument("--quiet", action="store_true", help="print only steps with a reward")
    backend_args(run)
    run.set_defaults(fn=cmd_run)

    bench = sub.add_parser("bench", help="steps/s with random actions")
    bench.add_argument("task", nargs="?", default="MobileEnv/CalendarOpenEditor-v0")
    bench.add_argument("--steps", type=int, default=2000)
    bench.set_defaults(max_steps=None)
    backend_args(bench)
    bench.set_defaults(fn=cmd_bench)

    check = sub.add_parser("check", help="lint task files")
    check.add_argument("files", nargs="+")
    check.set_defaults(fn=cmd_check)

    replay = sub.add_parser("replay", help="replay recorded episodes and compare")
    replay.add_argument("episodes", nargs="+", help="episode directories written by RecordEpisode")
    replay.set_defaults(fn=cmd_replay)

    lst = sub.add_parser("list", help="registered environment ids")
    lst.set_defaults(fn=cmd_list)

    trace = sub.add_parser("trace", help="show which event sources and slots fired at which step")
    trace.add_argument("task", nargs="?", help="registered id, name or textproto path (omit with --replay)")
    trace.add_argument("--policy", default="random", help="random | oracle | path to a command script")
    trace.add_argument("--replay", help="trace a RecordEpisode recording (episode directory) instead")
    trace.add_argument("--seed", type=int, default=0)
    trace.add_argument("--steps", type=int, default=200, help="step cap for the policy")
    trace.add_argument("--json", help="also write the full trace (every step) to this JSON file")
    trace.add_argument("--all", action="store_true", help="list every step, not only those where something fired")
    trace.set_defaults(fn=cmd_trace)

    from mobile_gym.adb_serve.command import add_arguments as adb_serve_arguments
    from mobile_gym.adb_serve.command import run as cmd_adb_serve

    adb_serve = sub.add_parser("adb-serve", help="serve simulated devices over the adb protocol until Ctrl-C")
    adb_serve_arguments(adb_serve)
    adb_serve.set_defaults(fn=cmd_adb_serve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.fn(args) or 0)
    except (FileNotFoundError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
