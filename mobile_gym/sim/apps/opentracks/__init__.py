"""OpenTracks 4.11.3 simulated: the track list, a track's statistics page and the first-run
permission prompt."""

from .app import OpenTracksApp

__all__ = ["OpenTracksApp"]
