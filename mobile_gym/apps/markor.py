"""Markor: its catalogue record. Notes are plain files in the notebook folder (no database)."""

from __future__ import annotations

from mobile_gym.apps import EXTERNAL_STORAGE, AppRecord

#: The default notebook: where Markor's file browser opens and new notes go.
NOTEBOOK = f"{EXTERNAL_STORAGE}/Documents/Markor"

APP = AppRecord(
    key="markor",
    package="net.gsantner.markor",
    label="Markor",
    main_activity="net.gsantner.markor.activity.MainActivity",
    version="2.10.9",
    version_code=146,
    storage_dirs=(NOTEBOOK,),
)
