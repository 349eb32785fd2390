"""Is a recorded take fit to play? Silent, clipped, or far from the synthetic take's length.

A recording whose words match its cue can still be bad: an author saves three seconds of
digital silence (the microphone was off), a take recorded too hot (the peaks flattened at
full scale), or the wrong take (one word, or the whole paragraph). Such a take is not
played: the synthetic voice says the cue and the render and ``lecture script --stale`` list
it with the reason :func:`problem` gives. No manim and no file access here: samples in,
a reason (or None) out.

The rules, checked in this order:

silent
    Integrated loudness (ITU-R BS.1770; K-weighted here, gated by pyloudnorm's meter)
    under :data:`SILENT_LUFS`, or no sample above zero at all (*digital silence*). Levelling
    such a take to the target loudness would only make its noise loud.
clipped
    More than :data:`CLIPPED_SHARE` of the samples at full scale (magnitude at least
    :data:`FULL_SCALE`, in any channel, at the file's own rate). A few samples touching full
    scale are a loud take; a run of them is distortion.
too short, too long
    The take's speech (from the first to the last :data:`FRAME` window within
    :data:`SPEECH_RANGE_DB` dB of its loudest, above :data:`SPEECH_FLOOR_DBFS`; leading and
    trailing silence do not count) against the synthetic take of the same words, measured
    the same way: outside :data:`SPEECH_RATIO` (half to twice) it is another take than the
    words say. A person speaks at 0.7 to 1.4 times the synthetic voice's pace; half or
    twice is a missing or an extra sentence.
"""

from __future__ import annotations

import functools
import math

import numpy as np
import pyloudnorm
import scipy.signal

__all__ = [
    "ABSOLUTE_GATE_LUFS",
    "CLIPPED_SHARE",
    "FRAME",
    "FULL_SCALE",
    "SILENT_LUFS",
    "SPEECH_FLOOR_DBFS",
    "SPEECH_RANGE_DB",
    "SPEECH_RATIO",
    "K_HIGH_PASS_HZ",
    "K_HIGH_PASS_Q",
    "K_SHELF_DB",
    "K_SHELF_HZ",
    "K_SHELF_Q",
    "k_weighted",
    "k_weighting",
    "loudness",
    "problem",
    "runs",
    "speech_seconds",
    "speech_span",
]

ABSOLUTE_GATE_LUFS = -70.0  # BS.1770's absolute gate: a block at or under it is not counted
SILENT_LUFS = -50.0  # quieter than this is silent (speech at a normal level is -30..-14)
FULL_SCALE = 0.999  # a sample at least this large (of 1.0) is at full scale
CLIPPED_SHARE = 0.001  # more than this share of samples at full scale: clipped
FRAME = 0.02  # seconds per window of the speech measure
SPEECH_RANGE_DB = 40.0  # a window within this many dB of the loudest one holds speech
SPEECH_FLOOR_DBFS = -60.0  # and is above this level in any case
SPEECH_RATIO = (0.5, 2.0)  # allowed speech length, as a multiple of the synthetic take's


def loudness(samples: np.ndarray, rate: int) -> float:
    """Integrated loudness in LUFS of mono samples (``-inf`` for silence).

    pyloudnorm's meter (ITU-R BS.1770) gates the blocks of the K-weighted samples, which
    :func:`k_weighted` makes as the meter would with its own K-weighting: the result is the
    meter's to the bit. A clip no longer than one gating block (0.4 s) is measured as one
    block of its own length, where the meter would need zeros after it.

    Examples
    --------
    >>> loudness(np.zeros(48_000), 48_000)
    -inf
    """
    x = np.asarray(samples, np.float64)
    meter = pyloudnorm.Meter(rate, filter_class="custom")  # weighted here, gated there
    if len(x) <= math.ceil(meter.block_size * rate):
        # under one gating block, the clip is its own block: zeros padded to a block's
        # length would thin its mean square (a 0.2 s tone 3 dB under the same tone's
        # loudness), and a short take would be levelled as much too loud
        power = float(np.mean(np.square(k_weighted(x, rate)))) if len(x) else 0.0
        lufs = -0.691 + 10 * math.log10(power) if power > 0 else -math.inf
        return lufs if lufs > ABSOLUTE_GATE_LUFS else -math.inf
    with np.errstate(divide="ignore"):
        return float(meter.integrated_loudness(k_weighted(x, rate)))


