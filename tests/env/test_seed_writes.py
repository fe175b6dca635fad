"""A task family's seed writes reach the simulator's database without the shell's command line
(`LoadedTask.seed_writes`, `SimDevice.write_database`) with the same effect as running the
line: the same database bytes and companion files, the same change counts, the same
observations and rewards, the same step failures. A task file's line always goes through the
shell and its guard."""

from __future__ import annotations

import shlex
from pathlib import PurePosixPath

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobile_gym.bench import random_raw_actions
from mobile_gym.device.base import DatabaseWriter
from mobile_gym.device.sim_device import SimDevice
from mobile_gym.env import MobileEnv
from mobile_gym.tasks import StepContext, TaskSetupError, loads, run_steps
from mobile_gym.tasks.families.common import shell_step, split_seed_writes, sqlite_step
from mobile_gym.tasks.registry import family_names, get_family

#: Every registered family whose reset writes SQL with `sqlite_step`.
FAMILIES = sorted(n for n in family_names() if get_family(n).make_task(0).seed_writes)
#: One family per app among them (for the property test over seeds).
ONE_PER_APP = sorted({get_family(n).app: n for n in FAMILIES}.values())


class ShellOnlySimDevice(SimDevice):
    """The simulated phone without `write_database`: every seed write goes through its shell."""

    write_database = None  # type: ignore[assignment]  # (None: no `DatabaseWriter`)


def test_every_app_whose_reset_writes_sql_is_covered() -> None:
    assert {get_family(n).app for n in FAMILIES} == {"calendar", "expense", "opentracks", "tasks", "joplin"}


# -- the words a family records with its line ----------------------------------------------------

_DB = st.from_regex(r"/data/data/[a-z.]{1,12}/databases/[A-Za-z0-9_.-]{1,12}", fullmatch=True)
_SQL = st.text(st.characters(blacklist_categories=("Cs",)), max_size=60) | \
    st.text(alphabet="'\"` ;\\$()-a", max_size=30)


@given(_DB, _SQL)
def test_a_sqlite_steps_line_splits_into_its_words(db: str, sql: str) -> None:
    made = sqlite_step(db, sql)
    assert made.step.adb_call.shell_command.command == [made.line]
    assert made.write == (db, sql)
    assert shlex.split(made.line) == ["sqlite3", db, sql]


@given(st.text(alphabet="/ab'\" $;`*~\n", max_size=20), _SQL)
def test_words_are_recorded_only_where_the_shell_splits_the_line_into_them(db: str, sql: str) -> None:
    made = sqlite_step(db, sql)
    if made.write is not None:
        assert shlex.split(made.line) == ["sqlite3", made.write.db_path, made.write.sql] == ["sqlite3", db, sql]
    else:
        assert not db or shlex.quote(db) != db  # a path the shell would split, expand or drop


def test_only_a_sqlite_steps_own_words_are_seed_writes() -> None:
    line = "sqlite3 /data/x.db 'SELECT 1'"
    made = sqlite_step("/data/x.db", "SELECT 1")
    assert made.line == line
    same, other = shell_step(line), shell_step("rm -f /data/x")
    steps, writes = split_seed_writes([same, made, other])
    assert steps == [same, made.step, other]
    assert writes == {line: ("/data/x.db", "SELECT 1")}
    assert split_seed_writes([same, other]) == ([same, other], {})  # a line alone vouches for nothing
    assert split_seed_writes([sqlite_step("/data/x y.db", "SELECT 1")])[1] == {}


@pytest.mark.parametrize("name", FAMILIES)
def test_a_familys_seed_writes_are_its_reset_lines_words(name: str) -> None:
    for seed in (0, 1, 99):
        task = get_family(name).make_task(seed)
        lines = [" ".join(s.adb_call.shell_command.command) for s in task.proto.reset_steps
                 if s.adb_call.HasField("shell_command")]
        assert list(task.seed_writes) == [line for line in lines if line.startswith("sqlite3 ")]
        for line, write in task.seed_writes.items():
            assert shlex.split(line) == ["sqlite3", write.db_path, write.sql]


# -- the same effect on one device --------------------------------------------------------------

def _setup(name: str) -> tuple[SimDevice, object]:
    device = SimDevice()
    task = get_family(name).make_task(0)
    run_steps(task.proto.setup_steps, device, label="setup step")
    return device, device.snapshot()


def _db_paths(writes) -> list[str]:
    db = next(iter(writes.values())).db_path
    return [db, db + "-wal", db + "-shm", db + "-journal", str(PurePosixPath(db).parent)]


def _versions(device: SimDevice, paths: list[str]) -> list[object]:
    return [device.android.storage.version(p) for p in paths]


def _count(version: object) -> object:
    """The storage's own count of writes in a path's version (without the host file's stamp)."""
    return version[0] if isinstance(version, tuple) else version


