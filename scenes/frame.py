"""The frame's limits: its title-safe area and the smallest font on screen."""

from __future__ import annotations

from manim import config

__all__ = ["FRAME_MARGIN", "MIN_FONT", "SAFE", "SAFE_X", "SAFE_Y", "frame_box"]

SAFE = 0.05  # title-safe area: no text in the outer 5 % of the frame's width or height
SAFE_X = SAFE * 128 / 9  # 0.711 scene units of the 16:9 frame's 14.22
SAFE_Y = SAFE * 8  # 0.4 of its 8
FRAME_MARGIN = SAFE_Y  # kept for callers that place along both axes with one margin
MIN_FONT = 20  # smallest font size on screen: a line ("Hg") about 24 px high at 720p


def frame_box() -> tuple[float, float]:
    """Half-width and half-height of the title-safe area (the frame less 5 % on each side)."""
    return config.frame_width / 2 - SAFE_X, config.frame_height / 2 - SAFE_Y
