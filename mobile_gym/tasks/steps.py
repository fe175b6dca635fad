"""Run a task's setup and reset steps (`SetupStep` / `AdbCall`) on any `Device`.

Each `AdbCall` variant becomes the shell command a real device understands (the same commands
android_env / Mobile-Env issue), or a Device protocol call (tap, keys, files). Success conditions
poll the device in *device time* (`device.advance`, 0.1 s per poll), so on the simulator waiting is
free and deterministic. Failures raise `TaskSetupError` naming the step index, the call and the
device's answer.

Decisions (see the README's task-format section):

* ``install_apk``: apps cannot be installed from APKs on the simulator. If the package (taken
  from the step's ``check_install`` condition, else from an APK file name such as
  ``com.igisw.openmoneybox_55.apk``) is already installed, the step is a no-op; otherwise the APK
  is pushed and installed with ``pm install -r -t`` if the file is in the task file's folder
  (``tasks.assets``: host files are read from nowhere else, so Mobile-Env's ``../x.apk`` is
  refused unless the package is installed); otherwise a clear error.
* ``push { local_path }``: read from the task file's folder only, like APKs.
* ``grant_permissions``: ``pm grant`` per permission; a refusal is logged, not fatal, because
  which permissions are grantable depends on the Android version (install-time permissions are
  refused by ``pm grant`` and are granted anyway).
* ``rotate``: ``settings put system user_rotation``; the result is verified with the screen
  size, so a device that cannot rotate (the simulator) fails clearly for landscape; PORTRAIT_0
  on a portrait device is accepted.
* ``num_retries``: a step with a success condition is tried ``max(1, num_retries)`` times
  (android_env uses at least 3; the simulator is deterministic, so repeating a failed step only
  hides errors there).
* ``adb_command``: only ``adb shell ...`` can go through the Device protocol; anything else is
  refused with a clear error.
* ``wait_for_message``: waits for a new logcat line whose message matches the regex.
"""

from __future__ import annotations

import logging
import random
import re
import shlex
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from google.protobuf import text_format

from mobile_gym.device.base import DatabaseWriter, Device, DeviceError, InvalidInputError
from mobile_gym.tasks import task_pb2
from mobile_gym.tasks._textproto import FieldPath
from mobile_gym.tasks.assets import AssetError, TaskAssets
from mobile_gym.tasks.errors import TaskSetupError
from mobile_gym.tasks.loader import SeedWrite
from mobile_gym.tasks.patterns import TaskPattern
from mobile_gym.tasks.patterns import compiled as compiled_pattern

log = logging.getLogger(__name__)

POLL_SECONDS = 0.1
_ERROR_OUTPUT = re.compile(r"^\s*(Error|Exception|Failure|java\.lang\.\w+)", re.MULTILINE)
_APK_PACKAGE = re.compile(r"^([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+?)(?:[_\-]\d|\.apk$)")


@dataclass
class StepContext:
    """State that lives across `run_steps` calls of one task on one device.

    `directory` is the task file's folder, the only place APKs and pushed files are read
    from (`assets`, built from it unless given; no folder: no host file is read); `locate`
    names where a field path was written (`LoadedTask.where`), for messages; `seed` drives
    `start_random_activity` deterministically; the last random activity is remembered for
    `force_stop_random_activity` / `clear_cache_random_activity`. `seed_writes` are a task
    family's `LoadedTask.seed_writes` (package code's, never a task file's): a device that is a
    `DatabaseWriter` is given their words instead of their shell lines.
    """

    directory: Path | None = None
    seed: int = 0
    poll_seconds: float = POLL_SECONDS
    last_random_activity: str | None = None
    assets: TaskAssets | None = None
    locate: Callable[[FieldPath], str] | None = None
    seed_writes: Mapping[str, SeedWrite] = field(default_factory=dict, repr=False)
    rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        if self.assets is None:
            self.assets = TaskAssets(self.directory)


