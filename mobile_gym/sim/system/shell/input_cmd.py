"""`input` (AOSP InputShellCommand): tap, swipe, draganddrop, text, keyevent, motionevent, press, roll."""

from __future__ import annotations

import string

from mobile_gym.sim.system.shell.core import Proc, UsageError

# KeyEvent.KEYCODE_* values (android.view.KeyEvent).
KEYCODES: dict[str, int] = {
    "UNKNOWN": 0, "SOFT_LEFT": 1, "SOFT_RIGHT": 2, "HOME": 3, "BACK": 4, "CALL": 5, "ENDCALL": 6,
    **{str(d): 7 + d for d in range(10)}, "STAR": 17, "POUND": 18, "DPAD_UP": 19, "DPAD_DOWN": 20,
    "DPAD_LEFT": 21, "DPAD_RIGHT": 22, "DPAD_CENTER": 23, "VOLUME_UP": 24, "VOLUME_DOWN": 25, "POWER": 26,
    "CAMERA": 27, "CLEAR": 28, **{c: 29 + i for i, c in enumerate(string.ascii_uppercase)}, "COMMA": 55,
    "PERIOD": 56, "ALT_LEFT": 57, "ALT_RIGHT": 58, "SHIFT_LEFT": 59, "SHIFT_RIGHT": 60, "TAB": 61,
    "SPACE": 62, "SYM": 63, "EXPLORER": 64, "ENVELOPE": 65, "ENTER": 66, "DEL": 67, "GRAVE": 68,
    "MINUS": 69, "EQUALS": 70, "LEFT_BRACKET": 71, "RIGHT_BRACKET": 72, "BACKSLASH": 73, "SEMICOLON": 74,
    "APOSTROPHE": 75, "SLASH": 76, "AT": 77, "NUM": 78, "HEADSETHOOK": 79, "FOCUS": 80, "PLUS": 81,
    "MENU": 82, "NOTIFICATION": 83, "SEARCH": 84, "MEDIA_PLAY_PAUSE": 85, "MEDIA_STOP": 86,
    "MEDIA_NEXT": 87, "MEDIA_PREVIOUS": 88, "PAGE_UP": 92, "PAGE_DOWN": 93, "ESCAPE": 111,
    "FORWARD_DEL": 112, "CTRL_LEFT": 113, "CTRL_RIGHT": 114, "MOVE_HOME": 122, "MOVE_END": 123,
    "VOLUME_MUTE": 164, "APP_SWITCH": 187, "SLEEP": 223, "WAKEUP": 224, "ALL_APPS": 284,
}
CODE_TO_NAME = {v: k for k, v in KEYCODES.items()}
_CHARS = {"SPACE": " ", "COMMA": ",", "PERIOD": ".", "MINUS": "-", "EQUALS": "=", "LEFT_BRACKET": "[",
          "RIGHT_BRACKET": "]", "BACKSLASH": "\\", "SEMICOLON": ";", "APOSTROPHE": "'", "SLASH": "/",
          "AT": "@", "PLUS": "+", "STAR": "*", "POUND": "#", "GRAVE": "`", "TAB": "\t"}
SOURCES = ("keyboard", "dpad", "gamepad", "touchscreen", "mouse", "stylus", "trackball", "touchpad",
           "touchnavigation", "joystick")
MOVE_INTERVAL = 0.016  # seconds between injected MOVE events (about one per frame)
MAX_MOVES = 1000  # a longer gesture moves in bigger steps (a day-long swipe must not hang the sim)


def key_name(arg: str) -> str:
    """`KEYCODE_HOME`, `HOME` or `3` -> "HOME"; IllegalArgumentException text otherwise."""
    if arg.isdigit():
        code = int(arg)
        if code in CODE_TO_NAME:
            return CODE_TO_NAME[code]
    name = arg.upper()
    name = name.removeprefix("KEYCODE_")
    if name in KEYCODES:
        return name
    raise UsageError(f"Exception occurred while executing 'keyevent':\n"
                     f"java.lang.IllegalArgumentException: Unknown keycode: {arg}", 255)


def press_key(proc: Proc, name: str) -> None:
    """Deliver one key the way the device handles it."""
    android = proc.android
    if len(name) == 1 and (name.isalpha() or name.isdigit()):
        android.input_text(name.lower())
    elif name in _CHARS:
        android.input_text(_CHARS[name])
    else:  # system keys, editing keys, and keys the focused view may ignore
        android.key(name)


_CTRL = ("CTRL_LEFT", "CTRL_RIGHT")
_SHIFT = ("SHIFT_LEFT", "SHIFT_RIGHT")
_MODIFIERS = _CTRL + _SHIFT + ("ALT_LEFT", "ALT_RIGHT")


def press_combination(proc: Proc, names: list[str]) -> None:
    """`input keycombination K1 K2 ...`: every key goes down in order and up together, so the
    modifiers are held for the keys after them: Ctrl+A reaches the focused view as "CTRL+A"
    (TextView's shortcuts), Shift+letter types the capital; a modifier alone does nothing."""
    ctrl = shift = False
    for name in names:
        if name in _MODIFIERS:
            ctrl = ctrl or name in _CTRL
            shift = shift or name in _SHIFT
        elif ctrl:
            proc.android.key("CTRL+" + name)
        elif shift and len(name) == 1 and name.isalpha():
            proc.android.input_text(name.upper())
        else:
            press_key(proc, name)


