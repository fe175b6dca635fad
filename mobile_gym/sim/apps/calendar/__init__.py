"""Simple Calendar Pro 6.22.2 (`com.simplemobiletools.calendar.pro`) on the simulated phone.

Data layer: `model` (rows, constants), `db` (events.db as Room creates it), `prefs`
(Prefs.xml), `dates`, `formatting`, `occurrences`, `editor_state`. Screens: `main_activity`
(month / day / list views, FAB, search, selection), `event_activity` (editor),
`task_activity`, `date_picker`, `time_picker`, `dialogs`.
"""

from .app import CalendarApp

__all__ = ["CalendarApp"]
