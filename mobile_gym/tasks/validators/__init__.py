"""State validators: SQLite rows, files and settings, read through a Device.

Plain functions returning a truthy/falsy `Verdict` (with a reason), usable from Python task
classes; `state.evaluate_state` runs the same checks for `state_event` sources in task files.
"""

from mobile_gym.tasks.validators.common import DEFAULT_THRESHOLD, Verdict, fuzzy_match
from mobile_gym.tasks.validators.files import (
    content_matches,
    file_entry,
    file_exists,
    read_text,
    validate_file_content,
    validate_file_created,
    validate_file_deleted,
    validate_file_moved,
    validate_folder_created,
)
from mobile_gym.tasks.validators.settings import (
    bluetooth_enabled,
    get_setting,
    screen_brightness,
    validate_bluetooth,
    validate_brightness,
    validate_setting,
    validate_wifi,
    wifi_enabled,
)
from mobile_gym.tasks.validators.sqlite import (
    QueryResult,
    as_row,
    pull_database,
    query,
    read_rows,
    validate_rows_added,
    validate_rows_removed,
)
from mobile_gym.tasks.validators.state import (
    Baseline,
    capture_baseline,
    evaluate_state,
    match_value,
)

__all__ = [
    "DEFAULT_THRESHOLD",
    "Baseline",
    "QueryResult",
    "Verdict",
    "as_row",
    "bluetooth_enabled",
    "capture_baseline",
    "content_matches",
    "evaluate_state",
    "file_entry",
    "file_exists",
    "fuzzy_match",
    "get_setting",
    "match_value",
    "pull_database",
    "query",
    "read_rows",
    "read_text",
    "screen_brightness",
    "validate_bluetooth",
    "validate_brightness",
    "validate_file_content",
    "validate_file_created",
    "validate_file_deleted",
    "validate_file_moved",
    "validate_folder_created",
    "validate_rows_added",
    "validate_rows_removed",
    "validate_setting",
    "validate_wifi",
    "wifi_enabled",
]
