"""A lesson's own words: ``words.toml`` beside the lesson file overrides catalogue texts.

A lesson folder may hold a ``words.toml`` (``lecture new`` writes one, every line commented
out): a table per language (``[id]``, ``[en]``, the languages of
:data:`mathcore.languages.LANGUAGES`) of ``key = "text"`` lines, each replacing the catalogue
text of that key (``lesson/text/*.toml``) for this lesson only::

    [en]
    pd_sub_dot = "Add the products of all pairs: {dot:eq}. That is a number, not a vector."

Each text is checked as the catalogue's are (:func:`text_problem`): a key the catalogue has,
no blank text and no typed number, the same ``{name}`` fields as the text it replaces, the
caption rules once the lesson's numbers fill it (no term or notation split, no line over 42
characters, no lone first word: :func:`lesson.captions.check`), and nothing of its notation or
digits left in what the voice says (:func:`mathcore.spoken.unsaid`). One that fails is
refused in one line naming the file, the key and the reason (:class:`WordsError`, a
:class:`~lesson.model.LessonError`, so the command line prints it and exits 2). Whether its
symbols sound like another is the voice's check (:mod:`pipeline.voice.heard`), made where
the words are put to use (:mod:`pipeline.words`).

The words reach every reader of the catalogue (:mod:`lesson.catalogue`, its overlay) while a
lesson's words are in use; a cue's words are then the override's, so a recording of the old
sentence is stale and the others keep playing (recordings are keyed by their words).
"""

from __future__ import annotations

import functools
import string
import tomllib
from collections.abc import Mapping
from pathlib import Path

from lesson.captions import Cue, check, split
from lesson.catalogue import catalogue, lesson_words
from lesson.model import Lesson, LessonError
from lesson.sheet import numbers_sheet
from mathcore.fmt import Shown
from mathcore.languages import LANGUAGES
from mathcore.spoken import spoken_template, unsaid

__all__ = ["WORDS_FILE", "WordsError", "filled", "read_words", "text_problem", "words_file"]

WORDS_FILE = "words.toml"


class WordsError(LessonError):
    """A lesson's words file that cannot be used: one line, naming file, key and reason."""


def words_file(lesson: Lesson | Path) -> Path:
    """The words file of `lesson` (or of the lesson file given): ``words.toml`` beside it."""
    path = lesson.path if isinstance(lesson, Lesson) else Path(lesson)
    return Path(path).parent / WORDS_FILE


def _fields(text: str) -> dict[str, str]:
    """``{name}`` field -> its format spec (``eq``, ``is``, a list's joining word, or '')."""
    return {name: spec or "" for _, name, spec, _ in string.Formatter().parse(text) if name}


class _AnyValue(dict[str, Shown]):
    """A sheet that has every key (to read a text's words around a role's field)."""

    def __init__(self, sample: Shown) -> None:
        super().__init__()
        self.sample = sample

    def __missing__(self, key: str) -> Shown:
        return self.sample


def filled(template: str, values: Mapping[str, Shown]) -> str | None:
    """`template` with the lesson's values as a scene shows them; None for a role's field.

    ``{x:eq}`` is ``= 4`` or ``≈ 1.79``; a field naming a role a scene fills (``{a}``), not a
    sheet value, gives None: the text is then checked when the scene fills it.
    """
    out = []
    for literal, name, spec, _ in string.Formatter().parse(template):
        out.append(literal)
        if name is None:
            continue
        if name not in values:
            return None
        value = values[name]
        bare = "" if value.exact or value.text.startswith("≈") else "≈ "
        out.append(("= " if value.exact else bare) if spec == "eq" else bare if spec else "")
        out.append(value.text)
    return "".join(out)


