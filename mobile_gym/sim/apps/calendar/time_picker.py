"""MaterialTimePicker (INPUT_MODE_CLOCK, 24-hour) as the editor shows it on API 33.

`header_title` "Select time"; `material_clock_display` with the hour and minute chips
(`material_hour_tv`, `material_minute_tv`); `material_clock_face` with one TextView per
number: hours "00", "1".."23" (outer ring 0-11, inner 12-23; MDC 1.9.0 formats the 12-hour and
minute labels but not HOUR_CLOCK_24_VALUES) with content-desc "N hours", minutes
"00", "05", ... "55" with content-desc "05 minutes" (MDC zero-padded minute labels).
Picking an hour switches to minutes; OK (`material_timepicker_ok_button`) reports the time.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import skia

from ...ui.geometry import Rect
from ...ui.layouts import LinearLayout
from ...ui.render import fill_paint, stroke_paint
from ...ui.units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from ...ui.view import EXACTLY, Spec, View
from ...ui.widgets import Button, ImageButton, TextView
from . import theme
from .dialogs import _Dialog
from .flat_rows import group

if TYPE_CHECKING:
    from ...system.activity import Activity

FACE_SIZE = dp(256)
HOUR_LABELS = ("00",) + tuple(str(h) for h in range(1, 24))
LABEL_SIZE = dp(48)
FACE_BG = 0xFFE1E2EC


class ClockFace(View):
    """`material_clock_face` (ClockFaceView): the dial, the hand and the number labels."""

    def __init__(self, picker: TimePickerState) -> None:
        super().__init__(id="material_clock_face", width=FACE_SIZE, height=FACE_SIZE)
        self.a11y_class = "android.view.ViewGroup"
        self.picker = picker
        self.hand = View(id="material_clock_hand", width=FACE_SIZE, height=FACE_SIZE)
        self.labels: list[TextView] = []
        self.add(self.hand)
        self.set_values()

    def set_values(self) -> None:
        """Hours (24 labels on two rings) or minutes (12 labels)."""
        for lab in self.labels:
            self.remove(lab)
        self.labels = []
        p = self.picker
        if p.mode == "hour":
            # TimePickerClockPresenter.HOUR_CLOCK_24_VALUES: "00", "1" .. "23" (only 0 is padded)
            values = [(h, HOUR_LABELS[h], f"{HOUR_LABELS[h]} hours") for h in range(24)]
        else:
            values = [(m, f"{m:02d}", f"{m:02d} minutes") for m in range(0, 60, 5)]
        for value, text, desc in values:
            lab = TextView(text, content_desc=desc, clickable=True, gravity="center",
                           text_size=sp(16) if (p.mode == "minute" or value < 12) else sp(14),
                           text_color=theme.TEXT, width=LABEL_SIZE, height=LABEL_SIZE,
                           on_click=(lambda v, value=value: self.picker.pick(value)))
            lab.tag = value
            self.labels.append(lab)
            self.add(lab)
        self._recolor()

    def _recolor(self) -> None:
        cur = self.picker.hour if self.picker.mode == "hour" else self.picker.minute
        for lab in self.labels:
            lab.text_color = theme.ON_PRIMARY if lab.tag == cur else theme.TEXT

    def _center_of(self, value: int) -> tuple[float, float]:
        b = self._bounds
        cx, cy = (b.left + b.right) / 2, (b.top + b.bottom) / 2
        outer = FACE_SIZE / 2 - LABEL_SIZE / 2 - dp(4)
        if self.picker.mode == "hour":
            radius = outer if value < 12 else outer * 0.66
            angle = (value % 12) * 30
        else:
            radius = outer
            angle = value * 6
        a = math.radians(angle - 90)
        return cx + radius * math.cos(a), cy + radius * math.sin(a)

    def on_measure(self, wspec: Spec, hspec: Spec) -> tuple[int, int]:
        self.hand.measure((EXACTLY, FACE_SIZE), (EXACTLY, FACE_SIZE))
        for lab in self.labels:
            lab.measure((EXACTLY, LABEL_SIZE), (EXACTLY, LABEL_SIZE))
        return FACE_SIZE, FACE_SIZE

    def on_layout(self, b: Rect) -> None:
        self.hand.layout(b.left, b.top, b.right, b.bottom)
        for lab in self.labels:
            x, y = self._center_of(lab.tag)
            left, top = int(round(x - LABEL_SIZE / 2)), int(round(y - LABEL_SIZE / 2))
            lab.layout(left, top, left + LABEL_SIZE, top + LABEL_SIZE)

    def on_draw(self, canvas: skia.Canvas) -> None:
        b = self._bounds
        cx, cy = (b.left + b.right) / 2, (b.top + b.bottom) / 2
        canvas.drawCircle(cx, cy, FACE_SIZE / 2, fill_paint(FACE_BG))
        cur = self.picker.hour if self.picker.mode == "hour" else self.picker.minute
        x, y = self._center_of(cur)
        canvas.drawLine(cx, cy, x, y, stroke_paint(theme.PRIMARY, dp(2)))
        canvas.drawCircle(cx, cy, dp(4), fill_paint(theme.PRIMARY))
        canvas.drawCircle(x, y, LABEL_SIZE / 2, fill_paint(theme.PRIMARY))


class TimePickerState:
    """Hour, minute and which one the clock face edits; `pick` follows MDC's auto-advance."""

    def __init__(self, hour: int, minute: int, on_change: Callable[[], None]) -> None:
        if not (0 <= hour <= 23 and 0 <= minute <= 59):
            raise ValueError(f"time out of range: {hour}:{minute}")
        self.hour, self.minute = hour, minute
        self.mode = "hour"
        self._on_change = on_change

    def pick(self, value: int) -> None:
        if self.mode == "hour":
            self.hour = value
            self.mode = "minute"
        else:
            self.minute = value
        self._on_change()

    def select(self, mode: str) -> None:
        self.mode = mode
        self._on_change()


