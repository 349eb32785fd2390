"""A quiz question's storyboard parts: a caption (:class:`Say`), a step, a kind's scene part."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from manim import DOWN, LEFT, VGroup, VMobject

from lesson.kinds.base import QuizKind

if TYPE_CHECKING:
    from scenes.quiz.canvas import QuizCanvas

__all__ = ["QuestionKind", "Say", "Step"]


@dataclass
class Say:
    """One caption of a step, and how many of the step's rows appear while it is said.

    Attributes
    ----------
    key : str
        Catalogue key of the caption.
    rows : int
        How many of the step's next rows appear with it (-1: all the rest).
    result : bool
        The caption states the question's answer: a silence follows it
        (:meth:`~scenes.base.LessonScene.say` with ``result=True``).
    fields : dict of str to str
        Fields of the text that name a sheet value by role (``{"c": "cos1"}``).
    """

    key: str
    rows: int = -1
    result: bool = False
    fields: dict[str, str] = field(default_factory=dict)


@dataclass
class Step:
    """One section of the worked solution.

    Attributes
    ----------
    name : str
        Section name (kebab case).
    says : list of Say
        The captions said in the step, in order (a bare catalogue key is one caption with
        all the rows).
    rows : list of Mobject
        What the step adds to the screen, top to bottom.
    page : int
        Which screenful of the solution the step is on (set by the layout).
    answer : int or None
        Index of the row that states the question's answer (marked on the last frame).
    gather : list of (Mobject, VMobject)
        The last step of a solution that took more than one screenful: the worked rows of
        the earlier steps, each (the row as first shown, the same row in the recap), brought
        together before the step's own rows (set by the layout).
    mark : VMobject or None
        What the answer marker surrounds at the step's end (set by the layout, last step).
    """

    name: str
    says: list[Say] | str
    rows: list[VMobject] = field(default_factory=list)
    page: int = 0
    answer: int | None = None
    gather: list[tuple[VMobject, VMobject]] = field(default_factory=list)
    mark: VMobject | None = None

    def __post_init__(self) -> None:
        if isinstance(self.says, str):
            self.says = [Say(self.says)]

    @property
    def captions(self) -> list[Say]:
        """The step's captions (:attr:`says` as a list)."""
        assert not isinstance(self.says, str)
        return self.says

    @property
    def group(self) -> VGroup:
        """The rows stacked left-aligned (built once)."""
        if not hasattr(self, "_group"):
            self._group = VGroup(*self.rows).arrange(DOWN, aligned_edge=LEFT, buff=0.16)
        return self._group


class QuestionKind:
    """What one kind of question asks and how its solution goes: the scene part of a kind.

    A kind's class names its lesson kind (:attr:`spec`, the object of :mod:`lesson.kinds`)
    and fills the hooks :meth:`question` (the card's rows) and :meth:`solution` (the steps, the
    last one named ``kesimpulan``), drawing with the helpers of the quiz scene it is made
    for (:attr:`scene`: ``self.scene.n``, ``self.scene.para``, ``self.scene.chain``, …). The
    scene makes one when it loads the lesson and holds it as ``scene.kind``.

    Parameters
    ----------
    scene : QuizCanvas
        The quiz scene that asks the question (its drawing kit).
    """

    spec: ClassVar[QuizKind]  # the lesson layer's kind this part draws

    def __init__(self, scene: QuizCanvas) -> None:
        self.scene = scene

    @property
    def code(self) -> str:
        """Catalogue keys of the question start with ``qz_<code>_``."""
        return self.spec.code

    def question(self, width: float) -> list[VMobject]:
        """The card's rows (words as Text, numbers in MathTex), at most `width` wide."""
        raise NotImplementedError

    def solution(self, width: float) -> list[Step]:
        """The worked solution's steps, each row at most `width` wide."""
        raise NotImplementedError

    def question_subtitle(self) -> str:
        """Catalogue key of the subtitle read with the question."""
        return f"qz_{self.code}_sub_question"

    def question_fields(self) -> dict[str, str]:
        """Fields of the question's subtitle that name sheet values by role (none here)."""
        return {}