def text_problem(
    key: str, text: object, lang: str, base: Mapping[str, str], values: Mapping[str, Shown]
) -> str | None:
    """Why `text` cannot replace catalogue text `key` of `lang`, in a few words; None if it can.

    Parameters
    ----------
    key : str
        The catalogue key.
    text : object
        The override, as read from TOML (a string to be usable).
    lang : str
        The language.
    base : mapping of str to str
        The catalogue of `lang` (:func:`lesson.catalogue.catalogue` without overrides).
    values : mapping of str to Shown
        The lesson's sheet values, every scene's (to fill the text for the caption rules).

    Returns
    -------
    str or None
        ``unknown key``, ``not a text``, ``blank``, ``types a number (…)``, ``misses the
        placeholder {x}``, ``has the unknown placeholder {y}``, ``as a caption: <rule>, <figure>``
        or ``the voice would read notation: …``.
    """
    if isinstance(text, dict):
        return 'a table: only texts are set here (key = "text"), not step titles'
    if key not in base:
        return "unknown key (the lecture has no text of that name)"
    if not isinstance(text, str):
        return "not a text (a quoted string is)"
    if not text.strip():
        return "blank"
    try:
        have, want = _fields(text), _fields(base[key])
    except ValueError as e:
        return f"unreadable placeholder ({e})"
    for name in want.keys() - have.keys():
        return f"misses the placeholder {{{name}}} (the lecture's text has it)"
    for name in have.keys() - want.keys():
        return f"has the unknown placeholder {{{name}}} (the lecture's text has {_list(want)})"
    for name, spec in have.items():
        if spec not in ("", "eq", "is") and not name.endswith("*"):
            return f"has the unknown format {{{name}:{spec}}} (have :eq, :is)"
    literal = "".join(part for part, _, _, _ in string.Formatter().parse(text))
    if any(c.isdigit() for c in literal):
        return "types a number (numbers come from the lesson's sheet, as {name} fields)"
    shown = filled(text, values)
    if shown is not None:
        cues = [Cue(6.0 * i, 6.0 * i + 5.5, lines) for i, lines in enumerate(split(shown, lang))]
        broken = [v for v in check(cues, 25.0) if v.rule != "reading speed"]
        if broken:
            return f"as a caption: {broken[0].rule}, {broken[0].figure}"
    sample = next(iter(values.values()), None)
    if sample is not None:
        left = unsaid(spoken_template(text, _AnyValue(sample), lang))
        if left:
            return f"the voice would read notation or digits as written: {left}"
    return None


def _list(fields: Mapping[str, str]) -> str:
    return ", ".join(f"{{{n}}}" for n in fields) or "none"


@functools.cache
def _read(path: Path, stamp: tuple[int, int], lesson_source: str) -> dict[str, dict[str, str]]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise WordsError(path, "(file)", f"cannot be read as TOML ({e})") from None
    from lesson.model import load_lesson_text

    lesson = load_lesson_text(lesson_source)
    values: dict[str, Shown] = {}
    for sheet in numbers_sheet(lesson).values():
        values.update(sheet)
    words: dict[str, dict[str, str]] = {}
    for lang, table in data.items():
        if lang not in LANGUAGES:
            raise WordsError(path, f"[{lang}]", f"no such language; have {', '.join(LANGUAGES)}")
        if not isinstance(table, dict):
            raise WordsError(path, lang, f'not a table of texts ([{lang}], then key = "text")')
        base = _base(lang)
        for key, text in table.items():
            problem = text_problem(key, text, lang, base, values)
            if problem is not None:
                raise WordsError(path, f"[{lang}] {key}", problem)
        if table:
            words[lang] = dict(table)
    return words


def _base(lang: str) -> dict[str, str]:
    """The catalogue texts of `lang` as the lecture has them (no lesson's words)."""
    with lesson_words({}):
        return catalogue(lang)


def read_words(lesson: Lesson) -> dict[str, dict[str, str]]:
    """The checked overrides of `lesson`'s words file: language -> key -> text.

    Parameters
    ----------
    lesson : Lesson
        A loaded lesson; its words file is ``words.toml`` beside its lesson file.

    Returns
    -------
    dict of str to dict of str to str
        Empty when there is no words file or it sets nothing (every line commented out).

    Raises
    ------
    WordsError
        One line naming the file, the key and why its text is refused.
    """
    path = words_file(lesson)
    if not path.is_file():
        return {}
    st = path.stat()
    return _read(path, (st.st_mtime_ns, st.st_size), lesson.source)
