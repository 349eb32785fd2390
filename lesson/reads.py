"""Which lesson keys a scene really reads: a read-only view of a lesson that writes them down.

A scene and its sheet builder get a :class:`ReadLog` view instead of the lesson itself; every
value taken from it adds its lesson key (``projection.query``, ``format``, ``quiz[3]``) to
:attr:`ReadLog.keys`. The renderer compares those with the scene's declared ``reads``, so a
clip's input hash cannot miss a value the clip shows.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from lesson.model import SCHEMA, Lesson, Quiz
from lesson.schema import Table

__all__ = ["LESSON_KEYS", "ReadLog", "uncovered"]

# Tables whose model is read attribute by attribute (``projection.query``); every other table
# with a model is read as one value under the table's key (``format``, ``scale``).
_TABLES = ("projection", "angle", "attention", "spread")


def _lesson_keys() -> dict[str, str]:
    """Attribute of Lesson -> its lesson key, from the schema (:data:`lesson.model.SCHEMA`)."""
    keys = {f.attribute: f.name for f in SCHEMA.fields}
    for t in SCHEMA.tables:
        if not isinstance(t, Table) or t.name in _TABLES:
            continue  # the quiz list and the tables read attribute by attribute
        if t.model:
            keys[t.model] = t.name
        else:
            keys.update({f.attribute: f"{t.name}.{f.name}" for f in t.fields})
    return keys


# Attribute of Lesson -> its lesson key (``magnitude_scale`` -> ``magnitude.scale``).
LESSON_KEYS: dict[str, str] = _lesson_keys()
_UNTRACKED = ("path", "raw", "section_json")


class _Table:
    """One table (``[projection]``): each attribute read is recorded as ``table.attr``."""

    def __init__(self, obj: Any, name: str, keys: set[str]) -> None:
        self._obj, self._name, self._keys = obj, name, keys

    def __getattr__(self, attr: str) -> Any:
        value = getattr(self._obj, attr)
        self._keys.add(f"{self._name}.{attr}")
        return value


class _QuizList:
    """The ``[[quiz]]`` entries: reading entry ``i`` records ``quiz[i+1]``."""

    def __init__(self, entries: tuple[Quiz, ...], keys: set[str]) -> None:
        self._entries, self._keys = entries, keys

    def __len__(self) -> int:
        return len(self._entries)

    def __getitem__(self, i: int) -> Quiz:
        entry = self._entries[i]
        self._keys.add(f"quiz[{entry.number}]")
        return entry

    def __iter__(self) -> Iterator[Quiz]:
        return (self[i] for i in range(len(self._entries)))


class ReadLog:
    """A lesson as its readers see it, noting every key they take.

    Parameters
    ----------
    lesson : Lesson
        The loaded lesson.

    Examples
    --------
    >>> from lesson.model import load_lesson
    >>> view = ReadLog(load_lesson())
    >>> view.projection.query, view.quiz[2].kind
    ((Fraction(2, 1), Fraction(1, 1)), 'projection')
    >>> sorted(view.keys)
    ['projection.query', 'quiz[3]']
    """

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.keys: set[str] = set()

    def __getattr__(self, attr: str) -> Any:
        value = getattr(self.lesson, attr)
        if attr in _UNTRACKED:
            return value
        if attr in _TABLES:
            return _Table(value, attr, self.keys)
        if attr == "quiz":
            return _QuizList(value, self.keys)
        if attr not in LESSON_KEYS:
            raise AttributeError(f"lesson attribute {attr!r} has no lesson key to record")
        self.keys.add(LESSON_KEYS[attr])
        return value


def uncovered(read: set[str], declared: tuple[str, ...]) -> list[str]:
    """Keys in `read` that no entry of `declared` covers (a table covers its keys).

    Examples
    --------
    >>> uncovered({"projection.query", "quiz[3]", "format"}, ("projection", "quiz[3]"))
    ['format']
    """
    return sorted(
        k for k in read if not any(k == d or k.startswith((f"{d}.", f"{d}[")) for d in declared)
    )
