"""String catalogues: on-screen text and subtitles per language, one TOML file per scene module.

``scenes/text/<module>.toml`` holds a table per language (``[id]``, ``[en]``). Numbers never
appear here: they come from the numbers sheet.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

__all__ = ["LANGUAGES", "TEXT_DIR", "catalogue"]

TEXT_DIR = Path(__file__).resolve().parent / "text"
LANGUAGES = ("id", "en")


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
    if lang not in LANGUAGES:
        raise KeyError(f"no strings for language {lang!r}; have {', '.join(LANGUAGES)}")
    merged: dict[str, str] = {}
    for path in sorted(TEXT_DIR.glob("*.toml")):
        table = tomllib.loads(path.read_text(encoding="utf-8")).get(lang, {})
        for key, text in table.items():
            if key in merged:
                raise KeyError(f"{path.name}: {key} is defined twice")
            merged[key] = text
    return merged
