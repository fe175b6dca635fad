"""Mobile-Env 4.1 reference behaviours (reference section 8) and the listeners' value semantics."""


from events_helpers import Driver, from_text, log

from mobile_gym.events import EventEngine


def engine(text, **kw):
    e = EventEngine(from_text(text), **kw)
    return e, Driver(e)


def logs(*messages, tag="app"):
    return [log(tag, m, "I") for m in messages]


def sources(*pairs, repeat="UNLIMITED"):
    return "".join(f'event_sources {{ id: {i} repeatability: {repeat} log_event {{ filters: "app:V" pattern: "{p}" }} }}\n'
                   for i, p in pairs)


GAME_2048 = sources((1, r"^[Ss]core: ([-+]?[0-9]*\\.?[0-9]*)$"), (2, r"^[Rr]eward: ([-+]?[0-9]*\\.?[0-9]*)$"),
                    (3, "^episode[ _]end$"), (4, "^extra: (?P<name>[^ ]*)[ ]?(?P<extra>.*)$")) + """
event_slots {
  score_listener { events { id: 1 } transformation: "y = float(x[0])" }
  reward_listener { events { id: 2 } transformation: "y = float(x[0])" }
  episode_end_listener { events { id: 3 } }
  extra_listener { events { id: 4 } transformation: ["import ast", "y = {x[0]: ast.literal_eval(x[1])}"] }
}
"""


def test_score_change_plus_reward():
    e, d = engine(GAME_2048)
    r = d.step(logs=logs("score: 4", "reward: 1.5"))
    assert (r.reward, r.score) == (5.5, 4.0)
    r = d.step(logs=logs("score: 12", "extra: direction [1]", "extra: grid [[0,2,4,8]]"))
    assert (r.reward, r.score) == (8.0, 12.0)
    # stacked per name as Mobile-Env does: (occurrences, *value shape)
    assert {k: v.tolist() for k, v in r.extras.items()} == {"direction": [[1]], "grid": [[[0, 2, 4, 8]]]}
    r = d.step(logs=logs("episode end"))
    assert r.episode_end == "success"  # () with a positive return; Mobile-Env said failure (defect 2)


def test_cache_until():
    e, d = engine(sources((1, "A"), (2, "B")) + """
event_slots { reward_listener { type: AND events { event { id: 10 events { id: 1 } cache_until: 2 } } events { id: 2 }
  transformation: "y = 100" } }""")
    assert [d.step(logs=logs(m) if m else ()).reward for m in ("A", "", "B", "B")] == [0, 0, 100, 0]


def test_cache_until_minus_one_never_releases():
    e, d = engine(sources((1, "A"), (2, "B")) + """
event_slots { reward_listener { type: AND events { event { id: 10 events { id: 1 } cache_until: -1 } } events { id: 2 }
  transformation: "y = 1" } }""")
    assert [d.step(logs=logs(m) if m else ()).reward for m in ("A", "", "B", "", "B")] == [0, 0, 1, 0, 1]


PREREQ = sources((1, "C"), (2, "D")) + """
event_slots { reward_listener { type: OR
  events { event { id: 10 events { id: 1 } transformation: "y = 1" } }
  events { event { id: 11 events { id: 2 } prerequisite: 10 transformation: "y = 5" } } } }
"""


def test_prerequisites():
    e, d = engine(PREREQ)
    assert [d.step(logs=logs(*m)).reward for m in (["D"], ["C"], ["D"], ["C", "D"])] == [0, 1, 5, 6]


def test_prerequisite_in_the_same_step_counts():
    e, d = engine(PREREQ)
    assert d.step(logs=logs("C", "D")).reward == 6


def test_slot_last():
    e, d = engine(sources((1, "E")) + """
event_slots { reward_listener { events { id: 1 } repeatability: LAST transformation: "y = .25" } }""")
    assert [d.step(logs=logs(m) if m else ()).reward for m in ("E", "E", "", "E")] == [0.25, 0, 0, 0.25]


