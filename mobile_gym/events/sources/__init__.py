"""Event sources: turn one step's observations into raw inputs and match values.

`SOURCE_KINDS` is the table the engine compiles through: each `EventSource.event` oneof name
-> the `Source` class that declares it in `kinds` and builds it with `from_proto`. Adding a kind
is one module here (its class in `SOURCE_CLASSES`) plus its proto field; the task checker in
`tasks/checks.py` keeps the static checks, keyed by the same names (a test pins that both
tables and the proto list the same kinds).
"""

from __future__ import annotations

from mobile_gym.events.sources.base import Source
from mobile_gym.events.sources.icon import IconSource
from mobile_gym.events.sources.log import LogSource
from mobile_gym.events.sources.response import ResponseSource
from mobile_gym.events.sources.state import StateSource
from mobile_gym.events.sources.text import TextSource
from mobile_gym.events.sources.view_hierarchy import ViewHierarchySource

SOURCE_CLASSES: tuple[type[Source], ...] = (
    TextSource, IconSource, ViewHierarchySource, LogSource, ResponseSource, StateSource,
)

SOURCE_KINDS: dict[str, type[Source]] = {kind: cls for cls in SOURCE_CLASSES for kind in cls.kinds}

__all__ = ["SOURCE_CLASSES", "SOURCE_KINDS"]
