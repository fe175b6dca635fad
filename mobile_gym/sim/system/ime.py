"""The input method: shows the toolkit's on-screen keyboard in an IME window above the nav bar.

Shown when an EditText takes focus (the window manager's `on_editor_focus` callback) or is
tapped again while focused; hidden by Back, by HOME/APP_SWITCH and when focus leaves the
editor. While shown, the app window shrinks above it (adjustResize) so the field stays visible,
the app's dialogs are re-centred above it and a popup holding the focused editor moves up
(`ActivityManager.relayout_app_windows`); they return to their places when it hides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mobile_gym.sim.ui.keyboard import IME_PACKAGE, KeyboardView
from mobile_gym.sim.ui.view import AT_MOST, EXACTLY, View

if TYPE_CHECKING:
    from mobile_gym.sim.system.activity_manager import ActivityManager
    from mobile_gym.sim.system.screen import ScreenLayout



class InputMethod:
    """Gboard stand-in: one keyboard view, one window, shown or not."""

    def __init__(self, wm: Any, screen: ScreenLayout, am: ActivityManager) -> None:
        self._wm = wm
        self._screen = screen
        self._am = am
        # Built on first use: a phone that never shows the keyboard does not carry (or copy
        # on every snapshot) its ~150 key views.
        self.keyboard: KeyboardView | None = None
        self.window: Any = None
        self.height = 0
        self.shown = False

    def _ensure_keyboard(self) -> None:
        if self.keyboard is not None:
            return
        from mobile_gym.sim.ui.window import Window
        screen = self._screen
        self.keyboard = KeyboardView(self._target)
        self.keyboard.measure((EXACTLY, screen.width), (AT_MOST, screen.height))
        self.height = self.keyboard.measured_height
        self.window = Window(self.keyboard, package=IME_PACKAGE, kind="ime", focusable=False,
                             bounds=screen.ime_bounds(self.height), title="InputMethod")

    def _target(self) -> Any:
        return self._wm.focused_editor

    def on_editor_focus(self, editor: View | None) -> None:
        """Toolkit callback: an EditText gained focus (show) or focus left editors (hide)."""
        if editor is not None:
            # TextView.setShowSoftInputOnFocus(false): focus alone does not bring the keyboard
            if getattr(editor, "show_soft_input_on_focus", True):
                self.show()
            else:
                self.sync()
        else:
            self.hide()

    def after_tap(self, x: int, y: int) -> None:
        """A tap on the already focused editor brings the keyboard back after Back hid it."""
        ed = self._wm.focused_editor
        if ed is not None and not self.shown and ed.bounds.contains(x, y):
            self.show()

    def show(self) -> None:
        self._ensure_keyboard()
        assert self.keyboard is not None
        if self.shown:
            self.keyboard.refresh()
            return
        self.shown = True
        self.keyboard.refresh()
        self._wm.add(self.window)
        self._screen.ime_height = self.height
        self._am.relayout_app_windows()

    def hide(self) -> None:
        if not self.shown:
            return
        self.shown = False
        if self.window in self._wm.windows:
            self._wm.remove(self.window)
        self._screen.ime_height = 0
        self._am.relayout_app_windows()

    def sync(self) -> None:
        """Keep the keyboard in step with the editor after every input: hide it when the
        editor went away (activity switched, dialog closed, view removed); otherwise, like
        Gboard on a selection update, re-check auto-capitalisation and the enter key, since
        text also arrives without the keyboard (`input text`, DEL, the app itself)."""
        if not self.shown:
            return
        editor = self._wm.focused_editor
        if editor is None:
            self.hide()
        elif self.keyboard is not None:
            self.keyboard.refresh(editor)
