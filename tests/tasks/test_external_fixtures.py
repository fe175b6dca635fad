"""Mobile-Env interoperability on real third-party files (opt-in).

Runs when MOBILE_GYM_EXTERNAL_FIXTURES names a folder holding `mobile_env_tasks/` (task files
as Mobile-Env publishes them) and `view_hierarchies/` (real `uiautomator dump` files); skips,
saying so, otherwise. Every task file must either load, round-trip, lint without errors and
give an engine that stays quiet on an empty step, or fail with an error naming its file, line
and column; every dump must be read by the fast reader exactly as lxml reads it. Where the
folder holds the Mobile-Env files named below, their known behaviour is checked too.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import numpy as np
import pytest
from lxml import etree

from mobile_gym.device.base import LogLine
from mobile_gym.events import EventEngine, StepInputs
from mobile_gym.events.ui_tree import UiTreeReader
from mobile_gym.tasks import TaskFormatError, load_task, loads, to_json
from mobile_gym.tasks.lint import lint_file

VARIABLE = "MOBILE_GYM_EXTERNAL_FIXTURES"
ROOT = Path(os.environ[VARIABLE]) if os.environ.get(VARIABLE) else None

pytestmark = pytest.mark.skipif(
    ROOT is None, reason=f"{VARIABLE} is not set: set it to a folder with mobile_env_tasks/ and "
                         "view_hierarchies/ to run Mobile-Env interoperability on real third-party files")


def _files(sub: str, pattern: str) -> list[Path]:
    if ROOT is None:
        return []
    folder = ROOT / sub
    if not folder.is_dir():
        # asked for, but not there: a collection error names the folder instead of a silent pass
        raise FileNotFoundError(f"{VARIABLE}={ROOT}: no folder {folder}")
    return sorted(folder.glob(pattern))


TASKS = _files("mobile_env_tasks", "*.textproto")
DUMPS = _files("view_hierarchies", "*.xml")
SIZE = (1080, 2400)


EMPTY = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\"></hierarchy>"


def _step(engine: EventEngine, *, xml: str = EMPTY, logs: tuple[LogLine, ...] = (), frame: int = 1):
    return engine.step(StepInputs(frame_id=frame, screenshot=lambda: np.zeros((SIZE[1], SIZE[0], 3), np.uint8),
                                  view_hierarchy=lambda: xml, text_boxes=lambda: [], log_lines=list(logs),
                                  response=None, device=None, screen_size=SIZE))


def _log(tag: str, message: str, priority: str) -> LogLine:
    return LogLine(time=0.0, pid=1, tid=1, priority=priority, tag=tag, message=message)


def test_the_folder_has_files():
    assert TASKS and DUMPS, f"{ROOT}: expected *.textproto in mobile_env_tasks/ and *.xml in view_hierarchies/"


@pytest.mark.parametrize("path", TASKS, ids=lambda p: p.name)
def test_task_file_loads_or_names_where_it_breaks(path: Path):
    try:
        task = load_task(path)
    except TaskFormatError as e:
        assert e.path == str(path) and e.line is not None and e.column is not None
        assert str(e).startswith(f"{path}:{e.line}:{e.column}: ")
        (finding,) = lint_file(path)
        assert (finding.severity, finding.line, finding.column) == ("error", e.line, e.column)
        return
    assert loads(to_json(task.proto), fmt="json").proto == task.proto
    assert [f for f in lint_file(path) if f.severity == "error"] == []
    try:
        engine = EventEngine(task)
    except Exception as e:  # icon classes without templates are refused by name, never stubbed
        assert "icons" in str(e), e
        return
    result = _step(engine)
    assert result.reward == 0.0 and result.episode_end is None and result.errors == []


def _same_tree(xml: str) -> None:
    tree = UiTreeReader().read(xml)
    assert tree is not None
    elements = list(etree.fromstring(xml.encode("utf-8")).iter())
    assert len(tree) == len(elements)
    for i, el in enumerate(elements):
        assert (tree.nodes[i].name, tree.nodes[i].attrib) == (el.tag, dict(el.attrib))


@pytest.mark.parametrize("path", DUMPS, ids=lambda p: p.name)
def test_real_dump_is_read_like_lxml(path: Path):
    _same_tree(path.read_text(encoding="utf-8"))


def _named(name: str) -> Path:
    path = (ROOT / "mobile_env_tasks" / name) if ROOT else Path(name)
    if not path.is_file():
        pytest.skip(f"{name} is not in {VARIABLE}")
    return path


def test_mobile_env_broken_demo_is_located():
    path = _named("systemui_egg_land_default.m.textproto")
    with pytest.raises(TaskFormatError) as err:
        load_task(path)
    assert (err.value.line, err.value.column, err.value.field) == (63, 79, "reset_steps")


def _node(cls: str, rid: str, text: str = "", clickable: bool = False, children: str = "") -> str:
    attrs = (f'index="0" text="{text}" resource-id="{rid}" class="{cls}" package="com.wikihow.wikihowapp" '
             f'clickable="{str(clickable).lower()}" bounds="[0,0][1080,2400]"')
    return f"<node {attrs}>{children}</node>" if children else f"<node {attrs} />"


def test_mobile_env_wikihow_search_task_runs():
    engine = EventEngine(load_task(_named("180_on_a_scooter-8.textproto")))
    box = _node("android.widget.EditText", "com.wikihow.wikihowapp:id/search_src_text", "180 scooter", True)
    plate = _node("android.widget.LinearLayout", "com.wikihow.wikihowapp:id/search_plate", children=box)
    search = EMPTY.replace("</hierarchy>", _node("android.widget.FrameLayout", "", children=plate) + "</hierarchy>")
    r = _step(engine, xml=search, frame=1)
    assert (r.reward, r.instructions) == (1.0, ['Access the article "How to 180 on a Scooter"'])
    r = _step(engine, logs=(_log("jd", "mUrl is: https://www.wikihow.com/180-on-a-Scooter", "D"),), frame=2)
    assert (r.reward, r.episode_end) == (1.0, "success")


def test_mobile_env_accessibility_log_task_runs():
    engine = EventEngine(load_task(_named("accessibility_forwarder_clock_set_timer.m.textproto")))
    r = _step(engine, logs=(_log("AndroidRLTask", "extra: clicks ['Start']", "V"),), frame=1)
    assert r.extras == {"clicks": [["Start"]]}
    r = _step(engine, logs=(_log("AndroidRLTask", "extra: event ['RESET']", "V"),), frame=2)
    assert (r.reward, r.episode_end) == (1.0, "success")


def test_mobile_env_vocabulary_concatenation_is_linted():
    path = _named("openmoneybox.add_billings.textproto")
    concat = [f for f in lint_file(path) if f.code == "string-concatenation"]
    assert len(concat) == 1 and "'extraassets'" in concat[0].message
    assert re.match(rf"{re.escape(str(path))}:\d+:", str(concat[0]))
