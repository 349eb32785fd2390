"""A scene's narrator: what the render says, cue by cue, and the clip's narration track.

Three narrators implement the voice a scene speaks through (:class:`lesson.voice.Voice`):

- :class:`EngineNarrator`: a synthetic voice (an engine of :mod:`.engines`: espeak-ng,
  Piper, or one an author adds) says every cue;
- :class:`RecordedNarrator`: a fresh recorded take fit to play says its cue
  (:mod:`.recordings`), the engine the others (no take, stale or rejected);
- :class:`SilentNarrator`: nobody speaks (every take is 0 s) and the clip is silent.

:func:`narrator_for` builds the one the ``--voice`` setting names (an engine of
:data:`~pipeline.voice.engines.ENGINES`, or ``none``; validated once by
:class:`~pipeline.settings.RenderSettings`). A narrator's :meth:`~Narrator.inputs` are what
its clip's audio depends on, for the input hash: reading them loads no audio library.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.manifest import SpokenCue
from pipeline.voice.engines import SILENT, Engine, engine_named
from pipeline.voice.pace import DEFAULT_PACE
from pipeline.voice.recordings import (
    RecordingCheck,
    check_recordings,
    cue_ids,
    file_digest,
    recordings_inputs,
)
from pipeline.voice.synthesis import VoiceError, voice_cache
from pipeline.voice.targets import CEILING_DBTP, ENCODER_HEADROOM, PAUSE, RATE, TAIL, TARGET_LUFS

if TYPE_CHECKING:  # numpy and PyAV load with the first take, not with the hash's inputs
    from pipeline.voice.samples import Samples

__all__ = [
    "EngineNarrator",
    "Narrator",
    "RecordedNarrator",
    "SilentNarrator",
    "beat",
    "follow",
    "leveled_take",
    "narrator_for",
    "take",
    "voice_inputs",
]


def take(
    words: str,
    lang: str,
    recording: Path | None = None,
    *,
    cache: Path | None = None,
    engine: str | Engine = "espeak",
    pace: int = DEFAULT_PACE,
) -> Samples:
    """A cue's narration at :data:`RATE`: the recording if given, else the synthetic voice.

    Parameters
    ----------
    words : str
        What the cue says (spoken words).
    lang : {"id", "en"}
        The language.
    recording : Path, optional
        A fresh recording of the cue (:func:`~pipeline.voice.recordings.check_recordings`).
    cache : Path, optional
        The synthetic takes' cache (default :func:`~pipeline.voice.synthesis.voice_cache`).
    engine : str or Engine
        The synthetic voice (a name of :data:`~pipeline.voice.engines.ENGINES`).
    pace : int
        Its pace in words a minute (:mod:`.pace`).

    Returns
    -------
    numpy.ndarray
        Mono float32 samples.
    """
    from pipeline.voice.audio import read_audio

    if recording is not None:
        return read_audio(recording)
    take = engine_named(engine).synthesize(words, lang, cache=cache or voice_cache(), pace=pace)
    return read_audio(take)


def leveled_take(
    words: str,
    lang: str,
    recording: Path | None = None,
    *,
    cache: Path | None = None,
    engine: str | Engine = "espeak",
    pace: int = DEFAULT_PACE,
) -> Samples:
    """A cue's take (:func:`take`) normalised to :data:`TARGET_LUFS`, peaks under the ceiling.

    The true peak is held :data:`ENCODER_HEADROOM` dB under :data:`CEILING_DBTP`. A
    synthetic take is levelled once and kept in the cache beside it, ending :data:`TAIL`
    seconds after its last sound (espeak-ng ends every take on 0.37 s of digital silence,
    which the cue's pause already gives); a recording is levelled each time it is used.
    """
    from pipeline.voice.audio import end_at_sound, read_audio, write_wav
    from pipeline.voice.loudness import normalize  # scipy: only when a take is made

    ceiling = CEILING_DBTP - ENCODER_HEADROOM
    if recording is not None:
        return normalize(take(words, lang, recording, cache=cache), RATE, ceiling=ceiling)
    raw = engine_named(engine).synthesize(words, lang, cache=cache or voice_cache(), pace=pace)
    leveled = raw.with_name(f"{raw.stem}.{TARGET_LUFS:g}LUFS{ceiling:g}dBTP{TAIL:g}s.wav")
    if not leveled.is_file():
        write_wav(leveled, end_at_sound(normalize(read_audio(raw), RATE, ceiling=ceiling), TAIL))
    return read_audio(leveled)


def beat(
    words: str,
    lang: str,
    *,
    cache: Path | None = None,
    engine: str | Engine = "espeak",
    pace: int = DEFAULT_PACE,
) -> float:
    """Seconds from the start of a synthetic take to the end of `words`' speech.

    The take of a cue that begins with `words` says them in about the time the take of
    `words` alone does (the same voice, the same speed): the end of the latter's speech is
    when the cue's next word begins. Sentence-final lengthening makes it a little late, never
    early, which is the side a reveal may err on.

    Parameters
    ----------
    words : str
        The spoken words up to the beat.
    lang : {"id", "en"}
        The language.
    cache : Path, optional
        The synthetic takes' cache, where the take of `words` is kept (default
        :func:`~pipeline.voice.synthesis.voice_cache`).
    engine : str or Engine
        The synthetic voice (a name of :data:`~pipeline.voice.engines.ENGINES`).

    Returns
    -------
    float
        Seconds (0 when `words` make no sound).
    """
    from pipeline.takecheck import speech_span
    from pipeline.voice.audio import read_audio

    take = engine_named(engine).synthesize(words, lang, cache=cache or voice_cache(), pace=pace)
    span = speech_span(read_audio(take), RATE)
    return 0.0 if span is None else span[1]


def follow(t: float, synthetic: Samples, recorded: Samples) -> float:
    """The time in a recorded take that time `t` of the cue's synthetic take stands for.

    The speech of each take (:func:`~pipeline.takecheck.speech_span`) is matched end to
    end: a point a third of the way through the synthetic speech is a third of the way
    through the recorded speech.

    Parameters
    ----------
    t : float
        Seconds into the synthetic take.
    synthetic, recorded : numpy.ndarray
        The two takes of the cue, at :data:`RATE`.

    Returns
    -------
    float
        Seconds into the recorded take.

    Examples
    --------
    >>> import numpy as np
    >>> synthetic = np.r_[np.zeros(RATE), 0.5 * np.ones(2 * RATE)]  # speech from 1 s to 3 s
    >>> recorded = np.r_[np.zeros(RATE // 2), 0.5 * np.ones(4 * RATE)]  # 0.5 s to 4.5 s
    >>> follow(2.0, synthetic, recorded)
    2.5
    """
    from pipeline.takecheck import speech_span

    a, b = speech_span(synthetic, RATE), speech_span(recorded, RATE)
    if a is None or b is None or a[1] <= a[0]:
        return t
    share = min(1.0, max(0.0, (t - a[0]) / (a[1] - a[0])))
    return round(b[0] + share * (b[1] - b[0]), 3)


class Narrator(ABC):
    """Speaks a scene's captions while it renders, and makes its narration track.

    A scene calls :meth:`speak` for each caption it says (at the caption's start); the
    narrator finds the cue's take (:meth:`take`) and returns its length, so the scene can
    hold the step until the words are said. It keeps what each cue said (:attr:`cues`) for
    the manifest, and the takes for :meth:`track`.

    Parameters
    ----------
    lang : {"id", "en"}
        The language.
    folder : Path, optional
        The scene's recordings folder
        (:func:`~pipeline.voice.recordings.recording_dir`); only a narrator that plays
        recordings reads it.
    cache : Path, optional
        The synthetic takes' cache (default :func:`~pipeline.voice.synthesis.voice_cache`).

    Attributes
    ----------
    pause : float
        Seconds of quiet after a caption's narration before the next may start.
    seconds : float
        Time spent finding, making and reading takes.
    cues : list of SpokenCue
        Every cue said so far, in order.
    """

    def __init__(
        self,
        lang: str,
        folder: Path | None = None,
        *,
        cache: Path | None = None,
        pace: int = DEFAULT_PACE,
    ) -> None:
        self.lang, self.folder, self.cache, self.pace = lang, folder, cache, pace
        self.pause = PAUSE
        self.seconds = 0.0
        self.cues: list[SpokenCue] = []
        self._keys: list[str] = []
        self._takes: list[Samples] = []

    @property
    def silent(self) -> bool:
        """True when nobody speaks (the clip gets no narration track)."""
        return False

    @abstractmethod
    def take(self, cue: str, words: str) -> tuple[Samples, str]:
        """The levelled take of cue `cue` saying `words`, and what says it (the manifest's voice).

        Parameters
        ----------
        cue : str
            The cue id (:func:`~pipeline.voice.recordings.cue_ids`).
        words : str
            The spoken words.

        Returns
        -------
        tuple
            Mono float32 samples at :data:`RATE`, and a label (``espeak-ng id 1.51``,
            ``recording pd_sub_dot.wav``).
        """

    @abstractmethod
    def inputs(self) -> dict[str, str]:
        """What the clip's narration depends on beyond its words, for its input hash."""

    @abstractmethod
    def at(self, words: str) -> float:
        """When, in the last cue's take, the words after `words` begin (see ``Voice.at``)."""

    def speak(self, key: str, words: str, start: float) -> float:
        """Say catalogue text `key` (spoken `words`) from `start` seconds; its length in seconds."""
        t0 = time.perf_counter()
        self._keys.append(key)
        cue = cue_ids(self._keys)[-1]
        samples, source = self.take(cue, words)
        duration = len(samples) / RATE
        self.cues.append(SpokenCue(cue, key, words, start, duration, source))
        self._takes.append(samples)
        self.seconds += time.perf_counter() - t0
        return duration

    def check(self) -> RecordingCheck:
        """The recordings folder against every cue said so far (used, stale, rejected, unused)."""
        return RecordingCheck()

    def track(self, duration: float) -> Samples:
        """The narration of `duration` seconds: every take at its start, at the target loudness.

        Each take is already levelled on its own (:func:`leveled_take`: the target
        loudness, its true peak :data:`ENCODER_HEADROOM` below the ceiling, so the lossy
        encoders' overshoot stays under it); the track is then measured as a whole and
        brought to the target within what that headroom allows
        (:func:`~pipeline.voice.loudness.make_up`). A take running past the end is cut there
        (a scene holds each step until its words are said, so this does not happen in a
        lesson scene).
        """
        from pipeline.voice.audio import place
        from pipeline.voice.loudness import make_up  # scipy: only when a track is made

        n = round(duration * RATE)
        placed = []
        for cue, samples in zip(self.cues, self._takes, strict=True):
            start = min(round(cue.start * RATE), n)
            placed.append((start / RATE, samples[: n - start]))
        return make_up(place(placed, duration))


class EngineNarrator(Narrator):
    """A synthetic voice says every cue (cached); recordings are not looked at.

    Parameters
    ----------
    lang, folder, cache, pace
        As :class:`Narrator`.
    engine : str or Engine
        The engine (a name of :data:`~pipeline.voice.engines.ENGINES`; default espeak-ng).

    Raises
    ------
    VoiceError
        When the engine does not speak `lang` (:meth:`~pipeline.voice.engines.Engine.refusal`).
    """

    def __init__(
        self,
        lang: str,
        folder: Path | None = None,
        *,
        cache: Path | None = None,
        pace: int = DEFAULT_PACE,
        engine: str | Engine = "espeak",
    ) -> None:
        self.engine = engine_named(engine)
        problem = self.engine.refusal(lang)
        if problem is not None:
            raise VoiceError(problem)
        super().__init__(lang, folder, cache=cache, pace=pace)

    def take(self, cue: str, words: str) -> tuple[Samples, str]:
        """The synthetic take of `words`, levelled (:func:`leveled_take`)."""
        samples = leveled_take(
            words, self.lang, cache=self.cache, engine=self.engine, pace=self.pace
        )
        return samples, self.engine.label(self.lang)

    def inputs(self) -> dict[str, str]:
        """What the engine's takes depend on: its version, voice, pace, loudness targets."""
        return self.engine.inputs(self.lang, self.pace)

    def at(self, words: str) -> float:
        """When, in the last cue's take, the words after `words` begin.

        The synthetic voice says `words` alone (a take of its own, cached like every take):
        where that take's speech ends is where the rest of the cue begins in the whole take
        (:func:`beat`).
        """
        if not self.cues or not words.strip():
            return 0.0
        t = beat(words, self.lang, cache=self.cache, engine=self.engine, pace=self.pace)
        return min(t, self.cues[-1].duration)


class RecordedNarrator(EngineNarrator):
    """A fresh recorded take fit to play says its cue; the synthetic voice says the others.

    Without a folder it is the synthetic voice alone (as :class:`EngineNarrator`).
    """

    # the synthetic take of the cue said last (its number), which its beats are mapped from
    _synthetic_of: tuple[int, Samples | None] = (0, None)

    def take(self, cue: str, words: str) -> tuple[Samples, str]:
        """The cue's fresh recording if one is fit to play, else the synthetic take."""
        if self.folder is not None:
            found = check_recordings(self.folder, {cue: words}, lang=self.lang, cache=self.cache)
            recording = found.used.get(cue)
            if recording is not None:
                samples = leveled_take(words, self.lang, recording, cache=self.cache)
                return samples, f"recording {recording.name}"
        return super().take(cue, words)

    def at(self, words: str) -> float:
        """When the words after `words` begin; in a recorded take, where the author says them.

        The synthetic take's beat (:meth:`EngineNarrator.at`) mapped onto the recording
        (:func:`follow`), so the beats follow the author's own pace; the cue's synthetic take
        is read once for all its beats.
        """
        t = super().at(words)
        cue = self.cues[-1] if self.cues else None
        if cue is None or t == 0 or not cue.voice.startswith("recording "):
            return t
        index, synthetic = self._synthetic_of
        if synthetic is None or index != len(self.cues):
            synthetic = leveled_take(
                cue.words, self.lang, cache=self.cache, engine=self.engine, pace=self.pace
            )
            self._synthetic_of = (len(self.cues), synthetic)
        return min(follow(t, synthetic, self._takes[-1]), cue.duration)

    def check(self) -> RecordingCheck:
        """The recordings folder against every cue said so far (used, stale, rejected, unused)."""
        if self.folder is None:
            return RecordingCheck()
        cues = {c.cue: c.words for c in self.cues}
        return check_recordings(self.folder, cues, lang=self.lang, cache=self.cache)

    def inputs(self) -> dict[str, str]:
        """The engine's inputs and the digest of every file in the recordings folder."""
        inputs = super().inputs()
        if self.folder is not None:
            inputs.update(recordings_inputs(self.folder))
        return inputs


class SilentNarrator(Narrator):
    """Nobody speaks: every take is 0 s, no cue is kept and the clip is silent."""

    @property
    def silent(self) -> bool:
        """Always True."""
        return True

    def take(self, cue: str, words: str) -> tuple[Samples, str]:
        """Nothing: an empty take."""
        import numpy as np

        return np.zeros(0, np.float32), "none"

    def speak(self, key: str, words: str, start: float) -> float:
        """Say nothing: 0 s, and no cue is kept."""
        return 0.0

    def at(self, words: str) -> float:
        """Nothing is said: 0 s (the scene times its beats by reading)."""
        return 0.0

    def inputs(self) -> dict[str, str]:
        """Only that the clip is silent."""
        return {"voice": "none"}


def narrator_for(
    voice: str,
    lang: str,
    folder: Path | None = None,
    *,
    cache: Path | None = None,
    pace: int = DEFAULT_PACE,
) -> Narrator:
    """The narrator of the ``--voice`` setting `voice`: an engine with recordings, or silence.

    Parameters
    ----------
    voice : str
        The ``--voice`` setting: a name of :data:`~pipeline.voice.engines.ENGINES` (its
        :class:`RecordedNarrator`) or ``none`` (:class:`SilentNarrator`).
    lang : {"id", "en"}
        The language.
    folder : Path, optional
        The scene's recordings folder (:func:`~pipeline.voice.recordings.recording_dir`);
        without it, ``espeak`` is the synthetic voice alone.
    cache : Path, optional
        The synthetic takes' cache (default :func:`~pipeline.voice.synthesis.voice_cache`).
    pace : int
        The synthetic voice's pace in words a minute (the lesson's ``words_per_minute``).

    Returns
    -------
    Narrator
        A fresh narrator; its :meth:`~Narrator.inputs` are the clip's voice inputs.

    Raises
    ------
    VoiceError
        For an unknown voice, or an engine that does not speak `lang`.

    Examples
    --------
    >>> narrator_for("none", "id").inputs()
    {'voice': 'none'}
    """
    if voice == SILENT:
        return SilentNarrator(lang, folder, cache=cache, pace=pace)
    return RecordedNarrator(lang, folder, cache=cache, pace=pace, engine=engine_named(voice))


def voice_inputs(
    voice: str, lang: str, used: Mapping[str, Path] | None = None, pace: int = DEFAULT_PACE
) -> dict[str, str]:
    """What a clip's narration depends on, for its input hash (without its recordings folder).

    Parameters
    ----------
    voice : str
        The ``--voice`` setting (:func:`narrator_for`).
    lang : {"id", "en"}
        The language.
    used : mapping of str to Path, optional
        Cue id -> recording used (:attr:`~pipeline.voice.recordings.RecordingCheck.used`).
    pace : int
        The lesson's pace in words a minute.

    Returns
    -------
    dict of str to str
        The narrator's inputs (:meth:`Narrator.inputs` with no recordings folder) and
        ``recording:<cue-id>`` -> SHA-256 of each used recording's bytes.
    """
    narrator = narrator_for(voice, lang, pace=pace)
    inputs = narrator.inputs()
    if not narrator.silent:
        for cue, path in sorted((used or {}).items()):
            inputs[f"recording:{cue}"] = file_digest(path)
    return inputs
