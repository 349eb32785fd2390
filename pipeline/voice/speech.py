"""Where a take speaks: voice activity judged against the take's own noise floor.

A take recorded in a room holds the room: hiss, a fan, the hum of a cable. Levelled to the
narration's loudness, seven seconds of hiss at -45 dBFS become loud hiss, and the seconds of
hiss around the words are not silence to trim. So a stretch counts as speech only when two
things agree (:func:`find_speech`):

- WebRTC's voice activity detector (webrtcvad, at its strictest, :data:`AGGRESSIVENESS`)
  hears a voice in its :data:`FRAME` window; and
- the window stands at least :data:`ABOVE_FLOOR_DB` above the take's own *noise floor*, the
  :data:`FLOOR_PERCENTILE`-th percentile of its windows' levels (a window quieter than
  -90 dBFS counts as -90): the level of the room between the words.

A take with under :data:`MIN_SPEECH` seconds of speech has none (:attr:`Speech.found`);
its :meth:`Speech.verdict` says so in one line. Otherwise its speech runs from the first to
the last window of speech, and the studio trims to that (:mod:`pipeline.voice.takes`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import webrtcvad

from pipeline.voice.samples import AnySamples

__all__ = [
    "ABOVE_FLOOR_DB",
    "AGGRESSIVENESS",
    "FLOOR_PERCENTILE",
    "FRAME",
    "MIN_SPEECH",
    "RATES",
    "Speech",
    "find_speech",
]

FRAME = 0.02  # seconds per window (webrtcvad takes 10, 20 or 30 ms)
AGGRESSIVENESS = 3  # webrtcvad's strictest mode: the least noise taken for a voice
FLOOR_PERCENTILE = 10.0  # the take's noise floor: this percentile of its windows' levels
ABOVE_FLOOR_DB = 6.0  # a window of speech stands at least this far above the floor
MIN_SPEECH = 0.1  # seconds of speech windows a take needs to hold speech at all
RATES = (8_000, 16_000, 32_000, 48_000)  # the rates webrtcvad reads
_QUIETEST = -90.0  # dBFS: a window under this is as quiet as a room gets (or digitally silent)


@dataclass(frozen=True)
class Speech:
    """Where a take speaks, as :func:`find_speech` judged it.

    Attributes
    ----------
    floor : float
        The take's noise floor in dBFS (RMS of a window, -90 at the least); ``-inf`` when
        every window is quieter than that.
    span : tuple of float, or None
        Seconds from the take's first sample to the start of its first window of speech
        and to the end of its last; None when it holds no speech.
    seconds : float
        Seconds of windows judged speech.
    """

    floor: float
    span: tuple[float, float] | None
    seconds: float

    @property
    def found(self) -> bool:
        """True when the take holds speech."""
        return self.span is not None

    def verdict(self) -> str:
        """One line: where the speech is against the floor, or that there is none.

        Examples
        --------
        >>> Speech(-45.2, None, 0.0).verdict()
        'no speech (only noise, its floor at -45 dBFS)'
        >>> Speech(-45.2, (1.02, 3.8), 2.1).verdict()
        'speech from 1.02 s to 3.80 s over a floor at -45 dBFS'
        """
        floor = f"{self.floor:.0f} dBFS" if math.isfinite(self.floor) else "digital silence"
        if self.span is None:
            return f"no speech (only noise, its floor at {floor})"
        return f"speech from {self.span[0]:.2f} s to {self.span[1]:.2f} s over a floor at {floor}"


def find_speech(samples: AnySamples, rate: int) -> Speech:
    """Where a take speaks: windows a voice detector hears that stand above its noise floor.

    Parameters
    ----------
    samples : numpy.ndarray
        The take, mono floats in [-1, 1].
    rate : int
        Its sample rate, one of :data:`RATES`.

    Returns
    -------
    Speech
        The floor, the span of speech (None when there is under :data:`MIN_SPEECH` s) and
        the seconds of speech.

    Raises
    ------
    ValueError
        When `rate` is not one of :data:`RATES`.

    Examples
    --------
    >>> rate = 16_000
    >>> hiss = np.random.default_rng(0).normal(0, 10 ** (-45 / 20), 3 * rate)
    >>> find_speech(hiss, rate).verdict()
    'no speech (only noise, its floor at -45 dBFS)'
    """
    if rate not in RATES:
        raise ValueError(f"speech is found at {', '.join(map(str, RATES))} Hz, not {rate}")
    x = np.asarray(samples, np.float64)
    n = round(FRAME * rate)
    count = len(x) // n
    if count == 0:
        return Speech(-math.inf, None, 0.0)
    windows = x[: count * n].reshape(count, n)
    with np.errstate(divide="ignore"):
        level = 10 * np.log10(np.mean(np.square(windows), axis=1))
    if not np.any(level > _QUIETEST):
        return Speech(-math.inf, None, 0.0)
    floor = float(np.percentile(np.maximum(level, _QUIETEST), FLOOR_PERCENTILE))
    loud = level >= floor + ABOVE_FLOOR_DB
    vad = webrtcvad.Vad(AGGRESSIVENESS)
    pcm = np.clip(np.round(windows * 32767), -32768, 32767).astype("<i2")
    voiced = np.array([vad.is_speech(w.tobytes(), rate) for w in pcm], bool)  # in order: it adapts
    on = np.flatnonzero(voiced & loud)
    seconds = round(len(on) * n / rate, 3)
    if seconds < MIN_SPEECH:
        return Speech(floor, None, seconds)
    span = (round(float(on[0] * n / rate), 3), round(float((on[-1] + 1) * n / rate), 3))
    return Speech(floor, span, seconds)
