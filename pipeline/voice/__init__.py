"""Narration audio: the synthetic voice, recorded takes, loudness, and a scene's narrator.

No manim here: these are the pure building blocks a render uses to speak its captions, one
concern a module:

:mod:`.synthesis`
    The synthetic voice (espeak-ng, offline) and its content-addressed cache of takes; the
    pronunciation lexicon (:mod:`pipeline.lexicon`) applied on the way in.
:mod:`.audio`
    Decode any audio file, write WAV, place takes on a track.
:mod:`.loudness`
    Integrated loudness (ITU-R BS.1770), true peak, normalisation and a look-ahead limiter.
:mod:`.recordings`
    Recorded takes: where they live, which words they hold (fresh or stale), whether they
    are fit to play (:mod:`pipeline.takecheck`), cue ids.
:mod:`.narrator`
    The narrators behind the voice interface a scene speaks through
    (:class:`lesson.voice.Voice`): the synthetic voice, recordings (the synthetic voice
    where a take is missing, stale or rejected) and silence, named by ``--voice``
    (:data:`NARRATORS`, :func:`narrator_for`); a clip's narration track.
:mod:`.targets`
    Sample rate, loudness target, true-peak ceiling, pause.

Every name below is importable from here (``from pipeline.voice import narrator_for``). The
modules load when a name is first used, so reading a clip's voice inputs
(:meth:`Narrator.inputs`) loads neither scipy nor the loudness meter.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from pipeline.settings import VOICE_OPTIONS

if TYPE_CHECKING:
    from pipeline.manifest import SpokenCue as SpokenCue
    from pipeline.voice.audio import AnySamples as AnySamples
    from pipeline.voice.audio import Samples as Samples
    from pipeline.voice.audio import decode as decode
    from pipeline.voice.audio import place as place
    from pipeline.voice.audio import read_audio as read_audio
    from pipeline.voice.audio import write_track as write_track
    from pipeline.voice.audio import write_wav as write_wav
    from pipeline.voice.loudness import make_up as make_up
    from pipeline.voice.loudness import measure as measure
    from pipeline.voice.loudness import normalize as normalize
    from pipeline.voice.loudness import true_peak as true_peak
    from pipeline.voice.narrator import NARRATORS as NARRATORS
    from pipeline.voice.narrator import EngineNarrator as EngineNarrator
    from pipeline.voice.narrator import Narrator as Narrator
    from pipeline.voice.narrator import RecordedNarrator as RecordedNarrator
    from pipeline.voice.narrator import SilentNarrator as SilentNarrator
    from pipeline.voice.narrator import leveled_take as leveled_take
    from pipeline.voice.narrator import narrator_for as narrator_for
    from pipeline.voice.narrator import take as take
    from pipeline.voice.narrator import voice_inputs as voice_inputs
    from pipeline.voice.recordings import AUDIO_EXTS as AUDIO_EXTS
    from pipeline.voice.recordings import HASH_LEN as HASH_LEN
    from pipeline.voice.recordings import RECORDINGS as RECORDINGS
    from pipeline.voice.recordings import Recording as Recording
    from pipeline.voice.recordings import RecordingCheck as RecordingCheck
    from pipeline.voice.recordings import Rejected as Rejected
    from pipeline.voice.recordings import check_recordings as check_recordings
    from pipeline.voice.recordings import cue_ids as cue_ids
    from pipeline.voice.recordings import file_digest as file_digest
    from pipeline.voice.recordings import inspect_recording as inspect_recording
    from pipeline.voice.recordings import recording_dir as recording_dir
    from pipeline.voice.recordings import recordings_inputs as recordings_inputs
    from pipeline.voice.recordings import recordings_root as recordings_root
    from pipeline.voice.recordings import text_hash as text_hash
    from pipeline.voice.synthesis import CACHE as CACHE
    from pipeline.voice.synthesis import ENGINE as ENGINE
    from pipeline.voice.synthesis import VOICES as VOICES
    from pipeline.voice.synthesis import WPM as WPM
    from pipeline.voice.synthesis import VoiceError as VoiceError
    from pipeline.voice.synthesis import engine_inputs as engine_inputs
    from pipeline.voice.synthesis import engine_label as engine_label
    from pipeline.voice.synthesis import engine_version as engine_version
    from pipeline.voice.synthesis import synthesize as synthesize
    from pipeline.voice.targets import CEILING_DBTP as CEILING_DBTP
    from pipeline.voice.targets import ENCODER_HEADROOM as ENCODER_HEADROOM
    from pipeline.voice.targets import PAUSE as PAUSE
    from pipeline.voice.targets import RATE as RATE
    from pipeline.voice.targets import TARGET_LUFS as TARGET_LUFS

# public name -> the module that defines it (loaded on first use)
_HOMES: dict[str, str] = {
    "SpokenCue": "pipeline.manifest",
    **dict.fromkeys(
        ["AnySamples", "Samples", "decode", "place", "read_audio", "write_track", "write_wav"],
        "pipeline.voice.audio",
    ),
    **dict.fromkeys(["make_up", "measure", "normalize", "true_peak"], "pipeline.voice.loudness"),
    **dict.fromkeys(
        [
            "NARRATORS",
            "EngineNarrator",
            "Narrator",
            "RecordedNarrator",
            "SilentNarrator",
            "leveled_take",
            "narrator_for",
            "take",
            "voice_inputs",
        ],
        "pipeline.voice.narrator",
    ),
    **dict.fromkeys(
        [
            "AUDIO_EXTS",
            "HASH_LEN",
            "RECORDINGS",
            "Recording",
            "RecordingCheck",
            "Rejected",
            "check_recordings",
            "cue_ids",
            "file_digest",
            "inspect_recording",
            "recording_dir",
            "recordings_inputs",
            "recordings_root",
            "text_hash",
        ],
        "pipeline.voice.recordings",
    ),
    **dict.fromkeys(
        [
            "CACHE",
            "ENGINE",
            "VOICES",
            "WPM",
            "VoiceError",
            "engine_inputs",
            "engine_label",
            "engine_version",
            "synthesize",
        ],
        "pipeline.voice.synthesis",
    ),
    **dict.fromkeys(
        ["CEILING_DBTP", "ENCODER_HEADROOM", "PAUSE", "RATE", "TARGET_LUFS"],
        "pipeline.voice.targets",
    ),
}

VOICE_CHOICES = VOICE_OPTIONS  # --voice: the synthetic voice, or silent renders

__all__ = sorted([*_HOMES, "VOICE_CHOICES"])


def __getattr__(name: str) -> Any:
    """A public name of a submodule, loaded when first asked for (PEP 562)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])
