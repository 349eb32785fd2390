"""The scene base every lesson scene extends: lesson and sheet, numbers, captions, snapshots."""

from __future__ import annotations

import math
import string
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any, cast

from manim import (
    Animation,
    Arrow,
    CoordinateSystem,
    FadeIn,
    Indicate,
    MathTex,
    Mobject,
    Scene,
    Text,
    VGroup,
    VMobject,
    Wait,
    Write,
    config,
)
from manim.animation.animation import DEFAULT_ANIMATION_RUN_TIME

from lesson import captions
from lesson.captions import MAX_CPS
from lesson.catalogue import file_catalogue, fill
from lesson.model import DEFAULT_LESSON, SCHEMA, Lesson, load_lesson
from lesson.reads import ReadLog
from lesson.scenelist import scene_spec
from lesson.schema import Table
from lesson.sheet import Sheet, build_sheet
from lesson.voice import PAUSE, Voice
from mathcore.fmt import Shown
from mathcore.spoken import spoken_template
from scenes.emphasis import SIGNALS, Focus, Line, line_texts, text_only
from scenes.legibility import box, inks
from scenes.memo import made, pristine
from scenes.palette import C
from scenes.snapshot import Snapshot, font_size, is_text, is_visible, text_mobjects
from scenes.tagging import LiveNumber, Num, attach, part_of, sheet_keys, tag
from scenes.textfit import NBSP, group_values, wrap_text
from scenes.typeface import TEXT_FONT

__all__ = [
    "FLASH",
    "HEADINGS",
    "LEAD",
    "LEAD_IN",
    "LessonScene",
    "Reveal",
    "field_prefixes",
    "plain_text",
]

LEAD_IN = 0.3  # seconds of silence before a lecture scene's first words
LEAD = 0.3  # seconds a reveal starts before the words that name it (:meth:`LessonScene.at`)
FLASH = 0.8  # seconds a number said while on screen is lit (:meth:`LessonScene.hold_until`)
HEADINGS = ("title", "heading")  # a scene's attributes that name it: they never dim


@dataclass(frozen=True)
class Reveal:
    """When a number first showed on screen and when the voice first said it (seconds).

    ``said`` is None for a number no caption of the scene says.
    """

    key: str
    shown: float
    said: float | None


@dataclass(frozen=True)
class _Open:
    """The caption being said: what :meth:`LessonScene.at` finds its beats in."""

    key: str
    template: str
    values: dict[str, Shown]
    start: float
    speech: float


def _heads(template: str) -> list[tuple[str, str | None, str]]:
    """Each piece of `template` (literal, field name), with the template text before it."""
    out, head = [], ""
    for literal, name, _, _ in string.Formatter().parse(template):
        out.append((literal, name, head))
        head += literal.replace("{", "{{").replace("}", "}}")
        if name is not None:
            head += "{" + name + "}"
    return out


def field_prefixes(template: str) -> list[tuple[str, str]]:
    """Each field of a filled catalogue text, with the text before it (still a template).

    Examples
    --------
    >>> field_prefixes("q · k = {dot}, and {{not a field}} {cos}.")
    [('dot', 'q · k = '), ('cos', 'q · k = {dot}, and {{not a field}} ')]
    """
    return [
        (name, head + literal.replace("{", "{{").replace("}", "}}"))
        for literal, name, head in _heads(template)
        if name is not None
    ]


