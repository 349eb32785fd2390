"""Subtitle cues to broadcast rules (BBC and Netflix subtitle guidelines).

A caption (one catalogue text) becomes consecutive cues of at most :data:`MAX_LINES` lines of
at most :data:`MAX_LINE` characters, broken at natural phrase boundaries; each cue stays on
screen long enough to be read at :data:`MAX_CPS` characters a second, at least
:data:`MIN_DURATION` and at most :data:`MAX_DURATION` seconds, with :data:`MIN_GAP_FRAMES`
frames between cues. Notation is typeset in Unicode (dₖ, θ, √, q · k), never spelled out.
No break falls inside a term (:data:`TERMS_FILE`: "hasil kali dalam", "cosine similarity"),
inside notation (``q · k = 4``, ``(0.8, 1.6)``, ``≈ 1.79``), and no two-line cue starts with
a line of one word.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from mathcore.spoken import spoken_notation

__all__ = [
    "MAX_CPS",
    "MAX_DURATION",
    "MAX_LINE",
    "MAX_LINES",
    "MIN_DURATION",
    "MIN_GAP_FRAMES",
    "TERMS_FILE",
    "Cue",
    "Violation",
    "check",
    "needed",
    "split",
    "term_spans",
    "terms",
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
TERMS_FILE = Path(__file__).resolve().parent / "text" / "terms.toml"

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
# A formula too long for a line may break before one of these (outside brackets), as a
# typesetter breaks a long sum or a chain of equalities; never after one.
_BREAK_BEFORE = set("= ≈ ≤ ≥ < > → + −".split())
_OPEN, _CLOSE = "([{⟨", ")]}⟩"
_MATH_CHARS = set("0123456789·=+−≈×→≤≥<>√‖θ∑∞ℝ′ⁿ⁰¹²³⁴⁵⁶⁷⁸⁹ₖᵢⱼ₀₁₂₃₄₅₆₇₈₉")
_MATH_WORDS = {"cos", "sin", "exp", "log", "proj", "comp"}
_HARD = 1000.0  # a break inside notation: only where nothing else fits
_SOFT = 300.0  # before "=" or "+" in a formula too long for a line
_TERM = 1e6  # a break inside a term: only where the term cannot fit a line at all
# Notation spelled out or left as TeX: captions must typeset it.
NOTATION = re.compile(
    r"\\[A-Za-z]+|\b[A-Za-z]_\{?\w+\b|\^|\btheta\b|\bsqrt\b|\bakar\s+d_?k\b|\bdk\b|\bq\s*\.\s*k\b"
)


@cache
def _term_table() -> dict[str, dict[str, list[str]]]:
    data = tomllib.loads(TERMS_FILE.read_text(encoding="utf-8"))
    return {lang: {k: list(v) for k, v in table.items()} for lang, table in data.items()}


def terms(lang: str) -> tuple[str, ...]:
    """The multi-word terms of `lang` that no line or cue break may split.

    Parameters
    ----------
    lang : str
        A language of :data:`TERMS_FILE` (``"id"``, ``"en"``).

    Returns
    -------
    tuple of str
        The terms as written in :data:`TERMS_FILE`.

    Examples
    --------
    >>> "hasil kali dalam" in terms("id"), "cosine similarity" in terms("en")
    (True, True)
    """
    return tuple(_term_table()[lang]["terms"])


@cache
def _term_patterns() -> tuple[re.Pattern[str], ...]:
    """One pattern per term of every language (a term's words apart by any white space)."""
    out = []
    for table in _term_table().values():
        suffixes = "|".join(re.escape(s) for s in table.get("suffixes", []))
        for term in table["terms"]:
            body = r"\s+".join(re.escape(w) for w in term.split())
            # a suffix may be joined by a hyphen, as to a foreign word ("softmax-nya")
            tail = f"(?:-?(?:{suffixes}))?" if suffixes and term[-1].isalnum() else ""
            out.append(re.compile(rf"(?<![\w-]){body}{tail}(?![\w-])", re.IGNORECASE))
    return tuple(out)


@cache
def _binders() -> frozenset[str]:
    return frozenset(w.lower() for t in _term_table().values() for w in t.get("bind", []))


def term_spans(text: str) -> list[tuple[int, int]]:
    """Where terms stand in `text`: ``(start, end)`` character offsets, overlaps included.

    Terms of every language count, since a caption quotes another language's terms.

    Examples
    --------
    >>> text = "Hasil kali titiknya nol."
    >>> [text[a:b] for a, b in term_spans(text)]
    ['Hasil kali titiknya', 'Hasil kali']
    """
    return [m.span() for p in _term_patterns() for m in p.finditer(text)]


def _is_math(word: str) -> bool:
    """A token of notation: a number, a symbol, a lone letter (q, k, x₁), cos, ‖k‖."""
    bare = word.strip(".,:;!?\"'“”")
    core = bare.strip(_OPEN + _CLOSE)
    if any(c in _MATH_CHARS for c in bare):
        return True
    if core.lower() in _MATH_WORDS:
        return True
    return len(core) == 1 and core.isalpha() and core.lower() not in ("a", "i")


def _depths(words: list[str]) -> list[int]:
    """Bracket depth after each word, counted inside a run of notation only."""
    out, depth = [], 0
    for w in words:
        if not _is_math(w):
            depth = 0
        else:
            depth = max(0, depth + sum(w.count(c) for c in _OPEN) - sum(w.count(c) for c in _CLOSE))
        out.append(depth)
    return out


def _notation_break(prev: str, nxt: str, depth: int) -> float:
    """Cost of a break between `prev` and `nxt` from notation alone: 0, soft or hard.

    Hard: after an operator or relation (``q · / k``), before "·", "×" or "/", inside
    brackets (``(0.8, / 1.6)``), between two notation tokens (``cos / θ``), between
    "kira-kira" and its number. Soft: before a relation, "+" or "−" (a chain of equalities or
    a sum too long for a line). Free: a
    sentence end, a comma between two formulas, anything outside notation. `depth` is the
    bracket depth after `prev` (:func:`_depths`).
    """
    if prev.lower() in _binders() and _is_math(nxt):
        return _HARD
    if prev in _JOINERS or prev.endswith(("(", "[")):
        return _HARD
    if nxt in _JOINERS:
        if nxt not in _BREAK_BEFORE or depth > 0:
            return _HARD
        return _SOFT if nxt not in ("+", "−") else _SOFT + 100  # a sum whole if it can be
    if not (_is_math(prev) and _is_math(nxt)):
        return 0.0
    if depth > 0:
        return _HARD
    if prev.endswith((".", "!", "?", ",", ";", ":")):
        return 0.0
    return _HARD


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


def _phrase_cost(prev: str, nxt: str, rest: list[str], lang: str) -> float:
    """Cost of breaking between `prev` and `nxt` as prose (smaller reads more naturally).

    `rest` are the words after `nxt`.
    """
    before = _BEFORE.get(lang, _BEFORE["en"]).split()
    if prev.lower() in before or prev.lower() in _NO_END:
        return 20.0  # a line never ends on "dan", "and", "to", "the"
    if prev.endswith((".", "!", "?", ":", ";")):
        return 0.0
    if prev.endswith((",", ")", "—")):
        return 1.0
    if nxt.lower() in before:
        if len(rest) > 1 and len(rest[0]) <= 2 and not rest[0].endswith((",", ".", ":", ";")):
            # "perpendicular / to k splits": a preposition with a lone symbol is part of
            # the phrase before it; break after the symbol instead
            return 7.0
        return 2.0
    return 6.0


def _break_costs(words: list[str], lang: str) -> list[float]:
    """Cost of breaking before each word (index 0 unused): prose, notation and terms."""
    text = " ".join(words)
    starts, at = [], 0
    for w in words:
        starts.append(at)
        at += len(w) + 1
    inside = set()  # word indices that start inside a term (a break before them splits it)
    for a, b in term_spans(text):
        inside |= {i for i, s in enumerate(starts) if a < s < b}
    depth = _depths(words)
    costs = [0.0] * len(words)
    for i in range(1, len(words)):
        prev, nxt = words[i - 1], words[i]
        costs[i] = max(
            _notation_break(prev, nxt, depth[i - 1]), _phrase_cost(prev, nxt, words[i + 1 :], lang)
        )
        if i in inside:
            costs[i] += _TERM
    return costs


def _fits(words: list[str]) -> bool:
    return len(" ".join(words)) <= MAX_LINE


def _best_lines(
    words: list[str], lo: int, hi: int, costs: list[float]
) -> tuple[float, tuple[str, ...]] | None:
    """The best way to set ``words[lo:hi]`` as one cue (1 or 2 lines), or None if none fits.

    A first line of one word is never chosen (the word reads as a fragment).
    """
    best: tuple[float, tuple[str, ...]] | None = None
    if _fits(words[lo:hi]):
        best = (0.0, (" ".join(words[lo:hi]),))
    for k in range(lo + 2, hi):
        top, bottom = words[lo:k], words[k:hi]
        if not (_fits(top) and _fits(bottom)):
            continue
        a, b = len(" ".join(top)), len(" ".join(bottom))
        # a natural break first, then balanced lines (a slightly longer bottom line reads best)
        cost = 1.5 + costs[k] + abs(a - b) / 12 + (0.5 if a > b + 8 else 0)
        cost += max(0, 16 - min(a, b)) / 4  # a line of a word or two reads as a fragment
        if best is None or cost < best[0]:
            best = (cost, (" ".join(top), " ".join(bottom)))
    return best


@cache
def split(text: str, lang: str = "id") -> tuple[tuple[str, ...], ...]:
    """Break `text` into cues of at most 2 lines of at most 42 characters.

    Cue and line breaks go where a speaker would pause: after a sentence or a clause, or
    before a conjunction or preposition; never inside notation like ``q · k = 4`` or
    ``(0.8, 1.6)``, never between "≈" and its number, never inside a term of
    :data:`TERMS_FILE` ("hasil kali dalam"), and a two-line cue never starts with a line of
    one word. Only what cannot fit a line (a formula, a run of overlapping terms) is broken,
    at its least bad place, and :func:`check` reports it.

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
    >>> split("Softmax mengubah logit berskala menjadi bobot.")
    (('Softmax mengubah', 'logit berskala menjadi bobot.'),)
    """
    words = _words(text)
    n = len(words)
    costs = _break_costs(words, lang)
    # best[i]: (cost, cues) for words[i:]
    best: list[tuple[float, tuple[tuple[str, ...], ...]] | None] = [None] * (n + 1)
    best[n] = (0.0, ())
    for i in range(n - 1, -1, -1):
        for j in range(i + 1, n + 1):
            if len(" ".join(words[i:j])) > MAX_LINES * MAX_LINE + 1:
                break
            cue = _best_lines(words, i, j, costs)
            rest = best[j]
            if cue is None or rest is None:
                continue
            boundary = 0.0 if j == n else 3 * costs[j]
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
    >>> [c.lines for c in voiced(said, 0.0, 9.2, 15, "id", 8.8)]
    [('Kalikan koordinat yang bersesuaian,',), ('lalu jumlahkan: q · k = 2(1) + 1(2) = 4.',)]

    and a line said for longer still is halved where no term or notation breaks:

    >>> said = "Jumlahnya 2.028 + 8.342 + 0.243 ≈ 10.613."
    >>> [c.lines for c in voiced(said, 0.0, 9.0, 15, "id", 8.5)]
    [('Jumlahnya 2.028 + 8.342',), ('+ 0.243 ≈ 10.613.',)]
    """
    if speech <= 0:
        return timed(text, start, end, fps, lang)
    gap = MIN_GAP_FRAMES / fps

    def share(lines: tuple[str, ...]) -> int:
        return max(1, len(spoken_notation(" ".join(lines), lang)))

    # Numbers said in words take longer than they take to read: a cue whose words would be
    # spoken for longer than a cue may show becomes one cue per line, and a line still too
    # long to say is halved where no term or notation breaks, so no speech goes without its
    # subtitle.
    whole = split(text, lang)
    total = sum(share(c) for c in whole)
    budget = (MAX_DURATION - 2 * gap) * total / speech  # spoken characters one cue may hold

    def fitted(c: tuple[str, ...], depth: int = 0) -> list[tuple[str, ...]]:
        if share(c) <= budget or depth > 3:
            return [c]
        if len(c) > 1:
            return [p for line in c for p in fitted((line,), depth + 1)]
        halves = _halves(c[0])
        if halves is None:
            return [c]
        return [p for half in halves for p in fitted((half,), depth + 1)]

    cues = [part for c in whole for part in fitted(c)]
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


def _halves(line: str) -> tuple[str, str] | None:
    """`line` in two at the space nearest its middle that breaks no term or notation."""
    spaces = [m.start() for m in re.finditer(" ", line)]
    best: tuple[str, str] | None = None
    for at in sorted(spaces, key=lambda i: abs(2 * i - len(line))):
        a, b = line[:at].strip(), line[at:].strip()
        if not a or not b:
            continue
        cues = [Cue(0.0, 1.0, (a,)), Cue(1.0, 2.0, (b,))]
        if not (_split_terms(cues) or _split_notation(cues)):
            best = (a, b)
            break
    return best


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


def _split_terms(cues: list[Cue]) -> list[Violation]:
    """A term with a line or cue break inside (the longest term at each break)."""
    stream, owner = "", []  # the cues' text, lines apart by "\n", cues by "\n\n"
    for i, c in enumerate(cues):
        part = ("\n\n" if i else "") + c.text
        stream += part
        owner += [i] * len(part)
    found: dict[int, tuple[int, int]] = {}  # break offset -> the longest term across it
    for a, b in term_spans(stream):
        for at in (m.start() + a for m in re.finditer("\n+", stream[a:b])):
            if at not in found or b - a > found[at][1] - found[at][0]:
                found[at] = (a, b)
    out = []
    for at, (a, b) in sorted(found.items()):
        where = "cue" if stream.startswith("\n\n", at) else "line"
        term = " ".join(stream[a:b].split())
        cue = owner[a]
        out.append(Violation(cue, "split term", f"{term!r} across a {where} break", cues[cue].text))
    return out


def _split_notation(cues: list[Cue]) -> list[Violation]:
    """A line or cue break inside notation (``q · / k``, ``(0.8, / 1.6)``, ``≈ / 1.79``)."""
    words: list[tuple[str, int, str]] = []  # word, its cue, the break before it
    for i, c in enumerate(cues):
        for j, line in enumerate(c.lines):
            for k, w in enumerate(line.split()):
                words.append((w, i, "" if k else ("line" if j else "cue")))
    depth = _depths([w for w, _, _ in words])
    out = []
    for n in range(1, len(words)):
        (prev, cue, _), (nxt, _, where) = words[n - 1], words[n]
        if where and _notation_break(prev, nxt, depth[n - 1]) >= _HARD:
            figure = f"{prev + ' / ' + nxt!r} across a {where} break"
            out.append(Violation(cue, "split notation", figure, cues[cue].text))
    return out


def check(cues: list[Cue], fps: float) -> list[Violation]:
    """Every rule each cue breaks (an empty list when all hold).

    Rules: at most 2 lines (``lines``) of at most 42 characters (``line length``), 1 to 7 s
    on screen (``duration``), at most 17 characters a second (``reading speed``), 2 frames
    before the next cue (``gap``), notation typeset (``notation``), no term of
    :data:`TERMS_FILE` across a line or cue break (``split term``), no break inside
    notation (``split notation``), no two-line cue whose first line is one word
    (``lone word``). Consecutive cues are read as one text: a term may not run from one
    cue into the next.

    Examples
    --------
    >>> check([Cue(0, 0.5, ("theta",))], 15)[0].rule
    'duration'
    >>> sorted(v.rule for v in check([Cue(0, 2, ("akar d_k",))], 15))
    ['notation']
    >>> cues = [Cue(0, 3, ("Membaginya", "dengan √dₖ: logit")), Cue(3.2, 5, ("berskala.",))]
    >>> [(v.cue, v.rule, v.figure) for v in check(cues, 15)]
    [(0, 'lone word', "'Membaginya'"), (0, 'split term', "'logit berskala' across a cue break")]
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
        if len(c.lines) > 1 and len(c.lines[0].split()) == 1:
            out.append(Violation(i, "lone word", repr(c.lines[0].strip()), c.text))
    out += _split_terms(cues) + _split_notation(cues)
    return sorted(out, key=lambda v: v.cue)
