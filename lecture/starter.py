"""``lecture new DIR``: a starter lesson folder, the default lesson with its words and a README."""

from __future__ import annotations

from pathlib import Path

import tomlkit

from lesson.catalogue import LANGUAGES, file_catalogue
from lesson.model import DEFAULT_LESSON, load_lesson
from lesson.scenelist import TEXT_DIR
from pipeline.files import atomic_writes

__all__ = ["LESSON_FILE", "README_FILE", "WORDS_FILE", "StarterError", "readme", "words", "write"]

LESSON_FILE = "lesson.toml"
WORDS_FILE = "words.toml"
README_FILE = "README.md"


class StarterError(ValueError):
    """The folder cannot take a starter lesson (one line: the folder and why)."""


def words() -> str:
    """Every sentence of the lecture's catalogues, per language, each on a commented line.

    A table per language (``[id]``, ``[en]``), its lines grouped by catalogue file; each line
    is ``# key = "text"``, the text escaped as TOML, so that uncommenting a line gives the
    catalogue's own text. The tables themselves are empty: the file holds no value yet.

    Returns
    -------
    str
        The TOML text.

    Examples
    --------
    >>> import tomllib
    >>> text = words()
    >>> tomllib.loads(text) == {lang: {} for lang in LANGUAGES}
    True
    >>> from lesson.catalogue import catalogue
    >>> line = next(ln for ln in text.splitlines() if ln.startswith("# lesson_video_title "))
    >>> line == f'# lesson_video_title = "{catalogue("id")["lesson_video_title"]}"'
    True
    """
    lines = [
        "# The words of the lecture's scenes, page and slides, per language, as the lecture has",
        "# them (its catalogues), one commented line a sentence; {name} is a number or a word",
        "# the scene fills in. Uncomment a line and edit it: this lesson says it so. Each is",
        "# checked as the lecture's own are (its key, its {name} fields, the caption rules, what",
        "# the voice reads); one that fails stops the command in one line: file, key and why.",
    ]
    for lang in LANGUAGES:
        lines += ["", f"[{lang}]"]
        for path in sorted(TEXT_DIR.glob("*.toml")):
            texts = file_catalogue(path, lang)
            if texts:
                lines.append(f"# --- {path.name}")
                lines += [
                    f"# {tomlkit.key(key).as_string()} = {tomlkit.item(text).as_string()}"
                    for key, text in texts.items()
                ]
    return "\n".join(lines) + "\n"


def readme(title: str) -> str:
    """The folder's README: three lines, what each file is and the commands to run.

    Examples
    --------
    >>> print(readme("Dot products"), end="")
    # Dot products
    `lesson.toml` holds the numbers: `lecture numbers --lesson lesson.toml` proof-reads them, `lecture build --lesson lesson.toml` renders the video.
    `words.toml` lists every sentence of the lecture per language: uncomment and edit one to make it this lesson's own.
    """  # noqa: E501
    return (
        f"# {title}\n"
        f"`{LESSON_FILE}` holds the numbers: `lecture numbers --lesson {LESSON_FILE}` proof-reads "
        f"them, `lecture build --lesson {LESSON_FILE}` renders the video.\n"
        f"`{WORDS_FILE}` lists every sentence of the lecture per language: uncomment and edit one "
        "to make it this lesson's own.\n"
    )


def write(folder: Path) -> list[Path]:
    """Write a starter lesson into `folder` (made if missing, else it must be empty).

    The default lesson (:data:`~lesson.model.DEFAULT_LESSON`, byte for byte) as
    :data:`LESSON_FILE`, its words (:func:`words`) and a README (:func:`readme`), all moved
    into place together once written.

    Parameters
    ----------
    folder : Path
        The new lesson's folder.

    Returns
    -------
    list of Path
        The files written.

    Raises
    ------
    StarterError
        `folder` is a file, or a folder with something in it (nothing is written).
    OSError
        The folder cannot be made or written (nothing is left in it).
    """
    if folder.exists() and not folder.is_dir():
        raise StarterError(f"{folder}: not a folder")
    if folder.is_dir() and any(folder.iterdir()):
        raise StarterError(f"{folder}: not empty (a new lesson goes into a new or empty folder)")
    lesson = load_lesson(DEFAULT_LESSON)
    folder.mkdir(parents=True, exist_ok=True)
    return atomic_writes(
        {
            folder / LESSON_FILE: DEFAULT_LESSON.read_bytes(),
            folder / WORDS_FILE: words(),
            folder / README_FILE: readme(lesson.title),
        }
    )
