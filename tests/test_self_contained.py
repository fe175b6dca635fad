"""The suite stands on its own: no file under tests/ reads anything outside the repository.

A fresh clone must pass `python -m pytest` with nothing beside it, so test code and fixtures may
not name the folder of project-external material that development machines happen to have next
to the checkout (real third-party files are reached only through MOBILE_GYM_EXTERNAL_FIXTURES).
"""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
# the folder name followed by a path separator, as in "../<name>/" or "/work/<name>/"
OUTSIDE = re.compile(rb"\bshared[/\\]")


def test_no_test_file_references_the_external_folder():
    offenders = []
    for path in sorted(TESTS.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            for number, line in enumerate(path.read_bytes().splitlines(), 1):
                if OUTSIDE.search(line):
                    offenders.append(f"{path.relative_to(TESTS)}:{number}: {line.decode(errors='replace').strip()}")
    assert not offenders, "tests must use tests/fixtures/, not files outside the repository:\n" + "\n".join(offenders)


def test_the_check_would_see_such_a_reference():
    name = b"sha" + b"red"
    assert OUTSIDE.search(b'Path("../' + name + b'/fixtures/x.xml")')
    assert OUTSIDE.search(b"/work/" + name + b"\\reference")
    assert not OUTSIDE.search(b"/data/data/org.example/shared_prefs/Prefs.xml")
