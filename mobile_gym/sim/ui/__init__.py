"""The view toolkit of the simulated phone (see docs/dev/sim_contracts.md section 1).

Views laid out in device pixels, drawn with Skia into numpy frames, hit-tested with gestures
over device time, and dumped in uiautomator's XML format. Knows nothing about activities,
packages' storage or the clock.
"""

from mobile_gym.device.base import TextBox

from .dialogs import DialogView, Dismissable, PopupMenuView, alert_dialog, popup_menu
from .geometry import EMPTY_RECT, Rect
from .gestures import LONG_PRESS_TIMEOUT, GestureConfig
from .icons import ICON_NAMES, app_icon, draw_icon, has_icon, register_icon
from .keyboard import IME_PACKAGE, KeyboardView, KeyView, ime_window
from .layouts import FrameLayout, LinearLayout, RadioGroup, RelativeLayout, ViewGroup
from .lists import HorizontalScrollView, ListView, RecyclerView, ScrollContainer, ScrollView, ViewPager
from .render import paint_text
from .units import DEFAULT_DENSITY, DEFAULT_HEIGHT, DEFAULT_WIDTH, MATCH_PARENT, WRAP_CONTENT, dp, sp
from .view import View
from .widgets import (
                    Button,
                    CheckBox,
                    CheckedTextView,
                    CompoundButton,
                    EditText,
                    ImageButton,
                    ImageView,
                    RadioButton,
                    SeekBar,
                    Spinner,
                    Switch,
                    TextView,
)
from .window import KINDS, Window, popup_bounds
from .window_manager import RenderStats, WindowManager

__all__ = [
    "Button", "CheckBox", "CheckedTextView", "CompoundButton", "DEFAULT_DENSITY",
    "DEFAULT_HEIGHT", "DEFAULT_WIDTH", "DialogView", "Dismissable", "EMPTY_RECT", "EditText",
    "FrameLayout", "GestureConfig", "HorizontalScrollView", "ICON_NAMES", "IME_PACKAGE",
    "ImageButton", "ImageView", "KINDS", "KeyView", "KeyboardView", "LONG_PRESS_TIMEOUT",
    "LinearLayout", "ListView", "MATCH_PARENT", "PopupMenuView", "RadioButton", "RadioGroup",
    "RecyclerView", "Rect", "RelativeLayout", "RenderStats", "ScrollContainer", "ScrollView",
    "SeekBar",
    "Spinner", "Switch", "TextBox", "TextView", "View", "ViewGroup", "ViewPager", "WRAP_CONTENT",
    "Window", "WindowManager", "alert_dialog", "app_icon", "dp", "draw_icon", "has_icon",
    "ime_window", "paint_text", "popup_bounds", "popup_menu", "register_icon", "sp",
]