# In a silence, a filter's state under QUIET is let go to zero: the rest of its ring-down
# would only be numbers too small to change any block the meter's gates keep (their squares
# are under 1e-300), and subnormal (under 2.2e-308: scipy's filter took 16 times as long
# per sample on them here) long before they reached zero.
QUIET = 1e-150
_FLOOR = 1e-290  # what a state of QUIET may decay to between two looks: still a normal number


def runs(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The runs of True in a boolean array, as arrays of their starts and stops.

    Examples
    --------
    >>> starts, stops = runs(np.array([True, True, False, True]))
    >>> starts.tolist(), stops.tolist()
    ([0, 3], [2, 4])
    """
    edges = np.flatnonzero(np.diff(np.concatenate(([0], mask.view(np.int8), [0]))))
    return edges[::2], edges[1::2]


def _silences(x: np.ndarray, block: int) -> list[tuple[int, int]]:
    """Stretches of `x` made of whole blocks of `block` zero samples, as ``(start, stop)``.

    Every run of at least ``2 * block - 1`` zeros holds one; a shorter run may not.
    """
    n = len(x) // block
    starts, stops = runs(~np.any(x[: n * block].reshape(n, block), axis=1))
    return [(s * block, e * block) for s, e in zip(starts.tolist(), stops.tolist(), strict=True)]


# ITU-R BS.1770's K-weighting: a high shelf of +4 dB above about 1.5 kHz (the head's
# acoustic effect), then a high pass at 38 Hz (the revised low-frequency B curve). BS.1770
# gives the two filters' coefficients at 48 kHz only; they are designed here for any rate as
# pyloudnorm designs them (the Audio EQ Cookbook's biquads with these parameters), the same
# to the bit, and so the same loudness as its meter's own K-weighting
K_SHELF_DB = 4.0
K_SHELF_Q = 1 / math.sqrt(2)
K_SHELF_HZ = 1500.0
K_HIGH_PASS_Q = 0.5
K_HIGH_PASS_HZ = 38.0

Biquad = tuple[np.ndarray, np.ndarray]


def k_weighting(rate: int) -> tuple[Biquad, Biquad]:
    """BS.1770's K-weighting filters at `rate`: the high shelf, then the high pass.

    Parameters
    ----------
    rate : int
        The sample rate in Hz.

    Returns
    -------
    tuple of (numpy.ndarray, numpy.ndarray)
        Each filter's ``(b, a)``, three coefficients each, with ``a[0] == 1``.

    Examples
    --------
    >>> (b, a), (b2, a2) = k_weighting(48_000)  # BS.1770's table: 1.53512486, -1.69065929
    >>> np.round(b, 4).tolist(), np.round(a, 4).tolist(), np.round(a2, 4).tolist()
    ([1.5352, -2.6918, 1.1984], [1.0, -1.6907, 0.7325], [1.0, -1.9901, 0.9901])
    """
    a_ = 10 ** (K_SHELF_DB / 40.0)
    w0 = 2.0 * np.pi * (K_SHELF_HZ / rate)
    alpha = np.sin(w0) / (2.0 * K_SHELF_Q)
    cos, root = np.cos(w0), np.sqrt(a_)
    shelf = (
        (
            a_ * ((a_ + 1) + (a_ - 1) * cos + 2 * root * alpha),
            -2 * a_ * ((a_ - 1) + (a_ + 1) * cos),
            a_ * ((a_ + 1) + (a_ - 1) * cos - 2 * root * alpha),
        ),
        (
            (a_ + 1) - (a_ - 1) * cos + 2 * root * alpha,
            2 * ((a_ - 1) - (a_ + 1) * cos),
            (a_ + 1) - (a_ - 1) * cos - 2 * root * alpha,
        ),
    )
    w0 = 2.0 * np.pi * (K_HIGH_PASS_HZ / rate)
    alpha = np.sin(w0) / (2.0 * K_HIGH_PASS_Q)
    cos = np.cos(w0)
    high_pass = (((1 + cos) / 2, -(1 + cos), (1 + cos) / 2), (1 + alpha, -2 * cos, 1 - alpha))
    (b1, a1), (b2, a2) = ((np.array(b) / a[0], np.array(a) / a[0]) for b, a in (shelf, high_pass))
    return (b1, a1), (b2, a2)


@functools.cache
def _k_filters(rate: int) -> tuple[tuple[Biquad, Biquad], list[int]]:
    """The K-weighting filters at `rate` (:func:`k_weighting`) and their spans.

    A filter's span: the samples in which a state of QUIET decays to _FLOOR at the most (at
    its fastest pole's rate). Designed once per rate.
    """
    filters = k_weighting(rate)
    spans = [
        max(1, int(math.log10(QUIET / _FLOOR) / -math.log10(min(np.abs(np.roots(a))))))
        for _, a in filters
    ]
    return filters, spans


def k_weighted(samples: np.ndarray, rate: int) -> np.ndarray:
    """Mono samples through BS.1770's K-weighting (:func:`k_weighting`), as pyloudnorm runs it.

    Each filter is run as pyloudnorm's meter runs its own, the same coefficients (scipy's
    ``lfilter``, one filter after the other). What differs is a silence: a filter rings down on
    its zeros only until its state is under :data:`QUIET`, then rests at zero, where
    pyloudnorm's goes on into subnormal numbers and never reaches zero (a narration track
    with its pauses measured about three times as slowly that way). So the two differ only
    in values under about 1e-130, in and just after a silence: every value above that is the
    same to the bit, and so is the sum of every block loud enough for the meter's gates,
    and the loudness.

    Parameters
    ----------
    samples : numpy.ndarray
        Mono samples.
    rate : int
        Their sample rate.

    Returns
    -------
    numpy.ndarray
        float64 samples, as many.

    Examples
    --------
    >>> x = np.zeros(3 * 48_000)
    >>> x[100:200] = 0.5  # a click, then three seconds of silence
    >>> y = k_weighted(x, 48_000)
    >>> normal = np.abs(y) >= np.finfo(np.float64).tiny  # not subnormal
    >>> bool(y[-1] == 0), bool(np.all((y == 0) | normal))
    (True, True)
    """
    x = np.asarray(samples, np.float64)
    filters, spans = _k_filters(rate)
    states = [np.zeros(max(len(a), len(b)) - 1) for b, a in filters]
    out = np.zeros(len(x))

    def run(part: np.ndarray, start: int) -> None:
        for k, (b, a) in enumerate(filters):
            part, states[k] = scipy.signal.lfilter(b, a, part, zi=states[k])
        out[start : start + len(part)] = part

    def settle() -> None:  # a state under QUIET is let go to zero
        for k, state in enumerate(states):
            if np.abs(state).max() < QUIET:
                states[k] = np.zeros_like(state)

    pos = 0
    # A run of zeros not found here is shorter than any span: the state it starts from is at
    # least QUIET (a quieter one is let go to zero at the end of every silence found), so it
    # decays to no subnormal number on the way
    for start, stop in [*_silences(x, max(1, min(spans) // 2)), (len(x), len(x))]:
        if start > pos:
            run(x[pos:start], pos)
        i = start
        while i < stop:
            settle()
            ringing = [span for span, s in zip(spans, states, strict=True) if s.any()]
            if not ringing:
                break
            j = min(stop, i + min(ringing))
            run(np.zeros(j - i), i)
            i = j
        settle()
        pos = stop
    return out


def speech_span(samples: np.ndarray, rate: int) -> tuple[float, float] | None:
    """Seconds where speech starts and ends: the first and last window that holds speech.

    A window of :data:`FRAME` seconds holds speech when its RMS level is within
    :data:`SPEECH_RANGE_DB` of the loudest window and above :data:`SPEECH_FLOOR_DBFS`.

    Returns
    -------
    tuple of float, or None
        ``(start, end)`` from the first sample (end exclusive); None when nothing is speech.

    Examples
    --------
    >>> rate = 1000
    >>> x = np.zeros(3 * rate)
    >>> x[1000:1500] = 0.5  # half a second of sound after one second of silence
    >>> speech_span(x, rate)
    (1.0, 1.5)
    """
    x = np.asarray(samples, np.float64)
    n = max(1, round(FRAME * rate))
    frames = len(x) // n
    if frames == 0:
        return None
    rms = np.sqrt(np.mean(np.square(x[: frames * n].reshape(frames, n)), axis=1))
    with np.errstate(divide="ignore"):
        level = 20 * np.log10(rms)
    top = float(level.max())
    if not math.isfinite(top) or top < SPEECH_FLOOR_DBFS:
        return None
    on = np.flatnonzero(level >= max(top - SPEECH_RANGE_DB, SPEECH_FLOOR_DBFS))
    return round(float(on[0] * n / rate), 3), round(float((on[-1] + 1) * n / rate), 3)


def speech_seconds(samples: np.ndarray, rate: int) -> float:
    """Seconds from the first to the last window that holds speech (0 for silence).

    Examples
    --------
    >>> rate = 1000
    >>> x = np.zeros(3 * rate)
    >>> x[1000:1500] = 0.5
    >>> speech_seconds(x, rate)
    0.5
    """
    span = speech_span(samples, rate)
    return 0.0 if span is None else round(span[1] - span[0], 3)


def problem(
    channels: np.ndarray, rate: int, synthetic: np.ndarray, synthetic_rate: int
) -> str | None:
    """Why a recorded take must not be played, in a few words; None when it is fine.

    Parameters
    ----------
    channels : numpy.ndarray
        The recording as decoded, ``(channels, samples)`` floats in [-1, 1] at its own rate
        (a 1-D array is one channel).
    rate : int
        Its sample rate.
    synthetic : numpy.ndarray
        The synthetic take of the same words (mono).
    synthetic_rate : int
        Its sample rate.

    Returns
    -------
    str or None
        ``silent (digital silence)``, ``silent (-63 LUFS, under -50)``, ``clipped (2.4 % of
        samples at full scale, over 0.1 %)``, ``too short (speech 0.4 s, 0.13x the synthetic
        take's 3.1 s; under 0.5x)``, ``too long (…; over 2x)``, or None.

    Examples
    --------
    >>> rate = 8000
    >>> t = np.arange(2 * rate) / rate
    >>> tone = 0.3 * np.sin(2 * np.pi * 220 * t)
    >>> problem(np.zeros(3 * rate), rate, tone, rate)
    'silent (digital silence)'
    >>> problem(np.clip(10 * tone, -1, 1), rate, tone, rate)[:8]
    'clipped '
    >>> problem(tone[: rate // 2], rate, tone, rate)
    "too short (speech 0.5 s, 0.25x the synthetic take's 2.0 s; under 0.5x)"
    >>> problem(tone, rate, tone, rate) is None
    True
    """
    x = np.atleast_2d(np.asarray(channels, np.float64))
    mono = x.mean(axis=0)
    if not x.size or not np.any(x):
        return "silent (digital silence)"
    lufs = loudness(mono, rate)
    if not math.isfinite(lufs):  # every block under the meter's absolute gate
        return "silent (under -70 LUFS)"
    if lufs < SILENT_LUFS:
        return f"silent ({lufs:.0f} LUFS, under {SILENT_LUFS:.0f})"
    full = int(np.count_nonzero(np.abs(x).max(axis=0) >= FULL_SCALE))
    share = full / x.shape[1]
    if share > CLIPPED_SHARE:
        return (
            f"clipped ({100 * share:.1f} % of samples at full scale, "
            f"over {100 * CLIPPED_SHARE:g} %)"
        )
    said = speech_seconds(mono, rate)
    reference = speech_seconds(synthetic, synthetic_rate)
    if reference <= 0:
        return None  # nothing to compare with
    ratio = said / reference
    low, high = SPEECH_RATIO
    if low <= ratio <= high:
        return None
    what, bound = (
        ("too short", f"under {low:g}x") if ratio < low else ("too long", f"over {high:g}x")
    )
    return (
        f"{what} (speech {said:.1f} s, {ratio:.2f}x the synthetic take's {reference:.1f} s; "
        f"{bound})"
    )
