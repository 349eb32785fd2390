"""Numbers and vectors as a learner writes them, read exactly or refused, never guessed.

The quiz page reads each answer into exact fractions by these rules, in its script as here
(the suite reads random texts both ways and compares):

- A number is an integer, a decimal with a point or a comma (``0.96``, ``0,96``, ``.5``) or a
  fraction ``a/b`` of those, with an optional sign (``-`` or ``−``) and a leading ``=`` or
  ``≈``. Spaces may stand at either end, after the sign and around ``/``; never between
  digits: ``1 2`` is not a number (it is not read as ``12``).
- A decimal mark followed by exactly three digits after a whole part of 1 to 3 digits, not
  zero, reads as a thousands separator in one of the lesson's languages: ``1.500`` is 1500 in
  Indonesian writing, ``1,500`` in English. That text reads two ways in that language and is
  refused (``0.500``, ``1,5`` and ``12.5`` are not), except in the lesson's own notation: the
  video and the transcript write decimals with a point in both languages, so where the lesson
  writes a field's decimals with a point and three places (``≈ (0.707, 2.121)``), a number
  written so in that field is the lesson's decimal (:func:`places_written`).
- A vector's coordinates are parted by ``;`` where there is one, else by spaces and by commas
  with a space beside them; a comma touching digits on both sides is a decimal comma or a
  separator, whichever reading gives the vector its number of coordinates. One such
  reading: it is the answer (``0,191,0,786,0,023`` for three coordinates is
  ``(0.191, 0.786, 0.023)``); more than one (``1,2,3`` for two): refused.
  Brackets ``( )`` or ``[ ]`` around it are optional.

A refused text costs the learner no attempt: the page says why, names the number it could
not read (:attr:`Reading.unread`), and asks again.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from fractions import Fraction

from mathcore.fmt import MINUS, Shown

__all__ = [
    "COMMAS",
    "GROUPED",
    "UNREADABLE",
    "Reading",
    "examples",
    "patterns",
    "places_written",
    "read_number",
    "read_vector",
]

# Why a text is refused: it is no number (or no vector), or it reads two ways: a number that
# may be grouped in thousands, or a vector whose commas may part coordinates or mark decimals.
UNREADABLE = "unreadable"
GROUPED = "grouped"
COMMAS = "commas"

# The spaces a learner's text may hold, the same class in the page's script (not Python's or
# JavaScript's own \s, which differ): space, tab, line breaks, no-break and thin spaces.
SPACE = "[ \t\n\r\f\v\u00a0\u2009\u202f]"
_S = SPACE
_DEC = r"(?:\d+(?:[.,]\d*)?|[.,]\d+)"
# the same pattern text is compiled by the page's script (publish/assets/page.js)
NUMBER = f"^{_S}*(?:[=≈]{_S}*)?([+-]?){_S}*({_DEC})(?:{_S}*/{_S}*([+-]?){_S}*({_DEC}))?{_S}*$"
_NUMBER = re.compile(NUMBER, re.ASCII)
# a decimal that reads as a whole number grouped in thousands, by the mark that groups them
_GROUPED_TEXT = {"id": r"^[1-9]\d{0,2}\.\d{3}$", "en": r"^[1-9]\d{0,2},\d{3}$"}
_GROUPED = {lang: re.compile(p, re.ASCII) for lang, p in _GROUPED_TEXT.items()}


# the decimal mark a learner of the language writes first (the other one is read too)
_MARK = {"id": ",", "en": "."}


def examples(lang: str) -> dict[str, Shown]:
    """The forms the page's hints and refusals show a learner, written in `lang`'s habits.

    Parameters
    ----------
    lang : str
        The lesson's language.

    Returns
    -------
    dict of str to Shown
        ``decimal`` and ``decimal_other`` (a half with each mark, the language's own first),
        ``thousand`` (a whole number without a separator), ``vector_semi`` (coordinates parted
        by semicolons, decimal commas in them for Indonesian) and ``vector_comma``: the
        fields of the ``pg_hint_*`` and ``pg_ui_*`` texts. Each reads back as written.

    Examples
    --------
    >>> {k: v.text for k, v in examples("id").items()}["vector_semi"]
    '(0,5; 1,5)'
    """
    mark = _MARK.get(lang, ".")
    other = "." if mark == "," else ","
    texts = {
        "decimal": f"0{mark}5",
        "decimal_other": f"0{other}5",
        "thousand": "1500",
        "vector_semi": f"(0{mark}5; 1{mark}5)",
        "vector_comma": "(0.5, 1.5)",
    }
    return {k: Shown(t, t, kind="label") for k, t in texts.items()}


def patterns(lang: str) -> dict[str, str | None]:
    """The patterns the page's script compiles to read as :func:`read_number` does.

    Parameters
    ----------
    lang : str
        The lesson's language.

    Returns
    -------
    dict
        ``space`` (the class of spaces), ``number`` (a number's whole text) and ``grouped``
        (a decimal that reads as thousands in `lang`, None if no mark groups them).
    """
    return {"space": SPACE, "number": NUMBER, "grouped": _GROUPED_TEXT.get(lang)}


_POINT_PLACES = re.compile(r"\d\.(\d+)", re.ASCII)


def places_written(text: str) -> tuple[int, ...]:
    """The places after the point of each decimal the lesson writes in `text`, each once.

    A field's answer as the lesson shows it (the sheet's text) gives the notation a learner
    may copy from the screen: :func:`read_number` reads a number written with a point and
    one of these many places as the lesson's decimal, never as thousands.

    Examples
    --------
    >>> places_written("≈ (0.707, 2.121)"), places_written("−2.12"), places_written("(1, 3)")
    ((3,), (2,), ())
    """
    return tuple(sorted({len(m) for m in _POINT_PLACES.findall(text)}))


@dataclass(frozen=True)
class Reading:
    """What a learner's text reads as: its values, or why it is refused.

    Attributes
    ----------
    values : tuple of Fraction
        The number (one value) or the vector's coordinates; empty when refused.
    problem : str or None
        None when read; when refused :data:`UNREADABLE`, :data:`GROUPED` (a number that may be
        grouped in thousands) or :data:`COMMAS` (commas that may part coordinates or mark
        decimals).
    unread : str
        When refused, the number it could not read as the learner wrote it (spaces at its
        ends trimmed): the whole text of a number, the first coordinate that is no number or
        may be grouped, or the run of commas that reads two ways; empty when read.
    """

    values: tuple[Fraction, ...] = ()
    problem: str | None = None
    unread: str = ""

    @property
    def refused(self) -> bool:
        """Whether the text was refused (the learner is asked again, no attempt spent)."""
        return self.problem is not None


def _decimal(text: str, lang: str, places: Collection[int]) -> Fraction | str:
    grouped = _GROUPED.get(lang)
    if grouped is not None and grouped.fullmatch(text):
        if "." not in text or len(text.split(".")[1]) not in places:
            return GROUPED
    return Fraction(text.replace(",", "."))


def read_number(text: str, lang: str, places: Collection[int] = ()) -> Reading:
    """A learner's number read exactly, or refused as unreadable or ambiguous.

    Parameters
    ----------
    text : str
        What the learner wrote.
    lang : str
        The lesson's language (``id`` or ``en``): which decimal mark also groups thousands.
    places : collection of int
        The places after the point the lesson writes this field's decimals with
        (:func:`places_written`): a number with a point and that many places is the lesson's
        own notation, a decimal, not a number grouped in thousands.

    Returns
    -------
    Reading
        One value, or the problem and the text it could not read.

    Examples
    --------
    >>> texts = ("0.96", "0,96", " 24 / 25 ", "− 8", "≈ 2.83")
    >>> [str(read_number(t, "id").values[0]) for t in texts]
    ['24/25', '24/25', '24/25', '-8', '283/100']
    >>> [read_number(t, "id").problem for t in ("1 2", "1/0", "abc", "1.500", "1,500", "0.500")]
    ['unreadable', 'unreadable', 'unreadable', 'grouped', None, None]
    >>> read_number("1,500", "en").problem, read_number("1.500", "en").values
    ('grouped', (Fraction(3, 2),))
    >>> read_number("2.121", "id").unread, read_number("2.121", "id", (3,)).values
    ('2.121', (Fraction(2121, 1000),))
    """
    m = _NUMBER.fullmatch(text.replace(MINUS, "-"))
    if m is None:
        return Reading(problem=UNREADABLE, unread=_trim(text))
    sign, body, over_sign, over = m.groups()
    values = [_decimal(body, lang, places)]
    if over is not None:
        values.append(_decimal(over, lang, places))
    if GROUPED in values:
        return Reading(problem=GROUPED, unread=_trim(text))
    nums = [v for v in values if isinstance(v, Fraction)]
    x = -nums[0] if sign == "-" else nums[0]
    if len(nums) == 2:
        d = -nums[1] if over_sign == "-" else nums[1]
        if d == 0:
            return Reading(problem=UNREADABLE, unread=_trim(text))
        x /= d
    return Reading((x,))


def _trim(text: str) -> str:
    return re.sub(f"^{_S}+|{_S}+$", "", text)


def _pieces(text: str) -> list[list[str]]:
    """The text cut at its sure separators (spaces, commas with a space), then at commas."""
    parts = re.split(f"{_S}*,{_S}+|{_S}+,{_S}*|{_S}+", text)
    return [p.split(",") for p in parts]


def read_vector(text: str, lang: str, size: int, places: Collection[int] = ()) -> Reading:
    """A learner's vector of `size` coordinates read exactly, or refused.

    Parameters
    ----------
    text : str
        What the learner wrote: ``(2, 2)``, ``2 2``, ``[0,5; −1]``, ``0,5,1,5`` ...
    lang : str
        The lesson's language (see :func:`read_number`).
    size : int
        How many coordinates the answer has: a bare comma is a decimal comma or a separator,
        whichever gives that many.
    places : collection of int
        The places after the point the lesson writes this field's decimals with (see
        :func:`read_number`).

    Returns
    -------
    Reading
        The coordinates (as many as written: a reading of another size is read, and wrong),
        or the problem and the text it could not read.

    Examples
    --------
    >>> [[str(x) for x in read_vector(t, "id", 2).values] for t in ("(2, 2)", "2,2", "[0,5; −1]")]
    [['2', '2'], ['2', '2'], ['1/2', '-1']]
    >>> [str(x) for x in read_vector("0,191,0,786,0,023", "id", 3).values]
    ['191/1000', '393/500', '23/1000']
    >>> read_vector("1,2,3", "id", 2).problem, len(read_vector("1,2,3", "id", 3).values)
    ('commas', 3)
    >>> read_vector("(2, x)", "id", 2).problem, read_vector("1 2 3", "id", 2).values
    ('unreadable', (Fraction(1, 1), Fraction(2, 1), Fraction(3, 1)))
    >>> [read_vector("(0.707, 2.121)", "id", 2, p).unread for p in ((), (3,))]
    ['2.121', '']
    """
    t = _trim(re.sub(f"^{_S}*[=≈]", "", text))
    if t[:1] in "([" and t[-1:] in ")]":
        t = _trim(t[1:-1])
    if ";" in t:
        items = [read_number(i, lang, places) for i in t.split(";")]
        for problem in (UNREADABLE, GROUPED):
            for r in items:
                if r.problem == problem:
                    return r
        return Reading(tuple(r.values[0] for r in items))
    return _partitions(t, lang, size, places)


@dataclass
class _Way:
    count: int  # readings found, capped at 2
    values: tuple[Fraction, ...]  # one of them
    grouped: str  # that one's first number that may be grouped in thousands ("" if none)


def _partitions(text: str, lang: str, size: int, places: Collection[int]) -> Reading:
    """The readings of comma-cut tokens, each number one to three tokens of a piece."""
    # ways[k]: the readings of the tokens so far as k numbers
    ways: dict[int, _Way] = {0: _Way(1, (), "")}
    for tokens in _pieces(text):
        # within a piece: at[i][k] reads its first i tokens as k numbers (k counted in all)
        at: list[dict[int, _Way]] = [ways] + [{} for _ in tokens]
        for i in range(len(tokens)):
            for g in (1, 2, 3):
                if i + g > len(tokens) or not at[i]:
                    continue
                r = read_number(",".join(tokens[i : i + g]), lang, places)
                if r.problem == UNREADABLE:
                    continue
                for k, way in at[i].items():
                    value = r.values if not r.refused else (Fraction(0),)
                    new = _Way(way.count, way.values + value, way.grouped or r.unread)
                    old = at[i + g].get(k + 1)
                    if old is None:
                        at[i + g][k + 1] = new
                    else:
                        old.count = min(2, old.count + new.count)
        ways = at[len(tokens)]
        if not ways:
            return Reading(problem=UNREADABLE, unread=",".join(tokens))
    if size in ways:
        way = ways[size]
        if way.count > 1:
            return Reading(problem=COMMAS, unread=text)
        if way.grouped:
            return Reading(problem=GROUPED, unread=way.grouped)
        return Reading(way.values)
    # no reading has that size: wrong however it is read (shown with every comma a separator)
    return Reading(ways[max(ways)].values)
