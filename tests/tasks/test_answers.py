"""Typed answer checking (mobile_gym.tasks.answers): kinds, lists, near misses that must fail."""

from __future__ import annotations

import difflib
from datetime import date, datetime, time, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mobile_gym.tasks.answers import (
    AnswerFormatError,
    AnswerKind,
    check_answer,
    parse_item,
)

K = AnswerKind


@pytest.mark.parametrize("answer", ["Bug Bash, Team lunch", "Team lunch, Bug Bash",
                                    "Bug Bash and Team lunch", "bug bash; team lunch.",
                                    "'Bug Bash', 'Team lunch'", "Bug Bash & Team lunch"])
def test_lists_are_sets_in_any_order_and_separator(answer):
    assert check_answer(answer, ["Team lunch", "Bug Bash"])


@pytest.mark.parametrize("answer", ["Bug Bash", "Bug Bash, Team lunch, Concert",
                                    "Bug Bash, Bug Bash", ""])
def test_a_missing_extra_or_repeated_item_fails(answer):
    assert not check_answer(answer, ["Team lunch", "Bug Bash"])


def test_three_items_with_a_final_and():
    assert check_answer("Concert, Bug Bash, and Team lunch", ["Bug Bash", "Concert", "Team lunch"])
    assert check_answer("Concert, Bug Bash and Team lunch", ["Bug Bash", "Concert", "Team lunch"])


def test_titles_containing_and_or_a_comma_still_match():
    assert check_answer("Rock and Roll", ["Rock and Roll"])
    assert check_answer("Rock and Roll, Bug Bash", ["Bug Bash", "Rock and Roll"])
    assert check_answer("100 Main St, Chicago", ["100 Main St, Chicago"])


def test_fuzzy_strings_use_difflib_at_0_9():
    assert check_answer("Meeting with Rob", ["Meeting with Bob"])  # ratio 0.9375
    assert check_answer("doctor's appointment", ["Doctor's appointment"])
    assert not check_answer("Movie night", ["Game night"])
    assert not check_answer("Team", ["Team lunch"])


@given(st.text(min_size=1, max_size=30), st.text(min_size=1, max_size=30))
def test_string_match_is_exactly_difflib_ratio_on_simple_words(a, b):
    a = "".join(ch for ch in a if ch.isalnum()) or "x"
    b = "".join(ch for ch in b if ch.isalnum()) or "y"
    expected = difflib.SequenceMatcher(None, a.lower(), b.lower()).ratio() >= 0.9
    assert check_answer(a, [b]) == expected


@pytest.mark.parametrize("answer,ok", [
    ("October 15 2023", True), ("October 15, 2023", True), ("Oct 15 2023", True),
    ("15 October 2023", True), ("2023-10-15", True), ("10/15/2023", True),
    ("Sunday, October 15, 2023", True), ("October 16 2023", False), ("October 15 2022", False),
    ("sometime in October", False)])
def test_dates(answer, ok):
    assert check_answer(answer, ["2023-10-15"], K.DATE) is ok


@pytest.mark.parametrize("answer,ok", [
    ("14:30", True), ("2:30pm", True), ("2:30 PM", True), ("14h30", True), ("14:30:00", True),
    ("2:31pm", False), ("2:30am", False), ("14", False)])
def test_times(answer, ok):
    assert check_answer(answer, ["14:30"], K.TIME) is ok


def test_noon_and_midnight():
    assert check_answer("12pm", ["12:00"], K.TIME) and check_answer("12am", ["00:00"], K.TIME)
    assert not check_answer("12am", ["12:00"], K.TIME)


@pytest.mark.parametrize("answer,ok", [
    ("October 22 2023 14:30", True), ("October 22, 2023 at 2:30 PM", True),
    ("14:30 on 2023-10-22", True), ("October 23 2023 14:30", False),
    ("October 22 2023 15:30", False), ("October 22 2023", False)])
def test_datetimes(answer, ok):
    assert check_answer(answer, ["2023-10-22 14:30"], K.DATETIME) is ok


@pytest.mark.parametrize("answer,ok", [
    ("3", True), ("3 events", True), ("3.0", True), ("4", False), ("2", False), ("three", False)])
def test_counts_off_by_one_fail(answer, ok):
    assert check_answer(answer, ["3"], K.NUMBER) is ok


def test_numbers_strip_currency_units_and_thousands_separators():
    assert check_answer("$1,234.50", ["1234.5"], K.NUMBER)
    assert check_answer("1,234 km", ["1234"], K.NUMBER)
    assert check_answer("€ 12", ["12"], K.NUMBER)
    assert not check_answer("$1,235", ["1234"], K.NUMBER)
    assert check_answer("10.4", ["10.5"], K.NUMBER, tolerance=0.1)
    assert not check_answer("10.3", ["10.5"], K.NUMBER, tolerance=0.1)
    assert check_answer("5, 7", ["7", "5"], K.NUMBER)


@pytest.mark.parametrize("answer", ["1h 30m", "1.5 hours", "90 minutes", "90 min", "1:30",
                                    "1 hour and 30 minutes", "5400 seconds"])
def test_durations(answer):
    assert check_answer(answer, ["5400"], K.DURATION)


def test_duration_near_miss_and_tolerance():
    assert not check_answer("91 minutes", ["5400"], K.DURATION)
    assert check_answer("91 minutes", ["5400"], K.DURATION, tolerance=60)


def test_an_empty_expectation_wants_a_none_answer():
    assert check_answer("None", []) and check_answer("no events", [])
    assert not check_answer("Bug Bash", [])


def test_no_answer_fails_and_bad_expected_values_are_errors():
    assert not check_answer(None, ["x"])
    with pytest.raises(AnswerFormatError, match="'Oct 5'"):
        check_answer("x", ["Oct 5"], K.DATE)


@given(st.dates(min_value=date(1990, 1, 1), max_value=date(2100, 12, 31)),
       st.integers(0, 23), st.integers(0, 59), st.sampled_from(["%B %d %Y", "%b %d, %Y",
                                                                 "%Y-%m-%d", "%d %B %Y"]),
       st.sampled_from(["%H:%M", "%I:%M%p", "%I:%M %p"]))
def test_any_formatted_datetime_parses_back_and_a_minute_off_fails(d, h, m, dfmt, tfmt):
    when = datetime.combine(d, time(h, m))
    text = f"{when.strftime(dfmt)} {when.strftime(tfmt)}"
    assert parse_item(text, K.DATETIME) == when
    assert check_answer(text, [when.isoformat(sep=" ", timespec="minutes")], K.DATETIME)
    other = when + timedelta(minutes=1)
    assert not check_answer(text, [other.isoformat(sep=" ", timespec="minutes")], K.DATETIME)


@given(st.lists(st.sampled_from(["Bug Bash", "Team lunch", "Concert", "Movie night", "Gym"]),
                min_size=1, max_size=4, unique=True), st.randoms())
def test_any_permutation_matches_and_dropping_one_fails(titles, rnd):
    shuffled = titles[:]
    rnd.shuffle(shuffled)
    assert check_answer(", ".join(shuffled), titles)
    assert not check_answer(", ".join(shuffled[1:]), titles) or len(titles) == 0
