"""The stored notebooks are what notebooks/build_notebooks.py generates, without outputs.

Executing them is tested per notebook (test_01_quickstart.py ... test_04_evaluating_an_agent.py),
so that pytest-xdist runs the four kernels in parallel.
"""

from __future__ import annotations

import pytest

nbformat = pytest.importorskip("nbformat")

from tests.notebooks.run_notebook import NOTEBOOKS, load_builder  # noqa: E402


def test_every_notebook_is_listed_and_generated():
    builder = load_builder()
    stored = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))
    assert stored == sorted(builder.NOTEBOOKS), "a notebook file is not built by build_notebooks.py (or is missing)"
    for name in builder.NOTEBOOKS:
        assert (NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8") == builder.render(name), \
            f"notebooks/{name}.ipynb is out of date: run python notebooks/build_notebooks.py"


@pytest.mark.parametrize("name", load_builder().NOTEBOOKS)
def test_stored_notebook_has_no_outputs_and_explains_every_cell(name):
    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code and all(c.outputs == [] and c.execution_count is None for c in code)
    kinds = [c.cell_type for c in nb.cells]
    assert kinds == ["markdown", "code"] * (len(nb.cells) // 2)  # one explanation before every code cell
    assert nb.cells[0].source.startswith("# ")  # the first explanation is the title
    tags = [c.metadata["tags"][0] for c in code]
    assert len(set(tags)) == len(tags)


def test_check_mode_reports_stale_notebooks(tmp_path, monkeypatch, capsys):
    builder = load_builder()
    assert builder.main(["--check"]) == 0
    monkeypatch.setattr(builder, "HERE", tmp_path)  # an empty folder: every notebook is missing
    (tmp_path / "cells").symlink_to(NOTEBOOKS / "cells")
    assert builder.main(["--check"]) == 1
    assert "out of date: 01_quickstart.ipynb" in capsys.readouterr().err
    assert builder.main(["--bogus"]) == 2
