"""SystemUI's activities the simulated phone starts: the brightness dialog that Settings'
"Brightness level" opens (`com.android.intent.action.SHOW_BRIGHTNESS_DIALOG`).

`BrightnessDialog` is a floating, dialog-themed activity of `com.android.systemui` in its own
task (singleInstance, excluded from recents): a full-width window at the top of the screen
holding `brightness_mirror_container` > `brightness_slider` > the `slider` SeekBar. As the
real BrightnessController does, moving the slider only changes the display's temporary
brightness; the `screen_brightness` setting is written when the finger lifts. A touch outside
the window or Back closes it.
"""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.sim.apps.settings import brightness
from mobile_gym.sim.system.activity import ACTION_SHOW_BRIGHTNESS_DIALOG, Activity, IntentFilter
from mobile_gym.sim.system.packages import App
from mobile_gym.sim.ui.layouts import FrameLayout
from mobile_gym.sim.ui.units import MATCH_PARENT, WRAP_CONTENT, dp
from mobile_gym.sim.ui.widgets import SeekBar

PACKAGE = "com.android.systemui"
BRIGHTNESS_DIALOG = ".settings.brightness.BrightnessDialog"
SLIDER_DESC = "Display brightness"


class BrightnessDialog(Activity):
    """`com.android.systemui/.settings.brightness.BrightnessDialog`."""

    launch_mode = "singleInstance"
    floating = True
    exclude_from_recents = True
    intent_filters = (IntentFilter((ACTION_SHOW_BRIGHTNESS_DIALOG,)),)

    def on_create(self) -> None:
        self.slider = SeekBar(id="slider", content_desc=SLIDER_DESC, max=brightness.GAMMA_SPACE_MAX,
                              progress=brightness.slider_position(self._setting()),
                              on_stop_tracking=self._on_released, width=MATCH_PARENT,
                              height=dp(48))
        # BrightnessSliderView (`brightness_slider`) in brightness_mirror_container, whose side
        # margins are notification_side_paddings (16 dp)
        view = FrameLayout(id="brightness_slider", width=MATCH_PARENT, height=WRAP_CONTENT,
                           padding=(dp(16), dp(24)), background=0xFFFFFFFF, corner_radius=dp(28))
        view.add(self.slider)
        container = FrameLayout(id="brightness_mirror_container", width=MATCH_PARENT,
                                height=WRAP_CONTENT, margin=(dp(16), dp(8), dp(16), dp(8)))
        container.add(view)
        self.set_content(container)

    def _setting(self) -> int:
        raw = self.ctx.settings.get("system", "screen_brightness")
        try:
            value = int(raw) if raw is not None else 102
        except ValueError:
            value = 102
        return min(max(value, brightness.MIN_BRIGHTNESS_INT), brightness.MAX_BRIGHTNESS_INT)

    def on_resume(self) -> None:
        self.slider.set_progress(brightness.slider_position(self._setting()))

    def _on_released(self, slider: SeekBar) -> None:
        """BrightnessController.onChanged with tracking over: the display manager stores the
        brightness, which writes `screen_brightness`."""
        value = brightness.setting_for_position(slider.progress)
        self.ctx.settings.put("system", "screen_brightness", str(value))


class SystemUIApp(App):
    """The activities of `com.android.systemui` (its bars, keyboard window and toasts are drawn
    by the system layer; this is only the package's activity side)."""

    package = PACKAGE
    label = "System UI"
    icon = "settings"
    show_in_launcher = False
    system = True
    activities: ClassVar[dict[str, type[Activity]]] = {BRIGHTNESS_DIALOG: BrightnessDialog}
    version_name = "13"
    version_code = 33