def test_source_none():
    e, d = engine(sources((1, "F"), repeat="NONE") + """
event_slots { reward_listener { events { id: 1 } transformation: "y = 1000" } }""")
    assert [d.step(logs=logs(m)).reward for m in ("F1", "F1", "F2")] == [1000, 0, 1000]


def test_regex_regex_fuzz_on_one_response():
    e, d = engine("""
event_sources { id: 1 repeatability: UNLIMITED response_event { pattern: "(\\\\d+) apples" } }
event_sources { id: 2 repeatability: UNLIMITED response_event { pattern: "apples" } }
event_sources { id: 3 repeatability: UNLIMITED response_event { pattern: "I have 3 apples" mode: FUZZ threshold: 80 } }
event_sources { id: 4 repeatability: UNLIMITED response_event { pattern: "I have 3 apples" mode: DIFFLIB threshold: 0.9 } }
event_slots {
  reward_listener { type: OR
    events { event { events { id: 1 } transformation: "y = int(x[0]) * 10" } }
    events { event { events { id: 2 } transformation: "y = 25" } }
    events { event { events { id: 3 } transformation: "y = 30 if x > 90 else 0" } } }
  episode_end_listener { events { id: 4 } transformation: "y = x > 0.95" }
}""")
    r = d.step(response="I have 3 apples.")
    assert r.reward == 85.0
    assert r.episode_end == "success"
    r = d.step(response="I had 3 apples")
    assert r.episode_end is None  # DIFFLIB ratio below 0.9


def test_instruction_and_null_listeners():
    e, d = engine(sources((1, "go"), (2, "side")) + """
event_slots {
  instruction_listener { type: OR
    events { event { events { id: 1 } transformation: "y = 'first'" } }
    events { event { events { id: 1 } transformation: "y = ['second', 'third']" } } }
  null_listener { id: 9 events { id: 2 } transformation: "y = 'seen'" }
}""")
    r = d.step(logs=logs("go", "side"))
    assert r.instructions == ["first", "second", "third"]
    assert r.fired["slot:9"] == "seen" and r.reward == 0.0


def test_episode_end_values():
    e, d = engine(sources((1, "^(yes|no|none)$")) + """
event_slots { episode_end_listener { events { id: 1 } transformation: "y = {'yes': True, 'no': False, 'none': None}[x[0]]" } }""")
    assert [d.step(logs=logs(m)).episode_end for m in ("none", "no", "yes")] == [None, "failure", "success"]


def test_and_value_is_list_of_children_value_lists():
    e, d = engine(sources((1, "a(\\\\d)"), (2, "b(\\\\d)")) + """
event_slots { reward_listener { type: AND events { id: 1 } events { id: 2 }
  transformation: "y = sum(int(v[0]) for vs in x for v in vs)" } }""")
    assert d.step(logs=logs("a1", "a2", "b3")).reward == 6.0


def test_json_extra_and_bad_values_are_reported_not_raised():
    e, d = engine(sources((1, "^json: (.*)$"), (2, "^bad$")) + """
event_slots {
  json_extra_listener { events { id: 1 } transformation: "y = x[0]" }
  reward_listener { events { id: 2 } transformation: "y = 'not a number'" }
}""")
    r = d.step(logs=logs('json: {"k": [1, 2]}', "bad"))
    assert {k: v.tolist() for k, v in r.extras.items()} == {"k": [[1, 2]]}
    assert r.reward == 0.0 and len(r.errors) == 1 and "reward_listener" in r.errors[0]


def test_forward_references_across_listeners():
    # the reward listener refers to slot 7, which is written later, inside the null listener
    e, d = engine(sources((1, "a")) + """
event_slots { reward_listener { events { id: 7 } transformation: "y = 3" }
              null_listener { events { event { id: 7 events { id: 1 } } } } }""")
    assert d.step(logs=logs("a")).reward == 3.0
