"""What a loaded lesson is: frozen values, table by table (made by ``load_lesson``).

The types alone, with no loader and no registry: the sheet builders, the quiz kinds and the
answers read a lesson through them without importing the loader that checks one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from mathcore.fmt import Places

__all__ = ["AngleStops", "AttentionData", "Lesson", "Projection", "Quiz", "Spread", "Vec"]

Vec = tuple[Fraction, ...]


@dataclass(frozen=True)
class Projection:
    """Numbers of ``[projection]``: `query` projected onto `key`."""

    query: Vec
    key: Vec
    other: Vec | None  # a second query, best on the other side of the line ⟂ k


@dataclass(frozen=True)
class AngleStops:
    """Numbers of ``[angle]``: a fixed key and where the sweeping query stops."""

    key: Vec
    acute: Vec
    right: Vec
    obtuse: Vec
    scale: Fraction | None  # the factor of the optional scaling steps


@dataclass(frozen=True)
class AttentionData:
    """Numbers of ``[attention]``: one query, 2 to 6 keys, optional values and mask."""

    query: Vec
    keys: tuple[Vec, ...]
    values: tuple[Vec, ...] | None
    mask: tuple[bool, ...] | None


@dataclass(frozen=True)
class Spread:
    """Numbers of ``[spread]``: the dimensions compared, and what is drawn for each."""

    dims: tuple[int, ...]  # the dimensions dₖ, rising
    keys: int  # keys one query is scored against (the softmax step)
    samples: int  # query-key pairs drawn per dimension
    seed: int  # of the draws (mathcore.draws)


@dataclass(frozen=True)
class Quiz:
    """One ``[[quiz]]`` entry: its question number, kind and vectors."""

    number: int
    kind: str
    vectors: Mapping[str, Any]


@dataclass(frozen=True)
class Lesson:
    """A validated, frozen lesson (each attribute's table and key: :data:`SCHEMA`)."""

    path: Path  # the file, or the name given to load_lesson_text
    id: str
    title: str
    places: Places
    projection: Projection
    angle: AngleStops
    attention: AttentionData
    magnitude: tuple[tuple[Vec, Vec], ...]
    quiz: tuple[Quiz, ...]
    scale: Mapping[str, Any]  # ScaleIsNotCosine's query x and key y
    spread: Spread  # WhySqrtDk's draws
    raw: str  # canonical JSON of the validated values, for hashing
    source: str = field(repr=False, compare=False)  # the TOML text as read, comments kept
    scores: tuple[Vec, ...]  # several queries against the attention keys
    magnitude_scale: Fraction
    quiz_countdown: int  # seconds of visible pause before a quiz solution
    result_hold: Fraction  # seconds of silence after a key result is said
    scene_end: Fraction  # seconds of silence at the end of every scene
    step_pause: Fraction  # more seconds of silence where a new step begins
    words_per_minute: int  # the synthetic narration's pace
    prior_lesson: str
    mml_section: str

    def section_json(self, *names: str) -> str:
        """Canonical JSON of some lesson keys: tables, keys or quiz entries.

        A name is a table (``"attention"``), a key in it (``"attention.keys"``) or one
        ``[[quiz]]`` entry counted from 1 (``"quiz[3]"``). This is what one scene reads, so
        that its clip's hash changes only with those values.

        Examples
        --------
        >>> from lesson.model import load_lesson
        >>> lesson = load_lesson()
        >>> lesson.section_json("projection.key", "quiz[1]")
        '{"projection.key": ["1", "2"], "quiz[1]": {"kind": "dot-sign", "x": ["2", "-1", "3"], \
"y": ["1", "4", "-2"]}}'
        """
        data = json.loads(self.raw)
        picked = {}
        for name in names:
            m = re.fullmatch(r"(\w+)(?:\.(\w+)|\[(\d+)\])?", name)
            if m is None:
                raise KeyError(f"not a lesson key: {name!r}")
            table, key, index = m.groups()
            value = data.get(table)
            if key:
                value = value.get(key) if isinstance(value, dict) else None
            elif index:
                n = int(index)
                value = value[n - 1] if isinstance(value, list) and 0 < n <= len(value) else None
            picked[name] = value
        return json.dumps(picked, sort_keys=True, ensure_ascii=False)
