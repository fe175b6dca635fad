"""`mobile-gym results`: a run's scores as terminal tables (rich when installed), PNG plots
(matplotlib: the `harness` extra) and one self-contained HTML report; several run
directories side by side."""

from __future__ import annotations

import base64
import html
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from mobile_gym.harness.runner import EPISODES_FILE, SCORES_FILE, read_episodes
from mobile_gym.harness.scores import compute_scores

GROUPS: tuple[tuple[str, str], ...] = (("per_task", "task"), ("per_app", "app"),
                                       ("per_difficulty", "difficulty"), ("per_tag", "tag"))


@dataclass(frozen=True)
class Run:
    """One run directory: its name, records and scores."""

    directory: Path
    records: list[dict[str, Any]]
    scores: dict[str, Any]

    @property
    def label(self) -> str:
        return self.directory.name or str(self.directory)


def load_run(directory: Path) -> Run:
    """A run directory's records and scores (recomputed from the records when scores.json is
    missing); FileNotFoundError / ValueError name the directory."""
    episodes = directory / EPISODES_FILE
    if not directory.is_dir():
        raise FileNotFoundError(f"{directory}: no such run directory")
    if not episodes.exists():
        raise ValueError(f"{directory}: not a run directory (no {EPISODES_FILE})")
    records = read_episodes(episodes)
    scores_file = directory / SCORES_FILE
    try:
        scores = json.loads(scores_file.read_text()) if scores_file.exists() else compute_scores(records)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{scores_file}: not JSON ({exc})") from None
    return Run(directory, records, scores)


def _cell(group: dict[str, Any] | None) -> str:
    if not group:
        return "-"
    low, high = group["ci95"]
    return f"{group['success_rate']:.2f} [{low:.2f}-{high:.2f}] n={group['episodes']}"


def table_rows(runs: list[Run], key: str) -> list[list[str]]:
    """Rows (name, one cell per run) of one grouping of the runs' scores."""
    names = sorted({name for run in runs for name in run.scores.get(key, {})})
    return [[name, *(_cell(run.scores.get(key, {}).get(name)) for run in runs)] for name in names]


def overall_rows(runs: list[Run]) -> list[list[str]]:
    rows = []
    for label, field in (("success", None), ("mean reward", "mean_reward"), ("mean steps", "mean_steps"),
                         ("mean wall time (s)", "mean_wall_time_s"), ("total tokens", "total_tokens"),
                         ("errors", "errors")):
        cells = []
        for run in runs:
            o = run.scores.get("overall", {})
            cells.append(_cell(o) if field is None else f"{o.get(field, 0):g}")
        rows.append([label, *cells])
    return rows


def print_tables(runs: list[Run], *, file: TextIO) -> None:
    """The overall table and one per grouping (rich tables when rich is installed)."""
    headers = [r.label for r in runs]
    sections = [("overall", overall_rows(runs))] + [(name, table_rows(runs, key)) for key, name in GROUPS]
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:
        Console = None
    for title, rows in sections:
        if Console is not None:
            table = Table(title=title)
            table.add_column(title)
            for h in headers:
                table.add_column(h)
            for row in rows:
                table.add_row(*row)
            # Written to `file` as it is: plain text unless `file` is a terminal (in a notebook rich
            # would otherwise display HTML instead of writing, or add colour codes to the text).
            tty = bool(getattr(file, "isatty", lambda: False)())
            Console(file=file, width=max(100, 40 + 36 * len(runs)), force_jupyter=False,
                    force_terminal=tty).print(table)
            continue
        widths = [max(len(str(c)) for c in column) for column in zip([title, *headers], *rows)]
        print("  ".join(h.ljust(w) for h, w in zip([title, *headers], widths)), file=file)
        for row in rows:
            print("  ".join(c.ljust(w) for c, w in zip(row, widths)), file=file)
        print(file=file)


def _pyplot():
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ValueError("plots need matplotlib: pip install 'mobile-gym[harness]' "
                         "(or mobile-gym results --no-plots)") from None
    return plt