def _coords(proc: Proc, args: list[str], n: int, what: str) -> list[float]:
    if len(args) < n:
        raise UsageError(f"Error: Invalid arguments for command: {what}\n"
                         f"Usage: input [<source>] [-d DISPLAY_ID] {what} {' '.join('<x> <y>' for _ in range(n // 2))}",
                         1)
    try:
        return [float(a) for a in args[:n]]
    except ValueError:
        bad = next(a for a in args[:n] if not _is_float(a))
        raise UsageError(f"Exception occurred while executing '{what}':\n"
                         f"java.lang.NumberFormatException: For input string: \"{bad}\"", 255) from None


def _is_float(s: str) -> bool:
    try:
        float(s)
        return True
    except ValueError:
        return False


def _touch(proc: Proc, x: float, y: float, down: bool) -> None:
    """Inject one pointer event; events outside the screen are dropped, as by the input dispatcher."""
    from mobile_gym.device.base import InvalidInputError
    w, h = proc.android.screen_size
    xi, yi = int(round(x)), int(round(y))
    if not (0 <= xi < w and 0 <= yi < h):
        xi, yi = min(max(xi, 0), w - 1), min(max(yi, 0), h - 1)
        if down and not proc.android.touch_is_down:
            return
    try:
        proc.android.touch(xi, yi, down)
    except InvalidInputError:
        pass


def _glide(proc: Proc, x1: float, y1: float, x2: float, y2: float, duration: float) -> None:
    steps = max(1, min(int(duration / MOVE_INTERVAL), MAX_MOVES))
    dt = duration / steps
    for k in range(1, steps + 1):
        proc.android.advance(dt)
        a = k / steps
        _touch(proc, x1 + (x2 - x1) * a, y1 + (y2 - y1) * a, True)


def cmd_input(proc: Proc) -> int:
    args = proc.argv[1:]
    if args and args[0] in SOURCES:
        args = args[1:]
    if len(args) >= 2 and args[0] == "-d":
        args = args[2:]
    if not args:
        proc.print("Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]\n\nThe commands and default "
                   "sources are:\n      text <string> (Default: touchscreen)\n      keyevent [--longpress|--doubletap]"
                   " <key code number or name> ... (Default: keyboard)\n      tap <x> <y> (Default: touchscreen)\n"
                   "      swipe <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n      draganddrop <x1> "
                   "<y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n      press (Default: trackball)\n"
                   "      roll <dx> <dy> (Default: trackball)\n      motionevent <DOWN|UP|MOVE|CANCEL> <x> <y> "
                   "(Default: touchscreen)")
        return 1
    verb, rest = args[0], args[1:]
    if verb == "tap":
        x, y = _coords(proc, rest, 2, "tap")
        _touch(proc, x, y, True)
        _touch(proc, x, y, False)
        return 0
    if verb in ("swipe", "draganddrop"):
        x1, y1, x2, y2 = _coords(proc, rest, 4, verb)
        duration_ms = float(rest[4]) if len(rest) > 4 and _is_float(rest[4]) else (300.0 if verb == "swipe" else 0)
        duration = max(0.0, duration_ms / 1000.0)
        _touch(proc, x1, y1, True)
        if verb == "draganddrop":
            proc.android.advance(0.75)  # hold past the long-press timeout before moving
        if duration > 0:
            _glide(proc, x1, y1, x2, y2, duration)
        else:
            _touch(proc, x2, y2, True)
        _touch(proc, x2, y2, False)
        return 0
    if verb == "motionevent":
        if len(rest) < 3:
            raise UsageError("Error: Invalid arguments for command: motionevent", 1)
        action = rest[0].upper()
        x, y = _coords(proc, rest[1:], 2, "motionevent")
        if action == "DOWN" or action == "MOVE":
            _touch(proc, x, y, True)
        elif action in ("UP", "CANCEL"):
            _touch(proc, x, y, False)
        else:
            raise UsageError(f"Exception occurred while executing 'motionevent':\n"
                             f"java.lang.IllegalArgumentException: Unknown action: {rest[0]}", 255)
        return 0
    if verb == "text":
        if not rest:
            raise UsageError("Error: Invalid arguments for command: text\nUsage: input [<source>] text <string>", 1)
        proc.android.input_text(rest[0].replace("%s", " "))
        return 0
    if verb in ("keyevent", "keycombination"):
        names = []
        longpress = False
        for a in rest:
            if a in ("--longpress", "--doubletap", "--async"):
                longpress = longpress or a == "--longpress"
                continue
            if a == "-t" or a == "--delay":
                continue
            names.append(key_name(a))
        if not names:
            raise UsageError("Error: Invalid arguments for command: keyevent", 1)
        if verb == "keycombination":
            press_combination(proc, names)
            return 0
        for name in names:
            press_key(proc, name)
        return 0
    if verb in ("press", "roll"):
        return 0
    proc.eprint(f"Error: Unknown command: {verb}")
    return 1


COMMANDS = {"input": cmd_input}
