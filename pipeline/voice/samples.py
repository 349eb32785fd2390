"""The array types of the narration's audio.

Samples are floats in [-1, 1] (full scale is 1), mono unless said otherwise. The decoding and
writing (:mod:`pipeline.voice.audio`) and the loudness (:mod:`pipeline.voice.loudness`) both
use these types; neither imports the other for them.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["AnySamples", "Samples"]

Samples = npt.NDArray[np.float32]  # what the narration's functions return
AnySamples = npt.NDArray[Any]  # what they take: floats of any width
