"""The must-show scenario: a two-stage Mobile-Env search task driven end to end with synthetic inputs."""

from events_helpers import Driver, N, box, dump, fixture, log

from mobile_gym.events import EventEngine

SEARCH_DUMP = dump(N(children=[N(cls="android.widget.LinearLayout", rid="org.example.recipes:id/search_bar",
                                 bounds=(162, 96, 918, 288), package="org.example.recipes",
                                 children=[N(cls="android.widget.EditText", rid="org.example.recipes:id/search_input",
                                             text="french omelette", clickable=True, bounds=(180, 110, 900, 270),
                                             package="org.example.recipes")])]))
RECIPE_URL = "loadUrl: https://recipes.example.org/recipe/french-omelette"
TITLE_RECT = (0.0, 0.2, 1.0, 0.32)


def engine() -> tuple[EventEngine, Driver]:
    e = EventEngine(fixture("recipe_search-omelette.textproto"))
    return e, Driver(e)


def test_search_then_recipe_pays_twice_and_succeeds():
    e, d = engine()
    r0 = d.step()
    assert (r0.reward, r0.episode_end, r0.instructions) == (0.0, None, [])
    r1 = d.step(xml=SEARCH_DUMP)
    assert r1.reward == 1.0
    assert r1.episode_end is None
    assert r1.instructions == ['Open the recipe "How to Make a French Omelette"']
    assert r1.fired["source:2"] == [["french omelette", "true"]]
    assert r1.fired["slot:4"] == 1
    # the same hierarchy again: the stage slot (NONE) already fired
    r2 = d.step(xml=SEARCH_DUMP)
    assert r2.reward == 0.0 and r2.instructions == []
    # the recipe page: log line, title text box and hierarchy in one step
    r3 = d.step(logs=[log("RecipeWeb", RECIPE_URL)], boxes=[box("How to Make a French Omelette", TITLE_RECT)])
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


def test_recipe_reached_directly_ends_with_success():
    e, d = engine()
    r = d.step(logs=[log("RecipeWeb", RECIPE_URL)])
    assert r.reward == 1.0 and r.episode_end == "success"


def test_text_recognize_region_and_log_filters():
    e, d = engine()
    # wrong tag: the RecipeWeb:D filter rejects it; wrong priority (V < D) too
    assert d.step(logs=[log("other", RECIPE_URL)]).reward == 0.0
    assert d.step(logs=[log("RecipeWeb", RECIPE_URL, priority="V")]).reward == 0.0
    # search query typed: OCR text in the search-box region
    r = d.step(boxes=[box("omelette", (0.15, 0.04, 0.85, 0.12))])
    assert r.reward == 1.0 and r.fired["source:1"] == [("omelette",)]


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
    d.step(logs=[log("RecipeWeb", RECIPE_URL)])
    before = dict(d.calls)
    d.step(xml=SEARCH_DUMP)
    assert d.calls == before
    assert not e.needs_hierarchy
