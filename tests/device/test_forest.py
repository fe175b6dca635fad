"""forest_from_windows_dump: `uiautomator dump --windows` output made one `<hierarchy>`, top first."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mobile_gym.device.forest import HEADER, ForestFormatError, forest_from_windows_dump


def _node(pkg: str, text: str = "") -> str:
    return (f'<node index="0" text="{text}" resource-id="" class="android.widget.FrameLayout" package="{pkg}" '
            'content-desc="" checkable="false" checked="false" clickable="false" enabled="true" '
            'focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" '
            'selected="false" bounds="[0,0][1080,2400]" />')


def _window(i: int, body: str, kind: str = "TYPE_APPLICATION") -> str:
    return (f'<window index="{i}" title="w{i}" bounds="[0,0][1080,2400]" active="false" focused="false" '
            f'accessibility-focused="false" id="{10 + i}" layer="{5 - i}" type="{kind}">{body}</window>')


def _hier(node: str, rotation: int = 0) -> str:
    return f'<hierarchy rotation="{rotation}">{node}</hierarchy>'


def test_windows_of_display_zero_in_file_order():
    xml = (HEADER + '<displays><display id="0">'
           + _window(0, _hier(_node("com.android.systemui", "a &lt;b&gt; &quot;c&quot;")), "TYPE_SYSTEM")
           # a window with a child window: the child's tree comes first, as the file has it
           + _window(1, _window(0, _hier(_node("child.pkg"))) + _hier(_node("parent.pkg")))
           + _window(2, "")  # a window whose root was null: no <hierarchy>
           + '<window index="3" title="" bounds="[0,0][0,0]" active="false" focused="false" '
             'accessibility-focused="false" id="9" layer="0" type="TYPE_APPLICATION" />'
           + '</display><display id="2">' + _window(0, _hier(_node("other.display"))) + "</display></displays>")
    forest = forest_from_windows_dump(xml)
    assert forest == (HEADER + '<hierarchy rotation="0">' + _node("com.android.systemui", "a &lt;b&gt; &quot;c&quot;")
                      + _node("child.pkg") + _node("parent.pkg") + "</hierarchy>")
    assert forest_from_windows_dump(xml, display=2) == (
        HEADER + '<hierarchy rotation="0">' + _node("other.display") + "</hierarchy>")
    assert forest_from_windows_dump(xml, display=7) == HEADER + '<hierarchy rotation="0"></hierarchy>'


def test_rotation_comes_from_the_windows():
    xml = HEADER + '<displays><display id="0">' + _window(0, _hier(_node("p"), rotation=1)) + "</display></displays>"
    assert forest_from_windows_dump(xml).startswith(HEADER + '<hierarchy rotation="1"><node ')


def test_not_a_windows_dump_is_named():
    with pytest.raises(ForestFormatError, match="no <displays>"):
        forest_from_windows_dump(HEADER + '<hierarchy rotation="0"></hierarchy>')


@given(st.lists(st.text(max_size=8), max_size=5))
def test_one_root_per_window_whatever_the_texts(texts):
    from lxml import etree

    from mobile_gym.sim.ui.dump import xml_attr

    xml = (HEADER + '<displays><display id="0">'
           + "".join(_window(i, _hier(_node(f"p{i}", xml_attr(t)))) for i, t in enumerate(texts))
           + "</display></displays>")
    roots = etree.fromstring(forest_from_windows_dump(xml).encode()).findall("node")
    assert [r.get("package") for r in roots] == [f"p{i}" for i in range(len(texts))]
