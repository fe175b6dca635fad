"""A folder of the device replaced by a symlink behind the storage's back (the storage never
makes links; a host process could) is still refused when it leads out of the storage, also
below folders the storage already knows to be real, and followed when it stays inside."""

from __future__ import annotations

import os

import pytest

from mobile_gym.sim.system.clock import Clock
from mobile_gym.sim.system.storage import OutsideStorageError, Storage


def test_a_new_symlinked_folder_below_known_folders_is_refused(tmp_path) -> None:
    s = Storage(Clock(), str(tmp_path / "dev"))
    outside = tmp_path / "host"
    outside.mkdir()
    (outside / "secret").write_bytes(b"host file")
    s.write("/data/local/tmp/known/file", b"x")  # /data/local/tmp/known is now known real
    os.symlink(outside, s.host_path("/data/local/tmp/known") + "/link")
    with pytest.raises(OutsideStorageError):
        s.read("/data/local/tmp/known/link/secret")
    with pytest.raises(OSError):
        s.write("/data/local/tmp/known/link/deeper/new", b"y")
    assert not (outside / "deeper").exists()
    assert s.read("/data/local/tmp/known/file") == b"x"


def test_a_known_folder_removed_and_replaced_by_a_symlink_is_refused(tmp_path) -> None:
    s = Storage(Clock(), str(tmp_path / "dev"))
    outside = tmp_path / "host"
    outside.mkdir()
    (outside / "secret").write_bytes(b"host file")
    s.write("/data/local/tmp/d/e/file", b"x")
    s.remove("/data/local/tmp/d", recursive=True)
    os.symlink(outside, s.host_path("/data/local/tmp") + "/d")
    with pytest.raises(OutsideStorageError):
        s.read("/data/local/tmp/d/secret")


def test_a_symlinked_folder_inside_the_storage_is_followed(tmp_path) -> None:
    s = Storage(Clock(), str(tmp_path / "dev"))
    s.write("/data/local/tmp/real/file", b"inside")
    os.symlink(s.host_path("/data/local/tmp/real"), s.host_path("/data/local/tmp") + "/alias")
    assert s.read("/data/local/tmp/alias/file") == b"inside"
    assert s.exists("/data/local/tmp/alias/file")
