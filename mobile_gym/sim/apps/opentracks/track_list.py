"""TrackListActivity: the first-run permission prompt, then the track list (`track_list`,
`track_list_item` rows: icon, name, date, time, "time (distance)", category and description),
newest first, re-read from `database.db` on every resume."""

from __future__ import annotations

from datetime import datetime, timezone
from functools import partial

from mobile_gym.apps import opentracks as model
from mobile_gym.sim.system.activity import Activity
from mobile_gym.sim.ui.dialogs import alert_dialog
from mobile_gym.sim.ui.layouts import FrameLayout, LinearLayout, RelativeLayout
from mobile_gym.sim.ui.lists import RecyclerView
from mobile_gym.sim.ui.units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView, TextView

from . import chrome

NEARBY = "android.permission.BLUETOOTH_CONNECT"
NEARBY_PROMPT = ("Allow OpenTracks to find, connect to, and determine the relative position of "
                 "nearby devices?")
EMPTY_TEXT = "Start recording your first track"


def category_description(track: model.Track) -> str:
    """`StringUtils.getCategoryDescription`: "[category] description" (or just one of them)."""
    category = f"[{track.category}]" if track.category else ""
    return " ".join(p for p in (category, track.description) if p)


class TrackListActivity(Activity):
    """`.TrackListActivity` (launcher)."""

    launch_mode = "singleTask"

    def on_create(self) -> None:
        self.prompting = False
        self._listed: tuple = ()
        root = FrameLayout(width=MATCH_PARENT, height=MATCH_PARENT, background=chrome.BACKGROUND)
        column = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT)
        holder = RelativeLayout(width=MATCH_PARENT, height=0, weight=1)
        self.list = RecyclerView(id="track_list", width=MATCH_PARENT, height=MATCH_PARENT)
        self.empty = TextView(EMPTY_TEXT, id="track_list_empty_view", text_size=sp(16),
                              text_color=chrome.SECONDARY, gravity="center", width=MATCH_PARENT,
                              padding=(dp(16), dp(48)))
        holder.add(self.list, self.empty)
        bottom = LinearLayout("horizontal", id="bottom_app_bar", width=MATCH_PARENT, height=dp(80),
                              gravity="center_vertical", background=0xFFF3EDF7, padding=(dp(8), 0))
        bottom.add(ImageButton("tune", id="aggregated_stats_button",
                               content_desc="Aggregated stats", icon_color=chrome.TEXT,
                               width=dp(48), height=dp(48), padding=dp(12)))
        column.add(chrome.toolbar(model.APP.label, "track_list_toolbar"), holder, bottom)
        fab = ImageButton("play", id="track_list_fab_action", content_desc="Record",
                          width=dp(56), height=dp(56), padding=dp(16), icon_color=0xFFFFFFFF,
                          background=chrome.PRIMARY, corner_radius=dp(16),
                          layout_gravity="bottom|end", margin=(0, 0, dp(16), dp(12)))
        root.add(column, fab)
        self.set_content(root)

    def on_resume(self) -> None:
        self.reload()
        grants = chrome.permissions(self)
        if not grants.asked(NEARBY) and not self.prompting:
            self.prompting = True
            self.show_dialog(alert_dialog(
                message=NEARBY_PROMPT, buttons=[("Allow", lambda: self._answer(True)),
                                        ("Don't allow", lambda: self._answer(False))]),
                cancelable=False)

    def _answer(self, granted: bool) -> None:
        chrome.permissions(self).answer(NEARBY, granted)
        self.prompting = False

    def reload(self) -> None:
        tracks = chrome.db(self).tracks()
        today = datetime.fromtimestamp(self.ctx.now(), tz=timezone.utc).date()
        key = (tuple(tracks), today)
        if key != self._listed:
            self._listed = key
            self.list.set_items([self._row(t, today) for t in tracks])
        self.empty.visibility = "gone" if tracks else "visible"

    def _row(self, track: model.Track, today) -> View:
        start = track.start
        row = LinearLayout("horizontal", width=MATCH_PARENT, height=WRAP_CONTENT,
                           gravity="center_vertical", padding=(dp(16), dp(10)), clickable=True,
                           focusable=True, long_clickable=True,
                           on_click=partial(self._open, track._id))
        row.add(ImageView("location", id="track_list_item_icon", content_desc="Track",
                          icon_color=chrome.PRIMARY, width=dp(40), height=dp(40), padding=dp(8)))
        texts = LinearLayout("vertical", width=0, weight=1, height=WRAP_CONTENT,
                             padding=(dp(16), 0, dp(8), 0))
        line1 = LinearLayout("horizontal", width=MATCH_PARENT, height=WRAP_CONTENT)
        line1.add(TextView(track.name, id="track_list_item_name", text_size=sp(16),
                           text_color=chrome.TEXT, max_lines=1, width=0, weight=1))
        line1.add(TextView(model.date_today_relative(start.date(), today),
                           id="track_list_item_date", text_size=sp(12),
                           text_color=chrome.SECONDARY))
        line2 = LinearLayout("horizontal", width=MATCH_PARENT, height=WRAP_CONTENT)
        line2.add(TextView(model.time_distance(track.totaltime, track.totaldistance),
                           id="track_list_item_time_distance", text_size=sp(12),
                           text_color=chrome.SECONDARY, max_lines=1, width=0, weight=1))
        line2.add(TextView(f"{start:%H:%M}", id="track_list_item_time", text_size=sp(12),
                           text_color=chrome.SECONDARY))
        texts.add(line1, line2)
        texts.add(TextView(category_description(track),
                           id="track_list_item_category_description", text_size=sp(12),
                           text_color=chrome.SECONDARY, max_lines=2, width=MATCH_PARENT))
        row.add(texts)
        return row

    def _open(self, track_id: int | None) -> None:
        if track_id is not None:
            self.start_activity(model.TRACK_ACTIVITY, **{chrome.TRACK_ID: track_id})
