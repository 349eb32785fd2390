"""Pronunciation lexicon: the words espeak-ng says wrong, given as its own phoneme input.

The Indonesian voice reads English terms letter by letter as Indonesian (*value* as
/valuə/, *attention* as at-ten-ti-on, *head* as he-ad). Each language has a lexicon, a TOML
file ``pipeline/pronunciation/<lang>.toml`` with one table ``[terms]``: a term (one or more
words, matched whole and case-insensitively) and the espeak-ng phoneme mnemonics to say
instead, written as ``espeak-ng -v <voice> -x`` prints them::

    [terms]
    value = "v'Elju"
    "scaled dot-product attention" = "sk'Eild d'ot pR'od@kt @t'EnS@n"

A second, optional table ``[checked]`` lists terms that were checked and that espeak-ng
already says right, with the phonemes it prints for their plain spelling (``"R n" = "'ER
'En"``: *er en*): they need no entry, and a test notices when an espeak-ng upgrade changes
them.

:func:`apply` puts ``[[phonemes]]`` (espeak-ng reads text inside double brackets as
phoneme mnemonics) in place of each term, just before the words go to espeak-ng. Captions,
the recording script and the hash of a recording's words keep the plain words: a person
reads words, not phonemes. A term is matched where neither side touches a letter or a digit,
so a hyphenated form takes its entry too (*key-nya*, *query-key*); a longer term wins over a
shorter one inside it.

The phonemes are written for the language's espeak-ng voice
(:data:`pipeline.voice.synthesis.VOICES`); the tests run ``espeak-ng -x`` on each entry and compare.
"""

from __future__ import annotations

import functools
import hashlib
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["FOLDER", "Lexicon", "LexiconError", "apply", "lexicon"]

FOLDER = Path(__file__).resolve().parent / "pronunciation"  # <lang>.toml

_PHONEMES = re.compile(r"[^\[\]]+")  # anything but brackets, which would end the input early


class LexiconError(ValueError):
    """A lexicon file that cannot be read as terms and phonemes."""


@dataclass(frozen=True)
class Lexicon:
    """The pronunciation entries of one language.

    Attributes
    ----------
    lang : str
        The language (``id``, ``en``).
    terms : mapping of str to str
        Term as written in the lexicon -> espeak-ng phoneme mnemonics.
    digest : str
        SHA-256 of the entries (for the render's input hash): a changed entry re-renders.
    checked : mapping of str to str
        Terms espeak-ng says right as spelled -> the phonemes it prints for them (no entry
        needed; kept to be checked again).
    """

    lang: str
    terms: Mapping[str, str]
    digest: str
    checked: Mapping[str, str] = field(default_factory=dict)

    @functools.cached_property
    def _pattern(self) -> re.Pattern[str] | None:
        if not self.terms:
            return None
        alternatives = [
            r"\s+".join(re.escape(w) for w in term.split())
            for term in sorted(self.terms, key=len, reverse=True)
        ]
        return re.compile(
            rf"(?<![^\W_])(?:{'|'.join(alternatives)})(?![^\W_])", re.IGNORECASE | re.UNICODE
        )

    @functools.cached_property
    def _by_key(self) -> dict[str, str]:
        return {" ".join(t.casefold().split()): p for t, p in self.terms.items()}

    def apply(self, text: str) -> str:
        """`text` with every term replaced by its phonemes in espeak-ng's ``[[...]]``.

        Examples
        --------
        >>> lex = Lexicon("id", {"key": "k'i", "query": "kw'iri"}, "")
        >>> lex.apply("Query dan key-nya; keyboard tetap.")
        "[[kw'iri]] dan [[k'i]]-nya; keyboard tetap."
        """
        if self._pattern is None:
            return text
        return self._pattern.sub(
            lambda m: f"[[{self._by_key[' '.join(m.group().casefold().split())]}]]", text
        )


def read_lexicon(path: Path, lang: str) -> Lexicon:
    """A lexicon file (``[terms]`` and ``[checked]``: term -> phonemes), checked.

    Raises
    ------
    LexiconError
        For a file that is not TOML, has tables other than ``terms`` and ``checked``, or an
        entry that is empty, not a string, or holds brackets; one line naming the file and
        the term.
    """
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise LexiconError(f"{path.name}: {e}") from None
    extra = set(data) - {"terms", "checked"}
    if extra:
        raise LexiconError(
            f"{path.name}: unknown table {sorted(extra)[0]!r}; have [terms] and [checked]"
        )
    terms, checked = data.get("terms", {}), data.get("checked", {})
    for term, phonemes in [*terms.items(), *checked.items()]:
        if not term.strip() or not isinstance(phonemes, str):
            raise LexiconError(f"{path.name}: {term!r}: phonemes must be a string")
        if not _PHONEMES.fullmatch(phonemes.strip()):
            raise LexiconError(f"{path.name}: {term!r}: phonemes are empty or hold brackets")
    canonical = "\n".join(f"{t}\t{' '.join(p.split())}" for t, p in sorted(terms.items()))
    digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    clean = {t: " ".join(p.split()) for t, p in terms.items()}
    return Lexicon(lang, clean, digest, {t: " ".join(p.split()) for t, p in checked.items()})


@functools.cache
def lexicon(lang: str, folder: Path = FOLDER) -> Lexicon:
    """The lexicon of `lang` (empty when it has no file).

    Parameters
    ----------
    lang : str
        The language.
    folder : Path
        Where the ``<lang>.toml`` files are.

    Returns
    -------
    Lexicon
    """
    path = folder / f"{lang}.toml"
    if not path.is_file():
        return Lexicon(lang, {}, hashlib.sha256(b"").hexdigest())
    return read_lexicon(path, lang)


def apply(text: str, lang: str) -> str:
    """`text` as espeak-ng should read it in `lang`: its lexicon's terms as phonemes.

    Examples
    --------
    >>> apply("Satu angka.", "id")
    'Satu angka.'
    """
    return lexicon(lang).apply(text)
