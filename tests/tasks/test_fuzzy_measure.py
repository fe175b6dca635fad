"""The state validators' fuzzy text match is AndroidWorld's measure (difflib ratio >= 0.9 on
lower-cased text), with stricter None/empty handling."""

import difflib

from hypothesis import given
from hypothesis import strategies as st

from mobile_gym.tasks.validators.common import fuzzy_match

TEXT = st.text(alphabet="abcdeABCDE .,'", min_size=1, max_size=40)


@given(TEXT, TEXT)
def test_fuzzy_match_is_difflibs_ratio(a, b):
    expected = difflib.SequenceMatcher(None, a.lower(), b.lower()).ratio() >= 0.9
    assert fuzzy_match(a, b) == expected


def test_a_near_miss_rapidfuzz_would_accept_fails():
    # one changed letter: rapidfuzz's Indel ratio is 0.9, difflib's greedy blocks give 0.7
    assert not fuzzy_match("baaacaacaa", "baaabaacaa")


def test_none_and_empty_are_strict():
    assert fuzzy_match(None, None) and not fuzzy_match(None, "x") and not fuzzy_match("", "x")
    assert fuzzy_match("Meeting with Bob", "meeting with rob")   # 0.9375, as AndroidWorld


@given(st.text(alphabet="abc dE", min_size=1, max_size=14), st.text(alphabet="abc dE", min_size=1, max_size=14),
       st.sampled_from([0.5, 0.8, 0.9, 1.0]))
def test_the_fast_rejections_never_change_the_difflib_verdict(a, b, threshold):
    expected = difflib.SequenceMatcher(None, a.lower(), b.lower()).ratio() >= threshold
    assert fuzzy_match(a, b, threshold) is expected
