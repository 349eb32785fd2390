"""The synthetic voices, one class each, registered in one place.

A voice engine (:class:`Engine`) makes the take of a cue's words (:meth:`Engine.synthesize`),
names itself for the manifest (:meth:`Engine.label`), says what its takes depend on for a
clip's input hash (:meth:`Engine.inputs`) and which languages it speaks
(:attr:`Engine.languages`). :data:`ENGINES` holds every engine by its ``--voice`` name, in
the order ``--voice`` offers them: espeak-ng (:class:`Espeak`, every language of
:data:`mathcore.languages.LANGUAGES`) and Piper (:class:`Piper`, English). The render
settings, the command line (``--voice`` choices and help) and the narrators
(:func:`pipeline.voice.narrator.narrator_for`) read it; ``none`` (:data:`SILENT`) is the
silent render, no engine. ``docs/narration.md`` ("Adding a voice") shows a new engine
plugged in.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from pathlib import Path
from typing import ClassVar

from mathcore.languages import LANGUAGES
from pipeline.voice.pace import DEFAULT_PACE
from pipeline.voice.synthesis import VoiceError

__all__ = [
    "ENGINES",
    "SILENT",
    "Engine",
    "Espeak",
    "Piper",
    "engine_named",
    "register",
    "voice_help",
    "voice_options",
    "voice_problem",
]

SILENT = "none"  # the --voice of a silent render: no engine speaks


class Engine(ABC):
    """A synthetic voice: makes a cue's take from its words, offline, cached by content.

    Attributes
    ----------
    name : str
        The ``--voice`` name (letters, digits and ``-``; not ``none``).
    about : str
        What ``--voice`` help says of it (``a neural English voice``).
    languages : tuple of str, optional
        The codes of the languages it speaks; None (the default) for every language of
        :data:`~mathcore.languages.LANGUAGES`.
    why_not : str
        Added to the one-line refusal of another language (what to do instead); ``{lang}``
        in it is the language refused.
    """

    name: ClassVar[str]
    about: ClassVar[str]
    languages: ClassVar[tuple[str, ...] | None] = None
    why_not: ClassVar[str] = "use --voice espeak, or record the lesson"

    def speaks(self, lang: str) -> bool:
        """True when the engine can say a lesson in `lang`."""
        return lang in (LANGUAGES if self.languages is None else self.languages)

    def refusal(self, lang: str) -> str | None:
        """Why ``--voice <name>`` cannot narrate a lesson in `lang`, in one line; None if it can.

        Examples
        --------
        >>> ENGINES["piper"].refusal("id")[:36]
        '--voice piper speaks English only: n'
        >>> ENGINES["espeak"].refusal("id") is None
        True
        """
        if self.speaks(lang):
            return None
        spoken = [LANGUAGES[c].name if c in LANGUAGES else c for c in self.languages or ()]
        said = " and ".join(spoken) or "no language of the lesson"
        return f"--voice {self.name} speaks {said} only: {self.why_not.format(lang=lang)}"

    @abstractmethod
    def synthesize(self, words: str, lang: str, *, cache: Path, pace: int = DEFAULT_PACE) -> Path:
        """The take of `words` in `lang` at `pace`: an audio file, made once, then cached.

        Parameters
        ----------
        words : str
            What the cue says (numbers and notation already in words, :mod:`mathcore.spoken`).
        lang : str
            The language (one the engine :meth:`speaks`).
        cache : Path
            The folder of synthetic takes; the engine keys each take by everything that
            decides its sound (its version, voice, `pace`, `words`), so the same words are
            never synthesised twice.
        pace : int
            Words a minute (:mod:`pipeline.voice.pace`).

        Returns
        -------
        Path
            A WAV file (any rate, mono) inside `cache`.

        Raises
        ------
        VoiceError
            When the engine is missing or says nothing.
        """

    @abstractmethod
    def label(self, lang: str) -> str:
        """How the manifest names this voice for a cue in `lang` (``espeak-ng id 1.51``)."""

    @abstractmethod
    def inputs(self, lang: str, pace: int = DEFAULT_PACE) -> dict[str, str]:
        """What the engine's takes in `lang` depend on besides their words, for a clip's hash.

        Returns
        -------
        dict of str to str
            Name -> value; ``voice`` is the engine's name. A new engine version, voice or
            setting must change a value, so every clip it narrates renders again.
        """


class Espeak(Engine):
    """espeak-ng (:mod:`.synthesis`): every language, in its voice of the language table."""

    name = "espeak"
    about = "espeak-ng in every language"

    def synthesize(self, words: str, lang: str, *, cache: Path, pace: int = DEFAULT_PACE) -> Path:
        """espeak-ng's take (:func:`~pipeline.voice.synthesis.synthesize`)."""
        from pipeline.voice.synthesis import synthesize

        return synthesize(words, lang, cache=cache, pace=pace)

    def label(self, lang: str) -> str:
        """``espeak-ng <voice> <version>``."""
        from pipeline.voice.synthesis import engine_label

        return engine_label(lang)

    def inputs(self, lang: str, pace: int = DEFAULT_PACE) -> dict[str, str]:
        """Version, voice, pace, lexicon digest, targets (:func:`.synthesis.engine_inputs`)."""
        from pipeline.voice.synthesis import engine_inputs

        return engine_inputs(lang, pace)


