"""Subtitle cues to broadcast rules (BBC and Netflix subtitle guidelines).

A caption (one catalogue text) becomes consecutive cues of at most :data:`MAX_LINES` lines of
at most :data:`MAX_LINE` characters, broken at natural phrase boundaries; each cue stays on
screen long enough to be read at :data:`MAX_CPS` characters a second, at least
:data:`MIN_DURATION` and at most :data:`MAX_DURATION` seconds, with :data:`MIN_GAP_FRAMES`
frames between cues. Notation is typeset in Unicode (dₖ, θ, √, q · k), never spelled out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from mathcore.spoken import spoken_notation

__all__ = [
    "MAX_CPS",
    "MAX_DURATION",
    "MAX_LINE",
    "MAX_LINES",
    "MIN_DURATION",
    "MIN_GAP_FRAMES",
    "Cue",
    "Violation",
    "check",
    "needed",
    "split",
    "timed",
    "voiced",
    "voiced_needed",
]

MAX_LINE = 42
MAX_LINES = 2
MAX_CPS = 17.0
MIN_DURATION = 1.0
MAX_DURATION = 7.0
MIN_GAP_FRAMES = 2

# Words a line reads best starting with (a break goes before them).
_BEFORE = {
    "id": "dan atau tetapi namun lalu sehingga karena jadi yang untuk dengan ke pada di terhadap "
    "oleh menurut antara "
    "dalam bagi sebagai tanpa agar maka",
    "en": "and or but so because which that to with from for on in into by as without the a an "
    "than then while",
}
_NO_END = {"the", "a", "an", "of", "its", "their", "si", "sang", "para"}  # bind to what follows
_JOINERS = set("· = + − ≈ × / → ≤ ≥ < >".split())  # notation never broken around
# Notation spelled out or left as TeX: captions must typeset it.
NOTATION = re.compile(
    r"\\[A-Za-z]+|\b[A-Za-z]_\{?\w+\b|\^|\btheta\b|\bsqrt\b|\bakar\s+d_?k\b|\bdk\b|\bq\s*\.\s*k\b"
)


@dataclass(frozen=True)
class Cue:
    """One subtitle on screen: its lines and when it shows (seconds)."""

    start: float
    end: float
    lines: tuple[str, ...]

    @property
    def text(self) -> str:
        """The cue as the subtitle file carries it (lines joined by a line break)."""
        return "\n".join(self.lines)

    @property
    def chars(self) -> int:
        """Characters a viewer reads, spaces included, line breaks not."""
        return len(" ".join(self.lines))


@dataclass(frozen=True)
class Violation:
    """A cue that breaks a rule: which cue, which rule, and the figure that breaks it."""

    cue: int
    rule: str
    figure: str
    text: str


def _words(text: str) -> list[str]:
    return text.split()


def _line_cost(words: list[str], i: int, lang: str) -> float:
    """Cost of breaking before ``words[i]`` (smaller is a more natural boundary)."""
    prev, nxt = words[i - 1], words[i]
    if prev in _JOINERS or nxt in _JOINERS or prev.endswith(("(", "[")):
        return 1000.0  # never inside a formula like q · k or a bracket
    before = _BEFORE.get(lang, _BEFORE["en"]).split()
    if prev.lower() in before or prev.lower() in _NO_END:
        return 20.0  # a line never ends on "dan", "and", "to", "the"
    if prev.endswith((".", "!", "?", ":", ";")):
        return 0.0
    if prev.endswith((",", ")", "—")):
        return 1.0
    if nxt.lower() in before:
        rest = words[i + 1 :]
        if len(rest) > 1 and len(rest[0]) <= 2 and not rest[0].endswith((",", ".", ":", ";")):
            # "perpendicular / to k splits": a preposition with a lone symbol is part of
            # the phrase before it; break after the symbol instead
            return 7.0
        return 2.0
    return 6.0


def _fits(words: list[str]) -> bool:
    return len(" ".join(words)) <= MAX_LINE


def _best_lines(words: list[str], lang: str) -> tuple[float, tuple[str, ...]] | None:
    """The best way to set `words` as one cue (1 or 2 lines), or None if they do not fit."""
    best: tuple[float, tuple[str, ...]] | None = None
    if _fits(words):
        best = (0.0, (" ".join(words),))
    for k in range(1, len(words)):
        top, bottom = words[:k], words[k:]
        if not (_fits(top) and _fits(bottom)):
            continue
        a, b = len(" ".join(top)), len(" ".join(bottom))
        # a natural break first, then balanced lines (a slightly longer bottom line reads best)
        cost = 1.5 + _line_cost(words, k, lang) + abs(a - b) / 12 + (0.5 if a > b + 8 else 0)
        cost += max(0, 16 - min(a, b)) / 4  # a line of a word or two reads as a fragment
        if best is None or cost < best[0]:
            best = (cost, (" ".join(top), " ".join(bottom)))
    return best


@cache
def split(text: str, lang: str = "id") -> tuple[tuple[str, ...], ...]:
    """Break `text` into cues of at most 2 lines of at most 42 characters.

    Cue and line breaks go where a speaker would pause: after a sentence or a clause, or
    before a conjunction or preposition; never inside notation like ``q · k = 4``.

    Parameters
    ----------
    text : str
        One caption.
    lang : {"id", "en"}
        Its language (which words a line may start with).

    Returns
    -------
    tuple of tuple of str
        The cues, each a tuple of its lines.

    Examples
    --------
    >>> split("Kalikan koordinat yang bersesuaian, lalu jumlahkan: hasilnya skalar.")
    (('Kalikan koordinat yang bersesuaian,', 'lalu jumlahkan: hasilnya skalar.'),)
    >>> [len(c) for c in split("word " * 40)]
    [1, 2, 2]
    """
    words = _words(text)
    n = len(words)
    # best[i]: (cost, cues) for words[i:]
    best: list[tuple[float, tuple[tuple[str, ...], ...]] | None] = [None] * (n + 1)
    best[n] = (0.0, ())
    for i in range(n - 1, -1, -1):
        for j in range(i + 1, n + 1):
            if len(" ".join(words[i:j])) > MAX_LINES * MAX_LINE + 1:
                break
            cue = _best_lines(words[i:j], lang)
            rest = best[j]
            if cue is None or rest is None:
                continue
            boundary = 0.0 if j == n else 3 * _line_cost(words, j, lang)
            # a short cue that does not end a sentence flashes by mid-phrase ("On the side")
            chars = len(" ".join(words[i:j]))
            ends = words[j - 1].endswith((".", "!", "?", ":", ";"))
            short = 0.0 if ends or (i == 0 and j == n) else max(0, 24 - chars) / 2
            # a sentence that ends inside a cue: better to start the next cue there
            inner = sum(w.endswith((".", "!", "?")) for w in words[i : j - 1])
            cost = 10.0 + cue[0] + boundary + short + 4 * inner + rest[0]
            if best[i] is None or cost < best[i][0]:  # type: ignore[index]
                best[i] = (cost, (cue[1], *rest[1]))
    result = best[0]
    if result is None:  # a single word longer than a line: give it a cue of its own
        return tuple((w,) for w in words)
    return result[1]


def _reading(lines: tuple[str, ...]) -> float:
    return max(MIN_DURATION, len(" ".join(lines)) / MAX_CPS)


def needed(text: str, fps: float, lang: str = "id") -> float:
    """Seconds a caption needs on screen.

    Every cue read at 17 characters a second (at least 1 s each), with the free frames
    between cues and after the last one.

    Examples
    --------
    >>> round(needed("Kalikan koordinat yang bersesuaian, lalu jumlahkan: hasilnya skalar.", 15), 2)
    4.13
    """
    cues = split(text, lang)
    gap = MIN_GAP_FRAMES / fps
    return sum(_reading(c) for c in cues) + len(cues) * gap


def timed(text: str, start: float, end: float, fps: float, lang: str = "id") -> list[Cue]:
    """The cues of `text`, timed inside ``[start, end)`` (its window on screen).

    Each cue gets its reading time plus a share of the spare time, but shows for at most
    7 s; 2 frames stay free before the next cue and before the window ends.

    Examples
    --------
    >>> [(c.start, c.end) for c in timed("Sebuah kalimat pendek.", 0.0, 10.0, 15)]
    [(0.0, 7.0)]
    """
    cues = split(text, lang)
    gap = MIN_GAP_FRAMES / fps
    reading = [_reading(c) for c in cues]
    spare = max(0.0, (end - start) - len(cues) * gap - sum(reading))
    out, t = [], start
    for lines, r in zip(cues, reading, strict=True):
        slot = r + spare * r / sum(reading)
        out.append(Cue(t, t + min(slot, MAX_DURATION), lines))
        t += slot + gap
    return out


def voiced(text: str, start: float, end: float, fps: float, lang: str, speech: float) -> list[Cue]:
    """The cues of `text` timed from its narration: each shows while its words are spoken.

    The narration (`speech` seconds from `start`) is split between the cues by their share
    of the spoken words (characters of each cue read aloud, notation in words). A cue starts
    when its words start (or 2 frames after the previous cue) and stays until the next
    cue's words start, at least its reading time and at most 7 s; the last one stays until
    2 frames before `end`. Without speech the cues are timed for reading (:func:`timed`).

    Examples
    --------
    >>> text = "Kalikan koordinat yang bersesuaian, lalu jumlahkan. Hasilnya skalar, bukan vektor."
    >>> [(round(c.start, 2), round(c.end, 2)) for c in voiced(text, 0.0, 8.0, 15, "id", 6.0)]
    [(0.0, 3.64), (3.78, 7.87)]

    A two-line cue said for longer than 7 s shows line by line:

    >>> said = "Kalikan koordinat yang bersesuaian, lalu jumlahkan: q · k = 2(1) + 1(2) = 4."
    >>> [c.lines for c in voiced(said, 0.0, 10.2, 15, "id", 9.8)]
    [('Kalikan koordinat yang bersesuaian,',), ('lalu jumlahkan: q · k = 2(1) + 1(2) = 4.',)]
    """
    if speech <= 0:
        return timed(text, start, end, fps, lang)
    gap = MIN_GAP_FRAMES / fps

    def share(lines: tuple[str, ...]) -> int:
        return max(1, len(spoken_notation(" ".join(lines), lang)))

    # Numbers said in words take longer than they take to read: a cue whose words would be
    # spoken for longer than a cue may show becomes one cue per line, so no speech goes
    # without its subtitle.
    whole = split(text, lang)
    total = sum(share(c) for c in whole)
    cues = [
        part
        for c in whole
        for part in (
            [(line,) for line in c]
            if len(c) > 1 and speech * share(c) / total > MAX_DURATION - 2 * gap
            else [c]
        )
    ]
    weights = [share(c) for c in cues]
    total = sum(weights)
    marks = [start + speech * sum(weights[:i]) / total for i in range(len(cues) + 1)]
    out: list[Cue] = []
    t = start
    for i, lines in enumerate(cues):
        s = max(marks[i], t)
        target = end - gap if i == len(cues) - 1 else marks[i + 1] - gap
        e = min(s + MAX_DURATION, max(s + _reading(lines), target))
        out.append(Cue(s, e, lines))
        t = e + gap
    return out


def voiced_needed(text: str, fps: float, lang: str, speech: float, pause: float) -> float:
    """Seconds a caption needs on screen when it is spoken for `speech` seconds.

    Its narration and a `pause` after it, and every cue of :func:`voiced` its reading time
    (with the free frames after the last one); without speech, :func:`needed`.

    Examples
    --------
    >>> text = "Kalikan koordinat yang bersesuaian, lalu jumlahkan: hasilnya skalar."
    >>> round(voiced_needed(text, 15, "id", 5.0, 0.4), 2)
    5.4
    >>> voiced_needed(text, 15, "id", 0.0, 0.4) == needed(text, 15, "id")
    True
    """
    if speech <= 0:
        return needed(text, fps, lang)
    last = voiced(text, 0.0, 0.0, fps, lang, speech)[-1]
    return max(speech + pause, last.end + MIN_GAP_FRAMES / fps)


def check(cues: list[Cue], fps: float) -> list[Violation]:
    """Every rule each cue breaks (an empty list when all hold).

    Examples
    --------
    >>> check([Cue(0, 0.5, ("theta",))], 15)[0].rule
    'duration'
    >>> sorted(v.rule for v in check([Cue(0, 2, ("akar d_k",))], 15))
    ['notation']
    """
    out = []
    slack = 0.0015  # subtitle files keep milliseconds
    for i, c in enumerate(cues):
        if len(c.lines) > MAX_LINES:
            out.append(Violation(i, "lines", f"{len(c.lines)} lines", c.text))
        for line in c.lines:
            if len(line) > MAX_LINE:
                out.append(Violation(i, "line length", f"{len(line)} characters", c.text))
        length = c.end - c.start
        if length < MIN_DURATION - slack or length > MAX_DURATION + slack:
            out.append(Violation(i, "duration", f"{length:.2f} s", c.text))
        if length > 0 and c.chars / length > MAX_CPS + 0.05:
            out.append(Violation(i, "reading speed", f"{c.chars / length:.1f} chars/s", c.text))
        if i + 1 < len(cues) and cues[i + 1].start - c.end < MIN_GAP_FRAMES / fps - slack:
            gap = (cues[i + 1].start - c.end) * fps
            out.append(Violation(i, "gap", f"{gap:.1f} frames", c.text))
        m = NOTATION.search(c.text)
        if m:
            out.append(Violation(i, "notation", repr(m.group(0)), c.text))
    return out
