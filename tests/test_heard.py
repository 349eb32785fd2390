"""What the voice says is heard as meant: no two symbols or terms of the lesson sound alike.

A learner who only listens tells ``q`` from ``key`` and a vector from the zero vector by ear
alone. Every symbol the captions say (the single letters left in their spoken words) and
every term the voice has a pronunciation for (the lexicon's terms, the zero vector) is turned
into espeak-ng's phonemes exactly as a synthetic take says it (the lexicon applied, the
language's voice), and no two different ones may share their phonemes; every vector a sheet
shows, on the default lesson and on edited lessons with decimal coordinates, is said without
beginning like the zero vector.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from variants import EDITS, variant

from lesson.model import load_lesson
from lesson.scenelist import lesson_order
from lesson.sheet import scene_sheet
from mathcore.spoken import spoken, zero_vector
from pipeline.voice.heard import (
    everyday,
    heard_alike,
    heard_phrases,
    numbered,
    phonemes,
    said_symbols,
    things_said,
)
from pipeline.voice.synthesis import VOICES

pytestmark = pytest.mark.voice
TEXT = Path(__file__).resolve().parent.parent / "lesson" / "text"


def _strings(node: object) -> Iterator[str]:
    if isinstance(node, dict):
        for value in node.values():
            yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)
    elif isinstance(node, str):
        yield node


def texts(lang: str) -> list[str]:
    """Every string of the catalogue files' table of `lang` (steps and term lists too)."""
    return [
        text
        for path in sorted(TEXT.glob("*.toml"))
        for text in _strings(tomllib.loads(path.read_text(encoding="utf-8")).get(lang, {}))
    ]


def lesson_symbols() -> set[str]:
    """The single letters the captions leave in their spoken words: the lesson's notation,
    as the Indonesian texts say it (the same symbols in every language)."""
    return said_symbols(texts("id"), "id")


@pytest.mark.parametrize("lang", list(VOICES))
def test_no_two_symbols_or_terms_sound_alike(lang: str) -> None:
    heard: dict[str, list[str]] = {}
    for thing in sorted(things_said(lesson_symbols(), lang)):
        heard.setdefault(phonemes(thing, lang), []).append(thing)
    alike = {p: things for p, things in heard.items() if len(things) > 1}
    assert not alike, f"{lang}: said alike: " + "; ".join(
        f"{' = '.join(things)} /{p}/" for p, things in alike.items()
    )


def test_q_and_key_are_told_apart_and_the_symbols_are_the_lessons() -> None:
    assert {"q", "k", "u", "v", "x", "y", "d", "e"} <= lesson_symbols()
    assert phonemes("q", "id") != phonemes("key", "id")
    assert phonemes("query q dan key k", "id").split()[1] != phonemes("key", "id")


@pytest.mark.parametrize("lang", list(VOICES))
def test_no_numbered_symbol_is_heard_as_a_word_of_the_lesson_or_an_ordinal(lang: str) -> None:
    """``k₂`` is not heard as *kedua* (both, second), nor the text's "ke satu key" as
    ``k₁`` key: each numbered symbol the voice says (the keys and values of a list, a
    question's winner) sounds, up to one vowel, like no run of words the texts say (a
    run that starts with a lone letter is that symbol said) and no everyday word a letter
    and a number run into (the Indonesian ordinals)."""
    forms = numbered(texts(lang), lang)
    assert {"k", "v"} <= {f.split()[0] for f in forms} and len(forms) >= 12
    heard = heard_phrases(texts(lang), lang) | {phonemes(w, lang): w for w in everyday(lang)}
    alike = [
        f"{form!r} like {words!r} (/{said}/)"
        for form in sorted(forms)
        for said, words in heard.items()
        # a run that starts with a letter is the symbol itself, then a word ("k for")
        if len(words.split()[0]) > 1 and heard_alike(phonemes(form, lang), said)
    ]
    assert not alike, f"{lang}: heard as a word: " + "; ".join(alike[:8])


@pytest.mark.parametrize("lang", list(VOICES))
@pytest.mark.parametrize("lesson", sorted(EDITS))
def test_no_vector_is_said_like_the_zero_vector(tmp_path: Path, lang: str, lesson: str) -> None:
    """``(0.33, 0.67)`` is not heard as "vektor nol …" ("the zero vector …"), rounded or not."""
    loaded = load_lesson(variant(lesson, tmp_path))
    zero = phonemes(zero_vector(lang), lang)
    said = {
        spoken(value, lang)
        for scene in lesson_order(loaded)
        for value in scene_sheet(loaded, scene).values()
        if value.kind == "vector"
    }
    assert any(words.split()[-1] in ("nol", "zero") or " nol" in words for words in said)
    like = [words for words in sorted(said) if zero in phonemes(words, lang)]
    assert not like, f"{lang} {lesson}: said like the zero vector: {like[:5]}"


# A value that is a computation written out (2(1) + 1(2), 4/√5, √(2² + 1²)): an operator in it.
COMPUTATION = re.compile(r"[+·×/]| − |√\(")


@pytest.mark.manim
@pytest.mark.parametrize("lesson", ["default", "largest"])
def test_no_computation_is_said_in_two_scenes(dry_scene, lesson_paths, lesson: str) -> None:
    """Each computation the voice works through (an expression the sheet shows and a caption
    says, like ``2(1) + 1(2)``) is said in one scene only: a later scene with the same numbers
    says its result. The Recap may repeat; the quiz never works the lecture's numbers (the
    loader refuses such a question), so its computations are new too."""
    model = load_lesson(lesson_paths[lesson])
    said: dict[str, set[str]] = {}
    for scene in lesson_order(model):
        if scene == "Recap":
            continue
        sheet = scene_sheet(model, scene)
        for snap in dry_scene(scene, lesson).snapshots:
            for key in snap.said & set(sheet):
                if COMPUTATION.search(sheet[key].text):
                    said.setdefault(sheet[key].text, set()).add(scene)
    twice = {text: sorted(scenes) for text, scenes in said.items() if len(scenes) > 1}
    assert said and not twice, f"said in more than one scene: {twice}"


# The lesson before the teaching work (24 min 46 s of lesson.mp4): what it added (a scene, two
# questions, inputs said aloud) is paid for by what it cut, so the default lesson is not longer.
LONGEST = 1486.2


# The quiz's share of the default lesson at most: it was 48 % with ten questions, two of
# which repeated what WhySqrtDk and MagnitudeVsDirection had just shown.
QUIZ_SHARE = 0.40


@pytest.mark.manim
def test_the_default_lesson_is_not_longer_than_before_the_teaching_work(dry_scene) -> None:
    """The default lesson as spoken (Indonesian): every scene's length, summed, in seconds;
    and the quiz at most :data:`QUIZ_SHARE` of it (the seed's eight questions; the lecture
    asks its predictions inside its scenes)."""
    times = {scene: dry_scene(scene, "default").time for scene in lesson_order(load_lesson())}
    assert len(times) == 21 and "WhySqrtDk" in times
    assert sum(times.values()) <= LONGEST, times
    quiz = sum(t for scene, t in times.items() if scene.startswith("QuizQuestion"))
    assert quiz <= QUIZ_SHARE * sum(times.values()), (quiz, sum(times.values()))
