"""Suite-wide test settings.

Property tests run derandomized by default, so a CI run is reproducible and a red build is
never a new random draw. Set HYPOTHESIS_PROFILE=explore to search with fresh random examples
(and more of them) when working on a parser or engine.

Stable-Baselines3 makes a log folder at every `learn()` without a logger (in the system's temp
dir unless SB3_LOGDIR names one); the suite points it at pytest's own temporary folders, which
pytest prunes, for this process and the example scripts it runs.
"""

import os

import pytest
from hypothesis import settings

settings.register_profile("default", derandomize=True, database=None)
settings.register_profile("explore", max_examples=500, derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(autouse=True, scope="session")
def _sb3_log_folder(tmp_path_factory: pytest.TempPathFactory):
    mp = pytest.MonkeyPatch()
    mp.setenv("SB3_LOGDIR", str(tmp_path_factory.mktemp("sb3_logs")))
    yield
    mp.undo()
