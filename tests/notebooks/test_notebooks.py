"""The quickstart notebook runs top to bottom in a fresh kernel and shows what it promises.

The kernel is ipykernel's native one, which runs `sys.executable`: the notebook is executed by
the same interpreter (and so the same installed mobile_gym) as this test, and its first cell
prints the interpreter so the test can check that.
"""

from __future__ import annotations

import importlib.util
import re
import sys
import time
from pathlib import Path

import pytest

try:
    import ipykernel  # noqa: F401  (the kernel the notebook runs in)
    import nbclient
    import nbformat
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import KernelManager
except ImportError as exc:  # the `test` extra brings them
    pytest.skip(f"executing notebooks needs nbclient, nbformat and ipykernel ({exc})",
                allow_module_level=True)

import mobile_gym

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
QUICKSTART = NOTEBOOKS / "quickstart.ipynb"
CELL_TIMEOUT_S = 120  # a hang fails the test instead of blocking the suite


def _load_builder():
    spec = importlib.util.spec_from_file_location("build_quickstart", NOTEBOOKS / "build_quickstart.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _stdout(cell) -> str:
    return "".join(o.get("text", "") for o in cell.outputs if o.get("output_type") == "stream" and o.get("name") == "stdout")


@pytest.fixture(scope="module")
def executed(tmp_path_factory) -> dict[str, object]:
    """The quickstart executed once in a fresh kernel: {tag: cell}, plus the run's seconds."""
    nb = nbformat.read(QUICKSTART, as_version=4)
    # Only ipykernel's own spec (argv = this interpreter), whatever kernels the user installed;
    # on Linux, local IPC sockets in a temporary folder rather than unencrypted TCP ports.
    sockets = {}
    if sys.platform.startswith("linux"):
        sockets = {"transport": "ipc", "ip": str(tmp_path_factory.mktemp("kernel") / "ipc")}
    km = KernelManager(kernel_name="python3", kernel_spec_manager=KernelSpecManager(kernel_dirs=[]), **sockets)
    client = nbclient.NotebookClient(nb, km=km, kernel_name="python3", timeout=CELL_TIMEOUT_S,
                                     resources={"metadata": {"path": str(NOTEBOOKS)}})
    t0 = time.perf_counter()
    client.execute(cleanup_kc=True)  # we own `km`: shut the kernel down after the run
    seconds = time.perf_counter() - t0
    cells: dict[str, object] = {}
    for cell in nb.cells:
        for tag in cell.metadata.get("tags", []):
            cells[tag] = cell
    print(f"quickstart executed in {seconds:.1f} s")
    return {"cells": cells, "seconds": seconds}


def test_stored_notebook_is_generated_and_has_no_outputs():
    builder = _load_builder()
    assert QUICKSTART.read_text(encoding="utf-8") == builder.render(), \
        "notebooks/quickstart.ipynb is out of date: run python notebooks/build_quickstart.py"
    nb = nbformat.read(QUICKSTART, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code and all(c.outputs == [] and c.execution_count is None for c in code)
    # one markdown explanation before every code cell
    kinds = [c.cell_type for c in nb.cells]
    assert kinds == ["markdown", "code"] * (len(nb.cells) // 2)


def test_kernel_runs_this_interpreter(executed):
    out = _stdout(executed["cells"]["imports"])
    assert f"python: {sys.executable}\n" in out
    assert f"prefix: {sys.prefix}\n" in out
    assert f"mobile_gym {mobile_gym.__version__} " in out


def test_task_table_lists_the_first_families(executed):
    out = _stdout(executed["cells"]["tasks"])
    tasks = mobile_gym.list_tasks()
    assert out.startswith(f"{len(tasks)} task families\n")
    for row in tasks[:8]:
        assert re.search(rf"^{re.escape(row['id'])} +{row['app']} +{row['complexity']:.1f} +{row['step_limit']}$",
                         out, re.MULTILINE), row["id"]
    assert "MobileEnv/Calendar-v0 is MobileEnv/CalendarAddOneEvent-v0" in out


def test_reset_shows_instruction_pixels_and_hierarchy(executed):
    out = _stdout(executed["cells"]["reset"])
    assert "instruction: In Simple Calendar Pro, create a calendar event on " in out
    assert "task seed: 0\n" in out
    assert "pixels: (600, 270, 3) uint8\n" in out
    lines = out.split("first lines:\n", 1)[1].splitlines()
    assert lines[0] == '<hierarchy rotation="0">' and lines[1].lstrip().startswith("<node ")


def test_raw_touch_opens_calendar_and_back_returns(executed):
    out = _stdout(executed["cells"]["raw_actions"])
    steps = re.findall(r"^(TOUCH|LIFT|KEY BACK) +reward ([+-]\d+\.\d\d) +on screen: (\S+)$", out, re.MULTILINE)
    assert [(name, package) for name, _, package in steps] == [
        ("TOUCH", "com.google.android.apps.nexuslauncher"),
        ("LIFT", "com.simplemobiletools.calendar.pro"),
        ("KEY BACK", "com.google.android.apps.nexuslauncher"),
    ]


def test_oracle_reaches_success(executed):
    out = _stdout(executed["cells"]["oracle"])
    match = re.search(r"^steps (\d+) +total reward (-?\d+\.\d+)$", out, re.MULTILINE)
    assert match, out
    steps, total = int(match.group(1)), float(match.group(2))
    limit = next(r["step_limit"] for r in mobile_gym.list_tasks() if r["name"] == "CalendarAddOneEvent")
    assert 0 < steps <= limit
    assert total >= 1.0  # the success reward, plus shaping rewards on the way
    assert "terminated True  truncated False\n" in out
    assert "success True\n" in out


def test_element_actions_list_and_click(executed):
    out = _stdout(executed["cells"]["element_actions"])
    assert '[2] TextView "Calendar" desc="Calendar" clickable' in out  # [1] is Broccoli
    assert "command -> action: {'action': 0, 'element': 2," in out
    assert re.search(r"primitive steps 2  on screen: com\.simplemobiletools\.calendar\.pro$", out, re.MULTILINE)


def test_plot_cell_draws_or_skips(executed):
    cell = executed["cells"]["plot"]
    images = [o for o in cell.outputs if o.get("output_type") == "display_data" and "image/png" in o.get("data", {})]
    if importlib.util.find_spec("matplotlib") is None:
        assert not images
        assert _stdout(cell).startswith("matplotlib is not installed: skipping the plot")
    else:
        assert len(images) == 1


def test_close_and_runtime(executed):
    assert _stdout(executed["cells"]["close"]) == "closed\n"
    # not a performance assertion: the per-cell timeout bounds the run; this records the time
    print(f"quickstart run: {executed['seconds']:.1f} s")
