"""The scene base every lesson scene extends: lesson and sheet, numbers, captions, snapshots."""

from __future__ import annotations

import string
from collections.abc import Callable
from typing import Any, cast

from manim import (
    Arrow,
    MathTex,
    Scene,
    Text,
    config,
)

from lesson import captions
from lesson.catalogue import file_catalogue, fill
from lesson.model import DEFAULT_LESSON, SCHEMA, Lesson, load_lesson
from lesson.reads import ReadLog
from lesson.scenelist import scene_spec
from lesson.schema import Table
from lesson.sheet import Sheet, build_sheet
from lesson.voice import PAUSE, Voice
from mathcore.fmt import Shown
from mathcore.spoken import spoken_template
from scenes.legibility import box, inks
from scenes.memo import made, pristine
from scenes.palette import C
from scenes.snapshot import Snapshot, font_size, is_text, is_visible, text_mobjects
from scenes.tagging import LiveNumber, Num, attach, part_of, tag
from scenes.textfit import NBSP, group_values, wrap_text

__all__ = ["LEAD_IN", "LessonScene", "plain_text"]

LEAD_IN = 0.3  # seconds of silence before a lecture scene's first words


class LessonScene(Scene):
    """A scene that reads one lesson and its part of the numbers sheet.

    The lesson, its language and the narrator are given to the constructor (defaults: the
    bundled lesson, ``id``, silent). Numbers reach the screen only through
    :meth:`num` and :meth:`formula`, which tag each part with its sheet key, so tests can
    compare what is shown with the sheet. At each section end a
    :class:`~scenes.snapshot.Snapshot` records the numbers and the text boxes on screen, and
    the colour and contrast of every text and meaningful graphic
    (:func:`scenes.legibility.inks`).
    """

    lesson: Lesson
    sheet: Sheet
    # Who speaks the captions (given by the render, see lesson.voice.Voice); None renders silent.
    narrator: Voice | None = None

    def __init__(
        self,
        *,
        lesson: Lesson | None = None,
        lang: str = "id",
        narrator: Voice | None = None,
        **kwargs: Any,
    ) -> None:
        self.given_lesson = lesson  # None: the bundled lesson (plain `manim` on a scene file)
        self.lang = lang
        self.narrator = narrator
        super().__init__(**kwargs)

    def setup(self) -> None:
        """Load the lesson, the sheet and the scene's own string catalogue.

        The scene and its sheet builder read the lesson through a :class:`ReadLog`, so
        :attr:`lesson_reads` lists every lesson key they used.
        """
        spec = scene_spec(type(self).__name__)
        view = ReadLog(self.given_lesson or load_lesson(DEFAULT_LESSON))
        self.lesson = cast(Lesson, view)  # reads like a Lesson, noting each key it gives
        self.lesson_reads = view.keys
        self.sheet = build_sheet(spec.builder(), self.lesson) if spec.sheet else Sheet()
        self.strings = file_catalogue(spec.text_file, self.lang) if spec.sheet else {}
        self.snapshots: list[Snapshot] = []
        self._section = ""
        self._caption: tuple[str, float, float, bool] | None = None
        self._said: set[str] = set()
        self._words: list[str] = []

    # --- content helpers -------------------------------------------------------------
    def n(self, key: str) -> Num:
        """The sheet value `key`, ready to place in :meth:`formula`."""
        return Num(key, self.sheet[key])

    def eq(self, key: str) -> list[str | Num]:
        """Parts for "= value" (exact) or "≈ value" (rounded) after an expression.

        A rounded value written bare (fixed places, like a weight ``0.330``) gets its ``≈``
        here, so a rounded value is never stated with ``=``.
        """
        num = self.n(key)
        if num.shown.exact:
            return ["=", num]
        return [num] if num.shown.text.startswith("≈") else [r"\approx", num]

    def t(self, key: str, size: float = 28, color: str = C.TEXT) -> Text:
        """Catalogue text `key` as a Text mobject.

        A ``{name}`` placeholder in the catalogue text is filled with the sheet value `name`
        (its plain text), and the Text is tagged with it like a formula part.
        """
        template, shown = fill(self.strings[key], self.sheet)
        values = {n: v.text for n, v in shown.items()}
        mob = plain_text(template.format(**values), size, color)
        if values:
            attach(mob, sheet_multi=values)
        return mob

    def paragraph(
        self, key: str, width: float, size: float = 28, color: str = C.TEXT, indent: str = ""
    ) -> Text:
        """Catalogue text `key` wrapped to `width` (see :func:`~scenes.textfit.wrap_text`).

        ``{name}`` placeholders are filled from the sheet as in :meth:`t`, never broken
        across lines; each value is a group of its own glyphs tagged with its key, so its box
        is one short run of text (as OCR verification reads it).
        """
        words, spans = indent, []
        template, _ = fill(self.strings[key], self.sheet)
        for literal, name, _, _ in string.Formatter().parse(template):
            words += literal
            if name:
                value = self.sheet[name].text.replace(" ", NBSP)
                spans.append((name, len(words), len(words) + len(value)))
                words += value
        mob = wrap_text(words[len(indent) :], width, size, color, indent)
        group_values(mob, words, spans, {name: self.sheet[name].text for name, _, _ in spans})
        return mob

    def formula(self, *parts: str | Num, size: float = 34, color: str = C.TEXT) -> MathTex:
        """A TeX formula whose :class:`~scenes.tagging.Num` parts carry their sheet key.

        Parameters
        ----------
        *parts : str or Num
            Plain TeX pieces and sheet numbers, in order.
        size : float
            Font size.
        color : str
            Colour of the whole formula.

        Returns
        -------
        MathTex
        """
        return made(_formula_key(parts, size, color), lambda: _formula(parts, size, color))

    def formula_width(self, *parts: str | Num, size: float = 34, color: str = C.TEXT) -> float:
        """The width :meth:`formula` of `parts` has: measured on the formula made once."""
        key = _formula_key(parts, size, color)
        return float(pristine(key, lambda: _formula(parts, size, color)).width)

    def live(self, value: Callable[[], Shown], size: float = 34, color: str = C.TEXT) -> LiveNumber:
        """A live readout; set ``.sheet_key`` when it rests on a sheet value."""
        return LiveNumber(value, font_size=size, color=color)

    # --- sections, subcaptions and snapshots -----------------------------------------
    def step(self, name: str) -> None:
        """End the current section (caption, snapshot) and start section `name`.

        A new step after the first begins with ``[timing] step_pause`` seconds of silence.
        """
        if self._section:
            self._end_caption()
            self._snapshot()
        self.next_section(name)
        if self._section and self.pace("step_pause") > 0:
            self.wait(self.pace("step_pause"))  # a beat of silence where the topic changes
        elif not self._section and not scene_spec(type(self).__name__).extra:
            self.wait(LEAD_IN)  # the picture first: no word right on a join of the lesson
        self._section = name

    def pick(self, key: str, decision: str) -> str:
        """The catalogue key of `key`'s variant for the sheet's exact `decision`.

        ``pick("pd_sub_comp", "comp")`` is ``pd_sub_comp_if_neg`` for a negative projection:
        a word that states a fact comes from the sheet's decision, never from floats here.
        """
        return f"{key}_if_{self.sheet.decisions[decision]}"

    def say(self, key: str, *, result: bool = False, **fields: str) -> None:
        """Show catalogue text `key` as the subtitle from now until the next one or section end.

        The narrator (if any) speaks it from now: the words are the catalogue text with each
        ``{name}`` read from the sheet's value and its notation in words
        (:func:`mathcore.spoken.spoken_template`), never read back from display strings.

        Parameters
        ----------
        key : str
            The catalogue text.
        result : bool
            The caption states a key result: once it is said, the step holds in silence for
            the lesson's ``[timing] result_hold`` seconds before anything else is said.
        **fields : str
            A field of the text that names a sheet value by role (see
            :func:`~lesson.catalogue.fill`): ``say("cp_sub_pair", a="q1", b="k1", p="prod1")``.
        """
        self._end_caption()
        template, values = fill(self.strings[key], self.sheet, fields)
        names = [f for _, f, _, _ in string.Formatter().parse(template) if f]
        text = template.format(**{n: values[n].text for n in names}) if names else template
        start = float(self.time)
        speech = 0.0
        words = spoken_template(template, values, self.lang)
        self._said.update(fields.get(n, n) for n in names)
        self._words.append(words)
        if self.narrator is not None:
            speech = float(self.narrator.speak(key, words, start))
        self._caption = (text, start, speech, result)

    def pace(self, name: str) -> float:
        """A ``[timing]`` hold of the lesson in seconds (``result_hold``, ``scene_end``, …).

        Scenes outside the lecture (test fixtures) read no lesson keys: they get the defaults.
        """
        if scene_spec(type(self).__name__).extra:
            timing = SCHEMA.table("timing")
            assert isinstance(timing, Table)
            return float(next(f.default for f in timing.fields if f.attribute == name))
        return float(getattr(self.lesson, name))

    def _end_caption(self) -> None:
        """Close the open caption: hold the step until it is said and can be read; time its cues.

        A caption becomes consecutive cues of at most two lines of 42 characters, each on
        screen long enough to read at 17 characters a second (at least 1 s, at most 7 s),
        with 2 frames between cues (:mod:`lesson.captions`). A spoken caption also lasts its
        narration and a short pause, and each cue shows while its words are spoken
        (:func:`lesson.captions.voiced`). When the step was shorter than that, the scene
        waits here: a hold, never a cut animation.
        """
        if self._caption is None:
            return
        text, start, speech, result = self._caption
        self._caption = None
        fps = float(config.frame_rate)
        pause = self.narrator.pause if self.narrator is not None else PAUSE
        if result:
            pause += self.pace("result_hold")
        need = captions.voiced_needed(text, fps, self.lang, speech, pause)
        short = need - (float(self.time) - start)
        if short > 0:
            self.wait(short + 1 / fps)  # whole frames: never a frame short
        now = float(self.time)
        for cue in captions.voiced(text, start, now, fps, self.lang, speech):
            self.add_subcaption(cue.text, duration=cue.end - cue.start, offset=cue.start - now)

    def tear_down(self) -> None:
        """Close the last subtitle, end in silence (``[timing] scene_end``), snapshot."""
        self._end_caption()
        end = self.pace("scene_end")
        if end > 0:
            self.wait(end)
        self._snapshot()
        super().tear_down()

    def _snapshot(self) -> None:
        """Record the section's end: its numbers (every run) and, in a dry run, its layout.

        A render keeps only each number's label and box (the manifest's snapshots, which OCR
        and the page read); the texts' boxes and sizes, the arrow heads, the marked answers
        and the inks are what a dry run's checks read, and a render leaves them out (the inks
        alone were about a tenth of a warm dry run).
        """
        snap = Snapshot(self._section, float(self.time), said=self._said, words=self._words)
        self._said, self._words = set(), []
        for m in self.mobjects:
            for part in m.get_family():
                tags = dict(getattr(part, "sheet_multi", {}))
                if getattr(part, "sheet_key", None) is not None:
                    tags[part.sheet_key] = part.sheet_text
                if not tags or not any(is_visible(p) for p in part.family_members_with_points()):
                    continue
                for key, text in tags.items():
                    if key in snap.numbers and snap.numbers[key] != text:
                        snap.mismatched.append((key, snap.numbers[key], text))
                    snap.numbers[key] = text
                    snap.number_boxes[key] = box(part)
                    snap.number_kinds[key] = (
                        "part" if key == getattr(part, "sheet_key", None) else "text"
                    )
        if config.dry_run:
            self._layout(snap)
        self.snapshots.append(snap)

    def _layout(self, snap: Snapshot) -> None:
        """Add to `snap` what a dry run's checks read: texts, arrow heads, marks, inks."""
        for m in text_mobjects(self.mobjects):
            label = getattr(m, "sheet_key", None) or type(m).__name__
            snap.boxes.append((label, box(m)))
            snap.sizes.append((label, font_size(m)))
        for m in self.mobjects:
            for part in m.get_family():
                tip = getattr(part, "tip", None)
                if isinstance(part, Arrow) and tip is not None and is_visible(tip):
                    snap.tips.append((getattr(part, "label", "arrow"), box(tip)))
        for m in self.mobjects:  # a marker (a box around an answer) names what it marks
            marks = getattr(m, "marks", None)
            if marks is not None and is_visible(m):
                for part in marks.get_family():
                    snap.marked.update(getattr(part, "sheet_multi", {}))
                    if getattr(part, "sheet_key", None) is not None:
                        snap.marked.add(part.sheet_key)
        snap.inks = inks(self.mobjects, is_text)


def plain_text(text: str, size: float, color: str, font: str = "") -> Text:
    """``Text(text, font_size=size, color=color, font=font)``, made once per process.

    A copy of the one made (:func:`scenes.memo.made`): a text a scene shows on every run, or
    in every lesson, is shaped by Pango and parsed once.
    """
    return made(
        ("plain", text, size, color, font),
        lambda: Text(text, font_size=size, color=color, font=font),
    )


def _formula_key(parts: tuple[str | Num, ...], size: float, color: str) -> tuple[object, ...]:
    """What :meth:`LessonScene.formula` of `parts` depends on (a number: its key and text)."""
    pieces = tuple((p.key, p.shown.tex, p.shown.text) if isinstance(p, Num) else p for p in parts)
    return ("formula", pieces, size, color)


def _formula(parts: tuple[str | Num, ...], size: float, color: str = C.TEXT) -> MathTex:
    """Build :meth:`LessonScene.formula`'s MathTex, each number's part tagged with its key."""
    mob = MathTex(
        *(p.shown.tex if isinstance(p, Num) else p for p in parts), font_size=size, color=color
    )
    for i, p in enumerate(parts):
        if isinstance(p, Num):
            tag(part_of(mob, i), p.key, p.shown.text)
    return mob
