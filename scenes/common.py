"""What every lesson scene shares: palette, lesson and sheet, labelled formulas, snapshots."""

from __future__ import annotations

import string
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Arrow,
    MathTex,
    Mobject,
    Paragraph,
    Scene,
    SingleStringMathTex,
    Tex,
    Text,
    VGroup,
    VMobject,
    config,
)

from lesson import captions
from lesson.catalogue import file_catalogue
from lesson.model import DEFAULT_LESSON, Lesson, load_lesson
from lesson.reads import ReadLog
from lesson.scenelist import scene_spec
from lesson.sheet import Sheet, build_sheet
from mathcore.fmt import Shown
from mathcore.spoken import spoken_template
from scenes.legibility import Ink, inks
from scenes.palette import C

__all__ = [
    "C",
    "FRAME_MARGIN",
    "MIN_FONT",
    "SAFE_X",
    "SAFE_Y",
    "LessonScene",
    "LiveNumber",
    "Num",
    "Snapshot",
    "arrow_between",
    "fill",
    "NBSP",
    "group_values",
    "is_text",
    "wrap_text",
    "reflow",
    "fit_into",
    "frame_box",
    "tag",
    "vector_arrow",
]

M = TypeVar("M", bound=Mobject)
SAFE = 0.05  # title-safe area: no text in the outer 5 % of the frame's width or height
SAFE_X = SAFE * 128 / 9  # 0.711 scene units of the 16:9 frame's 14.22
SAFE_Y = SAFE * 8  # 0.4 of its 8
FRAME_MARGIN = SAFE_Y  # kept for callers that place along both axes with one margin
MIN_FONT = 20  # smallest font size on screen: a line ("Hg") about 24 px high at 720p
LEAD_IN = 0.3  # seconds of silence before a lecture scene's first words


@dataclass(frozen=True)
class Num:
    """A number from the sheet placed into a formula: its key and how it is shown."""

    key: str
    shown: Shown


def _tag(mob: Mobject, key: str, text: str | Callable[[], str]) -> None:
    mob.sheet_key = key  # type: ignore[attr-defined]
    mob.sheet_text = text  # type: ignore[attr-defined]


def tag(mob: M, key: str, text: str) -> M:
    """Mark `mob` as showing sheet value `key` (written `text`) that is not a formula.

    For values a scene sets in its own type (a code listing, a program's printed line), so
    the tests and the verifier know them as sheet values; returns `mob`.
    """
    _tag(mob, key, text)
    return mob


