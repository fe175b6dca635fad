"""`python -m mobile_gym.adb_serve …`: the same as `mobile-gym adb-serve …`."""

import sys

from mobile_gym.adb_serve.command import main

sys.exit(main())
