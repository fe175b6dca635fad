"""SharedPreferences files (`shared_prefs/<name>.xml`) as Android writes them: a `<map>` of
typed entries. Apps read and write them by host path, so `pm clear` and task pushes behave as on
a phone; an unreadable file reads as empty (the framework also starts over), unknown entries are
kept on write.
"""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree as ET
from xml.sax.saxutils import escape, quoteattr


class SharedPreferences:
    """Typed read/write access to one preferences XML file at a host path."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def entries(self) -> dict[str, tuple[str, str]]:
        """name -> (tag, value text) of every entry."""
        if not self.path.exists():
            return {}
        try:
            root = ET.fromstring(self.path.read_bytes())
        except ET.ParseError:
            return {}
        return {el.get("name", ""): (el.tag, el.get("value", el.text or "")) for el in root}

    def write(self, entries: dict[str, tuple[str, str]]) -> None:
        """Replace the file with `entries` (sorted by name, as `commit()` output)."""
        lines = ["<?xml version='1.0' encoding='utf-8' standalone='yes' ?>", "<map>"]
        for name in sorted(entries):
            tag, value = entries[name]
            if tag == "string":
                lines.append(f"    <string name={quoteattr(name)}>{escape(value)}</string>")
            else:
                lines.append(f"    <{tag} name={quoteattr(name)} value={quoteattr(value)} />")
        lines.append("</map>")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    def get_int(self, name: str, default: int) -> int:
        tag_value = self.entries().get(name)
        if tag_value is None or tag_value[0] not in ("int", "long"):
            return default
        try:
            return int(tag_value[1])
        except ValueError:
            return default

    def get_bool(self, name: str, default: bool) -> bool:
        tag_value = self.entries().get(name)
        if tag_value is None or tag_value[0] != "boolean":
            return default
        return tag_value[1] == "true"

    def put(self, *, longs: tuple[str, ...] = (), **values: int | bool) -> None:
        """Write entries (bool -> <boolean>, int -> <int>, names in `longs` -> <long>) in
        one commit."""
        entries = self.entries()
        for name, value in values.items():
            if name in longs and isinstance(value, int) and not isinstance(value, bool):
                entries[name] = ("long", str(value))
            elif isinstance(value, bool):
                entries[name] = ("boolean", "true" if value else "false")
            elif isinstance(value, int):
                entries[name] = ("int", str(value))
            else:
                raise TypeError(f"pref {name!r}: unsupported value {value!r}")
        self.write(entries)
