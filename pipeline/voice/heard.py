"""What the voice says is heard as meant: symbols and terms told apart by ear.

A learner who only listens tells ``q`` from ``key`` and a vector from the zero vector by ear
alone. :func:`phonemes` is what espeak-ng says for some words in a synthetic take (the
lexicon applied, the language's voice); :func:`said_symbols` the single letters a text leaves
in its spoken words; :func:`things_said` every symbol and term the lesson's voice says.
``tests/test_heard.py`` holds the catalogues to no two of them sounding alike;
:func:`sound_alike` holds a lesson's own words (:mod:`lesson.words`) to the same.

A symbol said in more than one word (``k₂``, *k indeks dua*) must not be heard as an everyday
word or phrase either: "k dua" was heard as *kedua* (both, second) and the text's "ke satu
key" as "k satu key". :func:`heard_alike` takes two sayings as alike when their sounds, stress
and word breaks left out, differ in at most one vowel (*ka dua* and *kedua*);
:func:`everyday` is what a symbol is compared with besides the lesson's own words: the
Indonesian ordinals (*kesatu*, *kedua*, …), the words a letter and a number run into.
"""

from __future__ import annotations

import functools
import re
import subprocess
from collections.abc import Iterable

from num2words import num2words

from mathcore.languages import LANGUAGES
from mathcore.spoken import spoken_notation, zero_vector
from pipeline.lexicon import apply as apply_lexicon
from pipeline.lexicon import lexicon
from pipeline.voice.synthesis import VOICES

__all__ = [
    "everyday",
    "heard_alike",
    "heard_phrases",
    "numbered",
    "phonemes",
    "said_symbols",
    "sound_alike",
    "things_said",
]


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


def numbered(texts: Iterable[str], lang: str, most: int = 6) -> set[str]:
    """How the voice says each numbered symbol of `texts`' lists (``{k*:dan}``: k₁, k₂…).

    Up to `most` of each (a question has at most six keys): ``{'k indeks satu', …}``.
    """
    sub = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
    stems = {m for text in texts for m in re.findall(r"\{([A-Za-z])\*", text)}
    return {
        spoken_notation(f"{stem}{str(n).translate(sub)}", lang)
        for stem in stems
        for n in range(1, most + 1)
    }


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


# espeak-ng's vowel letters (``-x`` mnemonics); a run of them is one vowel (a diphthong, a long
# vowel with its ``:``). Stress marks and word breaks are not heard apart in running speech.
_VOWELS = re.compile(r"[aeiouyAEIOUVY@03:]+")
_UNHEARD = re.compile(r"[\s',%=_;!]")


def _sounds(said: str) -> list[str]:
    """`said` phonemes as consonants and vowel runs, stress and word breaks left out."""
    bare = _UNHEARD.sub("", said)
    out: list[str] = []
    for m in re.finditer(rf"{_VOWELS.pattern}|.", bare):
        out.append("V" + m.group() if _VOWELS.fullmatch(m.group()) else m.group())
    return out


def heard_alike(a: str, b: str) -> bool:
    """True when phonemes `a` and `b` (:func:`phonemes`) differ in at most one vowel.

    The same consonants in the same order, and every vowel the same but one, stress and
    word breaks left out: espeak-ng's *k dua* and *kedua* (``k'a d'ua``, ``k@d'ua``).

    Examples
    --------
    >>> heard_alike("k'a d'ua", "k@d'ua"), heard_alike("k'a 'ind@ks d'ua", "k@d'ua")
    (True, False)
    """
    x, y = _sounds(a), _sounds(b)
    if len(x) != len(y):
        return False
    differ = [(p, q) for p, q in zip(x, y, strict=True) if p != q]
    return not differ or (len(differ) == 1 and all(p.startswith("V") for p in differ[0]))


def everyday(lang: str) -> list[str]:
    """Everyday words a letter and a number may run into, besides the lesson's own words.

    Indonesian: the ordinals *kesatu* to *kesepuluh* (``ke`` and a number), which *k* and a
    number sound like. English has none a symbol of the lesson is heard as (*k one* is not
    *cayenne*, nor *v two* a word of the lesson).

    Examples
    --------
    >>> everyday("id")[:3], everyday("en")
    (['kesatu', 'kedua', 'ketiga'], [])
    """
    if lang != "id":
        return []
    return [f"ke{num2words(n, lang=LANGUAGES[lang].number_words)}" for n in range(1, 11)]


def heard_phrases(texts: Iterable[str], lang: str, longest: int = 3) -> dict[str, str]:
    """Every run of up to `longest` words `texts` say within a clause, as phonemes -> words.

    The texts are catalogue texts; a ``{field}`` breaks a clause (what fills it is a value).
    Each word is said as in a take (the lexicon applied; espeak-ng's Indonesian and English
    say a word the same wherever it stands), all of them in one call of espeak-ng, a word
    a line; a run's phonemes are its words', joined.
    """
    clauses = set()
    for text in texts:
        words = spoken_notation(re.sub(r"\{[^}]*\}", ",", text), lang)
        clauses |= {tuple(c.split()) for c in re.split(r"[,.;:!?()]", words) if c.strip()}
    vocabulary = sorted({w for c in clauses for w in c})
    r = subprocess.run(
        ["espeak-ng", "-v", VOICES[lang], "-x", "-q"],
        input="\n".join(f"{apply_lexicon(w, lang)}." for w in vocabulary),
        capture_output=True,
        text=True,
        check=True,
    )
    said = [" ".join(line.split()) for line in r.stdout.splitlines()]
    if len(said) != len(vocabulary):  # espeak-ng joined or split a line: one at a time
        said = [phonemes(w, lang) for w in vocabulary]
    sound = dict(zip(vocabulary, said, strict=True))
    runs: dict[str, str] = {}
    for clause in sorted(clauses):
        for n in range(1, longest + 1):
            for i in range(len(clause) - n + 1):
                run = clause[i : i + n]
                runs.setdefault(" ".join(sound[w] for w in run), " ".join(run))
    return runs
