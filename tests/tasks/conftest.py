"""Fixtures for the task-layer tests."""

from __future__ import annotations

import pytest

from .fakes import FakeDevice


@pytest.fixture
def device() -> FakeDevice:
    return FakeDevice()
