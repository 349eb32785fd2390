"""Loudness of the narration: measure it, find true peaks, normalise, limit.

A clip's narration track is normalised (:func:`normalize`) to
:data:`~pipeline.voice.targets.TARGET_LUFS` integrated loudness (ITU-R BS.1770, pyloudnorm)
with its true peak, measured on a 4× oversampled signal, at most
:data:`~pipeline.voice.targets.CEILING_DBTP` (a look-ahead limiter takes the peaks down where
needed). :func:`measure` returns both figures.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator

import numpy as np
import numpy.typing as npt
from scipy.ndimage import maximum_filter1d, minimum_filter1d, uniform_filter1d
from scipy.signal import firwin, resample_poly

from pipeline.takecheck import loudness, runs
from pipeline.voice.samples import AnySamples, Samples
from pipeline.voice.targets import CEILING_DBTP, ENCODER_HEADROOM, RATE, TARGET_LUFS

__all__ = ["loudness", "make_up", "measure", "normalize", "oversampled_peaks", "true_peak"]

_OVERSAMPLE = 4
_CHUNK = 1 << 20  # samples oversampled at once (bounded memory for long tracks)
_PAD = 64  # samples of context on each side of a stretch oversampled on its own
_GAP = 256  # stretches closer than this are oversampled as one
_BLOCK = 1 << 16  # samples looked at at once for the stretches to filter
# The interpolation filter: scipy's resample_poly's own for 4x (a Kaiser-windowed sinc of
# 2 * 10 * 4 + 1 taps), given to it as an array so it is designed once
_FILTER = firwin(2 * 10 * _OVERSAMPLE + 1, 1 / _OVERSAMPLE, window=("kaiser", 5.0))
# No oversampled value exceeds, in magnitude, _GAIN times the largest magnitude of the
# samples within _REACH of it (the largest sum of |taps| a phase of the filter applies)
_GAIN = float(max(np.abs(_OVERSAMPLE * _FILTER[p::_OVERSAMPLE]).sum() for p in range(4)))
_REACH = _FILTER.size // (2 * _OVERSAMPLE) + 2

Float64s = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]


def _db(x: float) -> float:
    return 20 * math.log10(x) if x > 0 else -math.inf


def _gain(db: float) -> float:
    return float(10 ** (db / 20))


def _stretches(near: npt.NDArray[np.bool_]) -> tuple[Ints, Ints]:
    """The runs of True in `near` as start and stop arrays, runs closer than _GAP joined."""
    starts, stops = runs(near)
    if not starts.size:
        return starts, stops
    apart = starts[1:] - stops[:-1] >= _GAP  # a run far from the one before starts anew
    return starts[np.r_[True, apart]], stops[np.r_[apart, True]]


def oversampled_peaks(x: AnySamples, floor: float = -1.0) -> Float64s:
    """Per sample, the largest magnitude of the 4x oversampled signal around it.

    Only where that may exceed `floor`: elsewhere a sample's own magnitude stands for it
    (both are then at most `floor`), and the filter is not run there. A true peak is the
    largest of these with `floor` at the largest sample; a limiter's gain needs them only
    above its ceiling. Where the filter runs, the values are those of the whole signal
    oversampled at once (scipy's ``resample_poly``).

    Parameters
    ----------
    x : numpy.ndarray
        Mono samples.
    floor : float
        Magnitude at or under which a value is not needed exactly (negative: every value
        is).

    Returns
    -------
    numpy.ndarray
        One float64 magnitude per sample, at least the sample's own.

    Examples
    --------
    >>> x = np.zeros(1000)
    >>> x[500:504] = [0.5, 0.5, -0.5, -0.5]  # the wave overshoots between the samples
    >>> bool(oversampled_peaks(x, floor=0.5).max() > 0.5), float(oversampled_peaks(x, 2.0).max())
    (True, 0.5)
    """
    xs = np.asarray(x)
    out: Float64s = np.abs(xs).astype(np.float64)
    for at, peaks in _oversampled(xs, floor):
        out[at] = np.maximum(peaks, out[at])
    return out


def _oversampled(xs: AnySamples, floor: float) -> Iterator[tuple[Ints, Float64s]]:
    """Where the oversampled values of `xs` may exceed `floor`: those samples and their peaks.

    Yields ``(at, peaks)``, a block of the signal at a time (all of it for a negative
    `floor`): the samples whose peaks may exceed `floor`, and per sample the largest
    magnitude of its 4 oversampled values. Each stretch of such samples is oversampled with
    :data:`_PAD` samples of its signal each side, so its values are those of the whole
    signal oversampled at once; a block's stretches, so padded, are laid end to end and
    oversampled in one call (a narration track has thousands of them).
    """
    n = len(xs)
    if floor < 0:
        for start in range(0, n, _CHUNK):
            stop = min(n, start + _CHUNK)
            yield _filtered(xs, np.array([start]), np.array([stop]))
        return
    for b0 in range(0, n, _BLOCK):
        b1 = min(n, b0 + _BLOCK)
        lo, hi = max(0, b0 - _REACH), min(n, b1 + _REACH)
        near = maximum_filter1d(np.abs(xs[lo:hi]), size=2 * _REACH + 1, mode="constant")
        starts, stops = _stretches(near[b0 - lo : b1 - lo] * _GAIN > floor)
        if starts.size:
            yield _filtered(xs, b0 + starts, b0 + stops)


def _ranges(starts: Ints, stops: Ints) -> Ints:
    """Every index of the ranges ``starts[i]:stops[i]``, in order, as one array."""
    lengths = stops - starts
    ends = np.cumsum(lengths)
    return np.repeat(starts - (ends - lengths), lengths) + np.arange(ends[-1] if ends.size else 0)


def _filtered(xs: AnySamples, starts: Ints, stops: Ints) -> tuple[Ints, Float64s]:
    """The samples of stretches ``starts[i]:stops[i]`` and their oversampled peaks (see above)."""
    los, his = np.maximum(0, starts - _PAD), np.minimum(len(xs), stops + _PAD)
    if starts.size == 1:
        joined = np.asarray(xs[los[0] : his[0]], np.float64)
    else:
        joined = np.asarray(np.asarray(xs)[_ranges(los, his)], np.float64)
    up = np.abs(resample_poly(joined, _OVERSAMPLE, 1, window=_FILTER))
    # one per sample of `joined` (elementwise over the phases: a reduction along an axis of
    # four is several times slower)
    peaks = functools.reduce(np.maximum, (up[p::_OVERSAMPLE] for p in range(_OVERSAMPLE)))
    # where each stretch's own samples lie in `joined`: after the padded stretches before it
    begins = np.cumsum(his - los) - (his - los) + (starts - los)
    return _ranges(starts, stops), peaks[_ranges(begins, begins + stops - starts)]


def true_peak(samples: AnySamples) -> float:
    """True peak in dBTP: the largest magnitude of the 4× oversampled signal.

    The filter runs only where a value could exceed the largest sample
    (:func:`oversampled_peaks`), block by block.

    Examples
    --------
    >>> tone = 0.5 * np.sin(2 * np.pi * 1000 * np.arange(RATE) / RATE)
    >>> round(true_peak(tone), 2)
    -6.02
    """
    xs = np.asarray(samples)
    if not len(xs):
        return -math.inf
    best = float(max(xs.max(), -xs.min()))  # the largest sample, without a copy
    for _, peaks in _oversampled(xs, best):
        best = max(best, float(peaks.max()))
    return _db(best)


def measure(samples: AnySamples, rate: int = RATE) -> tuple[float, float]:
    """Integrated loudness (LUFS, ITU-R BS.1770) and true peak (dBTP) of mono samples.

    Parameters
    ----------
    samples : numpy.ndarray
        Mono samples.
    rate : int
        Their sample rate.

    Returns
    -------
    tuple of float
        ``(lufs, dbtp)``; ``-inf`` for silence.
    """
    x = np.asarray(samples, np.float64)
    return loudness(x, rate), true_peak(x)


def _limit(x: Float64s, ceiling: float, rate: int, peaks: Float64s | None = None) -> Float64s:
    """Take the true peaks above `ceiling` (linear) down with a smooth look-ahead gain.

    The gain wanted at each sample is spread by a minimum over ±10 ms, then smoothed by a
    moving average no wider than that, so the smoothed gain never exceeds what any sample
    needs: attack before the peak, release after, no click. `peaks` are
    ``oversampled_peaks(x, ceiling)`` when the caller has them.
    """
    if peaks is None:
        peaks = oversampled_peaks(x, ceiling)
    need = np.minimum(1.0, ceiling / np.maximum(peaks, 1e-12))
    if need.min() >= 1.0:
        return x
    r = max(1, round(0.010 * rate))
    gain = minimum_filter1d(need, size=2 * r + 1, mode="nearest")
    gain = uniform_filter1d(gain, size=r, mode="nearest")
    limited: Float64s = x * np.minimum(gain, need)
    return limited


def normalize(
    samples: AnySamples,
    rate: int = RATE,
    target: float = TARGET_LUFS,
    ceiling: float = CEILING_DBTP,
) -> Samples:
    """Bring a narration track to `target` LUFS with its true peak at most `ceiling` dBTP.

    Gain to the target, and where that pushes a true peak above the ceiling a look-ahead
    limiter takes the peak down; the loudness is measured again and made up, a few times.
    Silence is returned as it is.

    Parameters
    ----------
    samples : numpy.ndarray
        Mono samples of the whole track (a clip's narration, silences included: the gating
        of the loudness measure leaves them out).
    rate : int
        Sample rate.
    target : float
        Integrated loudness to reach, in LUFS.
    ceiling : float
        Highest true peak, in dBTP.

    Returns
    -------
    numpy.ndarray
        float32 samples.
    """
    y = np.asarray(samples, np.float64)
    lufs = loudness(y, rate) if len(y) else -math.inf
    if not math.isfinite(lufs):
        return y.astype(np.float32)
    limit = _gain(ceiling - 0.3)  # a little below the ceiling: the gain curve bends peaks
    for _ in range(8):
        y = y * _gain(target - lufs)
        # exact wherever a value may pass `limit`: the true peak when it does (and when it
        # does not, both it and this are under the ceiling's margin), and the limiter's input
        peaks = oversampled_peaks(y, limit)
        peak = _db(float(peaks.max()))
        if peak <= ceiling - 0.05:
            break  # (then the true peak is too: this one is, where it passes `limit`)
        y = _limit(y, limit, rate, peaks)
        lufs = loudness(y, rate)
        peak = math.inf  # not measured since the limiter
        if abs(lufs - target) <= 0.2:
            break
    if peak == math.inf:
        peak = true_peak(y)
    if peak > ceiling - 0.05:  # never above the ceiling, even at some loudness
        y = y * _gain(ceiling - 0.05 - peak)
    return y.astype(np.float32)


def make_up(
    samples: Samples,
    rate: int = RATE,
    target: float = TARGET_LUFS,
    most: float = ENCODER_HEADROOM / 2,
) -> Samples:
    """One gain over the whole of `samples` toward `target` LUFS, at most `most` dB up.

    A track of takes each levelled on its own (:func:`normalize`, peaks held under the
    ceiling by :data:`~pipeline.voice.targets.ENCODER_HEADROOM`) is brought to the target
    within what that headroom allows; no limiter. Silence is returned as it is.

    Parameters
    ----------
    samples : numpy.ndarray
        Mono float32 samples.
    rate : int
        Sample rate.
    target : float
        Integrated loudness to approach, in LUFS.
    most : float
        The largest gain allowed, in dB.

    Returns
    -------
    numpy.ndarray
        float32 samples.
    """
    lufs = loudness(samples.astype(np.float64), rate)
    if math.isfinite(lufs):
        samples = samples * _gain(min(target - lufs, most))
    return samples.astype(np.float32)
