"""The must-show scenario: the WikiHow scooter task driven end to end with synthetic inputs."""

from events_helpers import Driver, N, box, dump, fixture, log

from mobile_gym.events import EventEngine

SEARCH_DUMP = dump(N(children=[N(cls="android.widget.LinearLayout", rid="com.wikihow.wikihowapp:id/search_plate",
                                 bounds=(263, 85, 981, 281),
                                 children=[N(cls="android.widget.EditText", rid="com.wikihow.wikihowapp:id/search_src_text",
                                             text="180 scooter", clickable=True, bounds=(280, 100, 960, 260))])]))
ARTICLE_URL = "mUrl is: https://www.wikihow.com/180-on-a-Scooter"
TITLE_RECT = (0.0, 0.19, 1.0, 0.3)


def engine() -> tuple[EventEngine, Driver]:
    e = EventEngine(fixture("180_on_a_scooter-8.textproto"))
    return e, Driver(e)


def test_search_then_article_pays_twice_and_succeeds():
    e, d = engine()
    r0 = d.step()
    assert (r0.reward, r0.episode_end, r0.instructions) == (0.0, None, [])
    r1 = d.step(xml=SEARCH_DUMP)
    assert r1.reward == 1.0
    assert r1.episode_end is None
    assert r1.instructions == ['Access the article "How to 180 on a Scooter"']
    assert r1.fired["source:2"] == [["180 scooter", "true"]]
    assert r1.fired["slot:4"] == 1
    # the same hierarchy again: the stage slot (NONE) already fired
    r2 = d.step(xml=SEARCH_DUMP)
    assert r2.reward == 0.0 and r2.instructions == []
    # the article: log line, title text box and hierarchy in one step
    r3 = d.step(logs=[log("jd", ARTICLE_URL)], boxes=[box("How to 180 on a Scooter", TITLE_RECT)])
    assert r3.reward == 1.0
    assert r3.episode_end == "success"
    assert r3.fired["source:6"] == [()]
    assert r3.fired["source:5"] == [()]


def test_search_stage_sources_are_dropped_once_fired():
    e, d = engine()
    assert e.needs_hierarchy
    d.step(xml=SEARCH_DUMP)
    # stage 1 (slot 4, NONE) fired: sources 1-3 can no longer change anything
    assert e.live_source_ids() == [5, 6, 7]


def test_article_reached_directly_ends_with_success():
    e, d = engine()
    r = d.step(logs=[log("jd", ARTICLE_URL)])
    assert r.reward == 1.0 and r.episode_end == "success"


def test_text_recognize_region_and_log_filters():
    e, d = engine()
    # wrong tag: jd:D filter rejects it; wrong priority (V < D) too
    assert d.step(logs=[log("other", ARTICLE_URL)]).reward == 0.0
    assert d.step(logs=[log("jd", ARTICLE_URL, priority="V")]).reward == 0.0
    # search query typed: OCR text in the search-box region
    r = d.step(boxes=[box("scooter", (0.2439, 0.0354, 0.9085, 0.1171))])
    assert r.reward == 1.0 and r.fired["source:1"] == [("scooter",)]


def test_reset_clears_everything():
    e, d = engine()
    d.step(xml=SEARCH_DUMP)
    e.reset()
    assert e.live_source_ids() == [1, 2, 3, 5, 6, 7]
    r = d.step(xml=SEARCH_DUMP)
    assert r.reward == 1.0


def test_hierarchy_is_not_requested_when_no_live_source_needs_it():
    e, d = engine()
    d.step(xml=SEARCH_DUMP)
    assert d.calls["view_hierarchy"] == 1
    # source 7 (VH) is still live for stage 2, so hierarchy is still read; after the episode
    # ends every stage slot is dead and nothing is read.
    d.step(logs=[log("jd", ARTICLE_URL)])
    before = dict(d.calls)
    d.step(xml=SEARCH_DUMP)
    assert d.calls == before
    assert not e.needs_hierarchy
