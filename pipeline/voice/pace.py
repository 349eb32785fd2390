"""The narration's pace: words a minute, set per lesson, and what each synthetic voice is told.

A lesson sets its pace in ``[timing] words_per_minute`` (default
:data:`~lesson.model.DEFAULT_WORDS_PER_MINUTE`, a teaching pace: second-language listeners
follow best at about 120 to 140 words a minute). Each synthetic voice is told the setting that
makes it speak at that pace: espeak-ng a rate (``-s``, :func:`espeak_rate`), Piper a length
scale (:func:`piper_length_scale`). A recording keeps its author's pace.

The pace is measured as a listener hears each cue (:func:`pace_of`): the words said, per
minute of the takes as played (each from its start to :data:`~pipeline.voice.targets.TAIL`
after its last sound); the pauses between cues do not count. A voice's pace at one setting
differs from cue to cue (long words, many commas: espeak-ng's Indonesian at one rate said the
default lesson's scenes at 109 to 140 words a minute), so each take is measured as it is made
and made once more at a corrected setting when it is off the pace by more than
:data:`TOLERANCE` (:func:`correction`). The first setting comes from each voice's words a
minute per unit of setting, measured on the default lesson's cues (``bench/pace.py``).
"""

from __future__ import annotations

import wave
from collections.abc import Iterable
from pathlib import Path
from typing import Protocol

from lesson.model import DEFAULT_WORDS_PER_MINUTE
from pipeline.voice.targets import TAIL

__all__ = [
    "DEFAULT_PACE",
    "MIN_WORDS",
    "TOLERANCE",
    "correction",
    "take_seconds",
    "ESPEAK_PACE_PER_RATE",
    "PIPER_PACE",
    "Said",
    "espeak_rate",
    "pace_of",
    "piper_length_scale",
    "word_count",
]

DEFAULT_PACE = DEFAULT_WORDS_PER_MINUTE
# Words a minute espeak-ng says, per unit of its rate (-s), as a listener hears the cues
ESPEAK_PACE_PER_RATE = {"id": 0.839, "en": 1.059}  # at -s 155: 130, 164
PIPER_PACE = 180.0  # words a minute of en_US-joe-medium at length scale 1
TOLERANCE = 0.04  # a take further than this from the pace is made again, its setting corrected
MIN_WORDS = 4  # a take of fewer words is not corrected (its pace is mostly its pauses)
_QUIET = 1e-4  # a sample no louder than this (of full scale) is quiet, as a take is trimmed


class Said(Protocol):
    """A cue as narrated (:class:`~pipeline.manifest.SpokenCue`): its words, its take's length."""

    @property
    def words(self) -> str: ...  # noqa: D102

    @property
    def duration(self) -> float: ...  # noqa: D102


def espeak_rate(lang: str, pace: float) -> int:
    """espeak-ng's rate (``-s``) that says `lang` at `pace` words a minute.

    Examples
    --------
    >>> espeak_rate("id", 135)
    161
    """
    return round(pace / ESPEAK_PACE_PER_RATE.get(lang, ESPEAK_PACE_PER_RATE["en"]))


def piper_length_scale(pace: float) -> float:
    """Piper's length scale that says English at `pace` words a minute (1 is its own pace).

    Examples
    --------
    >>> piper_length_scale(135)
    1.333
    """
    return round(PIPER_PACE / pace, 3)


def word_count(words: str) -> int:
    """The words of a cue's spoken text (what the voice says, numbers written as words).

    Examples
    --------
    >>> word_count("Hasil kali titiknya nol koma tiga, kira-kira.")
    7
    """
    return sum(any(ch.isalnum() for ch in w) for w in words.split())


def pace_of(cues: Iterable[Said]) -> float | None:
    """Words a minute of the cues' takes as played (None when nothing was said).

    Parameters
    ----------
    cues : iterable of Said
        The cues of a scene as narrated (their words and their takes' lengths).

    Returns
    -------
    float or None
        ``60 * words / seconds``, to one decimal.

    Examples
    --------
    >>> from pipeline.manifest import SpokenCue
    >>> pace_of([SpokenCue("a", "a", "satu dua tiga", 0.0, 1.5, "espeak-ng id 1.51")])
    120.0
    """
    said = [(word_count(c.words), c.duration) for c in cues]
    seconds = sum(d for _, d in said)
    return round(60 * sum(n for n, _ in said) / seconds, 1) if seconds > 0 else None


def take_seconds(path: Path) -> float:
    """Seconds a synthetic take (16-bit WAV) plays: to :data:`TAIL` after its last sound.

    As :func:`~pipeline.voice.audio.end_at_sound` trims it once levelled (0 when silent).
    """
    import numpy as np

    with wave.open(str(path)) as w:
        rate, x = w.getframerate(), np.frombuffer(w.readframes(w.getnframes()), "<i2")
    loud = np.flatnonzero(np.abs(x.astype(np.int32)) > _QUIET * 32768)
    return 0.0 if loud.size == 0 else float((loud[-1] + 1) / rate + TAIL)


def correction(words: str, pace: float, seconds: float) -> float | None:
    """How much faster a take of `words` lasting `seconds` must be said to be at `pace`.

    Parameters
    ----------
    words : str
        What the take says.
    pace : float
        The pace asked for, in words a minute.
    seconds : float
        How long the take plays (:func:`take_seconds`).

    Returns
    -------
    float or None
        The factor to speed the voice up by (under 1: slow it down), at most 1.5 either way;
        None when the take is within :data:`TOLERANCE` of the pace, or has under
        :data:`MIN_WORDS` words.

    Examples
    --------
    >>> correction("satu dua tiga empat lima enam", 120, 3.6)  # 100 words a minute
    1.2
    >>> correction("satu dua tiga empat lima enam", 120, 3.0) is None  # 120 words a minute
    True
    """
    n = word_count(words)
    if n < MIN_WORDS or seconds <= 0:
        return None
    factor = pace / (60 * n / seconds)
    if abs(factor - 1) <= TOLERANCE:
        return None
    return round(min(1.5, max(1 / 1.5, factor)), 4)
