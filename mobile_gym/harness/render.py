"""`mobile-gym replay EPISODE --out FILE.gif|.mp4`: a recorded episode as an animation with
each step's action drawn on the frame it was taken on: a dot where a finger touched, an arrow
for a drag, scroll or swipe, the typed text and the action, and the agent's reasoning as a
caption when the harness recorded it (`agent_steps.jsonl` beside the trajectory).

GIF needs imageio (the `harness` extra); MP4 also needs imageio-ffmpeg.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import numpy as np

from mobile_gym.wrappers.record_episode import load_trajectory

CAPTION_LINES = 5
_ARROWS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
#: A scroll's finger moves against the direction the content comes from.
_SCROLL_FINGER = {"up": "down", "down": "up", "left": "right", "right": "left"}


def _raw_steps(header: dict[str, Any], steps: list[dict[str, Any]], screen: tuple[int, int]) -> list[dict[str, Any]]:
    """Drawing notes from raw actions: touches, drags (touch moves before a lift), typed tokens."""
    vocabulary = list((header.get("env") or {}).get("vocabulary") or [])
    notes, start = [], None
    for record in steps:
        action = record.get("action") or record.get("action_as_given") or {}
        if isinstance(action, list):
            action = action[0] if action else {}
        note: dict[str, Any] = {"t": record["t"]}
        if isinstance(action, dict) and "action_type" in action:
            kind = int(np.asarray(action["action_type"]).reshape(-1)[0])
            if kind == 0:
                x, y = (float(v) for v in np.asarray(action["touch_position"]).reshape(-1)[:2])
                point = [int(x * screen[0]), int(y * screen[1])]
                note["point"] = point
                if start is not None and start != point:
                    note["from"] = start
                start = start or point
                note["action"] = f"TOUCH ({point[0]}, {point[1]})"
            elif kind == 1:
                if start is not None:
                    note["point"] = start  # where the finger went down
                start = None
                note["action"] = "LIFT"
            elif kind == 3:
                token = int(np.asarray(action["input_token"]).reshape(-1)[0])
                note["text"] = vocabulary[token] if token < len(vocabulary) else f"token {token}"
                note["action"] = "TEXT"
            elif kind == 4:
                from mobile_gym.device.base import KEY_NAMES

                note["action"] = f"KEY {KEY_NAMES[int(np.asarray(action['key']).reshape(-1)[0])]}"
            else:
                note["action"] = "REPEAT" + (f" answer {action.get('response')!r}" if action.get("response") else "")
        else:
            note["action"] = action if isinstance(action, str) else json.dumps(action)[:200]
        notes.append(note)
    return notes


def _notes(directory: Path, header: dict[str, Any], steps: list[dict[str, Any]],
           screen: tuple[int, int]) -> list[dict[str, Any]]:
    sidecar = directory / "agent_steps.jsonl"
    raw = _raw_steps(header, steps, screen)
    if not sidecar.exists():
        return raw
    agent = [json.loads(line) for line in sidecar.read_text(encoding="utf-8").splitlines() if line.strip()]
    by_t = {a["t"]: a for a in agent}
    out = []
    for note in raw:
        extra = by_t.get(note["t"], {})
        merged = {**note, **{k: v for k, v in extra.items() if v not in (None, "")}}
        if "point" in note and "from" in note:
            merged["from"] = note["from"]
        out.append(merged)
    return out


def _draw(frame: np.ndarray, note: dict[str, Any], screen: tuple[int, int]) -> np.ndarray:
    import cv2

    height, width = frame.shape[:2]
    sx, sy = width / screen[0], height / screen[1]
    image = np.ascontiguousarray(frame.copy())
    red = (230, 30, 30)
    point = note.get("point")
    p = (int(point[0] * sx), int(point[1] * sy)) if point else (width // 2, height // 2)
    if note.get("from"):
        q = (int(note["from"][0] * sx), int(note["from"][1] * sy))
        cv2.arrowedLine(image, q, p, red, 2, tipLength=0.25)
    direction = note.get("direction")
    if direction in _ARROWS:
        label = str(note.get("action", ""))
        finger = _SCROLL_FINGER[direction] if '"scroll"' in label or label.startswith("scroll") else direction
        dx, dy = _ARROWS[finger]
        length = 0.25 * min(width, height) * 2
        cv2.arrowedLine(image, p, (int(p[0] + dx * length), int(p[1] + dy * length)), red, 2, tipLength=0.25)
    elif point:
        cv2.circle(image, p, max(4, width // 40), red, -1)
        cv2.circle(image, p, max(6, width // 30), (255, 255, 255), 1)
    lines = [f"{note['t']}: {note.get('action', '')}"]
    if note.get("text"):
        lines.append(f"typed: {note['text']}")
    if note.get("reasoning"):
        lines.append(f"why: {note['reasoning']}")
    if note.get("action_error"):
        lines.append(f"error: {note['action_error']}")
    return _with_caption(image, lines)


def _with_caption(image: np.ndarray, lines: list[str]) -> np.ndarray:
    import cv2

    width = image.shape[1]
    chars = max(20, width // 7)
    wrapped = [w for line in lines for w in textwrap.wrap(line, chars)][:CAPTION_LINES]
    strip = np.full((14 * CAPTION_LINES + 6, width, 3), 255, np.uint8)
    for i, line in enumerate(wrapped):
        cv2.putText(strip, line, (3, 14 * (i + 1)), cv2.FONT_HERSHEY_SIMPLEX, 0.36, (0, 0, 0), 1, cv2.LINE_AA)
    return np.vstack([image, strip])


def render_episode(directory: Path, out: Path, *, seconds_per_frame: float = 0.5) -> Path:
    """Write the episode's animation to `out` (.gif or .mp4); ValueError says what is missing."""
    import cv2

    suffix = out.suffix.lower()
    if suffix not in (".gif", ".mp4"):
        raise ValueError(f"--out {out}: expected a .gif or .mp4 file name")
    try:
        import imageio.v3 as iio
    except ImportError:
        raise ValueError("rendering needs imageio: pip install 'mobile-gym[harness]'") from None
    if suffix == ".mp4":
        try:
            import imageio_ffmpeg  # noqa: F401
        except ImportError:
            raise ValueError("MP4 needs imageio-ffmpeg: pip install imageio-ffmpeg (or write a .gif)") from None
    header, steps = load_trajectory(directory)
    frames_dir = Path(directory) / "frames"
    files = sorted(frames_dir.glob("*.png")) if frames_dir.is_dir() else []
    if not files:
        raise ValueError(f"{directory}: the recording has no frames (recorded without pixels)")
    kwargs = (header.get("env") or {}).get("device_kwargs") or {}
    screen = tuple(kwargs.get("screen_size", (1080, 2400)))
    notes = _notes(Path(directory), header, steps, screen)  # type: ignore[arg-type]
    frames = [cv2.cvtColor(cv2.imread(str(f)), cv2.COLOR_BGR2RGB) for f in files]
    drawn = [_draw(frames[min(i, len(frames) - 1)], note, screen) for i, note in enumerate(notes)]  # type: ignore[arg-type]
    drawn.append(_with_caption(frames[-1], ["end of episode"]))
    h = -(-max(f.shape[0] for f in drawn) // 16) * 16  # whole video macro blocks
    w = -(-max(f.shape[1] for f in drawn) // 16) * 16
    stack = np.stack([np.pad(f, ((0, h - f.shape[0]), (0, w - f.shape[1]), (0, 0)), constant_values=255)
                      for f in drawn])
    out.parent.mkdir(parents=True, exist_ok=True)
    if suffix == ".gif":
        iio.imwrite(out, stack, duration=int(seconds_per_frame * 1000), loop=0)
    else:
        iio.imwrite(out, stack, plugin="FFMPEG", fps=max(1, round(1 / seconds_per_frame)))
    return out