def _phrase_prefix(template: str, phrase: str) -> str | None:
    """The text of `template` before the first `phrase` outside its fields (None: absent)."""
    for literal, _, head in _heads(template):
        at = literal.casefold().find(phrase.casefold())
        if at >= 0:
            return head + literal[:at].replace("{", "{{").replace("}", "}}")
    return None


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
        self._open: _Open | None = None
        self._heard: dict[str, float] = {}  # sheet key -> when the voice first says it
        self._parts: dict[str, tuple[str, ...]] = {}  # a list's key -> its items' (items())
        self._lit: set[str] = set()  # numbers lit on their words (hold_until)
        self._saying: dict[str, float] = {}  # the open caption's numbers: when it says each
        self._lit_now: set[str] = set()  # numbers lit while the open caption says them
        self._shown: dict[str, float] = {}  # sheet key -> when it first shows on screen
        # what unfold() left to show after a caption: mob id -> pieces shown, pieces left
        self._unfolding: dict[int, tuple[list[VGroup], list[tuple[VGroup, set[str]]]]] = {}
        self.focus = Focus()  # the lines shown; those said before the one being said dim

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
    def step(self, name: str, *, pause: bool = True) -> None:
        """End the current section (caption, snapshot) and start section `name`.

        A new step after the first begins with ``[timing] step_pause`` seconds of silence,
        unless `pause` is false: next to a silence of its own (the quiz's pause to think).
        """
        if self._section:
            self._end_caption()
            self._snapshot()
        self.next_section(name)
        if self._section and pause and self.pace("step_pause") > 0:
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
        self._open = _Open(key, template, values, start, speech)
        self._saying, self._lit_now = {}, set()
        for name, head in field_prefixes(template):
            said = fields.get(name, name)
            when = round(start + self._offset(head), 4)
            self._saying.setdefault(said, when)
            if said not in self._heard:
                self._heard[said] = when
                for part in self._parts.get(said, ()):  # a list said is each of its items said
                    self._heard.setdefault(part, self._heard[said])

    def points_at(self, *keys: str) -> None:
        """The open caption speaks of the values `keys` on screen as a whole, not one by one.

        ("the logits are written on each bar"): they are taken as said from its start, so
        they may show while it is said.
        """
        cue = self._open
        assert cue is not None, "points_at() follows a say()"
        for key in keys:
            self._heard.setdefault(key, round(cue.start, 4))

    def items(self, whole: str, *parts: str) -> None:
        """Say that sheet value `whole` (a list, a vector) is written item by item as `parts`.

        A caption that says `whole` says each of `parts` too, so a label showing one item
        may show when the list is said (``self.items("scores", "score1", "score2")``).
        """
        self._parts[whole] = parts

    # --- beats: a reveal when its words are said ---------------------------------------
    def _offset(self, head: str) -> float:
        """Seconds from the open caption's start to the end of its words `head` (a template).

        Spoken: where the narrator's take says them (:meth:`lesson.voice.Voice.at`). Silent:
        where a reader at :data:`~lesson.captions.MAX_CPS` characters a second reaches them.
        """
        cue = self._open
        assert cue is not None
        names = [f for _, f, _, _ in string.Formatter().parse(head) if f]
        if cue.speech > 0 and self.narrator is not None:
            return float(self.narrator.at(spoken_template(head, cue.values, self.lang)))
        return len(head.format(**{n: cue.values[n].text for n in names})) / MAX_CPS

    def said_at(self, mark: str) -> float:
        """When the open caption says `mark`: a ``{field}``'s name, or words of its text.

        Raises
        ------
        KeyError
            When the open caption has no such field or words.
        """
        cue = self._open
        if cue is None:
            raise KeyError(f"{type(self).__name__}: no caption is being said before {mark!r}")
        heads = dict(field_prefixes(cue.template))
        head = heads.get(mark)
        if head is None:
            head = _phrase_prefix(cue.template, mark)
        if head is None:
            raise KeyError(f"{type(self).__name__}: caption {cue.key} says no {mark!r}")
        return cue.start + self._offset(head)

    def at_words(self, key: str) -> None:
        """Hold until the open caption says the words that label catalogue text `key`.

        The label is the text's words before its colon (``"Besar: …"`` waits for "besarnya"
        in the caption); a caption without them does not wait.
        """
        label = self.strings[key].split(":")[0].strip()
        cue = self._open
        if cue is not None and label and _phrase_prefix(cue.template, label) is not None:
            self.at(label)

    def at(self, mark: str, lead: float = LEAD) -> None:
        """Hold until the open caption is about to say `mark`, so what comes next shows then.

        ``self.say("pd_sub_dot"); self.at("dot"); self.play(Write(...))`` writes the product
        as the voice says it: the beat's time comes from the take (the synthetic voice's, or
        a recording's), never from a wait typed in the scene. When the scene is already past
        it, nothing waits.

        Parameters
        ----------
        mark : str
            A ``{field}`` of the caption (its name in the catalogue text) or words of it.
        lead : float
            Seconds before the words at which to go on (the reveal's own start).
        """
        self.at_time(self.said_at(mark), lead)

    def play(self, *args: Any, **kwargs: Any) -> None:
        """Play as manim does, each number on its word; note when each first shows.

        A number this play would show for the first time that the open caption says later
        waits for its words: the play starts :data:`LEAD` seconds before the last of them
        is said. One ``Write`` or ``FadeIn`` of a formula or text whose numbers are said at
        different times unfolds instead (:meth:`unfold`): each number on its own words.
        When each number first showed is kept (:attr:`reveals`).
        """
        new = self._new_keys(args)
        due = [self._heard[k] for k in new if k in self._heard]
        now = float(self.time)
        anim = args[0] if len(args) == 1 else None
        mob = getattr(anim, "mobject", None)
        if (
            isinstance(anim, Write | FadeIn)
            and type(anim) in (Write, FadeIn)
            and isinstance(mob, Mobject)
            and mob not in self.mobjects
            and len({round(t, 1) for t in due}) > 1
            and max(due) - LEAD > now
        ):
            seconds = min(float(kwargs.get("run_time", anim.run_time)), 1.0)
            self.unfold(mob, Write if isinstance(anim, Write) else FadeIn, seconds)
            return
        if due:
            self.at_time(max(due))
        start = float(self.time)
        self._note_shown(start)
        times = [float(getattr(a, "run_time", DEFAULT_ANIMATION_RUN_TIME)) for a in args]
        dims = self._refocus(args, float(kwargs.get("run_time", max(times, default=1.0))))
        super().play(*args, *dims, **kwargs)
        self._note_shown(start)

    def unfold(
        self,
        mob: Mobject,
        style: Callable[..., Animation] = FadeIn,
        seconds: float = 0.8,
        *,
        hold_unsaid: bool | Collection[str] = False,
        upto: Collection[str] = (),
        **kwargs: Any,
    ) -> bool:
        """Show `mob` in reading order, each number of it as the open caption says it.

        The glyphs of `mob` (a formula, a paragraph, a group of rows) are cut after each
        number on it, and each piece shows (`style`) when its number's words are said (held
        until :data:`LEAD` seconds before); what follows the last number shows at once. Once
        all of it shows, the pieces are replaced by `mob` itself, so later animations act on
        it whole.

        Parameters
        ----------
        mob : Mobject
            What to show; not on screen yet (or partly shown by an earlier call).
        style : callable
            The animation of each piece (``FadeIn``, ``Write``, …).
        seconds : float
            Run time of each piece.
        hold_unsaid : bool or collection of str
            Stop before a piece whose numbers no caption has said yet (given keys: before
            one holding any of those not said yet): a later caption says them, and a later
            call (after its :meth:`say`) goes on from there.
        upto : collection of str
            Stop after the piece that shows any of these keys; a later call goes on.
        **kwargs
            Passed to `style`.

        Returns
        -------
        bool
            True once all of `mob` is on screen.
        """
        shown, left = self._unfolding.pop(id(mob), ([], self._pieces(mob)))
        texts = line_texts(mob) if text_only(mob) else []
        owner = {id(g): t for t in texts for g in t.family_members_with_points()}
        self.focus.together(texts, mob)  # parts of one formula unfolded: one line
        while left:
            piece, keys = left[0]
            due = [self._heard[k] for k in keys if k in self._heard]
            held = keys if hold_unsaid is True else keys & set(hold_unsaid or ())
            if held and not any(k in self._heard for k in held):
                self._unfolding[id(mob)] = (shown, left)
                return False
            self.at_time(max(due, default=0.0))
            start = float(self.time)
            for k in keys:
                self._shown.setdefault(k, round(start, 4))
            glyphs = piece.family_members_with_points()
            said = list({id(owner[id(g)]): owner[id(g)] for g in glyphs if id(g) in owner}.values())
            dims = self._change(said, {id(g) for g in glyphs}, seconds)
            super().play(style(piece, **kwargs), *dims, run_time=seconds)
            shown.append(piece)
            left = left[1:]
            if keys & set(upto) and left:
                self._unfolding[id(mob)] = (shown, left)
                return False
        # `mob` takes the place of its first piece: what was drawn over it stays over it
        ids = {id(p) for p in shown}
        at = next((i for i, m in enumerate(self.mobjects) if id(m) in ids), len(self.mobjects))
        kept = [m for m in self.mobjects if id(m) not in ids and m is not mob]
        before = sum(1 for m in self.mobjects[:at] if id(m) not in ids and m is not mob)
        self.mobjects = [*kept[:before], mob, *kept[before:]]
        return True

    def _pieces(self, mob: Mobject) -> list[tuple[VGroup, set[str]]]:
        """`mob`'s glyphs in order, cut after each number never shown: pieces and their keys."""
        leaves = [m for m in mob.family_members_with_points() if isinstance(m, VMobject)]
        order = {id(leaf): i for i, leaf in enumerate(leaves)}
        cuts: dict[int, set[str]] = {}  # last glyph of a number -> its keys
        for part in mob.get_family():
            keys = sheet_keys(part) - self._shown.keys()
            inner = [m for m in part.family_members_with_points() if id(m) in order]
            if keys and inner:
                last = max(order[id(leaf)] for leaf in inner)
                cuts[last] = cuts.get(last, set()) | keys
        pieces, begin = [], 0
        for end in sorted(cuts):
            pieces.append((VGroup(*leaves[begin : end + 1]), cuts[end]))
            begin = end + 1
        if begin < len(leaves):
            pieces.append((VGroup(*leaves[begin:]), set()))
        return pieces

    def at_time(self, when: float, lead: float = LEAD) -> None:
        """Hold until `lead` seconds before `when` (seconds into the scene), if still ahead."""
        self.hold_until(when - lead)

    def hold_until(self, until: float) -> None:
        """Wait until `until` (seconds into the scene), each number on screen lit as it is said.

        A number the open caption says in the meantime that is already on screen flashes
        once on its words (signalling: what the voice speaks of is lit as it speaks), so a
        wait for the voice is not a still picture while numbers are read. A number said
        again by a later caption (a quiz's solution going back to a length) is lit again.
        """
        now = float(self.time)
        # when each number is first said, and when the open caption says it (maybe again)
        heard = [(k, w, False) for k, w in self._heard.items()]
        heard += [(k, w, True) for k, w in self._saying.items()]
        for key, when, now_said in sorted(heard, key=lambda h: h[1]):
            if key in self._lit_now or (not now_said and key in self._lit):
                continue
            if not now + LEAD < when < until - FLASH / 2:
                continue
            part = self._on_screen(key)
            if part is None:
                continue
            self._lit.add(key)
            self._lit_now.add(key)
            if when - LEAD > now + 1e-6:
                self._still(when - LEAD - now)
            flash = Indicate(part, color=C.ACCENT, scale_factor=1.1)
            super().play(flash, *self._refocus((flash,), FLASH), run_time=FLASH)
            now = float(self.time)
        if until > now + 1e-6:
            self._still(until - now)

    def _refocus(self, args: tuple[Any, ...], seconds: float) -> list[Animation]:
        """The lines `args` reveal or point at are being said: earlier lines dim.

        A text not on screen that an animation brings in is revealed; a line an
        ``Indicate`` lights is said again (at full, if it was dimmed). What changes is
        :meth:`scenes.emphasis.Focus.change`'s: play it with `args`, over `seconds`.
        """
        on = {id(m) for m in self.get_mobject_family_members()}
        said: list[Mobject] = []
        pointed: list[Mobject] = []
        own: set[int] = set()
        for arg in args:
            if getattr(arg, "remover", False):
                continue
            mobs = [getattr(arg, "mobject", arg), getattr(arg, "target_mobject", None)]
            for mob in mobs:
                if not isinstance(mob, Mobject):
                    continue
                own |= {id(m) for m in mob.get_family()}
                if not text_only(mob):
                    continue  # texts with a figure belong to it
                for text in line_texts(mob):
                    if not any(id(g) in on for g in text.family_members_with_points()):
                        said.append(text)
            mob = getattr(arg, "mobject", None)
            if isinstance(arg, SIGNALS) and isinstance(mob, Mobject):
                pointed += [line.text for line in self._lines_holding(mob)]  # said again
        return self._change(said, own, seconds, pointed)

    def _lines_holding(self, mob: Mobject) -> list[Line]:
        """The lines shown so far that hold any glyph of `mob`."""
        glyphs = {id(m) for m in mob.get_family()}
        return [ln for ln in self.focus.lines.values() if any(id(g) in glyphs for g in ln.glyphs)]

    def _change(
        self, said: list[Mobject], own: set[int], seconds: float, pointed: Collection[Mobject] = ()
    ) -> list[Animation]:
        """:meth:`scenes.emphasis.Focus.change` with the scene's headings kept at full."""
        if not said and not pointed:
            return []
        heads = [getattr(self, name, None) for name in HEADINGS]
        self.focus.keep = [h for h in heads if isinstance(h, Mobject)]
        return self.focus.change(self.mobjects, said, own, seconds, pointed)

    def _still(self, seconds: float) -> None:
        """Wait `seconds` to the nearest whole frame, a half rounded up.

        manim rounds a wait to whole frames its own way (2.5 frames to 2): this is within
        half a frame of `seconds`, so a reveal is never more than :data:`LEAD` and half a
        frame before its words.
        """
        fps = float(config.frame_rate)
        frames = max(1, math.floor(seconds * fps + 0.5))
        super().play(Wait(run_time=(frames + 0.1) / fps))

    def _on_screen(self, key: str) -> Mobject | None:
        """The visible part on screen that shows sheet value `key` (a live readout: None)."""
        for m in self.mobjects:
            for part in m.get_family():
                if key not in sheet_keys(part):
                    continue
                if isinstance(part, LiveNumber) or part.updaters:
                    return None
                if any(is_visible(p) for p in part.family_members_with_points()):
                    return part
        return None

    def _new_keys(self, args: tuple[Any, ...]) -> set[str]:
        """The sheet keys the animations or mobjects `args` show that were never shown."""
        keys: set[str] = set()
        for arg in args:
            mobs = [getattr(arg, "mobject", arg), getattr(arg, "target_mobject", None)]
            for mob in mobs:
                if not isinstance(mob, Mobject):
                    continue
                for part in mob.get_family():
                    keys |= sheet_keys(part)
        return keys - self._shown.keys()

    def _note_shown(self, when: float) -> None:
        """Note `when` for each sheet number on screen now that was not seen before."""
        for m in self.mobjects:
            for part in m.get_family():
                keys = sheet_keys(part) - self._shown.keys()
                if not keys:
                    continue
                if any(is_visible(p) for p in part.family_members_with_points()):
                    for k in keys:
                        self._shown.setdefault(k, round(when, 4))

    @property
    def reveals(self) -> list[Reveal]:
        """Every number shown so far: when it first showed, when the voice first said it."""
        return [Reveal(k, t, self._heard.get(k)) for k, t in sorted(self._shown.items())]

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
        if short > 0:  # whole frames: never a frame short; numbers lit as they are said
            self.hold_until(float(self.time) + short + 1 / fps)
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
        family = [part for m in self.mobjects for part in m.get_family()]
        snap.plots = [
            box(p) for p in family if isinstance(p, CoordinateSystem) and is_visible(p.x_axis)
        ]
        for m in self.mobjects:  # a marker (a box around an answer) names what it marks
            marks = getattr(m, "marks", None)
            if marks is not None and is_visible(m):
                for part in marks.get_family():
                    snap.marked |= sheet_keys(part)
        snap.inks = inks(self.mobjects, is_text)


def plain_text(text: str, size: float, color: str, font: str = TEXT_FONT) -> Text:
    """``Text(text, font_size=size, color=color, font=font)``, made once per process.

    A copy of the one made (:func:`scenes.memo.made`): a text a scene shows on every run, or
    in every lesson, is shaped by Pango and parsed once. The font is the lesson's type family
    (:data:`scenes.typeface.TEXT_FONT`) unless the caller names another (a code listing's).
    """
    return made(
        ("plain", text, size, color, font),
        lambda: Text(text, font_size=size, color=color, font=font, warn_missing_font=False),
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