class LiveNumber(VMobject):
    """A readout rebuilt from cached glyphs only when its displayed string changes.

    Parameters
    ----------
    value : callable
        Returns the :class:`Shown` to display now; called every frame by an updater.
    font_size : float
        Font size of the digits.
    """

    _glyphs: dict[tuple[str, float], SingleStringMathTex] = {}

    def __init__(self, value: Callable[[], Shown], font_size: float = 32, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._value, self._font = value, font_size
        self.shown = value()
        self.sheet_key: str | None = None
        self._build()
        self.add_updater(lambda m: m.refresh())

    @property
    def sheet_text(self) -> str:
        """The text currently on screen."""
        return self.shown.text

    def _glyph(self, token: str) -> VMobject:
        """A fresh glyph: the cached TeX outline's points in a light VMobject (no deep copy)."""
        key = (token, self._font)
        if key not in self._glyphs:
            self._glyphs[key] = SingleStringMathTex(token, font_size=self._font)
        paths = self._glyphs[key].family_members_with_points()
        return VGroup(
            *(VMobject(stroke_width=0, fill_opacity=1).set_points(m.points.copy()) for m in paths)
        )

    def _build(self) -> None:
        anchor = self.get_left() if self.submobjects else None
        tokens = {"−": "-", "°": r"^{\circ}", "—": r"\text{---}"}
        old, old_text = list(self.submobjects), getattr(self, "_text", "")
        # keep the glyphs of characters that did not change; make only the new ones
        parts = [
            old[i] if i < len(old_text) and old_text[i] == c else self._glyph(tokens.get(c, c))
            for i, c in enumerate(self.shown.text)
        ]
        kept = {id(p) for p in parts}
        # A running play keeps drawing the glyphs it saw when it started: empty the dropped
        # ones (they are this readout's own) so no ghost digits stay on screen.
        for glyph in old:
            if id(glyph) not in kept:
                for m in glyph.get_family():
                    m.clear_points()
        self._text = self.shown.text
        self.submobjects = []
        self.add(*parts)
        self.arrange(RIGHT, buff=0.04 * self._font / 32, aligned_edge=DOWN)
        digit_h = next((p.height for p in parts if p.height > 0.1), 0.3)
        for c, p in zip(self.shown.text, parts, strict=True):
            if c in "−—":
                p.set_y(parts[0].get_bottom()[1] + digit_h / 2 if len(parts) > 1 else p.get_y())
            elif c == "°":
                p.align_to(self, UP)
        self.set_color(self.color)
        if anchor is not None:
            self.shift(anchor - self.get_left())

    def refresh(self) -> None:
        """Rebuild if the value's string changed."""
        shown = self._value()
        if shown != self.shown:
            self.shown = shown
            self._build()


def fit_into(mob: Mobject, width: float, height: float) -> Mobject:
    """Scale `mob` down (never up) so it fits a `width` x `height` box."""
    s = min(1.0, width / max(mob.width, 1e-6), height / max(mob.height, 1e-6))
    return mob.scale(s)


@dataclass
class Snapshot:
    """What was on screen at the end of one section."""

    section: str
    time: float
    numbers: dict[str, str] = field(default_factory=dict)
    number_boxes: dict[str, np.ndarray] = field(default_factory=dict)
    number_kinds: dict[str, str] = field(default_factory=dict)  # "part" of a formula, or "text"
    boxes: list[tuple[str, np.ndarray]] = field(default_factory=list)
    mismatched: list[tuple[str, str, str]] = field(default_factory=list)
    said: set[str] = field(default_factory=set)  # sheet keys the section's captions say
    words: list[str] = field(default_factory=list)  # what the narrator was asked to say
    inks: list[Ink] = field(default_factory=list)  # each text's and graphic's colour, contrast
    sizes: list[tuple[str, float]] = field(default_factory=list)  # each text's font size
    tips: list[tuple[str, np.ndarray]] = field(default_factory=list)  # arrow heads' boxes
    marked: set[str] = field(default_factory=set)  # sheet keys inside a visible answer marker


def _visible(m: Mobject) -> bool:
    if isinstance(m, VMobject):
        fill, stroke = m.get_fill_opacities(), m.get_stroke_opacities()
        return bool(np.any(fill > 0.05) or np.any(stroke > 0.05))
    return True


def _box(m: Mobject) -> np.ndarray:
    """Bounding box ``[[x0, y0], [x1, y1]]`` in scene units."""
    return np.array([m.get_corner(DOWN + LEFT)[:2], m.get_corner(UP + RIGHT)[:2]])


def is_text(m: Mobject) -> bool:
    """Whether `m` is one text on screen (Text, MathTex, Tex, a live readout, a Paragraph).

    A :class:`~manim.Paragraph` is the lines of a code listing (:class:`~manim.Code` holds
    one): its box, font size and ink are measured like any other text.
    """
    return isinstance(m, Text | MathTex | Tex | SingleStringMathTex | LiveNumber | Paragraph)


def font_size(m: Mobject) -> float:
    """The font size `m` shows at now, after any scaling (:data:`MIN_FONT` is the floor).

    A Paragraph is measured by how far apart its lines stand now against when it was made
    (see :func:`paragraph_scale`).
    """
    if isinstance(m, LiveNumber):
        return float(m._font)
    if isinstance(m, Paragraph):
        return float(m.lines_text._font_size) * paragraph_scale(m)
    return float(m.font_size)  # type: ignore[attr-defined]


def paragraph_scale(p: Paragraph) -> float:
    """How much `p` was scaled since it was made.

    A Paragraph records where each line's centre stood when made; scaling moves them apart
    by its factor. Its first and last lines are left out (:class:`~manim.Code` removes glyphs
    from them after making its Paragraph). With too few lines, the one Text its glyphs are
    cut from (``lines_text``, which shares them) tells the scale instead.
    """
    made = p.lines_initial_positions
    inner = [
        i
        for i in range(1, len(p.lines_chars) - 1)
        if p.lines_chars[i].has_points() or p.lines_chars[i].family_members_with_points()
    ]
    if len(inner) >= 2:
        a, b = inner[0], inner[-1]
        then = abs(made[a][1] - made[b][1])
        if then > 1e-6:
            return abs(p.lines_chars[a].get_y() - p.lines_chars[b].get_y()) / then
    return float(p.lines_text.font_size) / float(p.lines_text._font_size)


def _text_mobjects(mobs: list[Mobject]) -> list[Mobject]:
    out: list[Mobject] = []
    for m in mobs:
        if is_text(m):
            if m.width > 0 and any(_visible(p) for p in m.family_members_with_points()):
                out.append(m)
        else:
            out.extend(_text_mobjects(m.submobjects))
    return out


class LessonScene(Scene):
    """A scene that reads one lesson and its part of the numbers sheet.

    The lesson, its language and the narrator are given to the constructor (defaults: the
    bundled lesson, ``id``, silent). Numbers reach the screen only through
    :meth:`num` and :meth:`formula`, which tag each part with its sheet key, so tests can
    compare what is shown with the sheet. At each section end a :class:`Snapshot` records
    the numbers and the text boxes on screen, and the colour and contrast of every text and
    meaningful graphic (:func:`scenes.legibility.inks`).
    """

    lesson: Lesson
    sheet: Sheet
    # Who speaks the captions: set by the render (an object with ``speak(key, words, start)``
    # returning the take's seconds, see pipeline.voice.Narrator); None renders silent.
    narrator: Any = None

    def __init__(
        self, *, lesson: Lesson | None = None, lang: str = "id", narrator: Any = None, **kwargs: Any
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
        self.lesson = view  # type: ignore[assignment]  # reads like a Lesson
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
        mob = Text(template.format(**values), font_size=size, color=color)
        if values:
            mob.sheet_multi = values  # type: ignore[attr-defined]
        return mob

    def paragraph(
        self, key: str, width: float, size: float = 28, color: str = C.TEXT, indent: str = ""
    ) -> Text:
        """Catalogue text `key` wrapped to `width` (see :func:`wrap_text`).

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
        """A TeX formula whose :class:`Num` parts carry their sheet key.

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
        texs = [p.shown.tex if isinstance(p, Num) else p for p in parts]
        mob = MathTex(*texs, font_size=size, color=color)
        for i, p in enumerate(parts):
            if isinstance(p, Num):
                _tag(mob[i], p.key, p.shown.text)
        return mob

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
            A field of the text that names a sheet value by role (see :func:`fill`):
            ``say("cp_sub_pair", a="q1", b="k1", p="prod1")``.
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
            return float(getattr(Lesson, name))
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
        pause = float(getattr(self.narrator, "pause", 0.4))
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
        snap = Snapshot(self._section, float(self.time), said=self._said, words=self._words)
        self._said, self._words = set(), []
        for m in self.mobjects:
            for part in m.get_family():
                tags = dict(getattr(part, "sheet_multi", {}))
                if getattr(part, "sheet_key", None) is not None:
                    tags[part.sheet_key] = part.sheet_text
                if not tags or not any(_visible(p) for p in part.family_members_with_points()):
                    continue
                for key, text in tags.items():
                    if key in snap.numbers and snap.numbers[key] != text:
                        snap.mismatched.append((key, snap.numbers[key], text))
                    snap.numbers[key] = text
                    snap.number_boxes[key] = _box(part)
                    snap.number_kinds[key] = (
                        "part" if key == getattr(part, "sheet_key", None) else "text"
                    )
        for m in _text_mobjects(self.mobjects):
            label = getattr(m, "sheet_key", None) or type(m).__name__
            snap.boxes.append((label, _box(m)))
            snap.sizes.append((label, font_size(m)))
        for m in self.mobjects:
            for part in m.get_family():
                tip = getattr(part, "tip", None)
                if isinstance(part, Arrow) and tip is not None and _visible(tip):
                    snap.tips.append((getattr(part, "label", "arrow"), _box(tip)))
        for m in self.mobjects:  # a marker (a box around an answer) names what it marks
            marks = getattr(m, "marks", None)
            if marks is not None and _visible(m):
                for part in marks.get_family():
                    snap.marked.update(getattr(part, "sheet_multi", {}))
                    if getattr(part, "sheet_key", None) is not None:
                        snap.marked.add(part.sheet_key)
        snap.inks = inks(self.mobjects, is_text)
        self.snapshots.append(snap)


def fill(
    template: str, sheet: dict[str, Shown], fields: dict[str, str] | None = None
) -> tuple[str, dict[str, Shown]]:
    """A catalogue text ready to format and speak: its fields resolved to sheet values.

    A field ``{name}`` is the sheet value `name`, or the value ``fields[name]`` names (one
    text for every pair of coordinates: ``{a}``, ``{b}``). ``{name:eq}`` is the value after
    its relation: ``= 4`` when exact, ``≈ 1.79`` when rounded, so a sentence never states a
    rounded value with "="; ``{name:is}`` the same without ``=`` (``4``, ``≈ 0.330``).

    Returns
    -------
    tuple of (str, dict of str to Shown)
        The text with plain ``{name}`` fields, and the values they take.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from mathcore import fmt
    >>> P = fmt.Places()
    >>> sheet = {"c": fmt.approx(1.7888, 2), "d": fmt.number(Fraction(4), P)}
    >>> fill("comp {c:eq}, q · k {x:eq}", sheet, {"x": "d"})[0]
    'comp {c}, q · k = {x}'
    >>> fill("{w:is} and {x:is}", {"w": fmt.fixed(0.3302, 3)} | sheet, {"x": "d"})[0]
    '≈ {w} and {x}'
    """
    fields = fields or {}
    values: dict[str, Shown] = {}
    out = []
    for literal, name, spec, _ in string.Formatter().parse(template):
        out.append(literal.replace("{", "{{").replace("}", "}}"))
        if name is None:
            continue
        value = sheet[fields.get(name, name)]
        values[name] = value
        bare = "" if value.exact or value.text.startswith("≈") else "≈ "
        if spec == "eq":
            out.append("= " if value.exact else bare)
        elif spec == "is":
            out.append(bare)
        elif spec:
            raise ValueError(f"unknown field format {{{name}:{spec}}}; have :eq, :is")
        out.append(f"{{{name}}}")
    return "".join(out), values


REFLOW_SCALES = (1.0, 0.93, 0.86, 0.8, 0.75)
NBSP = "\u00a0"


def reflow(build: Callable[[float], M], height: Callable[[M], float], room: float) -> M:
    """Build a layout at the largest of :data:`REFLOW_SCALES` at which it fits its room.

    Text re-wraps at each scale, so its height falls about with the square of the scale: the
    first try after full size goes straight to the scale that estimate says will fit.

    Parameters
    ----------
    build : callable
        Makes the layout at a scale (1 is full size).
    height : callable
        The height of a built layout.
    room : float
        The height it must fit.

    Returns
    -------
    The first layout that fits (the smallest one if none does).
    """
    mob = build(REFLOW_SCALES[0])
    if height(mob) <= room:
        return mob
    guess = (room / max(height(mob), 1e-6)) ** 0.5
    scales = [s for s in REFLOW_SCALES[1:] if s <= guess] or [REFLOW_SCALES[-1]]
    start = REFLOW_SCALES.index(scales[0])
    for scale in REFLOW_SCALES[start:]:
        mob = build(scale)
        if height(mob) <= room:
            break
    return mob


def wrap_text(
    text: str, width: float, size: float, color: str, indent: str = "", weight: str = "NORMAL"
) -> Text:
    """The kit's one text wrap: `text` in lines no wider than `width` (never at a no-break space).

    Words are measured on the one-line text (its glyphs), so lines come out as full as they
    can be. Lines after the first are indented by the width of `indent` (a bullet).

    Parameters
    ----------
    text : str
        The text; ``\u00a0`` keeps two words on one line.
    width : float
        Widest line allowed (scene units); the text is scaled down if one word is wider.
    size : float
        Font size.
    color : str
        Colour.
    indent : str
        Prefix of the first line; later lines start under the text after it.
    weight : str
        Font weight (``BOLD`` for a title).

    Returns
    -------
    Text
        With ``line_count``, the number of lines.
    """
    full = indent + text
    # without ligatures every character (spaces and line breaks too) is one glyph
    one = Text(full, font_size=size, color=color, weight=weight, disable_ligatures=True)
    if one.width <= width:
        one.line_count, one.source_text = 1, full  # type: ignore[attr-defined]
        return one
    glyphs = one.submobjects
    pad = " " * (2 * len(indent))
    if len(glyphs) != len(full):  # not one glyph per character: estimate from their average
        per_line = max(12, int(len(full) * width / one.width * 0.96))
        return wrap_lines(
            textwrap.wrap(full, per_line, subsequent_indent=pad), width, size, color, weight
        )
    hang = glyphs[len(indent)].get_left()[0] - glyphs[0].get_left()[0] if indent else 0.0
    lines: list[str] = []
    line_x, i = 0.0, 0
    for word in full.split(" "):
        if word:
            x0, x1 = glyphs[i].get_left()[0], glyphs[i + len(word) - 1].get_right()[0]
            if lines and x1 - line_x <= width * 0.98:
                lines[-1] += " " + word
            else:
                lines.append(pad + word if lines else word)
                line_x = x0 - (hang if len(lines) > 1 else 0.0)
        i += len(word) + 1
    return wrap_lines(lines, width, size, color, weight)


def wrap_lines(lines: list[str], width: float, size: float, color: str, weight: str) -> Text:
    """`lines` as one Text (scaled down to `width` if a line is wider)."""
    wrapped = "\n".join(lines)
    mob = Text(
        wrapped,
        font_size=size,
        color=color,
        weight=weight,
        line_spacing=0.8,
        disable_ligatures=True,
    )
    fit_into(mob, width, 100.0)
    mob.line_count, mob.source_text = len(lines), wrapped  # type: ignore[attr-defined]
    return mob


def group_values(
    mob: Text, words: str, spans: list[tuple[str, int, int]], values: dict[str, str]
) -> None:
    """Gather the glyphs of each value (``words[start:end]``) into a group tagged with its key.

    `mob` is :func:`wrap_text`'s Text of `words`: one glyph per character of its
    ``source_text``, which differs from `words` only in whitespace, so the n-th visible
    character of `words` is the n-th visible character there. Should the glyphs not match,
    the whole Text carries the values instead.
    """
    glyphs = list(mob.submobjects)
    source = getattr(mob, "source_text", "")
    visible = [i for i, c in enumerate(source) if not c.isspace()]
    if len(glyphs) != len(source) or len(visible) != sum(not c.isspace() for c in words):
        if values:
            mob.sheet_multi = values  # type: ignore[attr-defined]
        return

    def glyph(offset: int) -> int:
        """Index of the glyph of the first visible character at or after `offset`."""
        n = sum(1 for c in words[:offset] if not c.isspace())
        return visible[n] if n < len(visible) else len(glyphs)

    parts: list[Mobject] = []
    done = 0
    for name, start, end in spans:
        a, b = glyph(start), glyph(end - 1) + 1
        parts.extend(glyphs[done:a])
        group = VGroup(*glyphs[a:b])
        group.sheet_multi = {name: values[name]}  # type: ignore[attr-defined]
        parts.append(group)
        done = b
    parts.extend(glyphs[done:])
    mob.submobjects = parts


def arrow_between(
    start: np.ndarray,
    end: np.ndarray,
    color: str,
    width: float = 6,
    tip_ratio: float = 0.2,
    dot_radius: float = 0.08,
) -> Mobject:
    """The kit's one arrow: from `start` to `end` (scene points), a dot where they meet.

    Parameters
    ----------
    start, end : array
        Scene points.
    color : str
        Colour of the arrow (or the dot).
    width : float
        Stroke width.
    tip_ratio : float
        Longest tip as a share of the arrow's length.
    dot_radius : float
        Radius of the dot drawn instead of an arrow shorter than 0.05 units.

    Returns
    -------
    Mobject
        An :class:`~manim.Arrow`, or a :class:`~manim.Dot` for a (near) zero vector.
    """
    from manim import Arrow, Dot

    if np.linalg.norm(np.asarray(end) - np.asarray(start)) < 0.05:
        return Dot(start, radius=dot_radius, color=color)
    return Arrow(
        start,
        end,
        buff=0,
        color=color,
        stroke_width=width,
        max_tip_length_to_length_ratio=tip_ratio,
    )


def vector_arrow(plane: Any, v: np.ndarray, color: str, **kwargs: Any) -> Mobject:
    """An arrow from the origin of `plane` to the lesson vector `v` (see :func:`arrow_between`)."""
    return arrow_between(plane.c2p(0, 0), plane.c2p(*v), color, **kwargs)


def frame_box() -> tuple[float, float]:
    """Half-width and half-height of the title-safe area (the frame less 5 % on each side)."""
    return config.frame_width / 2 - SAFE_X, config.frame_height / 2 - SAFE_Y


def fitted_plane(points: list[np.ndarray], width: float, height: float) -> Any:
    """A NumberPlane with equal x/y units that holds every point with a unit of room.

    Parameters
    ----------
    points : list of array
        2-D points (lesson coordinates) the plane must show; the origin is always included.
    width, height : float
        The box (scene units) the plane must fit.

    Returns
    -------
    NumberPlane
        Unlabelled grid (no tick numbers: every number on screen comes from the sheet).
    """
    from manim import NumberPlane

    pts = np.array([[0.0, 0.0], *[np.asarray(p, dtype=float)[:2] for p in points]])
    lo = np.floor(pts.min(axis=0)) - 1
    hi = np.ceil(pts.max(axis=0)) + 1
    span = hi - lo
    unit = min(width / span[0], height / span[1])
    step = 1 if unit > 0.3 else 2
    return NumberPlane(
        x_range=(lo[0], hi[0], step),
        y_range=(lo[1], hi[1], step),
        x_length=unit * span[0],
        y_length=unit * span[1],
        background_line_style={"stroke_color": C.GRID, "stroke_width": 1, "stroke_opacity": 0.8},
        axis_config={"stroke_color": C.MUTED, "stroke_width": 2},
    )


def clip_line(plane: Any, direction: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Ends (scene coordinates) of the line through the origin along `direction`, in `plane`."""
    u = np.asarray(direction, dtype=float) / np.linalg.norm(direction)
    lo = np.array([plane.x_range[0], plane.y_range[0]])
    hi = np.array([plane.x_range[1], plane.y_range[1]])
    ts = [b / u[i] for i in range(2) if abs(u[i]) > 1e-12 for b in (lo[i], hi[i])]
    inside = [t for t in ts if np.all(t * u >= lo - 1e-9) and np.all(t * u <= hi + 1e-9)]
    return plane.c2p(*(min(inside) * u)), plane.c2p(*(max(inside) * u))


def half_plane(plane: Any, normal: np.ndarray, sign: int) -> list[np.ndarray]:
    """Corners (scene coordinates) of the part of `plane` where ``sign * <x, normal> >= 0``."""
    (x0, x1), (y0, y1) = plane.x_range[:2], plane.y_range[:2]
    rect = [np.array(p, dtype=float) for p in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]
    side = [sign * float(np.dot(p, normal)) for p in rect]
    out: list[np.ndarray] = []
    for i, p in enumerate(rect):
        j = (i + 1) % len(rect)
        if side[i] >= 0:
            out.append(p)
        if (side[i] >= 0) != (side[j] >= 0):
            t = side[i] / (side[i] - side[j])
            out.append(p + t * (rect[j] - p))
    return [plane.c2p(*p) for p in out]
