"""Shared look of the OpenTracks screens: colours, the toolbar, the storage handles."""

from __future__ import annotations

from collections.abc import Callable

from mobile_gym.apps import opentracks as model
from mobile_gym.sim.system.activity import Activity
from mobile_gym.sim.ui.layouts import LinearLayout
from mobile_gym.sim.ui.units import MATCH_PARENT, dp, sp
from mobile_gym.sim.ui.widgets import ImageButton, TextView

from .storage import Permissions, TrackDb

PRIMARY = 0xFF1565C0
BACKGROUND = 0xFFFFFFFF
TEXT = 0xFF1C1B1F
SECONDARY = 0xFF49454F
TRACK_ID = "track_id"


def db(activity: Activity) -> TrackDb:
    return TrackDb(activity.ctx.database_path("database.db"))


def permissions(activity: Activity) -> Permissions:
    storage = activity.ctx.storage
    storage.mkdir(f"{model.APP.data_dir}/shared_prefs", parents=True)
    return Permissions(storage.host_path(model.PERMISSIONS_PATH))


def toolbar(title: str, toolbar_id: str, on_back: Callable[[], None] | None = None) -> LinearLayout:
    """A MaterialToolbar with an optional "Navigate up" button and the title."""
    bar = LinearLayout("horizontal", id=toolbar_id, width=MATCH_PARENT, height=dp(64),
                       gravity="center_vertical", background=BACKGROUND, padding=(dp(4), 0))
    bar.a11y_class = "android.view.ViewGroup"
    if on_back is not None:
        bar.add(ImageButton("arrow_back", content_desc="Navigate up", icon_color=TEXT,
                            width=dp(48), height=dp(48), on_click=lambda: on_back()))
    bar.add(TextView(title, text_size=sp(22), text_color=TEXT, max_lines=1, width=0, weight=1,
                     padding=(dp(16), 0, dp(4), 0)))
    return bar
