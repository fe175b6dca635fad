"""Suite-wide test settings.

Property tests run derandomized by default, so a CI run is reproducible and a red build is
never a new random draw. Set HYPOTHESIS_PROFILE=explore to search with fresh random examples
(and more of them) when working on a parser or engine.
"""

import os

from hypothesis import settings

settings.register_profile("default", derandomize=True, database=None)
settings.register_profile("explore", max_examples=500, derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