def write_plots(runs: list[Run], directory: Path) -> list[Path]:
    """success_<grouping>.png with 95% intervals, steps.png (histogram), reward.png (reward per
    episode in run order, with the running mean); returns the files."""
    plt = _pyplot()
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for key, name in GROUPS[:3]:
        names = sorted({n for run in runs for n in run.scores.get(key, {})})
        if not names:
            continue
        fig, ax = plt.subplots(figsize=(max(6, 0.35 * len(names) * len(runs) + 2), 4.5))
        width = 0.8 / len(runs)
        for j, run in enumerate(runs):
            groups = run.scores.get(key, {})
            xs = [i + j * width for i in range(len(names))]
            rates = [groups.get(n, {}).get("success_rate", 0.0) for n in names]
            low = [r - groups.get(n, {}).get("ci95", [0, 0])[0] for n, r in zip(names, rates)]
            high = [groups.get(n, {}).get("ci95", [0, 0])[1] - r for n, r in zip(names, rates)]
            ax.bar(xs, rates, width, yerr=[low, high], capsize=2, label=run.label)
        ax.set_xticks([i + 0.4 - width / 2 for i in range(len(names))])
        ax.set_xticklabels([n.removeprefix("MobileEnv/").removesuffix("-v0") for n in names],
                           rotation=70, ha="right", fontsize=7)
        ax.set_ylim(0, 1.05)
        ax.set_ylabel("success rate (95% Wilson interval)")
        ax.set_title(f"success per {name}")
        ax.legend(fontsize=7)
        fig.tight_layout()
        paths.append(_save(fig, directory / f"success_{name}.png", plt))
    fig, ax = plt.subplots(figsize=(6, 4))
    for run in runs:
        ax.hist([r.get("steps", 0) for r in run.records], bins=20, alpha=0.6, label=run.label)
    ax.set_xlabel("agent steps per episode")
    ax.set_ylabel("episodes")
    ax.legend(fontsize=7)
    fig.tight_layout()
    paths.append(_save(fig, directory / "steps.png", plt))
    fig, ax = plt.subplots(figsize=(6, 4))
    for run in runs:
        rewards = [float(r.get("reward", 0.0)) for r in run.records]
        running = [sum(rewards[: i + 1]) / (i + 1) for i in range(len(rewards))]
        ax.plot(rewards, ".", alpha=0.4)
        ax.plot(running, "-", label=f"{run.label} (running mean)")
    ax.set_xlabel("episode (run order)")
    ax.set_ylabel("episode reward")
    ax.legend(fontsize=7)
    fig.tight_layout()
    paths.append(_save(fig, directory / "reward.png", plt))
    return paths


def write_gifs(runs: list[Run], directory: Path, *, per_run: int) -> list[Path]:
    """GIFs of the first `per_run` recorded episodes of each run (failures first, since they
    are the ones worth watching); none for runs recorded without --record."""
    from mobile_gym.harness.render import render_episode

    paths = []
    for run in runs:
        recorded = [r for r in run.records if r.get("recording")]
        recorded.sort(key=lambda r: bool(r.get("success")))
        for r in recorded[:per_run]:
            name = f"{run.label}_{r['name']}_{r['episode']:04d}.gif"
            paths.append(render_episode(run.directory / r["recording"], directory / name))
    return paths


def _save(fig: Any, path: Path, plt: Any) -> Path:
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def write_html(runs: list[Run], plots: list[Path], path: Path) -> Path:
    """One HTML file with the tables and the plots inline (base64 PNG)."""
    parts = ["<!doctype html><html><head><meta charset='utf-8'><title>mobile_gym results</title>",
             ("<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}"
              "td,th{border:1px solid #ccc;padding:2px 8px;font-size:13px}</style></head><body>"),
             "<h1>mobile_gym results</h1>"]
    headers = [r.label for r in runs]
    sections = [("overall", overall_rows(runs))] + [(name, table_rows(runs, key)) for key, name in GROUPS]
    for title, rows in sections:
        parts.append(f"<h2>{html.escape(title)}</h2><table><tr><th>{html.escape(title)}</th>"
                     + "".join(f"<th>{html.escape(h)}</th>" for h in headers) + "</tr>")
        for row in rows:
            parts.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>")
        parts.append("</table>")
    for plot in plots:
        data = base64.b64encode(plot.read_bytes()).decode("ascii")
        parts.append(f"<h2>{html.escape(plot.stem)}</h2><img alt='{html.escape(plot.stem)}' "
                     f"src='data:image/png;base64,{data}'>")
    errors = [(run.label, r) for run in runs for r in run.records if r.get("error")]
    if errors:
        parts.append("<h2>errors</h2><ul>" + "".join(
            f"<li>{html.escape(label)}: {html.escape(r['key'])}: {html.escape(str(r['error']))}</li>"
            for label, r in errors) + "</ul>")
    parts.append("</body></html>")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(parts), encoding="utf-8")
    return path
