"""Build the tutorial notebooks in notebooks/ from their cells in notebooks/cells/ (no outputs).

Edit `notebooks/cells/<name>.py` (a `CELLS` list of (tag, markdown, code)), then run
`python notebooks/build_notebooks.py`; each notebook file is generated so that reviews read
plain Python instead of notebook JSON. Every cell has a fixed id and a tag (the tests in
tests/notebooks/ find the cells they check by tag), so the output is byte-for-byte
reproducible and a test checks the stored files are up to date. `--check` only compares.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import nbformat
from nbformat.notebooknode import NotebookNode

HERE = Path(__file__).resolve().parent
#: The notebooks, in reading order; each is built from notebooks/cells/<name without number>.py.
NOTEBOOKS: tuple[str, ...] = ("01_quickstart", "02_writing_a_task", "03_training", "04_evaluating_an_agent")


def cells_of(name: str) -> list[tuple[str, str, str]]:
    """The (tag, markdown, code) cells of notebook `name` (e.g. "01_quickstart")."""
    stem = name.split("_", 1)[1]
    path = HERE / "cells" / f"{stem}.py"
    spec = importlib.util.spec_from_file_location(f"notebook_cells_{stem}", path)
    if spec is None or spec.loader is None:
        raise FileNotFoundError(f"{path}: no cells module for notebook {name}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.CELLS)


def notebook_path(name: str) -> Path:
    return HERE / f"{name}.ipynb"


def build_notebook(name: str) -> NotebookNode:
    """Notebook `name`: a markdown cell then a code cell per step, no outputs."""
    cells = []
    tags = [tag for tag, _, _ in cells_of(name)]
    if len(set(tags)) != len(tags):
        raise ValueError(f"notebook {name}: repeated cell tags {sorted({t for t in tags if tags.count(t) > 1})}")
    for tag, markdown, code in cells_of(name):
        cells.append(nbformat.v4.new_markdown_cell(markdown, id=f"{tag}-md"))
        cells.append(nbformat.v4.new_code_cell(code, id=tag, metadata={"tags": [tag]}))
    nb = nbformat.v4.new_notebook(cells=cells, nbformat=4, nbformat_minor=5, metadata={
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    })
    nbformat.validate(nb)
    return nb


def render(name: str) -> str:
    """Notebook `name`'s exact file text."""
    return nbformat.writes(build_notebook(name)) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args not in ([], ["--check"]):
        print("usage: build_notebooks.py [--check]", file=sys.stderr)
        return 2
    stale = []
    for name in NOTEBOOKS:
        text, path = render(name), notebook_path(name)
        if args == ["--check"]:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
            continue
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path} ({len(cells_of(name)) * 2} cells)")
    if args == ["--check"]:
        if stale:
            print(f"out of date: {', '.join(stale)}; run python {Path(__file__).name}", file=sys.stderr)
            return 1
        print("all notebooks are up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
