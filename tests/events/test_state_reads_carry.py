"""An engine's resets and steps hand their database reads on (a kept copy per database, table
reads by the bytes they came from); every episode still scores as on a fresh engine."""

from events_helpers import Driver, from_text
from test_state_sources import DB, TASK, FakeDevice

from mobile_gym.events import EventEngine


def _episode(engine, device, start, inserts):
    """Rewards of one episode that starts from the database bytes `start`."""
    device.local.write_bytes(start)
    device.sync()
    engine.reset(device=device)
    d = Driver(engine)
    rewards = [d.step(device=device).reward]
    for statement in inserts:
        device.sql(statement)
        rewards.append(d.step(device=device).reward)
    return rewards


def test_episodes_on_a_kept_engine_score_as_on_fresh_engines(tmp_path):
    device = FakeDevice(tmp_path)
    empty = device.files[DB]
    device.sql("INSERT INTO events (title, start_ts) VALUES ('Dentist', 100)")
    with_row = device.files[DB]
    dentist = ["INSERT INTO events (title, start_ts) VALUES ('Dentist', 100)"]
    episodes = [(empty, dentist), (empty, dentist), (with_row, dentist), (with_row, []),
                (empty, ["INSERT INTO events (title, start_ts) VALUES ('other', 3)"] + dentist),
                (empty, dentist)]
    kept = EventEngine(from_text(TASK))
    for i, (start, inserts) in enumerate(episodes):
        if i == 4:
            kept.close()  # releases the kept copies; the engine opens them again
        expected = _episode(EventEngine(from_text(TASK)), device, start, inserts)
        assert _episode(kept, device, start, inserts) == expected
    assert _episode(kept, device, empty, dentist) == [0.0, 11.0]  # count query + rows_added
    assert _episode(kept, device, with_row, dentist)[0] == 1.0  # the row was there before
