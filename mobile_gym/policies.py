"""The policies `mobile-gym run` and `mobile-gym trace` drive an environment with: random raw
actions, a templated family's oracle, or a script of ElementActions commands (for a task file,
its scripted solution `<task>.oracle` next to it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def read_script(path: Path) -> list[str]:
    """Commands of a policy script: one ElementActions command per line, '#' comments.
    ValueError names the file when it is not UTF-8 text or has no commands."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: the script is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    lines = []
    for raw in text.splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            lines.append(line)
    if not lines:
        raise ValueError(f"{path}: the script has no commands")
    return lines


def oracle_path(task_path: Path) -> Path:
    """Where a task's scripted solution lives: next to it, suffix .oracle."""
    return task_path.with_suffix(".oracle")


def policy_script(env: Any, policy: str) -> list[str] | None:
    """The command script `policy` names for `env` (a MobileEnv), or None when the policy acts
    on raw actions ("random", or "oracle" for a templated family). ValueError or
    FileNotFoundError say what is missing."""
    if policy == "random" or (policy == "oracle" and env.family is not None):
        return None
    if policy == "oracle":
        if env.task_source is None or not Path(env.task_source).exists():
            raise ValueError(f"{env.task_source or 'this task'}: --policy oracle needs a task file "
                             "(or a templated family)")
        source = oracle_path(Path(env.task_source))
        if not source.exists():
            raise FileNotFoundError(f"no oracle script {source}")
    else:
        source = Path(policy)
        if not source.exists():
            raise FileNotFoundError(f"policy {policy!r} is neither random, oracle nor an existing script file")
        if source.is_dir():
            raise ValueError(f"policy {policy!r} is a directory, not a command script file")
    return read_script(source)


def family_oracle(env: Any) -> Any:
    """The templated family's scripted policy for the current episode of `env` (after reset)."""
    return env.family.oracle(env.task_seed, screen_size=env.device.screen_size, step_seconds=env.step_seconds)


def random_action(space: Any) -> dict[str, Any]:
    """A sampled raw action without an answer (random answer strings are not an agent)."""
    action = space.sample()
    if "response" in action:
        action["response"] = ""
    return action


def describe_raw_action(action: dict[str, Any]) -> str:
    """A short label for a raw Dict action: `TOUCH (x, y)`, `TEXT token N`, `KEY NAME`, `LIFT`."""
    from mobile_gym.device.base import KEY_NAMES
    from mobile_gym.spaces import ActionType

    kind = ActionType(int(action["action_type"]))
    if kind is ActionType.TOUCH:
        x, y = (float(v) for v in action["touch_position"])
        return f"TOUCH ({x:.3f}, {y:.3f})"
    if kind is ActionType.TEXT:
        return f"TEXT token {int(action['input_token'])}"
    if kind is ActionType.KEY:
        return f"KEY {KEY_NAMES[int(action['key'])]}"
    return kind.name
