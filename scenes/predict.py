"""A prediction inside a lecture scene: the voice asks, a ring empties, the scene answers.

The learner guesses while the ring empties; then the scene goes on to show the answer.

Asking for a guess before the explanation that settles it makes the learner commit to an
answer and then check it against what the scene shows. The quiz's countdown ring
(:mod:`scenes.quiz.scene`) is the same picture: :func:`ring_arc` draws both, and
:func:`empty_ring` empties either one, one second per play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from manim import (
    DL,
    DR,
    LEFT,
    PI,
    RIGHT,
    TAU,
    UL,
    UR,
    Arc,
    Circle,
    FadeIn,
    FadeOut,
    Mobject,
    Scene,
    UpdateFromAlphaFunc,
    VGroup,
    VMobject,
    linear,
)
from manim.typing import Point3D

from scenes.base import LessonScene
from scenes.figure import box_of, overlaps
from scenes.frame import frame_box
from scenes.palette import C
from scenes.snapshot import is_visible

__all__ = ["RING_RADIUS", "PredictionScene", "empty_ring", "ring_arc"]

RING_RADIUS = 0.32  # the prediction's ring, in a free corner of the frame (the quiz's: 0.75)
BADGE_ROOM = 0.15  # the least room between the badge and anything else on screen


def ring_arc(centre: Point3D, radius: float, fraction: float, width: float = 10) -> Arc:
    """The part of a countdown ring still left: a clockwise arc from twelve o'clock.

    Parameters
    ----------
    centre : numpy.ndarray
        The ring's centre.
    radius : float
        Its radius.
    fraction : float
        The share of the time still left (1: the full ring).
    width : float
        The stroke's width.

    Returns
    -------
    Arc
        In the highlight's colour; a sliver when nothing is left, so it can still become
        the next frame's arc.
    """
    return Arc(
        radius=radius,
        start_angle=PI / 2,
        angle=-TAU * max(fraction, 1e-3),
        arc_center=centre,
        color=C.ACCENT,
        stroke_width=width,
    )


def empty_ring(
    scene: Scene,
    ring: VMobject,
    track: VMobject,
    seconds: int,
    width: float = 10,
    each_second: Callable[[int], None] | None = None,
) -> None:
    """Empty `ring` around `track` in `seconds` plays of one second each, in silence.

    Parameters
    ----------
    scene : Scene
        The scene that plays it.
    ring : VMobject
        The arc on screen (:func:`ring_arc`); it becomes each moment's arc.
    track : VMobject
        The full ring it empties along: a :class:`~manim.Circle`, its centre and width.
    seconds : int
        How long, in whole seconds.
    width : float
        The arc's stroke width.
    each_second : callable, optional
        Called with the seconds left before each second's play (the quiz's readout): the
        picture changes between plays only.
    """
    centre, radius = track.get_center(), track.width / 2
    for k in range(seconds):
        if each_second is not None:
            each_second(seconds - k)

        def tick(mob: Mobject, alpha: float, k: int = k) -> None:
            mob.become(ring_arc(centre, radius, 1 - (k + alpha) / seconds, width))

        scene.play(UpdateFromAlphaFunc(ring, tick), run_time=1, rate_func=linear)


class PredictionScene(LessonScene):
    """A lecture scene that can stop to ask for a guess (:meth:`ask`, :meth:`let_guess`)."""

    def prediction_badge(self, label_key: str, clear_of: Sequence[Mobject] = ()) -> VGroup:
        """The catalogue's short label `label_key` beside a full ring, in a free corner.

        The first corner of the title-safe area (top right, bottom right, top left, bottom
        left) where it covers nothing on screen, nor `clear_of` (what shows while it does);
        the top right when none is free.
        """
        track = Circle(radius=RING_RADIUS, color=C.GRID, stroke_width=6)
        ring = ring_arc(track.get_center(), RING_RADIUS, 1.0, 6)
        label = self.t(label_key, 26, C.TEXT)
        badge = VGroup(label, VGroup(track, ring)).arrange(RIGHT, buff=0.25)
        hw, hh = frame_box()
        shown = [
            box_of(part)
            for m in [*self.mobjects, *clear_of]
            for part in m.family_members_with_points()
            if isinstance(part, VMobject) and is_visible(part)
        ]
        for corner in (UR, DR, UL, DL):
            badge.move_to((corner[0] * hw, corner[1] * hh, 0), aligned_edge=corner)
            if not any(overlaps(box_of(badge), other, BADGE_ROOM) for other in shown):
                return badge
        return badge.move_to((hw, hh, 0), aligned_edge=UR)

    def ask(
        self, label_key: str, prompt_key: str, clear_of: Sequence[Mobject] = (), **fields: str
    ) -> VGroup:
        """Ask for a guess: say `prompt_key` and show its badge, clear of `clear_of` too.

        The badge (:meth:`prediction_badge`) shows as the question starts. The caller may
        show or light parts of the picture on the question's words (those it shows given
        as `clear_of`) before :meth:`let_guess`.

        Parameters
        ----------
        label_key : str
            The badge's label (``"Tebak dulu"``).
        prompt_key : str
            The question the voice asks.
        clear_of : sequence of Mobject
            What shows while the question is asked, which the badge must not cover.
        **fields : str
            The question's sheet fields, as for :meth:`~scenes.base.LessonScene.say`.

        Returns
        -------
        VGroup
            The badge, on screen.
        """
        self.say(prompt_key, result=False, **fields)
        badge = self.prediction_badge(label_key, clear_of)
        self.play(FadeIn(badge, shift=0.1 * LEFT), run_time=0.5)
        return badge

    def let_guess(self, badge: VGroup) -> None:
        """Hold until the question is said, empty the badge's ring in silence, remove it.

        The silence is the lesson's ``[timing] quiz_countdown``, the pause a quiz gives the
        work of a 3-D dot product: a guess about what the scene is about to show asks about
        as much (0: no pause).
        """
        self._end_caption()  # the question is said: the guess is made in silence
        track, ring = badge[1]
        empty_ring(self, ring, track, self.lesson.quiz_countdown, 6)
        self.play(FadeOut(badge), run_time=0.4)
