"""Dependencies point down (README, Architecture): every module's mobile_gym imports, read from
its source, stay inside what its layer may see."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "mobile_gym"

#: layer -> the mobile_gym modules (or packages) it may import besides its own.
ALLOWED = {
    "apps": (),
    "untrusted": (),
    "sim": ("apps", "untrusted", "host_folders", "pixels", "device.base"),
    "tasks": ("apps", "untrusted", "host_folders", "spaces", "task_defs", "device.base",
              "device.read_cache"),
    "events": ("tasks", "apps", "untrusted", "device.base", "device.read_cache"),
}


def _imported(path: Path) -> set[str]:
    """The mobile_gym modules `path` imports, relative to the package ("sim.ui", "apps")."""
    here = path.relative_to(PACKAGE.parent).with_suffix("").parts
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(here[: len(here) - node.level] + ((base,) if base else ()))
            names = [base] if base != "mobile_gym" else [f"mobile_gym.{a.name}" for a in node.names]
        else:
            continue
        found.update(n.removeprefix("mobile_gym.") for n in names if n.startswith("mobile_gym."))
    return found


def _within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_a_layer_imports_only_what_is_below_it(layer):
    wrong = []
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        for name in sorted(_imported(path)):
            if not any(_within(name, p) for p in (layer, *ALLOWED[layer])):
                wrong.append(f"{path.relative_to(PACKAGE)} imports mobile_gym.{name}")
    assert not wrong, "\n".join(wrong)


def test_the_reader_sees_relative_and_package_imports():
    assert _imported(PACKAGE / "sim" / "apps" / "__init__.py") >= {"apps"}
    assert "device.base" in _imported(PACKAGE / "sim" / "android.py")