def build_time_picker(hour: int, minute: int, on_ok: Callable[[int, int], None],
                      on_cancel: Callable[[], None]) -> tuple[View, TimePickerState]:
    """The dialog's root view and its state."""
    root = LinearLayout("vertical", width=MATCH_PARENT, height=WRAP_CONTENT,
                        background=0xFFF3EDF7, corner_radius=dp(28), padding=(dp(24), dp(24), dp(24), dp(12)))
    root.a11y_class = "android.view.ViewGroup"
    chips: dict[str, TextView] = {}
    face_holder: list[ClockFace] = []

    def changed() -> None:
        chips["hour"].text = f"{state.hour:02d}"
        chips["minute"].text = f"{state.minute:02d}"
        for mode, chip in chips.items():
            chip.checked = state.mode == mode
            chip.background = theme.PRIMARY_CONTAINER if state.mode == mode else 0xFFE1E2EC
        face = face_holder[0]
        face.set_values()
        face.invalidate()
        face.request_layout()

    state = TimePickerState(hour, minute, changed)
    display = LinearLayout("horizontal", id="material_clock_display", width=WRAP_CONTENT,
                           height=WRAP_CONTENT, layout_gravity="center_horizontal",
                           gravity="center_vertical", margin=(0, dp(20), 0, dp(36)))
    for mode, vid, desc in (("hour", "material_hour_tv", "Select hour"),
                            ("minute", "material_minute_tv", "Select minutes")):
        chip = TextView("", id=vid, content_desc=desc, clickable=True, checkable=True,
                        gravity="center", text_size=sp(57), text_color=theme.TEXT,
                        width=dp(96), height=dp(80), corner_radius=dp(8),
                        on_click=(lambda v, mode=mode: state.select(mode)))
        chip.a11y_class = "android.widget.CompoundButton"
        chips[mode] = chip
        display.add(chip)
        if mode == "hour":
            display.add(TextView(":", gravity="center", text_size=sp(57), text_color=theme.TEXT,
                                 width=dp(24), height=dp(80)))
    period = View(id="material_clock_period_toggle", visibility="gone")
    face = ClockFace(state)
    face.layout_gravity = "center_horizontal"
    face_holder.append(face)
    view = group("vertical", id="material_timepicker_view", width=MATCH_PARENT, height=WRAP_CONTENT)
    view.add(display, period, face)
    buttons = LinearLayout("horizontal", width=MATCH_PARENT, height=WRAP_CONTENT,
                           gravity="center_vertical", margin=(0, dp(24), 0, 0))
    buttons.add(
        ImageButton("schedule", id="material_timepicker_mode_button",
                    content_desc="Switch to text input mode for the time input."),
        View(width=0, height=1, weight=1),
        Button("Cancel", id="material_timepicker_cancel_button", style="text",
               on_click=lambda: on_cancel()),
        Button("OK", id="material_timepicker_ok_button", style="text",
               on_click=lambda: on_ok(state.hour, state.minute)))
    root.add(TextView("Select time", id="header_title", text_size=sp(12),
                      text_color=theme.TEXT_SECONDARY, width=MATCH_PARENT),
             view, buttons)
    changed()
    return root, state


def show_time_picker(activity: Activity, hour: int, minute: int,
                     on_set: Callable[[int, int], None]) -> _Dialog:
    """Open the picker; OK calls `on_set(hour, minute)` after closing it."""
    d = _Dialog(activity)

    def ok(h: int, m: int) -> None:
        d.dismiss()
        on_set(h, m)

    root, _ = build_time_picker(hour, minute, ok, d.dismiss)
    return d.show(root)
