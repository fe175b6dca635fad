"""React Native's views as Android's accessibility tree reports them: every `<View>` and
touchable is an `android.view.ViewGroup`, `<Text>` a TextView, `<TextInput>` an EditText, a
FlatList or ScrollView an `android.widget.ScrollView`; resource ids are rare and labels come
from `accessibilityLabel` (content-desc)."""

from __future__ import annotations

from typing import Any

from mobile_gym.sim.ui.layouts import LinearLayout
from mobile_gym.sim.ui.widgets import ImageView


class Column(LinearLayout):
    """A `<View>` laying out its children top to bottom (React Native's default flex)."""

    a11y_class = "android.view.ViewGroup"

    def __init__(self, **kw: Any) -> None:
        super().__init__("vertical", **kw)


class Row(LinearLayout):
    """A `<View style={{flexDirection: 'row'}}>`."""

    a11y_class = "android.view.ViewGroup"

    def __init__(self, **kw: Any) -> None:
        super().__init__("horizontal", **kw)


class Glyph(ImageView):
    """A vector-icon font glyph: React Native draws it as a `<Text>`, so it dumps as a TextView
    with no text (and no label: `aria-hidden` icons)."""

    a11y_class = "android.widget.TextView"


class WebViewBox(LinearLayout):
    """The note viewer's WebView; its rendered blocks are its accessibility children."""

    a11y_class = "android.webkit.WebView"

    def __init__(self, **kw: Any) -> None:
        super().__init__("vertical", **kw)
