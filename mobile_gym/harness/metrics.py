"""Per-task success and episode length as TensorBoard scalars (`--tensorboard DIR`).

`EpisodeMetrics` writes, for each finished episode of a task named T (tensorboardX's
SummaryWriter, the `tensorboard` extra):

* `success/T` (1 or 0), `episode_length/T` (agent steps) and `reward/T`, at step = the
  episode's index within the task (the harness's episode index, so worker order does not matter);
* `success_rate/T`, the task's success rate over its episodes logged so far, and
  `success_rate/all`, over every episode logged so far (step = how many that is);
* under `G/...` instead for episodes logged with `group=G` (a policy or a training phase).

A suite run (`mobile-gym run --tensorboard DIR`) logs each episode as its record arrives; an
example or training script calls `episode(...)` itself.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any


def summary_writer(logdir: str | Path) -> Any:
    """A tensorboardX SummaryWriter on `logdir`; ValueError saying how to install it when missing."""
    try:
        from tensorboardX import SummaryWriter
    except ImportError:
        raise ValueError("--tensorboard needs the tensorboardX package: pip install 'mobile-gym[tensorboard]'"
                         ) from None
    return SummaryWriter(logdir=str(logdir))


class EpisodeMetrics:
    """Writes episode scalars under `logdir` (see the module docstring) with one writer (one
    event file); an episode's `group` (e.g. `random`, `trained`) prefixes its tags and keeps
    its own counts, so several policies or phases share the directory."""

    def __init__(self, logdir: str | Path) -> None:
        self.logdir = Path(logdir)
        self._writer = summary_writer(self.logdir)
        self._episodes: Counter[tuple[str, str]] = Counter()
        self._successes: Counter[tuple[str, str]] = Counter()

    def episode(self, task: str, *, success: bool, length: int, reward: float | None = None,
                index: int | None = None, group: str = "") -> None:
        """Log one finished episode of `task` (`index`: its number within the task; default
        the count of its episodes logged before)."""
        key = (group, task)
        step = self._episodes[key] if index is None else int(index)
        self._episodes[key] += 1
        self._successes[key] += bool(success)
        p = f"{group}/" if group else ""
        self._writer.add_scalar(f"{p}success/{task}", float(bool(success)), step)
        self._writer.add_scalar(f"{p}episode_length/{task}", int(length), step)
        if reward is not None:
            self._writer.add_scalar(f"{p}reward/{task}", float(reward), step)
        self._writer.add_scalar(f"{p}success_rate/{task}", self._successes[key] / self._episodes[key],
                                self._episodes[key])
        total = sum(n for (g, _), n in self._episodes.items() if g == group)
        wins = sum(n for (g, _), n in self._successes.items() if g == group)
        self._writer.add_scalar(f"{p}success_rate/all", wins / total, total)

    def record(self, record: dict[str, Any]) -> None:
        """Log a suite run's episode record (its task name, success, steps, reward, index)."""
        self.episode(str(record["name"]), success=bool(record.get("success")), length=int(record.get("steps", 0)),
                     reward=float(record.get("reward", 0.0)), index=int(record.get("episode", 0)))

    def flush(self) -> None:
        self._writer.flush()

    def close(self) -> None:
        self._writer.close()

    def __enter__(self) -> EpisodeMetrics:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
