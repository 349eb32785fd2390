"""Edited copies of the default lesson that the scene tests render with."""

from __future__ import annotations

import re
from pathlib import Path

from lecture.lesson import DEFAULT_LESSON

SEED = DEFAULT_LESSON.read_text(encoding="utf-8")


def _set(text: str, table: str, key: str, value: str) -> str:
    """Replace `key = …` inside `[table]` (first occurrence after the header)."""
    head = text.index(f"[{table}]")
    m = re.compile(rf"^(#\s*)?{key} = .*$", re.M).search(text, head)
    assert m, (table, key)
    return text[: m.start()] + f"{key} = {value}" + text[m.end() :]


EDITS: dict[str, list[tuple[str, str, str]]] = {
    "default": [],
    "obtuse": [("projection", "query", "[-3, 1]"), ("angle", "obtuse", "[-3, 0.5]")],
    "near-parallel": [("projection", "query", "[2, 3.9]")],
    "parallel": [("projection", "query", "[2, 4]")],
    "masked": [
        ("attention", "keys", "[[1, 0], [0, 1], [-1, -1]]"),
        ("attention", "mask", "[true, false, true]"),
    ],
    "largest": [
        ("projection", "query", "[-8.75, 8.99]"),
        ("projection", "key", "[9, -8.51]"),
        ("angle", "key", "[9, 9]"),
        ("angle", "acute", "[9, -8.99]"),
        ("angle", "right", "[-9, 9]"),
        ("angle", "obtuse", "[-9, -8.99]"),
        ("angle", "scale", "1"),
        ("attention", "query", "[9, -9]"),
        ("attention", "keys", "[[9, -9], [-9, 9], [9, 9], [-8.99, -9], [0.01, 0], [4.5, -4.5]]"),
    ],
}


def variant(name: str, folder: Path) -> Path:
    """Write the edited lesson `name` into `folder` and return its path."""
    text = SEED
    for table, key, value in EDITS[name]:
        text = _set(text, table, key, value)
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path
