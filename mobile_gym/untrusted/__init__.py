"""Bounds for input the project does not trust (task files, agents, adb clients).

Shared by the simulator and the task runner, so it imports neither: `sqlite_guard` confines
every SQLite connection to its own database file and bounds its work; `bounded_regex` runs
searches under a time budget.
"""
