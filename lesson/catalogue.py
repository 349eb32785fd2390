"""String catalogues: on-screen text and subtitles per language, one TOML file per scene module.

``lesson/text/<module>.toml`` holds a table per language (``[id]``, ``[en]``: the languages of
:data:`mathcore.languages.LANGUAGES`) with the text of
the scenes in ``scenes/<module>.py``, their chapter titles included; ``lecture.toml`` holds
the text of the whole lecture (video title, deck). Numbers never appear here: they come from
the numbers sheet.
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from types import MappingProxyType

from lesson.scenelist import TEXT_DIR, scene_spec
from mathcore.fmt import Shown
from mathcore.languages import LANGUAGES

__all__ = [
    "LANGUAGES",
    "LECTURE_TEXT",
    "catalogue",
    "catalogue_files",
    "chapter_title",
    "clear_caches",
    "file_catalogue",
    "lesson_words",
    "overrides",
    "set_lesson_words",
    "fill",
    "fill_text",
    "step_title",
    "step_titles",
]

_SUBSCRIPT = "₀₁₂₃₄₅₆₇₈₉"
LECTURE_TEXT = TEXT_DIR / "lecture.toml"
# The words of the lesson in use (lesson.words): language -> key -> text, over the catalogues'
_WORDS: ContextVar[Mapping[str, Mapping[str, str]]] = ContextVar(
    "lesson_words", default=MappingProxyType({})
)


@contextmanager
def lesson_words(words: Mapping[str, Mapping[str, str]]) -> Iterator[None]:
    """Read `words` (language -> key -> text, already checked) over the catalogues meanwhile.

    Every reader of the catalogues (:func:`catalogue`, :func:`file_catalogue`, and through
    them the scenes, captions, page and slides) gets a lesson's own text of a key where it
    has one (:mod:`lesson.words`); outside, the catalogues' own.
    """
    token = _WORDS.set(words)
    try:
        yield
    finally:
        _WORDS.reset(token)


def set_lesson_words(words: Mapping[str, Mapping[str, str]]) -> None:
    """Read `words` over the catalogues from now on in this context (as :func:`lesson_words`).

    For a process that makes one scene and ends (a look-ahead's, :mod:`pipeline.texbatch`);
    elsewhere :func:`lesson_words` restores the catalogues' own texts once done.
    """
    _WORDS.set(words)


def overrides(lang: str) -> Mapping[str, str]:
    """The texts of `lang` the lesson in use sets itself (:func:`lesson_words`); often none."""
    return _WORDS.get().get(lang, {})


def catalogue_files() -> list[Path]:
    """The catalogue files (``lesson/text/*.toml``), in order."""
    return sorted(TEXT_DIR.glob("*.toml"))


def clear_caches() -> None:
    """Forget every catalogue file read so far (a file may have changed since)."""
    for cached in (_file_table, step_titles, _merged):
        cached.cache_clear()


def _check(lang: str) -> None:
    if lang not in LANGUAGES:
        raise KeyError(f"no strings for language {lang!r}; have {', '.join(LANGUAGES)}")


@cache
def _file_table(path: Path, lang: str) -> dict[str, str]:
    _check(lang)
    table = tomllib.loads(path.read_text(encoding="utf-8")).get(lang, {})
    return {k: v for k, v in table.items() if isinstance(v, str)}


def file_catalogue(path: Path, lang: str) -> dict[str, str]:
    """The strings of `lang` in one catalogue file (a scene module's, or ``lecture.toml``).

    A text the lesson in use sets itself (:func:`lesson_words`) replaces the file's.

    Parameters
    ----------
    path : Path
        A catalogue file.
    lang : str
        A language code of :data:`LANGUAGES`.

    Returns
    -------
    dict of str to str
    """
    own, table = overrides(lang), _file_table(path, lang)
    if not own or not own.keys() & table.keys():
        return table
    return {k: own.get(k, v) for k, v in table.items()}


@cache
def step_titles(path: Path, lang: str) -> dict[str, str]:
    """The step titles of `lang` in one scene module's catalogue file (its ``[<lang>.steps]``).

    A step (a section of a scene) is named in the code by a stable identifier, which names
    its files; what a viewer reads (slide and deck titles) is its title here.

    Parameters
    ----------
    path : Path
        A scene module's catalogue file.
    lang : str
        A language code of :data:`LANGUAGES`.

    Returns
    -------
    dict of str to str
        Step identifier -> title.
    """
    _check(lang)
    table = tomllib.loads(path.read_text(encoding="utf-8")).get(lang, {})
    return dict(table.get("steps", {}))


def catalogue(lang: str) -> dict[str, str]:
    """Every string of `lang`, merged over the catalogue files.

    A text the lesson in use sets itself (:func:`lesson_words`) replaces the catalogue's.

    Parameters
    ----------
    lang : str
        A language code of :data:`LANGUAGES`.

    Returns
    -------
    dict of str to str

    Raises
    ------
    KeyError
        For a language without a catalogue, or a key defined by two files.
    """
    own, merged = overrides(lang), _merged(lang)
    return {**merged, **own} if own else merged


@cache
def _merged(lang: str) -> dict[str, str]:
    _check(lang)
    merged: dict[str, str] = {}
    for path in catalogue_files():
        for key, text in _file_table(path, lang).items():
            if key in merged:
                raise KeyError(f"{path.name}: {key} is defined twice")
            merged[key] = text
    return merged


def chapter_title(scene: str, lang: str) -> str:
    """The chapter title of `scene` in `lang`, from its own catalogue file.

    ``chapter_<Scene>`` when the file has it; otherwise ``chapter_<module>``, whose
    ``{number}`` is the number the scene's name ends with (``QuizQuestion3`` -> 3). A scene
    outside the lecture (``LECTURE_EXTRA_SCENES``) has no catalogue: its name is its title.

    Examples
    --------
    >>> chapter_title("ProjectionDrop", "en"), chapter_title("QuizQuestion3", "id")
    ('Projection', 'Uji pemahaman: pertanyaan 3')
    """
    spec = scene_spec(scene)
    if spec.extra:
        return scene
    strings = file_catalogue(spec.text_file, lang)
    if f"chapter_{scene}" in strings:
        return strings[f"chapter_{scene}"]
    m = re.search(r"(\d+)$", scene)
    return strings[f"chapter_{spec.module}"].format(number=int(m.group(1)) if m else "")


def step_title(scene: str, step: str, lang: str) -> str:
    """The title of step `step` of `scene` in `lang`: what a slide of that step is called.

    A scene outside the lecture has no catalogue: the step's name is its title.

    Examples
    --------
    >>> [step_title("AngleSignRegions", "siku-siku", lang) for lang in ("id", "en")]
    ['Siku-siku', 'Right angle']

    Raises
    ------
    KeyError
        When the scene's catalogue file has no title for the step in `lang`.
    """
    spec = scene_spec(scene)
    if spec.extra:
        return step
    titles = step_titles(spec.text_file, lang)
    if step not in titles:
        raise KeyError(
            f"{spec.text_file.name}: no [{lang}.steps] title for step {step!r} of {scene}"
        )
    return titles[step]


def fill(
    template: str, sheet: Mapping[str, Shown], fields: dict[str, str] | None = None
) -> tuple[str, dict[str, Shown]]:
    """A catalogue text ready to format and speak: its fields resolved to sheet values.

    A field ``{name}`` is the sheet value `name`, or the value ``fields[name]`` names (one
    text for every pair of coordinates: ``{a}``, ``{b}``). ``{name:eq}`` is the value after
    its relation: ``= 4`` when exact, ``≈ 1.79`` when rounded, so a sentence never states a
    rounded value with "="; ``{name:is}`` the same without ``=`` (``4``, ``≈ 0.330``).
    ``{k*:dan}`` lists the sheet values ``k1``, ``k2``, … as ``k₁ = …, k₂ = … dan k₃ = …``
    (the word after the colon joins the last two), so a sentence says every key however many.

    Returns
    -------
    tuple of (str, dict of str to Shown)
        The text with plain ``{name}`` fields, and the values they take.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from mathcore import fmt
    >>> P = fmt.Places()
    >>> sheet = {"c": fmt.approx(1.7888, 2), "d": fmt.number(Fraction(4), P)}
    >>> fill("comp {c:eq}, q · k {x:eq}", sheet, {"x": "d"})[0]
    'comp {c}, q · k = {x}'
    >>> fill("{w:is} and {x:is}", {"w": fmt.fixed(0.3302, 3)} | sheet, {"x": "d"})[0]
    '≈ {w} and {x}'
    >>> keys = {"k1": fmt.vector([1, 0], P), "k2": fmt.vector([0, 1], P)}
    >>> fill("keys {k*:and}.", keys)[0]
    'keys k₁ = {k1} and k₂ = {k2}.'
    """
    fields = fields or {}
    values: dict[str, Shown] = {}
    out = []
    for literal, name, spec, _ in string.Formatter().parse(template):
        out.append(literal.replace("{", "{{").replace("}", "}}"))
        if name is None:
            continue
        if name.endswith("*"):  # a numbered list: k₁ = {k1}, k₂ = {k2} dan k₃ = {k3}
            stem, items = name[:-1], list[str]()
            while f"{stem}{len(items) + 1}" in sheet:
                n = len(items) + 1
                label = stem + "".join(_SUBSCRIPT[int(c)] for c in str(n))
                items.append(f"{label} = {{{stem}{n}}}")
                values[f"{stem}{n}"] = sheet[f"{stem}{n}"]
            if not items:
                raise KeyError(f"{{{name}}}: the sheet has no {stem}1")
            last = f" {spec} " if spec else ", "
            out.append(", ".join(items[:-1]) + last + items[-1] if len(items) > 1 else items[0])
            continue
        value = sheet[fields.get(name, name)]
        values[name] = value
        bare = "" if value.exact or value.text.startswith("≈") else "≈ "
        if spec == "eq":
            out.append("= " if value.exact else bare)
        elif spec == "is":
            out.append(bare)
        elif spec:
            raise ValueError(f"unknown field format {{{name}:{spec}}}; have :eq, :is")
        out.append(f"{{{name}}}")
    return "".join(out), values


def fill_text(
    template: str, sheet: Mapping[str, Shown], fields: dict[str, str] | None = None
) -> str:
    """A catalogue text with its fields written out: the plain text a viewer reads.

    Examples
    --------
    >>> from mathcore import fmt
    >>> fill_text("comp {c:eq}", {"c": fmt.approx(1.7888, 2)})
    'comp ≈ 1.79'
    """
    template, values = fill(template, sheet, fields)
    names = [f for _, f, _, _ in string.Formatter().parse(template) if f]
    return template.format(**{n: values[n].text for n in names}) if names else template
