"""Executing a tutorial notebook once in a fresh kernel, for the tests of tests/notebooks/.

The kernel is ipykernel's native one, which runs `sys.executable`: the notebook is executed by
the same interpreter (and so the same installed mobile_gym) as the tests. Only ipykernel's own
spec is used, whatever kernels the user installed; on Linux the kernel talks over local IPC
sockets in a temporary folder rather than TCP ports.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
CELL_TIMEOUT_S = 300  # a hang fails the test instead of blocking the suite


@dataclass
class Executed:
    """A notebook after a run: its code cells by tag, and how long the run took."""

    cells: dict[str, Any]
    seconds: float

    def stdout(self, tag: str) -> str:
        cell = self.cells[tag]
        return "".join(o.get("text", "") for o in cell.outputs
                       if o.get("output_type") == "stream" and o.get("name") == "stdout")

    def images(self, tag: str, kind: str = "image/png") -> list[Any]:
        return [o for o in self.cells[tag].outputs
                if o.get("output_type") == "display_data" and kind in o.get("data", {})]


def load_builder():
    """notebooks/build_notebooks.py as a module."""
    spec = importlib.util.spec_from_file_location("build_notebooks", NOTEBOOKS / "build_notebooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def execute_notebook(name: str, tmp_path_factory: pytest.TempPathFactory) -> Executed:
    """Run notebooks/<name>.ipynb top to bottom in a fresh kernel (skips without the test extra)."""
    try:
        import ipykernel  # noqa: F401  (the kernel the notebook runs in)
        import nbclient
        import nbformat
        from jupyter_client.kernelspec import KernelSpecManager
        from jupyter_client.manager import KernelManager
    except ImportError as exc:  # the `test` extra brings them
        pytest.skip(f"executing notebooks needs nbclient, nbformat and ipykernel ({exc})")
    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    sockets = {}
    if sys.platform.startswith("linux"):
        sockets = {"transport": "ipc", "ip": str(tmp_path_factory.mktemp("kernel") / "ipc")}
    km = KernelManager(kernel_name="python3", kernel_spec_manager=KernelSpecManager(kernel_dirs=[]), **sockets)
    client = nbclient.NotebookClient(nb, km=km, kernel_name="python3", timeout=CELL_TIMEOUT_S,
                                     resources={"metadata": {"path": str(NOTEBOOKS)}})
    # what a notebook writes to the temp dir (its work folder, a GIF) goes under pytest's tmp
    kernel_env = {**os.environ, "TMPDIR": str(tmp_path_factory.mktemp(f"{name}_tmp"))}
    t0 = time.perf_counter()
    client.execute(cleanup_kc=True, env=kernel_env)  # we own `km`: shut the kernel down after the run
    seconds = time.perf_counter() - t0
    cells: dict[str, Any] = {}
    for cell in nb.cells:
        for tag in cell.metadata.get("tags", []):
            cells[tag] = cell
    print(f"{name} executed in {seconds:.1f} s")
    return Executed(cells, seconds)
