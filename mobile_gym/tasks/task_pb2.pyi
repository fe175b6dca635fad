from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class AdbCall(_message.Message):
    __slots__ = ("install_apk", "start_activity", "force_stop", "clear_cache", "grant_permissions", "tap", "press_button", "rotate", "start_accessibility_service", "start_screen_pinning", "start_random_activity", "force_stop_random_activity", "clear_cache_random_activity", "disable_animations", "start_intent", "uninstall_package", "shell_command", "adb_command", "settings", "push")
    class InstallApk(_message.Message):
        __slots__ = ("filesystem",)
        class Filesystem(_message.Message):
            __slots__ = ("path",)
            PATH_FIELD_NUMBER: _ClassVar[int]
            path: str
            def __init__(self, path: _Optional[str] = ...) -> None: ...
        FILESYSTEM_FIELD_NUMBER: _ClassVar[int]
        filesystem: AdbCall.InstallApk.Filesystem
        def __init__(self, filesystem: _Optional[_Union[AdbCall.InstallApk.Filesystem, _Mapping]] = ...) -> None: ...
    class StartActivity(_message.Message):
        __slots__ = ("full_activity", "extra_args", "flag")
        FULL_ACTIVITY_FIELD_NUMBER: _ClassVar[int]
        EXTRA_ARGS_FIELD_NUMBER: _ClassVar[int]
        FLAG_FIELD_NUMBER: _ClassVar[int]
        full_activity: str
        extra_args: _containers.RepeatedScalarFieldContainer[str]
        flag: str
        def __init__(self, full_activity: _Optional[str] = ..., extra_args: _Optional[_Iterable[str]] = ..., flag: _Optional[str] = ...) -> None: ...
    class ForceStop(_message.Message):
        __slots__ = ("package_name",)
        PACKAGE_NAME_FIELD_NUMBER: _ClassVar[int]
        package_name: str
        def __init__(self, package_name: _Optional[str] = ...) -> None: ...
    class ClearCache(_message.Message):
        __slots__ = ("package_name",)
        PACKAGE_NAME_FIELD_NUMBER: _ClassVar[int]
        package_name: str
        def __init__(self, package_name: _Optional[str] = ...) -> None: ...
    class GrantPermissions(_message.Message):
        __slots__ = ("package_name", "permissions")
        PACKAGE_NAME_FIELD_NUMBER: _ClassVar[int]
        PERMISSIONS_FIELD_NUMBER: _ClassVar[int]
        package_name: str
        permissions: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, package_name: _Optional[str] = ..., permissions: _Optional[_Iterable[str]] = ...) -> None: ...
    class Tap(_message.Message):
        __slots__ = ("x", "y")
        X_FIELD_NUMBER: _ClassVar[int]
        Y_FIELD_NUMBER: _ClassVar[int]
        x: int
        y: int
        def __init__(self, x: _Optional[int] = ..., y: _Optional[int] = ...) -> None: ...
    class PressButton(_message.Message):
        __slots__ = ("button",)
        class Button(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
            __slots__ = ()
            HOME: _ClassVar[AdbCall.PressButton.Button]
            BACK: _ClassVar[AdbCall.PressButton.Button]
        HOME: AdbCall.PressButton.Button
        BACK: AdbCall.PressButton.Button
        BUTTON_FIELD_NUMBER: _ClassVar[int]
        button: AdbCall.PressButton.Button
        def __init__(self, button: _Optional[_Union[AdbCall.PressButton.Button, str]] = ...) -> None: ...
    class Rotate(_message.Message):
        __slots__ = ("orientation",)
        class Orientation(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
            __slots__ = ()
            PORTRAIT_0: _ClassVar[AdbCall.Rotate.Orientation]
            LANDSCAPE_90: _ClassVar[AdbCall.Rotate.Orientation]
            PORTRAIT_180: _ClassVar[AdbCall.Rotate.Orientation]
            LANDSCAPE_270: _ClassVar[AdbCall.Rotate.Orientation]
        PORTRAIT_0: AdbCall.Rotate.Orientation
        LANDSCAPE_90: AdbCall.Rotate.Orientation
        PORTRAIT_180: AdbCall.Rotate.Orientation
        LANDSCAPE_270: AdbCall.Rotate.Orientation
        ORIENTATION_FIELD_NUMBER: _ClassVar[int]
        orientation: AdbCall.Rotate.Orientation
        def __init__(self, orientation: _Optional[_Union[AdbCall.Rotate.Orientation, str]] = ...) -> None: ...
    class StartAccessibilityService(_message.Message):
        __slots__ = ("full_service",)
        FULL_SERVICE_FIELD_NUMBER: _ClassVar[int]
        full_service: str
        def __init__(self, full_service: _Optional[str] = ...) -> None: ...
    class StartScreenPinning(_message.Message):
        __slots__ = ("full_activity",)
        FULL_ACTIVITY_FIELD_NUMBER: _ClassVar[int]
        full_activity: str
        def __init__(self, full_activity: _Optional[str] = ...) -> None: ...
    class StartRandomActivity(_message.Message):
        __slots__ = ("activity_list", "extra_args", "timeout_sec")
        ACTIVITY_LIST_FIELD_NUMBER: _ClassVar[int]
        EXTRA_ARGS_FIELD_NUMBER: _ClassVar[int]
        TIMEOUT_SEC_FIELD_NUMBER: _ClassVar[int]
        activity_list: _containers.RepeatedScalarFieldContainer[str]
        extra_args: _containers.RepeatedScalarFieldContainer[str]
        timeout_sec: float
        def __init__(self, activity_list: _Optional[_Iterable[str]] = ..., extra_args: _Optional[_Iterable[str]] = ..., timeout_sec: _Optional[float] = ...) -> None: ...
    class ForceStopRandomActivity(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class ClearCacheRandomActivity(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class DisableAnimations(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class StartIntent(_message.Message):
        __slots__ = ("data_uri", "action", "package_name")
        DATA_URI_FIELD_NUMBER: _ClassVar[int]
        ACTION_FIELD_NUMBER: _ClassVar[int]
        PACKAGE_NAME_FIELD_NUMBER: _ClassVar[int]
        data_uri: str
        action: str
        package_name: str
        def __init__(self, data_uri: _Optional[str] = ..., action: _Optional[str] = ..., package_name: _Optional[str] = ...) -> None: ...
    class UninstallPackage(_message.Message):
        __slots__ = ("package_name",)
        PACKAGE_NAME_FIELD_NUMBER: _ClassVar[int]
        package_name: str
        def __init__(self, package_name: _Optional[str] = ...) -> None: ...
    class Command(_message.Message):
        __slots__ = ("command",)
        COMMAND_FIELD_NUMBER: _ClassVar[int]
        command: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, command: _Optional[_Iterable[str]] = ...) -> None: ...
    class Settings(_message.Message):
        __slots__ = ("namespace", "key", "value", "delete")
        class Namespace(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
            __slots__ = ()
            SYSTEM: _ClassVar[AdbCall.Settings.Namespace]
            SECURE: _ClassVar[AdbCall.Settings.Namespace]
            GLOBAL: _ClassVar[AdbCall.Settings.Namespace]
        SYSTEM: AdbCall.Settings.Namespace
        SECURE: AdbCall.Settings.Namespace
        GLOBAL: AdbCall.Settings.Namespace
        NAMESPACE_FIELD_NUMBER: _ClassVar[int]
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        DELETE_FIELD_NUMBER: _ClassVar[int]
        namespace: AdbCall.Settings.Namespace
        key: str
        value: str
        delete: bool
        def __init__(self, namespace: _Optional[_Union[AdbCall.Settings.Namespace, str]] = ..., key: _Optional[str] = ..., value: _Optional[str] = ..., delete: _Optional[bool] = ...) -> None: ...
    class Push(_message.Message):
        __slots__ = ("path", "content", "local_path")
        PATH_FIELD_NUMBER: _ClassVar[int]
        CONTENT_FIELD_NUMBER: _ClassVar[int]
        LOCAL_PATH_FIELD_NUMBER: _ClassVar[int]
        path: str
        content: bytes
        local_path: str
        def __init__(self, path: _Optional[str] = ..., content: _Optional[bytes] = ..., local_path: _Optional[str] = ...) -> None: ...
    INSTALL_APK_FIELD_NUMBER: _ClassVar[int]
    START_ACTIVITY_FIELD_NUMBER: _ClassVar[int]
    FORCE_STOP_FIELD_NUMBER: _ClassVar[int]
    CLEAR_CACHE_FIELD_NUMBER: _ClassVar[int]
    GRANT_PERMISSIONS_FIELD_NUMBER: _ClassVar[int]
    TAP_FIELD_NUMBER: _ClassVar[int]
    PRESS_BUTTON_FIELD_NUMBER: _ClassVar[int]
    ROTATE_FIELD_NUMBER: _ClassVar[int]
    START_ACCESSIBILITY_SERVICE_FIELD_NUMBER: _ClassVar[int]
    START_SCREEN_PINNING_FIELD_NUMBER: _ClassVar[int]
    START_RANDOM_ACTIVITY_FIELD_NUMBER: _ClassVar[int]
    FORCE_STOP_RANDOM_ACTIVITY_FIELD_NUMBER: _ClassVar[int]
    CLEAR_CACHE_RANDOM_ACTIVITY_FIELD_NUMBER: _ClassVar[int]
    DISABLE_ANIMATIONS_FIELD_NUMBER: _ClassVar[int]
    START_INTENT_FIELD_NUMBER: _ClassVar[int]
    UNINSTALL_PACKAGE_FIELD_NUMBER: _ClassVar[int]
    SHELL_COMMAND_FIELD_NUMBER: _ClassVar[int]
    ADB_COMMAND_FIELD_NUMBER: _ClassVar[int]
    SETTINGS_FIELD_NUMBER: _ClassVar[int]
    PUSH_FIELD_NUMBER: _ClassVar[int]
    install_apk: AdbCall.InstallApk
    start_activity: AdbCall.StartActivity
    force_stop: AdbCall.ForceStop
    clear_cache: AdbCall.ClearCache
    grant_permissions: AdbCall.GrantPermissions
    tap: AdbCall.Tap
    press_button: AdbCall.PressButton
    rotate: AdbCall.Rotate
    start_accessibility_service: AdbCall.StartAccessibilityService
    start_screen_pinning: AdbCall.StartScreenPinning
    start_random_activity: AdbCall.StartRandomActivity
    force_stop_random_activity: AdbCall.ForceStopRandomActivity
    clear_cache_random_activity: AdbCall.ClearCacheRandomActivity
    disable_animations: AdbCall.DisableAnimations
    start_intent: AdbCall.StartIntent
    uninstall_package: AdbCall.UninstallPackage
    shell_command: AdbCall.Command
    adb_command: AdbCall.Command
    settings: AdbCall.Settings
    push: AdbCall.Push
    def __init__(self, install_apk: _Optional[_Union[AdbCall.InstallApk, _Mapping]] = ..., start_activity: _Optional[_Union[AdbCall.StartActivity, _Mapping]] = ..., force_stop: _Optional[_Union[AdbCall.ForceStop, _Mapping]] = ..., clear_cache: _Optional[_Union[AdbCall.ClearCache, _Mapping]] = ..., grant_permissions: _Optional[_Union[AdbCall.GrantPermissions, _Mapping]] = ..., tap: _Optional[_Union[AdbCall.Tap, _Mapping]] = ..., press_button: _Optional[_Union[AdbCall.PressButton, _Mapping]] = ..., rotate: _Optional[_Union[AdbCall.Rotate, _Mapping]] = ..., start_accessibility_service: _Optional[_Union[AdbCall.StartAccessibilityService, _Mapping]] = ..., start_screen_pinning: _Optional[_Union[AdbCall.StartScreenPinning, _Mapping]] = ..., start_random_activity: _Optional[_Union[AdbCall.StartRandomActivity, _Mapping]] = ..., force_stop_random_activity: _Optional[_Union[AdbCall.ForceStopRandomActivity, _Mapping]] = ..., clear_cache_random_activity: _Optional[_Union[AdbCall.ClearCacheRandomActivity, _Mapping]] = ..., disable_animations: _Optional[_Union[AdbCall.DisableAnimations, _Mapping]] = ..., start_intent: _Optional[_Union[AdbCall.StartIntent, _Mapping]] = ..., uninstall_package: _Optional[_Union[AdbCall.UninstallPackage, _Mapping]] = ..., shell_command: _Optional[_Union[AdbCall.Command, _Mapping]] = ..., adb_command: _Optional[_Union[AdbCall.Command, _Mapping]] = ..., settings: _Optional[_Union[AdbCall.Settings, _Mapping]] = ..., push: _Optional[_Union[AdbCall.Push, _Mapping]] = ...) -> None: ...

class AppScreen(_message.Message):
    __slots__ = ("activity", "view_hierarchy_path")
    ACTIVITY_FIELD_NUMBER: _ClassVar[int]
    VIEW_HIERARCHY_PATH_FIELD_NUMBER: _ClassVar[int]
    activity: str
    view_hierarchy_path: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, activity: _Optional[str] = ..., view_hierarchy_path: _Optional[_Iterable[str]] = ...) -> None: ...

class WaitForAppScreen(_message.Message):
    __slots__ = ("app_screen", "timeout_sec")
    APP_SCREEN_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_SEC_FIELD_NUMBER: _ClassVar[int]
    app_screen: AppScreen
    timeout_sec: float
    def __init__(self, app_screen: _Optional[_Union[AppScreen, _Mapping]] = ..., timeout_sec: _Optional[float] = ...) -> None: ...

class CheckInstall(_message.Message):
    __slots__ = ("package_name", "timeout_sec")
    PACKAGE_NAME_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_SEC_FIELD_NUMBER: _ClassVar[int]
    package_name: str
    timeout_sec: float
    def __init__(self, package_name: _Optional[str] = ..., timeout_sec: _Optional[float] = ...) -> None: ...

class WaitForMessage(_message.Message):
    __slots__ = ("message", "timeout_sec")
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_SEC_FIELD_NUMBER: _ClassVar[int]
    message: str
    timeout_sec: float
    def __init__(self, message: _Optional[str] = ..., timeout_sec: _Optional[float] = ...) -> None: ...

class Sleep(_message.Message):
    __slots__ = ("time_sec",)
    TIME_SEC_FIELD_NUMBER: _ClassVar[int]
    time_sec: float
    def __init__(self, time_sec: _Optional[float] = ...) -> None: ...

class SuccessCondition(_message.Message):
    __slots__ = ("num_retries", "wait_for_app_screen", "check_install", "wait_for_message")
    NUM_RETRIES_FIELD_NUMBER: _ClassVar[int]
    WAIT_FOR_APP_SCREEN_FIELD_NUMBER: _ClassVar[int]
    CHECK_INSTALL_FIELD_NUMBER: _ClassVar[int]
    WAIT_FOR_MESSAGE_FIELD_NUMBER: _ClassVar[int]
    num_retries: int
    wait_for_app_screen: WaitForAppScreen
    check_install: CheckInstall
    wait_for_message: WaitForMessage
    def __init__(self, num_retries: _Optional[int] = ..., wait_for_app_screen: _Optional[_Union[WaitForAppScreen, _Mapping]] = ..., check_install: _Optional[_Union[CheckInstall, _Mapping]] = ..., wait_for_message: _Optional[_Union[WaitForMessage, _Mapping]] = ...) -> None: ...

class SetupStep(_message.Message):
    __slots__ = ("success_condition", "adb_call", "sleep")
    SUCCESS_CONDITION_FIELD_NUMBER: _ClassVar[int]
    ADB_CALL_FIELD_NUMBER: _ClassVar[int]
    SLEEP_FIELD_NUMBER: _ClassVar[int]
    success_condition: SuccessCondition
    adb_call: AdbCall
    sleep: Sleep
    def __init__(self, success_condition: _Optional[_Union[SuccessCondition, _Mapping]] = ..., adb_call: _Optional[_Union[AdbCall, _Mapping]] = ..., sleep: _Optional[_Union[Sleep, _Mapping]] = ...) -> None: ...

class ArraySpec(_message.Message):
    __slots__ = ("name", "shape", "dtype")
    class DataType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        INVALID_DATA_TYPE: _ClassVar[ArraySpec.DataType]
        FLOAT: _ClassVar[ArraySpec.DataType]
        DOUBLE: _ClassVar[ArraySpec.DataType]
        INT8: _ClassVar[ArraySpec.DataType]
        INT16: _ClassVar[ArraySpec.DataType]
        INT32: _ClassVar[ArraySpec.DataType]
        INT64: _ClassVar[ArraySpec.DataType]
        UINT8: _ClassVar[ArraySpec.DataType]
        UINT16: _ClassVar[ArraySpec.DataType]
        UINT32: _ClassVar[ArraySpec.DataType]
        UINT64: _ClassVar[ArraySpec.DataType]
        BOOL: _ClassVar[ArraySpec.DataType]
        STRING_U1: _ClassVar[ArraySpec.DataType]
        STRING_U16: _ClassVar[ArraySpec.DataType]
        STRING_U25: _ClassVar[ArraySpec.DataType]
        STRING_U250: _ClassVar[ArraySpec.DataType]
    INVALID_DATA_TYPE: ArraySpec.DataType
    FLOAT: ArraySpec.DataType
    DOUBLE: ArraySpec.DataType
    INT8: ArraySpec.DataType
    INT16: ArraySpec.DataType
    INT32: ArraySpec.DataType
    INT64: ArraySpec.DataType
    UINT8: ArraySpec.DataType
    UINT16: ArraySpec.DataType
    UINT32: ArraySpec.DataType
    UINT64: ArraySpec.DataType
    BOOL: ArraySpec.DataType
    STRING_U1: ArraySpec.DataType
    STRING_U16: ArraySpec.DataType
    STRING_U25: ArraySpec.DataType
    STRING_U250: ArraySpec.DataType
    NAME_FIELD_NUMBER: _ClassVar[int]
    SHAPE_FIELD_NUMBER: _ClassVar[int]
    DTYPE_FIELD_NUMBER: _ClassVar[int]
    name: str
    shape: _containers.RepeatedScalarFieldContainer[int]
    dtype: ArraySpec.DataType
    def __init__(self, name: _Optional[str] = ..., shape: _Optional[_Iterable[int]] = ..., dtype: _Optional[_Union[ArraySpec.DataType, str]] = ...) -> None: ...

class RawObservation(_message.Message):
    __slots__ = ("timestamp_us", "screen")
    class Image(_message.Message):
        __slots__ = ("width", "height", "num_channels", "data")
        WIDTH_FIELD_NUMBER: _ClassVar[int]
        HEIGHT_FIELD_NUMBER: _ClassVar[int]
        NUM_CHANNELS_FIELD_NUMBER: _ClassVar[int]
        DATA_FIELD_NUMBER: _ClassVar[int]
        width: int
        height: int
        num_channels: int
        data: bytes
        def __init__(self, width: _Optional[int] = ..., height: _Optional[int] = ..., num_channels: _Optional[int] = ..., data: _Optional[bytes] = ...) -> None: ...
    TIMESTAMP_US_FIELD_NUMBER: _ClassVar[int]
    SCREEN_FIELD_NUMBER: _ClassVar[int]
    timestamp_us: int
    screen: RawObservation.Image
    def __init__(self, timestamp_us: _Optional[int] = ..., screen: _Optional[_Union[RawObservation.Image, _Mapping]] = ...) -> None: ...

class ValueMatch(_message.Message):
    __slots__ = ("expected", "mode", "threshold", "cmp")
    class Mode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        EXACT: _ClassVar[ValueMatch.Mode]
        REGEX: _ClassVar[ValueMatch.Mode]
        FUZZY: _ClassVar[ValueMatch.Mode]
        NUMERIC: _ClassVar[ValueMatch.Mode]
    EXACT: ValueMatch.Mode
    REGEX: ValueMatch.Mode
    FUZZY: ValueMatch.Mode
    NUMERIC: ValueMatch.Mode
    class Comparison(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        EQ: _ClassVar[ValueMatch.Comparison]
        NE: _ClassVar[ValueMatch.Comparison]
        LT: _ClassVar[ValueMatch.Comparison]
        LE: _ClassVar[ValueMatch.Comparison]
        GT: _ClassVar[ValueMatch.Comparison]
        GE: _ClassVar[ValueMatch.Comparison]
    EQ: ValueMatch.Comparison
    NE: ValueMatch.Comparison
    LT: ValueMatch.Comparison
    LE: ValueMatch.Comparison
    GT: ValueMatch.Comparison
    GE: ValueMatch.Comparison
    EXPECTED_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    CMP_FIELD_NUMBER: _ClassVar[int]
    expected: str
    mode: ValueMatch.Mode
    threshold: float
    cmp: ValueMatch.Comparison
    def __init__(self, expected: _Optional[str] = ..., mode: _Optional[_Union[ValueMatch.Mode, str]] = ..., threshold: _Optional[float] = ..., cmp: _Optional[_Union[ValueMatch.Comparison, str]] = ...) -> None: ...

class SqlValue(_message.Message):
    __slots__ = ("text", "integer", "real", "null")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    INTEGER_FIELD_NUMBER: _ClassVar[int]
    REAL_FIELD_NUMBER: _ClassVar[int]
    NULL_FIELD_NUMBER: _ClassVar[int]
    text: str
    integer: int
    real: float
    null: bool
    def __init__(self, text: _Optional[str] = ..., integer: _Optional[int] = ..., real: _Optional[float] = ..., null: _Optional[bool] = ...) -> None: ...

class SqlRow(_message.Message):
    __slots__ = ("fields",)
    class FieldsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: SqlValue
        def __init__(self, key: _Optional[str] = ..., value: _Optional[_Union[SqlValue, _Mapping]] = ...) -> None: ...
    FIELDS_FIELD_NUMBER: _ClassVar[int]
    fields: _containers.MessageMap[str, SqlValue]
    def __init__(self, fields: _Optional[_Mapping[str, SqlValue]] = ...) -> None: ...

class StateEvent(_message.Message):
    __slots__ = ("sqlite_query", "rows_added", "rows_removed", "file", "setting")
    class SqliteQuery(_message.Message):
        __slots__ = ("db_path", "sql", "scalar", "rows", "row_count")
        class Rows(_message.Message):
            __slots__ = ("rows", "mode")
            class Mode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
                __slots__ = ()
                CONTAINS: _ClassVar[StateEvent.SqliteQuery.Rows.Mode]
                EXACT: _ClassVar[StateEvent.SqliteQuery.Rows.Mode]
                ORDERED: _ClassVar[StateEvent.SqliteQuery.Rows.Mode]
            CONTAINS: StateEvent.SqliteQuery.Rows.Mode
            EXACT: StateEvent.SqliteQuery.Rows.Mode
            ORDERED: StateEvent.SqliteQuery.Rows.Mode
            class Row(_message.Message):
                __slots__ = ("cells",)
                CELLS_FIELD_NUMBER: _ClassVar[int]
                cells: _containers.RepeatedCompositeFieldContainer[ValueMatch]
                def __init__(self, cells: _Optional[_Iterable[_Union[ValueMatch, _Mapping]]] = ...) -> None: ...
            ROWS_FIELD_NUMBER: _ClassVar[int]
            MODE_FIELD_NUMBER: _ClassVar[int]
            rows: _containers.RepeatedCompositeFieldContainer[StateEvent.SqliteQuery.Rows.Row]
            mode: StateEvent.SqliteQuery.Rows.Mode
            def __init__(self, rows: _Optional[_Iterable[_Union[StateEvent.SqliteQuery.Rows.Row, _Mapping]]] = ..., mode: _Optional[_Union[StateEvent.SqliteQuery.Rows.Mode, str]] = ...) -> None: ...
        DB_PATH_FIELD_NUMBER: _ClassVar[int]
        SQL_FIELD_NUMBER: _ClassVar[int]
        SCALAR_FIELD_NUMBER: _ClassVar[int]
        ROWS_FIELD_NUMBER: _ClassVar[int]
        ROW_COUNT_FIELD_NUMBER: _ClassVar[int]
        db_path: str
        sql: str
        scalar: ValueMatch
        rows: StateEvent.SqliteQuery.Rows
        row_count: int
        def __init__(self, db_path: _Optional[str] = ..., sql: _Optional[str] = ..., scalar: _Optional[_Union[ValueMatch, _Mapping]] = ..., rows: _Optional[_Union[StateEvent.SqliteQuery.Rows, _Mapping]] = ..., row_count: _Optional[int] = ...) -> None: ...
    class RowsAdded(_message.Message):
        __slots__ = ("db_path", "table", "expected_rows", "compare_fields", "free_text_fields", "threshold")
        DB_PATH_FIELD_NUMBER: _ClassVar[int]
        TABLE_FIELD_NUMBER: _ClassVar[int]
        EXPECTED_ROWS_FIELD_NUMBER: _ClassVar[int]
        COMPARE_FIELDS_FIELD_NUMBER: _ClassVar[int]
        FREE_TEXT_FIELDS_FIELD_NUMBER: _ClassVar[int]
        THRESHOLD_FIELD_NUMBER: _ClassVar[int]
        db_path: str
        table: str
        expected_rows: _containers.RepeatedCompositeFieldContainer[SqlRow]
        compare_fields: _containers.RepeatedScalarFieldContainer[str]
        free_text_fields: _containers.RepeatedScalarFieldContainer[str]
        threshold: float
        def __init__(self, db_path: _Optional[str] = ..., table: _Optional[str] = ..., expected_rows: _Optional[_Iterable[_Union[SqlRow, _Mapping]]] = ..., compare_fields: _Optional[_Iterable[str]] = ..., free_text_fields: _Optional[_Iterable[str]] = ..., threshold: _Optional[float] = ...) -> None: ...
    class RowsRemoved(_message.Message):
        __slots__ = ("db_path", "table", "id_field", "ids", "ids_sql")
        DB_PATH_FIELD_NUMBER: _ClassVar[int]
        TABLE_FIELD_NUMBER: _ClassVar[int]
        ID_FIELD_FIELD_NUMBER: _ClassVar[int]
        IDS_FIELD_NUMBER: _ClassVar[int]
        IDS_SQL_FIELD_NUMBER: _ClassVar[int]
        db_path: str
        table: str
        id_field: str
        ids: _containers.RepeatedCompositeFieldContainer[SqlValue]
        ids_sql: str
        def __init__(self, db_path: _Optional[str] = ..., table: _Optional[str] = ..., id_field: _Optional[str] = ..., ids: _Optional[_Iterable[_Union[SqlValue, _Mapping]]] = ..., ids_sql: _Optional[str] = ...) -> None: ...
    class FileCheck(_message.Message):
        __slots__ = ("path", "absent", "moved_from", "equals", "contains", "regex", "fuzzy", "threshold", "is_dir")
        PATH_FIELD_NUMBER: _ClassVar[int]
        ABSENT_FIELD_NUMBER: _ClassVar[int]
        MOVED_FROM_FIELD_NUMBER: _ClassVar[int]
        EQUALS_FIELD_NUMBER: _ClassVar[int]
        CONTAINS_FIELD_NUMBER: _ClassVar[int]
        REGEX_FIELD_NUMBER: _ClassVar[int]
        FUZZY_FIELD_NUMBER: _ClassVar[int]
        THRESHOLD_FIELD_NUMBER: _ClassVar[int]
        IS_DIR_FIELD_NUMBER: _ClassVar[int]
        path: str
        absent: bool
        moved_from: str
        equals: str
        contains: str
        regex: str
        fuzzy: str
        threshold: float
        is_dir: bool
        def __init__(self, path: _Optional[str] = ..., absent: _Optional[bool] = ..., moved_from: _Optional[str] = ..., equals: _Optional[str] = ..., contains: _Optional[str] = ..., regex: _Optional[str] = ..., fuzzy: _Optional[str] = ..., threshold: _Optional[float] = ..., is_dir: _Optional[bool] = ...) -> None: ...
    class SettingCheck(_message.Message):
        __slots__ = ("namespace", "key", "value")
        NAMESPACE_FIELD_NUMBER: _ClassVar[int]
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        namespace: AdbCall.Settings.Namespace
        key: str
        value: ValueMatch
        def __init__(self, namespace: _Optional[_Union[AdbCall.Settings.Namespace, str]] = ..., key: _Optional[str] = ..., value: _Optional[_Union[ValueMatch, _Mapping]] = ...) -> None: ...
    SQLITE_QUERY_FIELD_NUMBER: _ClassVar[int]
    ROWS_ADDED_FIELD_NUMBER: _ClassVar[int]
    ROWS_REMOVED_FIELD_NUMBER: _ClassVar[int]
    FILE_FIELD_NUMBER: _ClassVar[int]
    SETTING_FIELD_NUMBER: _ClassVar[int]
    sqlite_query: StateEvent.SqliteQuery
    rows_added: StateEvent.RowsAdded
    rows_removed: StateEvent.RowsRemoved
    file: StateEvent.FileCheck
    setting: StateEvent.SettingCheck
    def __init__(self, sqlite_query: _Optional[_Union[StateEvent.SqliteQuery, _Mapping]] = ..., rows_added: _Optional[_Union[StateEvent.RowsAdded, _Mapping]] = ..., rows_removed: _Optional[_Union[StateEvent.RowsRemoved, _Mapping]] = ..., file: _Optional[_Union[StateEvent.FileCheck, _Mapping]] = ..., setting: _Optional[_Union[StateEvent.SettingCheck, _Mapping]] = ...) -> None: ...

class EventSource(_message.Message):
    __slots__ = ("text_recognize", "text_detect", "icon_recognize", "icon_detect", "icon_match", "icon_detect_match", "view_hierarchy_event", "log_event", "response_event", "state_event", "id", "repeatability")
    class MatchMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        REGEX: _ClassVar[EventSource.MatchMode]
        DIFFLIB: _ClassVar[EventSource.MatchMode]
        FUZZ: _ClassVar[EventSource.MatchMode]
        SBERT: _ClassVar[EventSource.MatchMode]
    REGEX: EventSource.MatchMode
    DIFFLIB: EventSource.MatchMode
    FUZZ: EventSource.MatchMode
    SBERT: EventSource.MatchMode
    class Repeatability(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        NONE: _ClassVar[EventSource.Repeatability]
        LAST: _ClassVar[EventSource.Repeatability]
        UNLIMITED: _ClassVar[EventSource.Repeatability]
    NONE: EventSource.Repeatability
    LAST: EventSource.Repeatability
    UNLIMITED: EventSource.Repeatability
    class Rect(_message.Message):
        __slots__ = ("x0", "y0", "x1", "y1")
        X0_FIELD_NUMBER: _ClassVar[int]
        Y0_FIELD_NUMBER: _ClassVar[int]
        X1_FIELD_NUMBER: _ClassVar[int]
        Y1_FIELD_NUMBER: _ClassVar[int]
        x0: float
        y0: float
        x1: float
        y1: float
        def __init__(self, x0: _Optional[float] = ..., y0: _Optional[float] = ..., x1: _Optional[float] = ..., y1: _Optional[float] = ...) -> None: ...
    class TextEvent(_message.Message):
        __slots__ = ("expect", "rect", "mode", "threshold")
        EXPECT_FIELD_NUMBER: _ClassVar[int]
        RECT_FIELD_NUMBER: _ClassVar[int]
        MODE_FIELD_NUMBER: _ClassVar[int]
        THRESHOLD_FIELD_NUMBER: _ClassVar[int]
        expect: str
        rect: EventSource.Rect
        mode: EventSource.MatchMode
        threshold: float
        def __init__(self, expect: _Optional[str] = ..., rect: _Optional[_Union[EventSource.Rect, _Mapping]] = ..., mode: _Optional[_Union[EventSource.MatchMode, str]] = ..., threshold: _Optional[float] = ...) -> None: ...
    class IconRecogEvent(_message.Message):
        __slots__ = ("rect",)
        CLASS_FIELD_NUMBER: _ClassVar[int]
        RECT_FIELD_NUMBER: _ClassVar[int]
        rect: EventSource.Rect
        def __init__(self, rect: _Optional[_Union[EventSource.Rect, _Mapping]] = ..., **kwargs) -> None: ...
    class IconMatchEvent(_message.Message):
        __slots__ = ("path", "rect")
        PATH_FIELD_NUMBER: _ClassVar[int]
        RECT_FIELD_NUMBER: _ClassVar[int]
        path: str
        rect: EventSource.Rect
        def __init__(self, path: _Optional[str] = ..., rect: _Optional[_Union[EventSource.Rect, _Mapping]] = ...) -> None: ...
    class ViewHierarchyEvent(_message.Message):
        __slots__ = ("selector", "properties")
        class Sign(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
            __slots__ = ()
            EQ: _ClassVar[EventSource.ViewHierarchyEvent.Sign]
            LE: _ClassVar[EventSource.ViewHierarchyEvent.Sign]
            LT: _ClassVar[EventSource.ViewHierarchyEvent.Sign]
            GE: _ClassVar[EventSource.ViewHierarchyEvent.Sign]
            GT: _ClassVar[EventSource.ViewHierarchyEvent.Sign]
            NE: _ClassVar[EventSource.ViewHierarchyEvent.Sign]
        EQ: EventSource.ViewHierarchyEvent.Sign
        LE: EventSource.ViewHierarchyEvent.Sign
        LT: EventSource.ViewHierarchyEvent.Sign
        GE: EventSource.ViewHierarchyEvent.Sign
        GT: EventSource.ViewHierarchyEvent.Sign
        NE: EventSource.ViewHierarchyEvent.Sign
        class Property(_message.Message):
            __slots__ = ("property_name", "sign", "pattern", "integer", "floating")
            PROPERTY_NAME_FIELD_NUMBER: _ClassVar[int]
            SIGN_FIELD_NUMBER: _ClassVar[int]
            PATTERN_FIELD_NUMBER: _ClassVar[int]
            INTEGER_FIELD_NUMBER: _ClassVar[int]
            FLOATING_FIELD_NUMBER: _ClassVar[int]
            property_name: str
            sign: EventSource.ViewHierarchyEvent.Sign
            pattern: str
            integer: int
            floating: float
            def __init__(self, property_name: _Optional[str] = ..., sign: _Optional[_Union[EventSource.ViewHierarchyEvent.Sign, str]] = ..., pattern: _Optional[str] = ..., integer: _Optional[int] = ..., floating: _Optional[float] = ...) -> None: ...
        SELECTOR_FIELD_NUMBER: _ClassVar[int]
        PROPERTIES_FIELD_NUMBER: _ClassVar[int]
        selector: _containers.RepeatedScalarFieldContainer[str]
        properties: _containers.RepeatedCompositeFieldContainer[EventSource.ViewHierarchyEvent.Property]
        def __init__(self, selector: _Optional[_Iterable[str]] = ..., properties: _Optional[_Iterable[_Union[EventSource.ViewHierarchyEvent.Property, _Mapping]]] = ...) -> None: ...
    class LogEvent(_message.Message):
        __slots__ = ("filters", "pattern")
        FILTERS_FIELD_NUMBER: _ClassVar[int]
        PATTERN_FIELD_NUMBER: _ClassVar[int]
        filters: _containers.RepeatedScalarFieldContainer[str]
        pattern: str
        def __init__(self, filters: _Optional[_Iterable[str]] = ..., pattern: _Optional[str] = ...) -> None: ...
    class ResponseEvent(_message.Message):
        __slots__ = ("pattern", "mode", "threshold", "answer")
        class AnswerCheck(_message.Message):
            __slots__ = ("kind", "expected", "tolerance")
            class Kind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
                __slots__ = ()
                STRING: _ClassVar[EventSource.ResponseEvent.AnswerCheck.Kind]
                NUMBER: _ClassVar[EventSource.ResponseEvent.AnswerCheck.Kind]
                DATE: _ClassVar[EventSource.ResponseEvent.AnswerCheck.Kind]
                TIME: _ClassVar[EventSource.ResponseEvent.AnswerCheck.Kind]
                DATETIME: _ClassVar[EventSource.ResponseEvent.AnswerCheck.Kind]
                DURATION: _ClassVar[EventSource.ResponseEvent.AnswerCheck.Kind]
            STRING: EventSource.ResponseEvent.AnswerCheck.Kind
            NUMBER: EventSource.ResponseEvent.AnswerCheck.Kind
            DATE: EventSource.ResponseEvent.AnswerCheck.Kind
            TIME: EventSource.ResponseEvent.AnswerCheck.Kind
            DATETIME: EventSource.ResponseEvent.AnswerCheck.Kind
            DURATION: EventSource.ResponseEvent.AnswerCheck.Kind
            KIND_FIELD_NUMBER: _ClassVar[int]
            EXPECTED_FIELD_NUMBER: _ClassVar[int]
            TOLERANCE_FIELD_NUMBER: _ClassVar[int]
            kind: EventSource.ResponseEvent.AnswerCheck.Kind
            expected: _containers.RepeatedScalarFieldContainer[str]
            tolerance: float
            def __init__(self, kind: _Optional[_Union[EventSource.ResponseEvent.AnswerCheck.Kind, str]] = ..., expected: _Optional[_Iterable[str]] = ..., tolerance: _Optional[float] = ...) -> None: ...
        PATTERN_FIELD_NUMBER: _ClassVar[int]
        MODE_FIELD_NUMBER: _ClassVar[int]
        THRESHOLD_FIELD_NUMBER: _ClassVar[int]
        ANSWER_FIELD_NUMBER: _ClassVar[int]
        pattern: str
        mode: EventSource.MatchMode
        threshold: float
        answer: EventSource.ResponseEvent.AnswerCheck
        def __init__(self, pattern: _Optional[str] = ..., mode: _Optional[_Union[EventSource.MatchMode, str]] = ..., threshold: _Optional[float] = ..., answer: _Optional[_Union[EventSource.ResponseEvent.AnswerCheck, _Mapping]] = ...) -> None: ...
    TEXT_RECOGNIZE_FIELD_NUMBER: _ClassVar[int]
    TEXT_DETECT_FIELD_NUMBER: _ClassVar[int]
    ICON_RECOGNIZE_FIELD_NUMBER: _ClassVar[int]
    ICON_DETECT_FIELD_NUMBER: _ClassVar[int]
    ICON_MATCH_FIELD_NUMBER: _ClassVar[int]
    ICON_DETECT_MATCH_FIELD_NUMBER: _ClassVar[int]
    VIEW_HIERARCHY_EVENT_FIELD_NUMBER: _ClassVar[int]
    LOG_EVENT_FIELD_NUMBER: _ClassVar[int]
    RESPONSE_EVENT_FIELD_NUMBER: _ClassVar[int]
    STATE_EVENT_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    REPEATABILITY_FIELD_NUMBER: _ClassVar[int]
    text_recognize: EventSource.TextEvent
    text_detect: EventSource.TextEvent
    icon_recognize: EventSource.IconRecogEvent
    icon_detect: EventSource.IconRecogEvent
    icon_match: EventSource.IconMatchEvent
    icon_detect_match: EventSource.IconMatchEvent
    view_hierarchy_event: EventSource.ViewHierarchyEvent
    log_event: EventSource.LogEvent
    response_event: EventSource.ResponseEvent
    state_event: StateEvent
    id: int
    repeatability: EventSource.Repeatability
    def __init__(self, text_recognize: _Optional[_Union[EventSource.TextEvent, _Mapping]] = ..., text_detect: _Optional[_Union[EventSource.TextEvent, _Mapping]] = ..., icon_recognize: _Optional[_Union[EventSource.IconRecogEvent, _Mapping]] = ..., icon_detect: _Optional[_Union[EventSource.IconRecogEvent, _Mapping]] = ..., icon_match: _Optional[_Union[EventSource.IconMatchEvent, _Mapping]] = ..., icon_detect_match: _Optional[_Union[EventSource.IconMatchEvent, _Mapping]] = ..., view_hierarchy_event: _Optional[_Union[EventSource.ViewHierarchyEvent, _Mapping]] = ..., log_event: _Optional[_Union[EventSource.LogEvent, _Mapping]] = ..., response_event: _Optional[_Union[EventSource.ResponseEvent, _Mapping]] = ..., state_event: _Optional[_Union[StateEvent, _Mapping]] = ..., id: _Optional[int] = ..., repeatability: _Optional[_Union[EventSource.Repeatability, str]] = ...) -> None: ...

class EventSlot(_message.Message):
    __slots__ = ("type", "id", "events", "prerequisite", "transformation", "repeatability", "cache_until")
    class Type(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        SINGLE: _ClassVar[EventSlot.Type]
        AND: _ClassVar[EventSlot.Type]
        OR: _ClassVar[EventSlot.Type]
    SINGLE: EventSlot.Type
    AND: EventSlot.Type
    OR: EventSlot.Type
    class Repeatability(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        UNLIMITED: _ClassVar[EventSlot.Repeatability]
        LAST: _ClassVar[EventSlot.Repeatability]
        NONE: _ClassVar[EventSlot.Repeatability]
    UNLIMITED: EventSlot.Repeatability
    LAST: EventSlot.Repeatability
    NONE: EventSlot.Repeatability
    class FakeSource(_message.Message):
        __slots__ = ("id", "event")
        ID_FIELD_NUMBER: _ClassVar[int]
        EVENT_FIELD_NUMBER: _ClassVar[int]
        id: int
        event: EventSlot
        def __init__(self, id: _Optional[int] = ..., event: _Optional[_Union[EventSlot, _Mapping]] = ...) -> None: ...
    TYPE_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    PREREQUISITE_FIELD_NUMBER: _ClassVar[int]
    TRANSFORMATION_FIELD_NUMBER: _ClassVar[int]
    REPEATABILITY_FIELD_NUMBER: _ClassVar[int]
    CACHE_UNTIL_FIELD_NUMBER: _ClassVar[int]
    type: EventSlot.Type
    id: int
    events: _containers.RepeatedCompositeFieldContainer[EventSlot.FakeSource]
    prerequisite: _containers.RepeatedScalarFieldContainer[int]
    transformation: _containers.RepeatedScalarFieldContainer[str]
    repeatability: EventSlot.Repeatability
    cache_until: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, type: _Optional[_Union[EventSlot.Type, str]] = ..., id: _Optional[int] = ..., events: _Optional[_Iterable[_Union[EventSlot.FakeSource, _Mapping]]] = ..., prerequisite: _Optional[_Iterable[int]] = ..., transformation: _Optional[_Iterable[str]] = ..., repeatability: _Optional[_Union[EventSlot.Repeatability, str]] = ..., cache_until: _Optional[_Iterable[int]] = ...) -> None: ...

class TaskEventSlots(_message.Message):
    __slots__ = ("score_listener", "reward_listener", "episode_end_listener", "extra_listener", "json_extra_listener", "instruction_listener", "null_listener")
    SCORE_LISTENER_FIELD_NUMBER: _ClassVar[int]
    REWARD_LISTENER_FIELD_NUMBER: _ClassVar[int]
    EPISODE_END_LISTENER_FIELD_NUMBER: _ClassVar[int]
    EXTRA_LISTENER_FIELD_NUMBER: _ClassVar[int]
    JSON_EXTRA_LISTENER_FIELD_NUMBER: _ClassVar[int]
    INSTRUCTION_LISTENER_FIELD_NUMBER: _ClassVar[int]
    NULL_LISTENER_FIELD_NUMBER: _ClassVar[int]
    score_listener: EventSlot
    reward_listener: EventSlot
    episode_end_listener: EventSlot
    extra_listener: EventSlot
    json_extra_listener: EventSlot
    instruction_listener: EventSlot
    null_listener: EventSlot
    def __init__(self, score_listener: _Optional[_Union[EventSlot, _Mapping]] = ..., reward_listener: _Optional[_Union[EventSlot, _Mapping]] = ..., episode_end_listener: _Optional[_Union[EventSlot, _Mapping]] = ..., extra_listener: _Optional[_Union[EventSlot, _Mapping]] = ..., json_extra_listener: _Optional[_Union[EventSlot, _Mapping]] = ..., instruction_listener: _Optional[_Union[EventSlot, _Mapping]] = ..., null_listener: _Optional[_Union[EventSlot, _Mapping]] = ...) -> None: ...

class Task(_message.Message):
    __slots__ = ("id", "name", "description", "setup_steps", "reset_steps", "expected_app_screen", "max_duration_sec", "max_num_steps", "event_sources", "event_slots", "extras_spec", "command", "vocabulary")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    SETUP_STEPS_FIELD_NUMBER: _ClassVar[int]
    RESET_STEPS_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_APP_SCREEN_FIELD_NUMBER: _ClassVar[int]
    MAX_DURATION_SEC_FIELD_NUMBER: _ClassVar[int]
    MAX_NUM_STEPS_FIELD_NUMBER: _ClassVar[int]
    EVENT_SOURCES_FIELD_NUMBER: _ClassVar[int]
    EVENT_SLOTS_FIELD_NUMBER: _ClassVar[int]
    EXTRAS_SPEC_FIELD_NUMBER: _ClassVar[int]
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    VOCABULARY_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    description: str
    setup_steps: _containers.RepeatedCompositeFieldContainer[SetupStep]
    reset_steps: _containers.RepeatedCompositeFieldContainer[SetupStep]
    expected_app_screen: AppScreen
    max_duration_sec: float
    max_num_steps: int
    event_sources: _containers.RepeatedCompositeFieldContainer[EventSource]
    event_slots: TaskEventSlots
    extras_spec: _containers.RepeatedCompositeFieldContainer[ArraySpec]
    command: _containers.RepeatedScalarFieldContainer[str]
    vocabulary: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., setup_steps: _Optional[_Iterable[_Union[SetupStep, _Mapping]]] = ..., reset_steps: _Optional[_Iterable[_Union[SetupStep, _Mapping]]] = ..., expected_app_screen: _Optional[_Union[AppScreen, _Mapping]] = ..., max_duration_sec: _Optional[float] = ..., max_num_steps: _Optional[int] = ..., event_sources: _Optional[_Iterable[_Union[EventSource, _Mapping]]] = ..., event_slots: _Optional[_Union[TaskEventSlots, _Mapping]] = ..., extras_spec: _Optional[_Iterable[_Union[ArraySpec, _Mapping]]] = ..., command: _Optional[_Iterable[str]] = ..., vocabulary: _Optional[_Iterable[str]] = ...) -> None: ...
