"""String catalogues: on-screen text and subtitles per language, one TOML file per scene module.

``lesson/text/<module>.toml`` holds a table per language (``[id]``, ``[en]``) with the text of
the scenes in ``scenes/<module>.py``, their chapter titles included; ``lecture.toml`` holds
the text of the whole lecture (video title, deck). Numbers never appear here: they come from
the numbers sheet.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

from lesson.scenelist import TEXT_DIR, scene_spec

__all__ = [
    "LANGUAGES",
    "LECTURE_TEXT",
    "catalogue",
    "chapter_title",
    "file_catalogue",
    "step_title",
    "step_titles",
]

LANGUAGES = ("id", "en")
LECTURE_TEXT = TEXT_DIR / "lecture.toml"


def _check(lang: str) -> None:
    if lang not in LANGUAGES:
        raise KeyError(f"no strings for language {lang!r}; have {', '.join(LANGUAGES)}")


@cache
def file_catalogue(path: Path, lang: str) -> dict[str, str]:
    """The strings of `lang` in one catalogue file (a scene module's, or ``lecture.toml``).

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
    _check(lang)
    table = tomllib.loads(path.read_text(encoding="utf-8")).get(lang, {})
    return {k: v for k, v in table.items() if isinstance(v, str)}


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


@cache
def catalogue(lang: str) -> dict[str, str]:
    """Every string of `lang`, merged over the catalogue files.

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
    _check(lang)
    merged: dict[str, str] = {}
    for path in sorted(TEXT_DIR.glob("*.toml")):
        for key, text in file_catalogue(path, lang).items():
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
