"""A lesson's own words put to use: checked (the voice's check too), then read over the catalogues.

:func:`words_in_use` reads a lesson's ``words.toml`` (:func:`lesson.words.read_words`: keys,
placeholders, caption rules, what the voice reads), refuses a text whose symbols the voice
says like another symbol or term of the lesson (:func:`pipeline.voice.heard.sound_alike`),
and has every reader of the catalogues take the lesson's texts meanwhile
(:func:`lesson.catalogue.lesson_words`). The render worker, the dry run and the command line
put a lesson's words to use this way; :func:`words_inputs` is what they add to a clip's input
hash (nothing without a words file, so clips of a lesson without one keep their hashes).
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from lesson.catalogue import catalogue, file_catalogue, lesson_words
from lesson.model import Lesson
from lesson.words import WordsError, read_words, words_file

__all__ = ["checked_words", "lecture_symbols", "words_in_use", "words_inputs"]


@functools.cache
def lecture_symbols(lang: str) -> frozenset[str]:
    """The symbols the lecture's own texts of `lang` say (tests/test_heard.py tells them apart)."""
    from pipeline.voice.heard import said_symbols

    with lesson_words({}):
        return frozenset(said_symbols(catalogue(lang).values(), lang))


def checked_words(lesson: Lesson) -> dict[str, dict[str, str]]:
    """`lesson`'s own texts (language -> key -> text), every check passed.

    Raises
    ------
    WordsError
        One line naming the words file, the key and the reason.
    """
    words = read_words(lesson)
    for lang, table in words.items():
        for key, text in table.items():
            from pipeline.voice.heard import sound_alike

            problem = sound_alike(text, lecture_symbols(lang), lang)
            if problem is not None:
                raise WordsError(words_file(lesson), f"[{lang}] {key}", f"the voice says {problem}")
    return words


@contextmanager
def words_in_use(lesson: Lesson) -> Iterator[dict[str, dict[str, str]]]:
    """Check `lesson`'s own texts and read them over the catalogues meanwhile; yields them.

    Raises
    ------
    WordsError
        As :func:`checked_words`, before anything reads a text.
    """
    words = checked_words(lesson)
    with lesson_words(words):
        yield words


def words_inputs(lesson: Lesson, text_file: Path, lang: str) -> dict[str, str]:
    """What of `lesson`'s own texts a clip whose texts are `text_file`'s depends on.

    Parameters
    ----------
    lesson : Lesson
        The lesson.
    text_file : Path
        The scene's catalogue file (:attr:`lesson.scenelist.Scene.text_file`).
    lang : str
        The language of the clip.

    Returns
    -------
    dict of str to str
        ``{"words": <SHA-256 of the file's keys the lesson sets, and their texts>}``; empty
        when the lesson sets none of them (the hash of such a clip is as without a words file).
    """
    own: Mapping[str, str] = read_words(lesson).get(lang, {})
    with lesson_words({}):
        keys = file_catalogue(text_file, lang).keys() if text_file.is_file() else set()
    used = {k: own[k] for k in sorted(own.keys() & keys)}
    if not used:
        return {}
    blob = json.dumps(used, sort_keys=True, ensure_ascii=False).encode("utf-8")
    return {"words": hashlib.sha256(blob).hexdigest()}
