"""Cells of notebooks/04_evaluating_an_agent.ipynb: your own agent against random and the oracle
over a small suite with the harness, then the results table and plots (built by
notebooks/build_notebooks.py)."""

CELLS: list[tuple[str, str, str]] = [
    (
        "setup",
        "# Evaluating an agent\n\n"
        "The harness (`mobile_gym.harness`, behind `mobile-gym run`) runs every task of a suite N "
        "times with an agent in worker processes, each with its own simulated phone, and writes "
        "`episodes.jsonl` (one line per episode) and `scores.json` (success rates with 95% Wilson "
        "intervals per task, app, difficulty and tag). This notebook writes an agent, runs it next to "
        "the random agent and the families' scripted oracles on a small suite, and reads the results.",
        """\
import json
import tempfile
import time
from pathlib import Path

from mobile_gym.harness.episode import RunConfig
from mobile_gym.harness.runner import run_suite
from mobile_gym.harness.suites import select

work = Path(tempfile.mkdtemp(prefix="mobile_gym_eval_"))
tasks = select(["OpenApp", "SystemWifiTurnOff", "SystemBluetoothTurnOn"])
for t in tasks:
    print(f"{t.id:36s} app {t.app:9s} tags {', '.join(t.tags)}")""",
    ),
    (
        "agent",
        "An agent subclasses `mobile_gym.agents.Agent`: it names the observation it wants "
        "(`\"elements\"`: the numbered element list of `ElementActions`), is told each episode's task "
        "in `reset`, and answers each observation with an action, here an ElementActions command "
        "line. This one opens the app the instruction names and stops; it should solve OpenApp and "
        "nothing else. The harness loads it from a file (`module:FILE.py:callable`), as "
        "`mobile-gym run --agent module:FILE.py:callable` would.",
        """\
AGENT = '''\\
from mobile_gym.agents import STOP, Agent

APPS = ("Broccoli", "Calendar", "Contacts", "Joplin", "Markor", "OpenTracks", "Pro Expense",
        "Settings", "SMS Messenger", "Tasks")


class OpenNamedApp(Agent):
    \"\"\"Open the app whose name the instruction mentions, then stop.\"\"\"

    observation_mode = "elements"
    wants_pixels = False
    name = "open-named-app"

    def reset(self, task):
        named = [app for app in APPS if app.lower() in task.instruction.lower()]
        self.plan = [f'open_app "{named[0]}"'] if named else []

    def act(self, observation):
        return self.plan.pop(0) if self.plan else STOP
'''
agent_file = work / "open_named_app.py"
agent_file.write_text(AGENT, encoding="utf-8")
print(agent_file.name, "written")""",
    ),
    (
        "run",
        "Three runs of the same episodes (the run seed fixes every episode's task seed, whatever the "
        "agent or the worker count): the random agent, our agent and the oracle, 3 episodes per task.",
        """\
agents = {"random": "random", "open-named-app": f"module:{agent_file}:OpenNamedApp", "oracle": "oracle"}
runs = {}
for label, agent in agents.items():
    t0 = time.perf_counter()
    records = run_suite(tasks, RunConfig(agent=agent, seed=0, episodes=3), work / label, workers=1, progress=False)
    runs[label] = work / label
    wins = sum(bool(r["success"]) for r in records)
    errors = sum(bool(r.get("error")) for r in records)
    print(f"{label:15s} {wins}/{len(records)} successes  errors {errors}  {time.perf_counter() - t0:.1f} s")""",
    ),
    (
        "episodes",
        "Each episode is one JSON line with the task, its seed and parameters, the instruction, the "
        "steps, reward and success.",
        """\
first = json.loads((runs["open-named-app"] / "episodes.jsonl").read_text().splitlines()[0])
print({k: first[k] for k in ("task", "seed", "instruction", "steps", "reward", "success")})""",
    ),
    (
        "table",
        "`mobile_gym.harness.results` prints the tables `mobile-gym results DIR...` prints: runs side "
        "by side, overall and per task, app, difficulty and tag.",
        """\
import sys

from mobile_gym.harness.results import load_run, print_tables, write_plots

loaded = [load_run(d) for d in runs.values()]
print_tables(loaded, file=sys.stdout)""",
    ),
    (
        "scores",
        "`scores.json` has the numbers behind the table; per task, with the 95% interval:",
        """\
scores = {label: json.loads((d / "scores.json").read_text()) for label, d in runs.items()}
task_names = [t.id for t in tasks]
print(f"{'task':36s}" + "".join(f"{label:>18s}" for label in scores))
for name in task_names:
    cells = []
    for label in scores:
        row = scores[label]["per_task"][name]
        cells.append(f"{row['success_rate']:.2f} [{row['ci95'][0]:.2f},{row['ci95'][1]:.2f}]")
    print(f"{name:36s}" + "".join(f"{c:>18s}" for c in cells))""",
    ),
    (
        "plot",
        "Success per task and agent, with the 95% interval as error bars.",
        """\
try:
    import matplotlib.pyplot as plt
except ImportError:
    plt = None
    print("matplotlib is not installed: skipping the plots")
if plt is not None:
    fig, ax = plt.subplots(figsize=(7, 3))
    width = 0.8 / len(scores)
    for i, (label, s) in enumerate(scores.items()):
        rates = [s["per_task"][n]["success_rate"] for n in task_names]
        low = [r - s["per_task"][n]["ci95"][0] for r, n in zip(rates, task_names)]
        high = [s["per_task"][n]["ci95"][1] - r for r, n in zip(rates, task_names)]
        ax.bar([x + i * width for x in range(len(task_names))], rates, width, yerr=[low, high],
               capsize=3, label=label)
    ax.set_xticks([x + width for x in range(len(task_names))])
    ax.set_xticklabels([n.split("/")[1] for n in task_names], fontsize=8)
    ax.set_ylabel("success rate")
    ax.set_ylim(0, 1.05)
    ax.legend(fontsize=8)
    plt.show()""",
    ),
    (
        "plots",
        "The PNG plots `mobile-gym results` writes (success per task, app and difficulty, steps, "
        "reward); the first is shown. (`write_plots` draws off-screen, with matplotlib's Agg "
        "backend, so it comes after our own inline plot.)",
        """\
if plt is not None:
    from IPython.display import Image, display

    pngs = write_plots(loaded, work / "plots")
    print("written:", ", ".join(p.name for p in pngs))
    display(Image(filename=str(pngs[0])))""",
    ),
]
