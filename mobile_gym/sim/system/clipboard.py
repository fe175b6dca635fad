"""The clipboard service (ClipboardManager's primary clip): one text clip for the whole phone.

Apps copy through the text-selection toolbar or their own "copy" actions; the shell reaches it
through `cmd clipboard` and the Clipper helper's broadcasts (`am broadcast -a clipper.set -e
text …` / `clipper.get`), which is how AndroidWorld seeds and reads it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Clipboard:
    """The primary clip: its text (None when nothing was copied) and the package that set it."""

    text: str | None = None
    source: str | None = None

    def set_text(self, text: str, source: str = "com.android.shell") -> None:
        if not isinstance(text, str):
            raise TypeError(f"clipboard text must be a str, not {type(text).__name__}")
        self.text = text
        self.source = source

    def get_text(self) -> str | None:
        return self.text

    def clear(self) -> None:
        self.text = None
        self.source = None