class Piper(Engine):
    """Piper's neural English voice (:mod:`.neural`), offline: its weights ship in a package."""

    name = "piper"
    about = "a neural English voice"
    languages = ("en",)
    why_not = (
        "no offline neural voice for {lang!r} ships in a package (such voices download "
        "their weights at run time); use --voice espeak, or record the lesson"
    )

    def synthesize(self, words: str, lang: str, *, cache: Path, pace: int = DEFAULT_PACE) -> Path:
        """Piper's take (:func:`~pipeline.voice.neural.synthesize_neural`)."""
        from pipeline.voice.neural import synthesize_neural

        return synthesize_neural(words, cache=cache, pace=pace)

    def label(self, lang: str) -> str:
        """``piper en_US-joe-medium (<versions>)``."""
        from pipeline.voice.neural import neural_label

        return neural_label()

    def inputs(self, lang: str, pace: int = DEFAULT_PACE) -> dict[str, str]:
        """Engine and voice package versions, model, pace, targets (:func:`.neural_inputs`)."""
        from pipeline.voice.neural import neural_inputs

        return neural_inputs(pace)


# --voice name -> engine, in the order --voice offers them (the first is the default)
ENGINES: dict[str, Engine] = {}


def register(new: Engine) -> Engine:
    """Add `new` to :data:`ENGINES` under its name (``--voice <name>``); returns it.

    Raises
    ------
    ValueError
        When the name is taken (or is ``none``).
    """
    if new.name in ENGINES or new.name == SILENT:
        raise ValueError(f"a voice named {new.name!r} exists already")
    ENGINES[new.name] = new
    return new


register(Espeak())
register(Piper())


def engine_named(name: str | Engine) -> Engine:
    """The engine named `name` (an engine is returned as it is).

    Raises
    ------
    VoiceError
        For a name no engine has.
    """
    if isinstance(name, Engine):
        return name
    if name not in ENGINES:
        raise VoiceError(f"unknown voice {name!r}; have {', '.join(voice_options())}")
    return ENGINES[name]


def voice_options() -> tuple[str, ...]:
    """The ``--voice`` names: every engine, in order, then ``none``.

    Examples
    --------
    >>> voice_options()
    ('espeak', 'piper', 'none')
    """
    return (*ENGINES, SILENT)


def voice_help() -> str:
    """``--voice``'s help: who speaks the captions, each engine as it describes itself."""
    said = [f"{e.name}, {e.about}" for e in ENGINES.values()]
    said[0] += " (default)"
    said.append(f"{SILENT}, silent")
    return f"who speaks the captions (recorded takes where fresh): {'; '.join(said)}"


def voice_problem(voice: str, lang: str) -> str | None:
    """Why `voice` cannot narrate a lesson in `lang`, in one line; None when it can.

    Examples
    --------
    >>> voice_problem("piper", "en") is None, voice_problem("espeak", "id") is None
    (True, True)
    >>> voice_problem("piper", "id")[:40]
    '--voice piper speaks English only: no of'
    >>> voice_problem("none", "id") is None
    True
    """
    if voice == SILENT or voice not in ENGINES:
        return None  # the settings refuse an unknown name themselves
    return ENGINES[voice].refusal(lang)
