"""The lecture's scenes in lesson order: the one list that names every scene.

Each entry says where the scene lives and what it reads. A scene ``Name`` of entry
``Scene("Name", "mod", "builder", reads=...)`` is made of files named after its module:

- ``scenes/mod.py`` defines the Manim class ``Name``;
- ``lesson/sheets/mod.py`` defines ``builder(lesson) -> Sheet``, every value it shows;
- ``lesson/text/mod.toml`` holds its on-screen text and subtitles per language.

``reads`` lists the lesson keys the scene and its sheet read (``"projection"``,
``"attention.keys"``, ``"quiz[3]"``); a clip's input hash covers exactly those values, and a
render that reads a key its entry does not declare fails.

The quiz's scenes are named by place: ``QuizQuestionN`` shows the lesson's N-th ``[[quiz]]``
entry, of whatever kind it names (:mod:`lesson.quizkinds`), so a lesson's scenes are the
lecture's and then one per entry (:func:`lesson_order`).
"""

from __future__ import annotations

import functools
import importlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from lesson.entries import Lesson
    from mathcore.fmt import Shown

__all__ = [
    "LECTURE",
    "MAX_QUESTIONS",
    "ORDER",
    "QUIZ",
    "SCENES",
    "Scene",
    "TEXT_DIR",
    "lesson_order",
    "registry",
    "scene_spec",
]

TEXT_DIR = Path(__file__).resolve().parent / "text"
# At most this many questions (about twelve minutes of quiz): the list has one quiz scene per
# place, QuizQuestion1 to QuizQuestion10 (scenes/quiz), and a lesson asks 1 to this many.
MAX_QUESTIONS = 10


@dataclass(frozen=True)
class Scene:
    """One scene of the lecture: its name, its module, its sheet builder and what it reads.

    Attributes
    ----------
    name : str
        The Manim scene class (``ProjectionDrop``).
    module : str
        The short module name shared by its files (``projection``).
    sheet : str
        The name of its sheet builder in ``lesson/sheets/<module>.py``.
    reads : tuple of str
        Lesson keys it reads: a table (``"projection"``), a key (``"attention.keys"``) or one
        quiz entry (``"quiz[3]"``, counted from 1).
    extra : bool
        Outside the lecture: `module` is a full dotted path, and there is no sheet.
    quiz : int
        The ``[[quiz]]`` entry a quiz scene shows, counted from 1 (0: not a quiz scene); its
        sheet builder is then called with ``number=quiz``.
    """

    name: str
    module: str
    sheet: str
    reads: tuple[str, ...]
    extra: bool = False
    quiz: int = 0

    @property
    def scene_module(self) -> str:
        """Dotted path of the module that defines the scene class (``scenes.projection``)."""
        return self.module if self.extra else f"scenes.{self.module}"

    @property
    def sheet_module(self) -> str:
        """Dotted path of the module that defines the sheet builder."""
        return f"lesson.sheets.{self.module}"

    @property
    def text_file(self) -> Path:
        """The scene's text catalogue (``lesson/text/<module>.toml``)."""
        return TEXT_DIR / f"{self.module}.toml"

    def builder(self) -> Callable[[Lesson], dict[str, Shown]]:
        """The sheet builder (imports only its own sheet module): a :data:`lesson.sheet.Builder`.

        Its types are named here without importing :mod:`lesson.sheet`, which imports this
        list: the lesson layer has no import cycle (the import contract checks it).
        """
        fn: Callable[..., dict[str, Shown]] = getattr(
            importlib.import_module(self.sheet_module), self.sheet
        )
        return functools.partial(fn, number=self.quiz) if self.quiz else fn


# Every lecture scene reads the pace of its holds: silence after a key result, between its
# steps and at its end; and its narration's pace, in words a minute.
PACE = ("timing.result_hold", "timing.scene_end", "timing.step_pause", "timing.words_per_minute")
# A scene that asks for a guess (scenes.predict) pauses as long as the quiz's countdown.
GUESS = "timing.quiz_countdown"


