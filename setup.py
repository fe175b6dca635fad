"""Package layout that pyproject.toml cannot say alone: the top-level `task_defs/` folder ships
as the package `mobile_gym.task_defs` (DESIGN.md §2). Everything else is in pyproject.toml."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["mobile_gym", "mobile_gym.*"]), "mobile_gym.task_defs"],
    package_dir={"mobile_gym.task_defs": "task_defs"},
)
