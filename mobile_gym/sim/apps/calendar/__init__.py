"""Simple Calendar Pro 6.22.2 (`com.simplemobiletools.calendar.pro`) on the simulated phone.

Data layer (no views): `model` (the events row and constants), `db` (events.db as Room
creates and writes it), `storage` (db + Prefs.xml through the device storage), `prefs`,
`dates`, `formatting`, `occurrences` (repetitions), `editor_state` (editor rules).
Screens: `app` (CalendarApp, Splash/Settings activities), `main_activity` with `fragments`
(month / day / week / year / month+day / list), `month_view`, `event_row`;
`event_activity` and `task_activity` (editors), `date_picker`, `time_picker`, `dialogs`;
`flat_rows` and `theme` are layout helpers and colours.
"""

from .app import CalendarApp

__all__ = ["CalendarApp"]