def _quiz(n: int) -> Scene:
    """The scene of the lesson's `n`-th question, whatever its kind."""
    reads = (f"quiz[{n}]", "format", "timing.quiz_countdown", *PACE)
    return Scene(f"QuizQuestion{n}", "quiz", "quiz_question", reads, quiz=n)


# The lecture's scenes, before the quiz.
LECTURE: tuple[Scene, ...] = (
    Scene("Hook", "hook", "hook", ("attention", "format", *PACE)),
    Scene("LessonTitle", "intro", "lesson_title", ("title", "intro", *PACE)),
    Scene("CoordinateProducts", "intro", "coordinate_products", ("projection", "format", *PACE)),
    Scene("LengthAndAngle", "intro", "length_and_angle", ("projection", "format", *PACE)),
    Scene(
        "ProjectionDrop", "projection", "projection_drop", ("projection", "format", GUESS, *PACE)
    ),
    Scene("AngleSignRegions", "angle", "angle_sign_regions", ("angle", "format", GUESS, *PACE)),
    Scene("SoftmaxBarMorph", "softmax", "softmax_bar_morph", ("attention", "format", GUESS, *PACE)),
    Scene(
        "AttentionScores",
        "scores",
        "attention_scores",
        ("attention.keys", "attention.values", "attention.mask", "scores", "format", *PACE),
    ),
    Scene(
        "ScaleIsNotCosine",
        "scale",
        "scale_is_not_cosine",
        ("scale", "projection.query", "projection.key", "format", *PACE),
    ),
    Scene("WhySqrtDk", "spread", "why_sqrt_dk", ("spread", "format", GUESS, *PACE)),
    Scene(
        "MagnitudeVsDirection",
        "magnitude",
        "magnitude_vs_direction",
        ("magnitude", "format", GUESS, *PACE),
    ),
    Scene("NumpyCheck", "numpy_check", "numpy_check", ("projection", "format", *PACE)),
    Scene("Recap", "recap", "recap", ("intro.mml_section", *PACE)),
)
# One scene per place in the quiz: a lesson uses the first len(lesson.quiz) of them.
QUIZ: tuple[Scene, ...] = tuple(_quiz(n) for n in range(1, MAX_QUESTIONS + 1))
SCENES: tuple[Scene, ...] = (*LECTURE, *QUIZ)

# Scene name -> entry, in lesson order: every scene a lesson can have (see lesson_order for
# one lesson's scenes: the lecture's and as many quiz scenes as it asks questions).
ORDER: dict[str, Scene] = {s.name: s for s in SCENES}


def registry() -> dict[str, Scene]:
    """Every renderable scene: the lecture's, then extra ones named in ``LECTURE_EXTRA_SCENES``.

    ``LECTURE_EXTRA_SCENES="module:Scene,module:Scene"`` makes scenes outside the lecture
    (fixtures of the tests, an author's drafts) renderable by name; they show no sheet
    values and are not part of the lecture's order. They read nothing from the lesson, or
    the keys named after ``=``, joined by ``+``: ``module:Scene=intro.prior_lesson+format``.
    """
    extra = {}
    for item in filter(None, os.environ.get("LECTURE_EXTRA_SCENES", "").split(",")):
        where, _, reads = item.strip().partition("=")
        module, _, name = where.partition(":")
        extra[name] = Scene(name, module, "", tuple(filter(None, reads.split("+"))), extra=True)
    return {**ORDER, **extra}


def scene_spec(name: str) -> Scene:
    """The entry of scene `name`.

    Raises
    ------
    KeyError
        For a scene that is neither in the lecture nor an extra scene.
    """
    known = registry()
    if name not in known:
        raise KeyError(f"unknown scene {name!r}; scenes are: {', '.join(known)}")
    return known[name]


def lesson_order(lesson: Lesson) -> list[str]:
    """The scenes of `lesson`, in order: the lecture's, then one quiz scene per ``[[quiz]]`` entry.

    Examples
    --------
    >>> from lesson.model import load_lesson
    >>> order = lesson_order(load_lesson())
    >>> order[0], order[-1], len(order)
    ('Hook', 'QuizQuestion8', 21)
    """
    return [s.name for s in LECTURE] + [s.name for s in QUIZ[: len(lesson.quiz)]]
