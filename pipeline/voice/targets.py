"""The narration's fixed numbers: sample rate, loudness target, true-peak ceiling, pause.

No audio library here: the clip's input hash reads these without loading one.
"""

from __future__ import annotations

from lesson.voice import PAUSE

__all__ = ["CEILING_DBTP", "ENCODER_HEADROOM", "PAUSE", "RATE", "TAIL", "TARGET_LUFS"]

RATE = 48_000  # the project's audio sample rate
TARGET_LUFS = -16.0  # integrated loudness of a clip's narration
CEILING_DBTP = -1.0  # highest true peak
ENCODER_HEADROOM = 0.5  # dB kept free under the ceiling for the lossy encoders' overshoot
TAIL = 0.1  # seconds a synthetic take keeps after its last sound (espeak-ng: 0.37 s of zeros)