def _after_reset(device: SimDevice, snapshot: object, task, *, direct: bool) -> dict[str, object]:
    """Restore `snapshot`, run the task's reset steps (the seed writes given as words or as
    lines) and return the database files, their folder's listing, which paths' change
    versions moved and the writes the storage counted in them."""
    device.restore(snapshot)
    paths = _db_paths(task.seed_writes)
    before = _versions(device, paths)
    run_steps(task.proto.reset_steps, device, label="reset step",
              context=StepContext(seed_writes=task.seed_writes if direct else {}))
    after = _versions(device, paths)
    files = {}
    for path in paths[:4]:
        try:
            files[path] = device.pull(path)
        except FileNotFoundError:
            files[path] = None
    listing = sorted(device.list_dir(paths[4]))
    return {"files": files, "listing": listing, "changed": [a != b for a, b in zip(before, after)],
            "writes": [_count(b) - _count(a) for a, b in zip(before, after)]}  # type: ignore[operator]


@pytest.fixture(scope="module")
def devices():
    made: dict[str, tuple[SimDevice, object]] = {}
    yield lambda name: made.setdefault(name, _setup(name))
    for device, _ in made.values():
        device.close()


@pytest.mark.parametrize("name", ONE_PER_APP)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31 - 2))
def test_a_seed_write_leaves_what_its_shell_line_leaves(devices, name: str, seed: int) -> None:
    device, snapshot = devices(name)
    task = get_family(name).make_task(seed)
    direct = _after_reset(device, snapshot, task, direct=True)
    shell = _after_reset(device, snapshot, task, direct=False)
    assert direct == shell
    assert direct["changed"][0]  # the database was written


def test_a_failing_seed_write_fails_its_step_as_the_shell_line_does() -> None:
    device, snapshot = _setup("CalendarNextEvent")
    db = next(iter(get_family("CalendarNextEvent").make_task(0).seed_writes.values())).db_path
    try:
        for sql in ("INSERT INTO no_such_table VALUES (1)", "BEGIN; SELECT 1; SELECT x FROM events;",
                    "ATTACH DATABASE '/tmp/x.db' AS x"):
            for path in (db, "/data/data/no.such.app/databases/x.db"):
                steps, direct = split_seed_writes([shell_step("true"), sqlite_step(path, sql)])
                messages = []
                for writes in (direct, {}):
                    device.restore(snapshot)
                    with pytest.raises(TaskSetupError) as failed:
                        run_steps(steps, device, label="reset step", context=StepContext(seed_writes=writes))
                    messages.append(str(failed.value))
                assert messages[0] == messages[1]
                assert "reset step 1" in messages[0]
    finally:
        device.close()


# -- the same episodes through the environment --------------------------------------------------

def _episode(env: MobileEnv, seed: int, actions: list) -> list:
    """What a reset and a few random steps give (timings left out), and the database after."""
    obs, info = env.reset(seed=seed)
    seen = [_plain(obs), sorted(k for k in info if k != "timing")]
    for action in actions:
        obs, reward, terminated, truncated, info = env.step(action)
        seen.append((_plain(obs), reward, terminated, truncated,
                     {k: v for k, v in info.items() if k != "timing"}))
        if terminated or truncated:
            break
    db = next(iter(env.task.seed_writes.values())).db_path
    seen.append(env.device.pull(db))
    return seen


def _plain(obs: dict) -> dict:
    return {k: (v.tobytes() if isinstance(v, np.ndarray) else v) for k, v in obs.items()}


@pytest.mark.parametrize("name", FAMILIES)
def test_the_environment_sees_the_same_episodes_either_way(name: str) -> None:
    kwargs = {"obs_size": (54, 120), "obs_keys": ("pixels", "view_hierarchy", "instruction")}
    direct = MobileEnv(name, **kwargs)
    shell = MobileEnv(name, backend=ShellOnlySimDevice, **kwargs)
    try:
        actions = random_raw_actions(direct.action_space, 6, 5)
        for seed in (0, 7, 123456):
            assert _episode(direct, seed, actions) == _episode(shell, seed, actions)
        assert isinstance(direct.device, DatabaseWriter) and not isinstance(shell.device, DatabaseWriter)
    finally:
        direct.close()
        shell.close()


# -- a task file's line goes through the shell --------------------------------------------------

def test_a_task_files_sqlite_line_goes_through_the_shell_and_its_guard(monkeypatch) -> None:
    def refused(self, path, sql):
        raise AssertionError("a task file's line reached write_database")

    monkeypatch.setattr(SimDevice, "write_database", refused)
    writes = sqlite_step("/data/local/tmp/x.db", "CREATE TABLE t(x); INSERT INTO t VALUES ('it''s');")
    attach = sqlite_step("/data/local/tmp/x.db", "ATTACH DATABASE '/tmp/outside.db' AS x")
    for made, ok in ((writes, True), (attach, False)):
        command = made.line
        assert made.write is not None  # a line a family could have built
        task = loads(f"""
            id: "file" name: "file"
            reset_steps {{ adb_call {{ shell_command {{ command: {_textproto_string(command)} }} }} }}
        """)
        assert not task.seed_writes
        env = MobileEnv(task, obs_keys=("instruction",))
        try:
            if ok:
                env.reset(seed=0)
                assert env.device.shell("sqlite3 /data/local/tmp/x.db 'SELECT x FROM t'")[1] == "it's\n"
            else:
                with pytest.raises(TaskSetupError, match="not authorized"):
                    env.reset(seed=0)
        finally:
            env.close()


def _textproto_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
