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

Import each name from the module that defines it (``from pipeline.voice.narrator import
narrator_for``). Only :mod:`.loudness` loads scipy (through pyloudnorm), so reading a clip's
voice inputs (:meth:`.narrator.Narrator.inputs`) loads neither scipy nor the loudness meter.
"""
