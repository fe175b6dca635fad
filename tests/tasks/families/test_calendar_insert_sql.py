"""`calendar_data.insert_sql` reads each event's fields in declaration order from its `vars()`:
its text must be the generic `insert_rows_sql` of the events' COLUMNS, however the events
were made (constructor, `replace`, `RecordMaker`, a pickle round trip)."""

from __future__ import annotations

import pickle
from dataclasses import replace

from mobile_gym.apps.sql_text import insert_rows_sql
from mobile_gym.tasks.families import calendar_data as cd


def _reference(events):
    rows = [tuple(getattr(e, c) for c in cd.COLUMNS) for e in events]
    return insert_rows_sql(cd.TABLE, cd.COLUMNS, rows, cd.sql_literal)


def test_insert_sql_is_the_rows_insert_for_events_made_every_way():
    built = cd.Event(start_ts=1, end_ts=2, title="it's", location="Here", repeat_rule=4)
    made = cd.make_event(10, 20, "Meeting with Bob", "We will plan.")
    events = [built, made, replace(made, title="Other", color=3), pickle.loads(pickle.dumps(built)),
              cd.with_repeat(made, "weekly")]
    for n in range(len(events) + 1):
        assert cd.insert_sql(events[:n]) == _reference(events[:n])


def test_insert_sql_of_no_events_is_empty():
    assert cd.insert_sql([]) == ""
