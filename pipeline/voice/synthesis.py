"""The synthetic voice: espeak-ng, offline, with a content-addressed cache of its takes.

:func:`synthesize` runs espeak-ng (voice ``id`` for Indonesian, ``en`` for English, at the
rate that says the lesson's pace, :func:`~pipeline.voice.pace.espeak_rate`) and keeps every
take in :func:`voice_cache`, keyed by engine name, engine version, voice, speed and the exact text
given to espeak-ng (:func:`cache_key`), so the same words are never synthesised twice. Takes
are written aside and moved into place when complete.

Just before the words go to espeak-ng, the language's lexicon (:mod:`pipeline.lexicon`) puts
espeak-ng phoneme input (``[[v'Elju]]``) in place of the terms the voice says wrong. The
cache key takes the text with those phonemes, so changing an entry synthesises again
exactly the takes that hold its term; :func:`engine_inputs` (a clip's input hash) takes the
lexicon's digest. No audio library here: samples are read elsewhere (:mod:`.audio`).
"""

from __future__ import annotations

import functools
import hashlib
import re
import shutil
import subprocess
from pathlib import Path

from mathcore.languages import LANGUAGES
from pipeline.files import replacing
from pipeline.lexicon import lexicon
from pipeline.places import media_root
from pipeline.voice.pace import DEFAULT_PACE, correction, espeak_rate, take_seconds
from pipeline.voice.targets import CEILING_DBTP, RATE, TAIL, TARGET_LUFS

__all__ = [
    "ENGINE",
    "VOICES",
    "VoiceError",
    "cache_key",
    "engine_inputs",
    "engine_label",
    "engine_version",
    "synthesize",
    "voice_cache",
]

ENGINE = "espeak-ng"
# espeak-ng voice per lesson language: the language table's (mathcore.languages)
VOICES = {code: language.voice for code, language in LANGUAGES.items()}
MIN_RATE, MAX_RATE = 80, 450  # espeak-ng's rates (-s), words a minute as it counts them


class VoiceError(Exception):
    """The voice cannot speak: engine missing or failed, or a recording cannot be read."""


@functools.cache
def engine_version() -> str:
    """espeak-ng's version (``1.51``), from ``espeak-ng --version``.

    Raises
    ------
    VoiceError
        When espeak-ng is not installed.
    """
    exe = shutil.which(ENGINE)
    if exe is None:
        raise VoiceError(f"{ENGINE} not found: run `make setup` (Debian package espeak-ng)")
    out = subprocess.run([exe, "--version"], capture_output=True, text=True, check=True).stdout
    m = re.search(r"\d+(?:\.\d+)+\S*", out)
    return m.group() if m else out.strip()


def engine_label(lang: str) -> str:
    """How a cue said by the synthetic voice names it: ``espeak-ng id 1.51``."""
    return f"{ENGINE} {VOICES[lang]} {engine_version()}"


def voice_cache() -> Path:
    """The folder of synthetic takes, by content: ``voice-cache/`` of the media folder.

    Of the lesson the command runs (:func:`pipeline.places.media_root`), asked each time a take
    is made (every ``cache=None`` here and in the voice package): the command names its
    lesson after this module is imported.
    """
    return media_root() / "voice-cache"


def cache_key(text: str, voice: str, wpm: int, version: str) -> str:
    """SHA-256 (hex) of what decides a synthetic take's sound (`wpm`: the pace asked for).

    Examples
    --------
    >>> cache_key("satu", "id", 155, "1.51") == cache_key("satu", "id", 155, "1.51")
    True
    >>> cache_key("satu", "id", 155, "1.51") == cache_key("satu", "id", 160, "1.51")
    False
    """
    h = hashlib.sha256()
    for part in (ENGINE, version, voice, str(wpm), text):
        h.update(part.encode("utf-8") + b"\0")
    return h.hexdigest()


def synthesize(
    text: str,
    lang: str,
    voice: str | None = None,
    *,
    cache: Path | None = None,
    pace: int = DEFAULT_PACE,
) -> Path:
    """A WAV of espeak-ng speaking `text`, made once and then taken from the cache.

    Parameters
    ----------
    text : str
        The words to say (numbers and notation already in words, see
        :mod:`mathcore.spoken`).
    lang : {"id", "en"}
        The language; it picks the voice unless `voice` is given.
    voice : str, optional
        An espeak-ng voice name (default :data:`VOICES` ``[lang]``). The language's
        pronunciation lexicon applies when this is the language's voice (its phonemes are
        written for that voice), not to another voice.
    cache : Path, optional
        Folder of cached takes (``<2 hex>/<sha256>.wav``); default :func:`voice_cache`.
    pace : int
        The pace in words a minute: espeak-ng is given the rate that says it
        (:func:`~pipeline.voice.pace.espeak_rate`), and a take off the pace is made again at
        a corrected rate (:func:`~pipeline.voice.pace.correction`).

    Returns
    -------
    Path
        The cached WAV (espeak-ng's own rate, mono, 16 bits).

    Raises
    ------
    VoiceError
        When espeak-ng is missing or fails.
    """
    if voice is None:
        if lang not in VOICES:
            raise VoiceError(f"no voice for language {lang!r}; have {', '.join(VOICES)}")
        voice = VOICES[lang]
    version = engine_version()
    words = text
    if voice == VOICES.get(lang):
        text = lexicon(lang).apply(text)
    key = cache_key(text, voice, pace, version)
    target = (voice_cache() if cache is None else cache) / key[:2] / f"{key}.wav"
    if target.is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with replacing(target) as tmp:
        rate = espeak_rate(lang, pace)
        for _ in range(3):  # the first rate, then corrected while the take is off the pace
            cmd = [ENGINE, "-v", voice, "-s", str(rate), "-b", "1", "-w", str(tmp), "--stdin"]
            r = subprocess.run(cmd, input=text.encode("utf-8"), capture_output=True, check=False)
            if r.returncode != 0 or not tmp.is_file() or tmp.stat().st_size <= 44:
                err = r.stderr.decode("utf-8", "replace").strip() or f"exit status {r.returncode}"
                raise VoiceError(f"{ENGINE} -v {voice} failed: {err}")
            factor = correction(words, pace, take_seconds(tmp))
            if factor is None:
                break
            rate = min(MAX_RATE, max(MIN_RATE, round(rate * factor)))
    return target


def engine_inputs(lang: str, pace: int = DEFAULT_PACE) -> dict[str, str]:
    """What a synthetic take's sound depends on, for a clip's input hash.

    Parameters
    ----------
    lang : {"id", "en"}
        The language.
    pace : int
        The lesson's pace in words a minute.

    Returns
    -------
    dict of str to str
        Engine, its version, voice and pace (words a minute), the digest of the
        language's pronunciation lexicon (:mod:`pipeline.lexicon`), the loudness targets,
        the sample rate and the quiet kept at a take's end
        (:data:`~pipeline.voice.targets.TAIL`). The words are not here: they follow from the
        lesson keys and sources a clip's hash has.
    """
    return {
        "voice": "espeak",
        "engine": ENGINE,
        "version": engine_version(),
        "engine_voice": VOICES[lang],
        "wpm": str(pace),
        "lexicon": lexicon(lang).digest,
        "rate": str(RATE),
        "loudness": f"{TARGET_LUFS} LUFS, {CEILING_DBTP} dBTP",
        "tail": f"{TAIL} s",
    }
