"""TrackRecordedActivity: a recorded track's pages (tabs "Stats", "Intervals", "Chart"; only the
statistics page is simulated) with the `statistics_recorded` values: name, activity type, start
date and time, distance, total and moving time, average and maximum speed, elevation gain and
the description. Re-read from `database.db` on every resume."""

from __future__ import annotations

from mobile_gym.apps import opentracks as model
from mobile_gym.sim.system.activity import Activity
from mobile_gym.sim.ui.layouts import FrameLayout, LinearLayout
from mobile_gym.sim.ui.lists import ScrollView
from mobile_gym.sim.ui.units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from mobile_gym.sim.ui.widgets import ImageView, TextView

from . import chrome

TABS = ("Stats", "Intervals", "Chart")


def start_label(track: model.Track) -> str:
    """The start as `DateTimeFormatter.ofLocalizedDateTime(MEDIUM)` writes it in English:
    "Oct 12, 2023, 7:05:00 AM"."""
    s = track.start
    hour = s.hour % 12 or 12
    return f"{s:%b} {s.day}, {s.year}, {hour}:{s:%M:%S} {'AM' if s.hour < 12 else 'PM'}"


class TrackRecordedActivity(Activity):
    """`.TrackRecordedActivity`, started with the track's id."""

    def on_create(self) -> None:
        self.track_id = int(self.intent.extras.get(chrome.TRACK_ID) or 0)
        self._shown: model.Track | None = None
        root = FrameLayout(width=MATCH_PARENT, height=MATCH_PARENT, background=chrome.BACKGROUND)
        column = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT)
        self.bar = chrome.toolbar("", "track_detail_toolbar", on_back=self.finish)
        tabs = LinearLayout("horizontal", id="track_detail_activity_tablayout", width=MATCH_PARENT,
                            height=dp(48))
        for i, title in enumerate(TABS):
            tab = LinearLayout("vertical", width=0, weight=1, height=MATCH_PARENT,
                               gravity="center", clickable=True, focusable=True,
                               content_desc=title, selected=(i == 0))
            tab.a11y_class = "android.widget.LinearLayout"
            tab.add(TextView(title, text_size=sp(14),
                             text_color=chrome.PRIMARY if i == 0 else chrome.SECONDARY))
            tabs.add(tab)
        self.page = LinearLayout("vertical", width=MATCH_PARENT, height=WRAP_CONTENT,
                                 padding=(dp(16), dp(8)))
        scroll = ScrollView(id="track_detail_activity_view_pager", width=MATCH_PARENT, height=0,
                            weight=1)
        scroll.add(self.page)
        column.add(self.bar, tabs, scroll)
        root.add(column)
        self.set_content(root)

    def on_resume(self) -> None:
        track = chrome.db(self).track(self.track_id)
        if track is None:
            self.finish()
            return
        if track != self._shown:
            self._shown = track
            self._fill(track)

    def _value(self, label: str, value: str, value_id: str, unit: str = "",
               unit_id: str = "", size: int = 28) -> LinearLayout:
        box = LinearLayout("vertical", width=MATCH_PARENT, height=WRAP_CONTENT,
                           padding=(0, dp(8)))
        box.add(TextView(label, text_size=sp(12), text_color=chrome.SECONDARY))
        line = LinearLayout("horizontal", width=MATCH_PARENT, height=WRAP_CONTENT,
                            gravity="bottom")
        line.add(TextView(value, id=value_id, text_size=sp(size), text_color=chrome.TEXT))
        if unit:
            line.add(TextView(unit, id=unit_id, text_size=sp(14), text_color=chrome.SECONDARY,
                              padding=(dp(4), 0, 0, dp(4))))
        box.add(line)
        return box

    def _fill(self, t: model.Track) -> None:
        self.page.clear()
        head = LinearLayout("horizontal", width=MATCH_PARENT, height=WRAP_CONTENT,
                            gravity="center_vertical")
        head.add(ImageView("location", id="stats_activity_type_icon", content_desc=t.category,
                           icon_color=chrome.PRIMARY, width=dp(40), height=dp(40),
                           padding=dp(8)))
        names = LinearLayout("vertical", width=0, weight=1, height=WRAP_CONTENT,
                             padding=(dp(12), 0))
        names.add(TextView(t.name, id="stats_name_value", text_size=sp(20),
                           text_color=chrome.TEXT))
        names.add(TextView(t.category, id="stats_activity_type_value", text_size=sp(14),
                           text_color=chrome.SECONDARY))
        names.add(TextView(start_label(t), id="stats_start_datetime_value", text_size=sp(14),
                           text_color=chrome.SECONDARY))
        head.add(names)
        distance, unit = model.distance_parts(t.totaldistance)
        avg, speed_unit = model.speed_parts(t.avgspeed)
        top, _ = model.speed_parts(t.maxspeed)
        gain = model.format_decimal(t.elevationgain, 0)
        self.page.add(
            head,
            self._value("Distance", distance, "stats_distance_value", unit, "stats_distance_unit"),
            self._value("Total time", model.format_elapsed(t.totaltime), "stats_total_time_value"),
            self._value("Moving time", model.format_elapsed(t.movingtime),
                        "stats_moving_time_value"),
            self._value("Avg speed", avg, "stats_average_speed_value", speed_unit,
                        "stats_average_speed_unit"),
            self._value("Max speed", top, "stats_max_speed_value", speed_unit,
                        "stats_max_speed_unit"),
            self._value("Gain", gain, "stats_altitude_gain_value", "m",
                        "stats_altitude_gain_unit"),
        )
        if t.description:
            self.page.add(self._value("Description", t.description, "stats_description_value",
                                      size=16))
