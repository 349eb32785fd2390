"""Edited copies of the default lesson that the scene tests render with."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from lesson.entries import Lesson
from lesson.model import DEFAULT_LESSON, load_lesson
from lesson.scenelist import lesson_order

SEED = DEFAULT_LESSON.read_text(encoding="utf-8")
# The default lesson's scenes, in order: the lecture's, then one per question it asks (the
# scene list has a place for every question a lesson may ask, more than the default asks).
SEED_ORDER = lesson_order(load_lesson(DEFAULT_LESSON))
# After its quiz the default lesson shows two more kinds of question commented out: a line
# an author uncomments to ask them is a ``[[quiz]]`` header or one of its ``key = value``s.
_MORE = "# Two more kinds a lesson may ask"
_ASKED = re.compile(r"^# (\[\[quiz\]\]|[a-z_]+ = .*)$", re.M)


def every_kind(text: str) -> str:
    """Lesson `text` with the questions it leaves commented out asked too, as an author would.

    The default lesson asks the seed's eight questions and shows two more kinds (``winner``
    and ``dimension``) commented out after them; uncommented, they are questions 9 and 10.
    """
    head, more, tail = text.partition(_MORE)
    assert more, "the default lesson no longer shows the kinds it leaves out"
    return head + more + _ASKED.sub(r"\1", tail)


# The default lesson with every quiz kind asked (ten questions), and its scenes.
EVERY_KIND = every_kind(SEED)
with tempfile.TemporaryDirectory() as _folder:
    _path = Path(_folder) / "every-kind.toml"
    _path.write_text(EVERY_KIND, encoding="utf-8")
    EVERY_KIND_ORDER = lesson_order(load_lesson(_path))


def set_key(text: str, table: str, key: str, value: str) -> str:
    """Replace `key = …` inside `[table]`; ``quiz#N`` is the N-th ``[[quiz]]`` entry."""
    if table.startswith("quiz#"):
        head = -1
        for _ in range(int(table[5:])):
            head = text.index("[[quiz]]", head + 1)
    else:
        head = text.index(f"[{table}]")
    m = re.compile(rf"^(#\s*)?{key} = .*$", re.M).search(text, head)
    assert m, (table, key)
    return text[: m.start()] + f"{key} = {value}" + text[m.end() :]


EDITS: dict[str, list[tuple[str, str, str]]] = {
    "default": [],
    "obtuse": [
        ("projection", "query", "[-3, 1]"),
        ("angle", "obtuse", "[-3, 0.5]"),
        ("angle", "scale", "2"),  # the optional scaling steps, grown by a factor above one
    ],
    "near-parallel": [("projection", "query", "[2, 3.9]")],
    "parallel": [("projection", "query", "[2, 4]")],
    "masked": [
        ("attention", "keys", "[[1, 0], [0, 1], [-1, -1]]"),
        ("attention", "values", "[[4, 1], [-1, 2], [1.5, -0.5]]"),
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
        ("attention", "values", "[[9, -9], [-9, 9], [1.5, 2], [0, -3.25], [2, 2], [-4.5, 0]]"),
        ("scores", "queries", "[[9, -9], [-9, 9], [8.99, 9], [0, 0]]"),
        ("magnitude", "pairs", "[[[9, 0], [1, 0]], [[4.5, 4.5], [1, 1]]]"),
        ("magnitude", "scale", "2"),
        ("quiz#1", "x", "[-9, 8.5, 9, -7.25, 9, 9]"),
        ("quiz#1", "y", "[9, -9, 8.75, 9, -9, 9]"),
        ("quiz#6", "keys", "[[-9, 9], [9, -9], [9, 9], [-8.99, -9], [0.01, 0], [4.5, -4.5]]"),
        ("quiz#6", "query", "[8.5, -9]"),
        ("quiz#9", "query", "[8.99, -9]"),
        ("quiz#9", "keys", "[[9, -9], [-9, 9], [8.99, 9], [0.01, 0]]"),
        ("quiz#10", "dims", "[1, 256]"),
        ("quiz#10", "keys", "6"),
    ],
    # WhySqrtDk's draws where the words must not claim what the numbers lack: two small
    # dimensions whose spread does not widen and, divided by √dₖ, strays from 1, and a
    # softmax that no key dominates...
    "spread-flat": [
        ("spread", "dims", "[2, 4]"),
        ("spread", "samples", "8"),
        ("spread", "seed", "227"),
    ],
    # ... and one where a key keeps most of the weight even after dividing by √dₖ
    "spread-peaked": [
        ("spread", "dims", "[1, 2, 4]"),
        ("spread", "samples", "8"),
        ("spread", "keys", "2"),
        ("spread", "seed", "92"),
    ],
    "quiz": [
        ("quiz#1", "x", "[1, -2, 2]"),
        ("quiz#1", "y", "[3, 1, 0.5]"),
        ("quiz#2", "x", "[1, 0.5]"),
        ("quiz#2", "y", "[2, 2]"),
        ("quiz#3", "x", "[-3, 1]"),
        ("quiz#4", "x", "[2, 1]"),
        ("quiz#4", "y", "[1, -2]"),
        ("quiz#5", "pairs", "[[[6, 0], [1, 0]], [[2, 2], [1, 2]]]"),
        ("quiz#6", "keys", "[[1, 0], [0, 1], [1, 1]]"),
        ("quiz#7", "keys", "[[1, 0], [0, 1], [2, 2]]"),
        ("quiz#8", "x", "[3, 1]"),
        ("quiz#9", "keys", "[[2, -2], [1, -2]]"),
        # a draw that shows no growth: unscaled 0.982 then 0.881, divided by √dₖ 0.944, 0.760
        ("quiz#10", "dims", "[2, 3]"),
        ("quiz#10", "keys", "2"),
        ("quiz#10", "seed", "5"),
    ],
}


def asking(scene: str) -> str:
    """The edited lesson whose dry run a test of `scene` reads: the default lesson, or for a
    question the default leaves out, the quiz edit (which asks every kind)."""
    return "default" if scene in SEED_ORDER else "quiz"


def showing(scene: str, lessons: dict[str, Lesson]) -> dict[str, Lesson]:
    """The lessons of `lessons` (by name) that show `scene`: for a quiz scene, that ask it."""
    return {name: lesson for name, lesson in lessons.items() if scene in lesson_order(lesson)}


def variant(name: str, folder: Path, more: list[tuple[str, str, str]] | None = None) -> Path:
    """Write the edited lesson `name` (plus the edits `more`) into `folder`; return its path.

    A lesson whose edits reach questions 9 and 10 (``quiz#9``) is :data:`EVERY_KIND` edited.
    """
    asks = {table for table, _, _ in EDITS[name] + (more or [])}
    text = EVERY_KIND if asks & {"quiz#9", "quiz#10"} else SEED
    for table, key, value in EDITS[name] + (more or []):
        text = set_key(text, table, key, value)
    suffix = f"-{abs(hash(tuple(more))):x}" if more else ""
    path = folder / f"{name}{suffix}.toml"
    path.write_text(text, encoding="utf-8")
    return path
