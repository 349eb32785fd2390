"""What the voice says is heard as meant: symbols and terms told apart by ear.

A learner who only listens tells ``q`` from ``key`` and a vector from the zero vector by ear
alone. :func:`phonemes` is what espeak-ng says for some words in a synthetic take (the
lexicon applied, the language's voice); :func:`said_symbols` the single letters a text leaves
in its spoken words; :func:`things_said` every symbol and term the lesson's voice says.
``tests/test_heard.py`` holds the catalogues to no two of them sounding alike;
:func:`sound_alike` holds a lesson's own words (:mod:`lesson.words`) to the same.
"""

from __future__ import annotations

import functools
import re
import subprocess
from collections.abc import Iterable

from mathcore.spoken import spoken_notation, zero_vector
from pipeline.lexicon import apply as apply_lexicon
from pipeline.lexicon import lexicon
from pipeline.voice.synthesis import VOICES

__all__ = ["phonemes", "said_symbols", "sound_alike", "things_said"]


@functools.cache
def phonemes(words: str, lang: str) -> str:
    """The phonemes espeak-ng says for `words` in a synthetic take of `lang` (``-x``)."""
    r = subprocess.run(
        ["espeak-ng", "-v", VOICES[lang], "-x", "-q", apply_lexicon(words, lang)],
        capture_output=True,
        text=True,
        check=True,
    )
    return " ".join(r.stdout.split())


def said_symbols(texts: Iterable[str], lang: str) -> set[str]:
    """The single letters `texts` (catalogue texts) leave in their spoken words (``q``, ``k``…)."""
    found = set()
    for text in texts:
        words = spoken_notation(re.sub(r"\{[^}]*\}", " ", text), lang)
        found |= {w for w in re.findall(r"[^\W\d_]+", words) if len(w) == 1}
    return found


def things_said(symbols: Iterable[str], lang: str) -> set[str]:
    """`symbols`, the lexicon's terms and the zero vector, each once, case folded."""
    lex = lexicon(lang)
    terms = {t.casefold() for t in (*lex.terms, *lex.checked)}
    return {s.casefold() for s in symbols} | terms | {zero_vector(lang)}


def sound_alike(new: str, symbols: Iterable[str], lang: str) -> str | None:
    """What of the lesson's symbols and terms `new` text says a symbol like; None if nothing.

    Parameters
    ----------
    new : str
        A catalogue text (a lesson's own, :mod:`lesson.words`).
    symbols : iterable of str
        The symbols the lecture's texts say already (:func:`said_symbols`), told apart by the
        tests.
    lang : str
        The language.

    Returns
    -------
    str or None
        ``'z' sounds like 'the zero vector' (/…/)``, for the first symbol of `new` the texts do
        not say already that shares its phonemes with another symbol or term.
    """
    known = {s.casefold() for s in symbols}
    fresh = sorted({s.casefold() for s in said_symbols([new], lang)} - known)
    if not fresh:
        return None
    heard = {phonemes(thing, lang): thing for thing in sorted(things_said(known, lang))}
    for symbol in fresh:
        said = phonemes(symbol, lang)
        if heard.get(said, symbol) != symbol:  # a lexicon term may be the letter itself
            return f"{symbol!r} sounds like {heard[said]!r} (/{said}/)"
    return None