class _StepFailure(Exception):
    """Internal: one attempt failed; carries the device's answer."""

    def __init__(self, message: str, answer: str = "", permanent: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.answer = answer
        self.permanent = permanent


def _answer(code: int, out: str, err: str) -> str:
    text = (out.strip() + ("\n" + err.strip() if err.strip() else "")).strip()
    if len(text) > 400:
        text = text[:400] + "…"
    return f"exit {code}: {text!r}"


def _run(device: Device, cmd: str, *, expect: str | None = None) -> str:
    """Run a shell command; failure = non-zero exit, an error line, or `expect` missing."""
    return _checked(cmd, device.shell(cmd), expect=expect)


def _checked(cmd: str, answer: tuple[int, str, str], *, expect: str | None = None) -> str:
    """The output of the shell command `cmd` that answered `answer`; failure as `_run` says."""
    code, out, err = answer
    failed = code != 0 or bool(_ERROR_OUTPUT.search(out)) or bool(_ERROR_OUTPUT.search(err))
    if expect is not None and expect not in out:
        failed = True
    if failed:
        raise _StepFailure(f"`{cmd}` failed", _answer(code, out, err))
    return out


def normalize_component(component: str) -> str:
    """"pkg/.Act" -> "pkg/pkg.Act"; anything without "/" is returned unchanged."""
    pkg, sep, cls = component.strip().partition("/")
    if sep and cls.startswith("."):
        cls = pkg + cls
    return f"{pkg}{sep}{cls}"


def installed_packages(device: Device) -> set[str]:
    """Package names reported by `pm list packages`."""
    out = _run(device, "pm list packages")
    return {line.split(":", 1)[1].strip() for line in out.splitlines()
            if line.startswith("package:")}


def _vh_path_matches(xml: str, patterns: Sequence[str]) -> bool:
    """Whether a parent -> child chain of nodes matches `patterns` level by level.

    Each node is described as ``class{resource-id}`` (uiautomator has no DecorView level, so
    the chain may start at any depth).
    """
    from lxml import etree

    try:
        root = etree.fromstring(xml.encode("utf-8"))
    except etree.XMLSyntaxError:
        return False
    regexes = [compiled_pattern(p) for p in patterns]
    return any(_chain_matches(node, regexes, 0) for node in root.iter() if isinstance(node.tag, str))


def _chain_matches(node: Any, regexes: list[Any], level: int) -> bool:
    """Whether `node` and a line of its descendants match `regexes[level:]` in turn
    (module-level: a nested function calling itself is a reference cycle)."""
    if not regexes[level].search(f"{node.get('class', node.tag)}{{{node.get('resource-id', '')}}}"):
        return False
    if level + 1 == len(regexes):
        return True
    return any(_chain_matches(child, regexes, level + 1) for child in node if isinstance(child.tag, str))


#: A wait checks every `poll` seconds for this long, then ever less often (up to
#: LONG_WAIT_POLL), so that an hour-long timeout is not 36 000 checks of the screen.
SHORT_WAIT_SECONDS = 10.0
LONG_WAIT_POLL = 10.0


def _wait(device: Device, timeout: float, poll: float, done: Callable[[], bool]) -> bool:
    """Poll `done` every `poll` device seconds until it holds or `timeout` passes (>= 1 check);
    after SHORT_WAIT_SECONDS the interval grows by half each check, up to LONG_WAIT_POLL."""
    elapsed = 0.0
    while True:
        if done():
            return True
        if elapsed >= timeout - 1e-9:
            return False
        if elapsed >= SHORT_WAIT_SECONDS:
            poll = min(max(poll, 1e-3) * 1.5, LONG_WAIT_POLL)
        dt = min(poll, timeout - elapsed)
        device.advance(dt)
        elapsed += dt


class _Runner:
    def __init__(self, device: Device, ctx: StepContext) -> None:
        self.device = device
        self.ctx = ctx
        self.step_path: FieldPath = ()  # the field path of the step being run

    def read_asset(self, relpath: str, field_names: FieldPath, field_label: str) -> bytes:
        """A file of the task's folder (one refusal for missing and forbidden files), named
        in errors by the task file, line and field."""
        path = self.step_path + field_names
        where = self.ctx.locate(path) if self.ctx.locate is not None else ""
        assert self.ctx.assets is not None
        try:
            return self.ctx.assets.read(relpath, where=where, field=field_label)
        except AssetError as exc:
            raise _StepFailure(str(exc), permanent=True) from None

    # -- AdbCall variants --------------------------------------------------------------------
    def call(self, call: task_pb2.AdbCall, step: task_pb2.SetupStep) -> None:
        kind = call.WhichOneof("command")
        if kind is None:
            raise _StepFailure("adb_call has no command", permanent=True)
        getattr(self, "do_" + kind)(getattr(call, kind), step)

    def do_install_apk(self, msg, step) -> None:
        rel = msg.filesystem.path
        pkg = step.success_condition.check_install.package_name or None
        if pkg is None:
            m = _APK_PACKAGE.match(PurePosixPath(rel).name)
            pkg = m.group(1) if m else None
        if pkg and pkg in installed_packages(self.device):
            log.info("install_apk %s: %s is already installed; nothing to do", rel, pkg)
            return
        try:
            data = self.read_asset(rel, ("adb_call", "install_apk", "filesystem", "path"),
                                   "install_apk path")
        except _StepFailure as exc:
            raise _StepFailure(
                f"{exc.message}, and package {pkg or '(unknown)'} is not installed; this device "
                "can only use apps it already has (the simulator's built-in apps)",
                permanent=True) from None
        remote = f"/data/local/tmp/{PurePosixPath(rel.replace(chr(92), '/')).name}"
        self.device.push(remote, data)
        _run(self.device, f"pm install -r -t {shlex.quote(remote)}", expect="Success")

    def do_start_activity(self, msg, step) -> None:
        parts = ["am", "start", "-n", shlex.quote(msg.full_activity)]
        if msg.flag:
            parts += ["-f", shlex.quote(msg.flag)]
        parts += list(msg.extra_args)  # shell words, quoted by the task author as in android_env
        _run(self.device, " ".join(parts))

    def do_force_stop(self, msg, step) -> None:
        _run(self.device, f"am force-stop {shlex.quote(msg.package_name)}")

    def do_clear_cache(self, msg, step) -> None:
        _run(self.device, f"pm clear {shlex.quote(msg.package_name)}", expect="Success")

    def do_grant_permissions(self, msg, step) -> None:
        for perm in msg.permissions:
            cmd = f"pm grant {shlex.quote(msg.package_name)} {shlex.quote(perm)}"
            code, out, err = self.device.shell(cmd)
            if code != 0 or _ERROR_OUTPUT.search(out + "\n" + err):
                log.warning("grant_permissions: `%s` refused (%s); continuing: grantable "
                            "permissions depend on the Android version", cmd,
                            _answer(code, out, err))

    def do_tap(self, msg, step) -> None:
        w, h = self.device.screen_size
        if not (0 <= msg.x < w and 0 <= msg.y < h):
            raise _StepFailure(f"tap ({msg.x}, {msg.y}) is outside the {w}x{h} screen "
                               "(tap takes absolute pixels)", permanent=True)
        self.device.touch(msg.x, msg.y, True)
        self.device.touch(msg.x, msg.y, False)

    def do_press_button(self, msg, step) -> None:
        name = task_pb2.AdbCall.PressButton.Button.Name(msg.button)
        self.device.key(name)

    def do_rotate(self, msg, step) -> None:
        rotation = msg.orientation
        name = task_pb2.AdbCall.Rotate.Orientation.Name(rotation)
        w, h = self.device.screen_size
        want_landscape = rotation in (task_pb2.AdbCall.Rotate.LANDSCAPE_90,
                                      task_pb2.AdbCall.Rotate.LANDSCAPE_270)
        if not want_landscape and h >= w and rotation == task_pb2.AdbCall.Rotate.PORTRAIT_0:
            return  # already in natural portrait
        _run(self.device, "settings put system accelerometer_rotation 0")
        _run(self.device, f"settings put system user_rotation {rotation}")
        self.device.advance(self.ctx.poll_seconds)
        w, h = self.device.screen_size
        if want_landscape != (w > h):
            raise _StepFailure(f"rotation to {name} is not supported by this device (the screen "
                               f"stays {w}x{h})", permanent=True)

    def do_start_accessibility_service(self, msg, step) -> None:
        svc = shlex.quote(msg.full_service)
        _run(self.device, f"settings put secure enabled_accessibility_services {svc}")
        _run(self.device, "settings put secure accessibility_enabled 1")

    def do_start_screen_pinning(self, msg, step) -> None:
        want = normalize_component(msg.full_activity)
        out = _run(self.device, "am stack list")
        for m in re.finditer(r"taskId=(\d+):\s*(\S+)", out):
            if normalize_component(m.group(2)) == want:
                _run(self.device, f"am task lock {m.group(1)}")
                return
        raise _StepFailure(f"no task shows {msg.full_activity}; start it before pinning",
                           _answer(0, out, ""))

    def do_start_random_activity(self, msg, step) -> None:
        activity = self.ctx.rng.choice(list(msg.activity_list))
        self.ctx.last_random_activity = activity
        parts = ["am", "start", "-n", shlex.quote(activity)] + list(msg.extra_args)
        _run(self.device, " ".join(parts))
        want = normalize_component(activity)
        if msg.timeout_sec > 0 and not _wait(
                self.device, msg.timeout_sec, self.ctx.poll_seconds,
                lambda: normalize_component(self.device.current_activity()) == want):
            raise _StepFailure(f"{activity} did not come to the front within "
                               f"{msg.timeout_sec} s", self.device.current_activity())

    def _random_package(self, what: str) -> str:
        if self.ctx.last_random_activity is None:
            raise _StepFailure(f"{what}: no random activity was started before", permanent=True)
        return self.ctx.last_random_activity.split("/", 1)[0]

    def do_force_stop_random_activity(self, msg, step) -> None:
        pkg = self._random_package("force_stop_random_activity")
        _run(self.device, f"am force-stop {shlex.quote(pkg)}")

    def do_clear_cache_random_activity(self, msg, step) -> None:
        pkg = self._random_package("clear_cache_random_activity")
        _run(self.device, f"pm clear {shlex.quote(pkg)}", expect="Success")

    def do_disable_animations(self, msg, step) -> None:
        for key in ("window_animation_scale", "transition_animation_scale",
                    "animator_duration_scale"):
            _run(self.device, f"settings put global {key} 0")

    def do_start_intent(self, msg, step) -> None:
        parts = ["am", "start"]
        if msg.action:
            parts += ["-a", shlex.quote(msg.action)]
        if msg.data_uri:
            parts += ["-d", shlex.quote(msg.data_uri)]
        if msg.package_name:
            parts.append(shlex.quote(msg.package_name))
        _run(self.device, " ".join(parts))

    def do_uninstall_package(self, msg, step) -> None:
        if msg.package_name not in installed_packages(self.device):
            log.info("uninstall_package: %s is not installed; nothing to do", msg.package_name)
            return
        _run(self.device, f"pm uninstall {shlex.quote(msg.package_name)}", expect="Success")

    def do_shell_command(self, msg, step) -> None:
        cmd = " ".join(msg.command)
        write = self.ctx.seed_writes.get(cmd) if self.ctx.seed_writes else None
        if write is not None and isinstance(self.device, DatabaseWriter):
            # the family's own `sqlite3 DB SQL`: the device is given the words it quoted
            _checked(cmd, self.device.write_database(write.db_path, write.sql))
            return
        _run(self.device, cmd)

    def do_adb_command(self, msg, step) -> None:
        args = list(msg.command)
        if args and args[0] == "shell" and len(args) > 1:
            _run(self.device, " ".join(args[1:]))
            return
        raise _StepFailure(f"`adb {' '.join(args)}` is not a device shell command; only "
                           "`adb shell ...` can run through the Device protocol", permanent=True)

    def do_settings(self, msg, step) -> None:
        ns = task_pb2.AdbCall.Settings.Namespace.Name(msg.namespace).lower()
        if msg.delete:
            _run(self.device, f"settings delete {ns} {shlex.quote(msg.key)}")
        else:
            _run(self.device,
                 f"settings put {ns} {shlex.quote(msg.key)} {shlex.quote(msg.value)}")

    def do_push(self, msg, step) -> None:
        if msg.WhichOneof("source") == "content":
            data = msg.content
        else:
            data = self.read_asset(msg.local_path, ("adb_call", "push", "local_path"),
                                   "push local_path")
        self.device.push(msg.path, data)

    # -- success conditions -----------------------------------------------------------------
    def check(self, sc: task_pb2.SuccessCondition) -> None:
        kind = sc.WhichOneof("check")
        poll = self.ctx.poll_seconds
        if kind == "wait_for_app_screen":
            w = sc.wait_for_app_screen
            want = normalize_component(w.app_screen.activity) if w.app_screen.activity else None
            paths = list(w.app_screen.view_hierarchy_path)

            def on_screen() -> bool:
                if want is not None and normalize_component(self.device.current_activity()) != want:
                    return False
                return not paths or _vh_path_matches(self.device.view_hierarchy(), paths)

            if not _wait(self.device, w.timeout_sec, poll, on_screen):
                raise _StepFailure(
                    f"app screen {w.app_screen.activity or paths} not shown within "
                    f"{w.timeout_sec} s", f"current activity {self.device.current_activity()!r}")
        elif kind == "check_install":
            c = sc.check_install
            if not _wait(self.device, c.timeout_sec, poll,
                         lambda: c.package_name in installed_packages(self.device)):
                raise _StepFailure(f"package {c.package_name} not installed within "
                                   f"{c.timeout_sec} s", "`pm list packages` does not list it")
        elif kind == "wait_for_message":
            m = sc.wait_for_message
            regex = TaskPattern(m.message)
            seen: list[str] = []

            def logged() -> bool:
                for line in self.device.logcat():
                    seen.append(f"{line.tag}: {line.message}")
                    if regex.search(line.message):
                        return True
                return False

            if not _wait(self.device, m.timeout_sec, poll, logged):
                tail = "; ".join(seen[-3:]) or "no new log lines"
                raise _StepFailure(f"no log message matching {m.message!r} within "
                                   f"{m.timeout_sec} s", f"last lines: {tail}")


def describe_call(step: task_pb2.SetupStep) -> str:
    """A one-line description of a step for messages."""
    kind = step.WhichOneof("step")
    if kind is None:
        return "success_condition only"
    msg = getattr(step, kind)
    if kind == "adb_call":
        which = msg.WhichOneof("command") or "empty adb_call"
        body = text_format.MessageToString(getattr(msg, which), as_one_line=True) \
            if msg.WhichOneof("command") else ""
        text = f"{which}: {body}" if body else which
    else:
        text = f"sleep {msg.time_sec} s"
    return text if len(text) <= 200 else text[:200] + "…"


_STEP_FIELDS = {"setup step": "setup_steps", "reset step": "reset_steps"}


def run_steps(steps: Sequence[task_pb2.SetupStep], device: Device, *,
              context: StepContext | None = None, label: str = "step",
              field_name: str | None = None, start: int = 0) -> None:
    """Execute `steps` in order on `device`; raise TaskSetupError at the first failing one.

    `label` ("setup step", "reset step") prefixes messages; `field_name` is the task field the
    steps come from (`setup_steps`, `reset_steps`; by default from `label`), to locate errors;
    `context` carries the task's folder, the seed for random activities and state across calls
    (a fresh one by default). `start` skips the steps before it, whose effect the device
    already has (a snapshot taken after them was restored); messages keep their indexes.
    """
    ctx = context if context is not None else StepContext()
    runner = _Runner(device, ctx)
    list_field = field_name or _STEP_FIELDS.get(label, "steps")
    for index, step in enumerate(steps):
        if index < start:
            continue
        runner.step_path = (list_field, index)
        has_check = step.HasField("success_condition") and \
            step.success_condition.WhichOneof("check") is not None
        attempts = max(1, step.success_condition.num_retries) if has_check else 1
        failure: _StepFailure | None = None
        for _ in range(attempts):
            try:
                kind = step.WhichOneof("step")
                if kind == "adb_call":
                    runner.call(step.adb_call, step)
                elif kind == "sleep" and step.sleep.time_sec > 0:
                    device.advance(step.sleep.time_sec)
                if has_check:
                    runner.check(step.success_condition)
                failure = None
                break
            except _StepFailure as e:
                failure = e
                if e.permanent:
                    break
            except (DeviceError, InvalidInputError, OSError, re.error) as e:
                failure = _StepFailure(f"{type(e).__name__}", str(e), permanent=True)
                break
        if failure is not None:
            raise TaskSetupError(label, index, describe_call(step), failure.answer,
                                 failure.message)


#: Calls whose effect depends on more than the device and the step itself (the seed's random
#: choice, a host file that may change): never part of a replayed prefix (`replayable`).
_UNREPLAYABLE_CALLS = frozenset({"start_random_activity", "force_stop_random_activity",
                                 "clear_cache_random_activity", "install_apk"})


def replayable(step: task_pb2.SetupStep) -> bool:
    """Whether the state after `step` is a function of the state before it and of the step's
    own fields, so that a snapshot taken after it may stand in for running it again."""
    if step.WhichOneof("step") != "adb_call":
        return True  # a sleep, or a success condition alone
    kind = step.adb_call.WhichOneof("command")
    if kind in _UNREPLAYABLE_CALLS:
        return False
    return not (kind == "push" and step.adb_call.push.WhichOneof("source") != "content")
