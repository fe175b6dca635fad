"""Installed apps: the `App` base class apps subclass, and the package manager that knows them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from mobile_gym.apps import AppRecord

if TYPE_CHECKING:
    from mobile_gym.sim.system.activity import Activity, AppContext, Intent

_PACKAGE_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$")
FIRST_APP_UID = 10150

# Packages a Pixel 6 image has that the simulator does not draw: listed by `pm list packages`.
SYSTEM_PACKAGES = (
    "android",
    "com.android.systemui",
    "com.android.shell",
    "com.android.providers.settings",
    "com.android.providers.telephony",
    "com.android.providers.contacts",
    "com.android.phone",
    "com.google.android.inputmethod.latin",
)


class App:
    """One installed app. Subclass it, set `record` to the app's catalogue record (which gives
    the package, label, launcher activity and version) and the drawing and activity attributes.
    `mobile_gym.sim.apps.default_apps()` finds it in `sim/apps/<record.key>/`.

    An instance lives as long as the app's process (created on first start, dropped on
    force-stop); durable state belongs in storage (`ctx.data_dir`), never in the instance.
    """

    record: ClassVar[AppRecord | None] = None
    package: ClassVar[str]
    label: ClassVar[str]
    icon: ClassVar[str] = "app"
    icon_color: ClassVar[int] = 0xFF1A73E8
    launcher_activity: ClassVar[str | None] = None   # short name, e.g. ".activities.MainActivity"
    activities: ClassVar[dict[str, type[Activity]]] = {}
    version_name: ClassVar[str] = "1.0"
    version_code: ClassVar[int] = 1
    show_in_launcher: ClassVar[bool] = True           # False for the launcher itself
    system: ClassVar[bool] = False                    # the activities of a system package

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        record = cls.__dict__.get("record")
        if isinstance(record, AppRecord):
            cls.package = record.package
            cls.label = record.label
            cls.launcher_activity = record.launcher_activity or record.main_activity
            cls.version_name = record.version
            cls.version_code = record.version_code

    def __init__(self) -> None:
        self.ctx: AppContext | None = None

    def on_install(self, ctx: AppContext) -> None:
        """First launch (and the first launch after `pm clear`): create databases, preferences."""

    def on_create(self, ctx: AppContext) -> None:
        """The process started (every cold start)."""


def full_class(package: str, name: str) -> str:
    """`.activities.Main` -> `pkg.activities.Main`; a fully qualified name is kept."""
    return package + name if name.startswith(".") else name


def short_component(package: str, cls: str) -> str:
    """`ComponentName.flattenToShortString()`: `pkg/.Act` when the class is inside the package."""
    if cls.startswith(package + "."):
        return f"{package}/{cls[len(package):]}"
    return f"{package}/{cls}"


@dataclass(frozen=True)
class PackageInfo:
    package: str
    app_class: type[App]
    uid: int
    activities: dict[str, type[Activity]]  # fully qualified class name -> Activity class

    @property
    def launcher_component(self) -> str | None:
        la = self.app_class.launcher_activity
        return None if la is None else f"{self.package}/{full_class(self.package, la)}"

    @property
    def user_id_text(self) -> str:
        return f"u0a{self.uid - 10000}"


class ComponentNotFound(LookupError):
    """`am start` for a class that no installed package declares."""


class PackageManager:
    """Installed `App` classes, uids, component and intent resolution."""

    def __init__(self, apps: list[type[App]] | tuple[type[App], ...]) -> None:
        self._packages: dict[str, PackageInfo] = {}
        for app in apps:
            self.install(app)

    def install(self, app: type[App]) -> PackageInfo:
        """Register an app class after checking its declaration."""
        name = getattr(app, "__name__", repr(app))
        if not isinstance(app, type) or not issubclass(app, App):
            raise TypeError(f"{name} is not an App subclass")
        pkg = getattr(app, "package", None)
        if not isinstance(pkg, str) or not _PACKAGE_RE.match(pkg):
            raise ValueError(f"{name}.package {pkg!r} is not a valid package name")
        if pkg in self._packages or (pkg in SYSTEM_PACKAGES and not getattr(app, "system", False)):
            raise ValueError(f"{name}: package {pkg} is already installed")
        if not isinstance(getattr(app, "label", None), str):
            raise ValueError(f"{name}.label must be a string")
        from mobile_gym.sim.system.activity import Activity
        acts: dict[str, type[Activity]] = {}
        for short, cls in app.activities.items():
            if not isinstance(cls, type) or not issubclass(cls, Activity):
                raise TypeError(f"{name}.activities[{short!r}] is not an Activity subclass")
            acts[full_class(pkg, short)] = cls
        if app.launcher_activity is not None and full_class(pkg, app.launcher_activity) not in acts:
            raise ValueError(f"{name}.launcher_activity {app.launcher_activity!r} is not in {name}.activities")
        info = PackageInfo(pkg, app, FIRST_APP_UID + len(self._packages), acts)
        self._packages[pkg] = info
        return info

    def get(self, package: str) -> PackageInfo | None:
        return self._packages.get(package)

    def packages(self) -> list[PackageInfo]:
        return list(self._packages.values())

    def all_package_names(self) -> list[str]:
        return sorted(set(self._packages) | set(SYSTEM_PACKAGES))

    def launchable(self) -> list[PackageInfo]:
        """Apps with a launcher activity, in install order (the launcher shows these)."""
        return [p for p in self._packages.values()
                if p.app_class.launcher_activity is not None and p.app_class.show_in_launcher]

    def resolve(self, component: str) -> tuple[PackageInfo, str, type[Activity]]:
        """`pkg/.Act` or `pkg/pkg.Act` -> (package, fully qualified class, Activity class)."""
        pkg, sep, cls = component.partition("/")
        if not sep or not pkg or not cls:
            raise ComponentNotFound(f"Bad component name: {component}")
        info = self._packages.get(pkg)
        full = full_class(pkg, cls)
        if info is None or full not in info.activities:
            raise ComponentNotFound(f"Activity class {{{pkg}/{full}}} does not exist.")
        return info, full, info.activities[full]

    def query(self, intent: Intent) -> list[tuple[PackageInfo, str]]:
        """Activities whose intent filters match an implicit intent (action, categories, data scheme)."""
        found = []
        for info in self._packages.values():
            for full, cls in info.activities.items():
                for f in cls.intent_filters:
                    if f.matches(intent):
                        found.append((info, full))
                        break
            if intent.action == "android.intent.action.MAIN" and "android.intent.category.LAUNCHER" in \
                    intent.categories and info.launcher_component is not None:
                full = info.launcher_component.split("/", 1)[1]
                if (info, full) not in found:
                    found.append((info, full))
        if intent.package is not None:
            found = [(i, c) for i, c in found if i.package == intent.package]
        return found
