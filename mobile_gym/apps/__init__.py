"""The app catalogue: who each simulated app is, written once for every layer.

A record (`AppRecord`) holds an app's identity — package, launcher label, the activities a
launcher and a task start, where it keeps its data, the release it models — and its module
(`mobile_gym/apps/<key>.py`) also holds the app's row schemas, the plain dataclasses that the
simulated app's storage and the task families' seeding and checks share. Nothing here draws or
runs an app: `sim/apps/<key>/` does that, `tasks/` seeds and checks, `wrappers/` opens apps by
name, all reading the records below.

Adding an app adds one module here with an `APP = AppRecord(...)`; it is found by scanning this
package, so no list elsewhere is edited. The catalogue is ordered by launcher label, as the
Pixel launcher's app drawer orders apps.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import cache

__all__ = ["AppRecord", "UnknownApp", "catalogue", "find", "get", "installed_by_default"]

DATA_ROOT = "/data/data"
EXTERNAL_STORAGE = "/storage/emulated/0"


@dataclass(frozen=True)
class AppRecord:
    """One app's identity, backend-agnostic.

    `key` is the app's module name here and its folder name under `mobile_gym/sim/apps/`.
    Activity names are fully qualified class names.
    """

    key: str
    package: str
    label: str                      # the launcher label
    main_activity: str              # the activity tasks and `open_app` start (`am start -n`)
    version: str                    # the release the simulation models (versionName)
    version_code: int = 1
    launcher_activity: str | None = None  # the launcher's entry when it differs (an alias, a splash)
    aliases: tuple[str, ...] = ()   # other names agents use for the app (AndroidWorld's names)
    databases: tuple[str, ...] = ()  # database file names under the app's `databases/`
    storage_dirs: tuple[str, ...] = ()  # shared-storage folders holding the user's files
    installed_by_default: bool = True

    @property
    def component(self) -> str:
        """`package/class` of the main activity, as `am start -n` takes it."""
        return f"{self.package}/{self.main_activity}"

    @property
    def launcher_component(self) -> str:
        """`package/class` the launcher icon starts."""
        return f"{self.package}/{self.launcher_activity or self.main_activity}"

    @property
    def data_dir(self) -> str:
        """The app's private folder on the device."""
        return f"{DATA_ROOT}/{self.package}"

    def database_path(self, name: str | None = None) -> str:
        """Device path of database `name` (the app's first database when None)."""
        if name is None:
            if not self.databases:
                raise ValueError(f"app {self.key!r} declares no database")
            name = self.databases[0]
        elif name not in self.databases:
            raise ValueError(f"app {self.key!r} has no database {name!r}; it has {list(self.databases)}")
        return f"{self.data_dir}/databases/{name}"

    def names(self) -> tuple[str, ...]:
        """Every name `find` accepts for this app, lower-case."""
        return tuple(dict.fromkeys(n.casefold() for n in (self.label, self.key, *self.aliases)))


class UnknownApp(LookupError):
    """No catalogue record has the given key, package or name."""


@cache
def catalogue() -> tuple[AppRecord, ...]:
    """Every record, in launcher order (by label)."""
    records: list[AppRecord] = []
    for module_info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{module_info.name}")
        record = getattr(module, "APP", None)
        if not isinstance(record, AppRecord):
            continue
        if record.key != module_info.name:
            raise RuntimeError(f"{module.__name__}.APP.key is {record.key!r}; it must be the module name")
        records.append(record)
    records.sort(key=lambda r: (r.label.casefold(), r.key))
    _check_unique(records)
    return tuple(records)


def _check_unique(records: list[AppRecord]) -> None:
    seen: dict[str, str] = {}
    for record in records:
        for name in (record.package, *record.names()):
            owner = seen.setdefault(name, record.key)
            if owner != record.key:
                raise RuntimeError(f"apps {owner!r} and {record.key!r} both claim the name {name!r}")


def installed_by_default() -> tuple[AppRecord, ...]:
    """The records a fresh simulated phone installs, in launcher order."""
    return tuple(r for r in catalogue() if r.installed_by_default)


def get(key_or_package: str) -> AppRecord:
    """The record with this key or package; UnknownApp lists the keys otherwise."""
    for record in catalogue():
        if key_or_package in (record.key, record.package):
            return record
    raise UnknownApp(f"no app {key_or_package!r} in the catalogue; known: "
                     f"{', '.join(r.key for r in catalogue())}")


def find(name: str) -> AppRecord:
    """The record an agent means by `name` (label, key or alias; case-insensitive)."""
    wanted = " ".join(name.split()).casefold()
    for record in catalogue():
        if wanted in record.names() or wanted == record.package:
            return record
    raise UnknownApp(f"no app named {name!r}; known: "
                     f"{', '.join(n for r in installed_by_default() for n in r.names())}")
