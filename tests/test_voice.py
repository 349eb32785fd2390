"""Narration audio building blocks: the synthetic voice, recordings, loudness, the track.

Fast tier: espeak-ng is a real, fast program (installed by ``make setup``), run offline;
nothing here imports manim.
"""

from __future__ import annotations

import math
import re
import subprocess
import wave
from pathlib import Path

import av
import numpy as np
import pytest

from pipeline.lexicon import Lexicon, LexiconError, lexicon, read_lexicon
from pipeline.lexicon import apply as apply_lexicon
from pipeline.takecheck import speech_seconds
from pipeline.voice import synthesis
from pipeline.voice.audio import end_at_sound, place, read_audio, write_track, write_wav
from pipeline.voice.loudness import measure, normalize, true_peak
from pipeline.voice.narrator import narrator_for, take, voice_inputs
from pipeline.voice.recordings import check_recordings, cue_ids, recording_dir, text_hash
from pipeline.voice.synthesis import VOICES, VoiceError, engine_version, synthesize
from pipeline.voice.targets import CEILING_DBTP, RATE, TAIL, TARGET_LUFS

ID_WORDS = "Hasil kali titik q titik k sama dengan empat, kira-kira satu koma tujuh sembilan."
EN_WORDS = "The dot product q dot k equals four, approximately one point seven nine."


def rms(x: np.ndarray) -> float:
    return float(np.sqrt(np.mean(np.square(x, dtype=np.float64))))


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Every espeak-ng synthesis the voice module starts (``--version`` is not counted)."""
    calls: list[list[str]] = []
    real = subprocess.run

    def counting(cmd, *args, **kwargs):
        if "--version" not in cmd:
            calls.append(list(cmd))
        return real(cmd, *args, **kwargs)

    monkeypatch.setattr(synthesis.subprocess, "run", counting)
    return calls


# --------------------------------------------------------------------------------------
# Synthetic voice
# --------------------------------------------------------------------------------------


@pytest.mark.voice
def test_engine_version() -> None:
    assert engine_version()[0].isdigit()


@pytest.mark.voice
@pytest.mark.parametrize(("lang", "words"), [("id", ID_WORDS), ("en", EN_WORDS)])
def test_synthesized_take_is_speech(tmp_path: Path, lang: str, words: str) -> None:
    path = synthesize(words, lang, cache=tmp_path)
    with wave.open(str(path)) as w:
        assert w.getnchannels() == 1 and w.getsampwidth() == 2
        seconds = w.getnframes() / w.getframerate()
    assert 2.0 < seconds < 10.0  # about 150 words a minute
    x = read_audio(path)
    assert abs(len(x) / RATE - seconds) < 0.01
    assert rms(x) > 0.02  # speech, not silence
    assert path.is_relative_to(tmp_path) and path.suffix == ".wav"


@pytest.mark.voice
def test_take_is_cached_by_text(tmp_path: Path, runs: list[list[str]]) -> None:
    first = synthesize(ID_WORDS, "id", cache=tmp_path)
    assert len(runs) == 1 and runs[0][:3] == ["espeak-ng", "-v", "id"]
    mtime = first.stat().st_mtime_ns
    again = synthesize(ID_WORDS, "id", cache=tmp_path)
    assert again == first and again.stat().st_mtime_ns == mtime
    assert len(runs) == 1  # no second process
    other = synthesize(ID_WORDS + " Lagi.", "id", cache=tmp_path)
    english = synthesize(ID_WORDS, "id", voice="en", cache=tmp_path)
    assert len({first, other, english}) == 3 and len(runs) == 3
    assert not list(tmp_path.rglob("*.tmp*"))  # written aside, moved into place


def test_cache_key_follows_engine_voice_speed_and_text() -> None:
    base = synthesis.cache_key("satu", "id", 155, "1.51")
    assert base == synthesis.cache_key("satu", "id", 155, "1.51")
    others = {
        synthesis.cache_key("dua", "id", 155, "1.51"),
        synthesis.cache_key("satu", "en", 155, "1.51"),
        synthesis.cache_key("satu", "id", 160, "1.51"),
        synthesis.cache_key("satu", "id", 155, "1.52"),
    }
    assert base not in others and len(others) == 4


@pytest.mark.voice
def test_unknown_language(tmp_path: Path) -> None:
    with pytest.raises(VoiceError, match="no voice for language 'fr'"):
        synthesize("bonjour", "fr", cache=tmp_path)


# --------------------------------------------------------------------------------------
# Reading audio
# --------------------------------------------------------------------------------------


def write_flac(path: Path, left: np.ndarray, right: np.ndarray, rate: int) -> None:
    """A stereo 16-bit FLAC, written with PyAV."""
    pcm = np.stack([left, right], axis=1)  # interleaved s16
    pcm = np.round(pcm * 32767).astype(np.int16).reshape(1, -1)
    with av.open(str(path), "w") as c:
        s = c.add_stream("flac", rate=rate, layout="stereo")
        s.format = "s16"
        frame = av.AudioFrame.from_ndarray(pcm, format="s16", layout="stereo")
        frame.sample_rate = rate
        for packet in s.encode(frame):
            c.mux(packet)
        for packet in s.encode(None):
            c.mux(packet)


def test_stereo_44k1_flac_reads_as_mono_48k(tmp_path: Path) -> None:
    rate, f = 44_100, 440.0
    t = np.arange(rate) / rate  # one second
    tone = 0.5 * np.sin(2 * np.pi * f * t)
    path = tmp_path / "take.flac"
    write_flac(path, tone, 0.2 * tone, rate)
    x = read_audio(path)
    assert x.dtype == np.float32
    assert abs(len(x) - RATE) <= 64  # one second at 48 kHz
    # mono is the mean of the channels: a 440 Hz tone of amplitude (0.5 + 0.1) / 2
    mid = x[2000:-2000]
    assert abs(np.abs(mid).max() - 0.3) < 0.005
    spectrum = np.abs(np.fft.rfft(mid * np.hanning(len(mid))))
    peak_hz = np.argmax(spectrum) * RATE / len(mid)
    assert abs(peak_hz - f) < 2.0


def test_wav_round_trip_any_rate(tmp_path: Path) -> None:
    x = 0.25 * np.sin(2 * np.pi * 1000 * np.arange(22_050) / 22_050)
    path = write_wav(tmp_path / "a.wav", x, rate=22_050)
    with wave.open(str(path)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22_050)
    y = read_audio(path)
    assert abs(len(y) - RATE) <= 64 and abs(np.abs(y[1000:-1000]).max() - 0.25) < 0.01


def test_a_plain_wav_reads_as_the_decoder_reads_it(tmp_path: Path) -> None:
    # a mono 16-bit WAV at the project's rate (a levelled take) is read without the decoder,
    # to the same samples; any other file goes through it
    from pipeline.voice.audio import decode

    rng = np.random.default_rng(3)
    x = np.clip(rng.normal(0, 0.3, RATE // 2), -1, 1)
    x[:4] = [1.0, -1.0, 0.5, -0.25]
    plain = write_wav(tmp_path / "take.wav", x)
    other = write_wav(tmp_path / "slow.wav", x, rate=22_050)
    for path in (plain, other):
        channels, _ = decode(path, RATE)
        assert np.array_equal(read_audio(path), channels.mean(axis=0).astype(np.float32))
    with wave.open(str(tmp_path / "stereo.wav"), "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes((np.array([[1000, -1000]] * 100, "<i2")).tobytes())
    assert np.allclose(read_audio(tmp_path / "stereo.wav"), 0.0)  # the channels averaged


# --------------------------------------------------------------------------------------
# Loudness
# --------------------------------------------------------------------------------------


def test_true_peak_sees_between_samples() -> None:
    # a sine at a quarter of the rate sampled at ±45°: samples reach 0.707, the wave 1.0
    n = np.arange(4800)
    x = np.sin(np.pi / 2 * n + np.pi / 4)
    assert np.abs(x).max() == pytest.approx(math.sqrt(0.5))
    assert true_peak(x) == pytest.approx(0.0, abs=0.2)


def narration_like(pauses: list[float], seed: int = 3) -> np.ndarray:
    """Bursts of speech-like sound (16-bit samples) with silences of `pauses` seconds after them."""
    rng = np.random.default_rng(seed)
    parts = []
    for pause in pauses:
        t = np.arange(int(rng.uniform(0.4, 2.5) * RATE)) / RATE
        tone = np.sin(2 * np.pi * rng.uniform(120, 250) * t) * 0.3 + rng.normal(0, 0.05, t.size)
        tone *= 0.2 + np.abs(np.sin(2 * np.pi * 3 * t))
        parts += [tone, np.zeros(round(pause * RATE))]
    return np.round(np.concatenate(parts) * 32767).astype(np.float32) / np.float32(32768)


def test_loudness_is_pyloudnorms_own_without_its_subnormal_numbers() -> None:
    # a narration track's silences ring pyloudnorm's K-weighting filters down into
    # subnormal numbers (16 times as long per sample to filter here); ours rest at zero
    # there, and every loudness is still the meter's to the bit
    import pyloudnorm
    from scipy.signal import lfilter

    from pipeline.takecheck import k_weighted, k_weighting, loudness

    tiny = np.finfo(np.float64).tiny
    pauses = [0.02, 0.06, 0.3, 0.11, 1.0, 0.04, 4.0]  # found or not, ringing down or at rest
    for x in (narration_like(pauses), narration_like(pauses[::-1], seed=5)):
        meter = pyloudnorm.Meter(RATE)
        theirs = np.asarray(x, np.float64)
        for b, a in k_weighting(RATE):  # pyloudnorm's own, to the bit (the test below)
            theirs = lfilter(b, a, theirs)
        ours = k_weighted(x, RATE)
        assert np.count_nonzero((theirs != 0) & (np.abs(theirs) < tiny)) > RATE
        assert not np.any((ours != 0) & (np.abs(ours) < tiny))
        sound = (np.abs(ours) > 1e-100) | (np.abs(theirs) > 1e-100)  # all but the ring-downs
        assert np.array_equal(ours[sound], theirs[sound]) and sound.sum() > x.size / 2
        for gain in (1.0, 0.01):
            y = x * np.float32(gain)
            assert loudness(y, RATE) == meter.integrated_loudness(np.asarray(y, np.float64))


@pytest.mark.parametrize("rate", [8000, 16_000, 22_050, 44_100, 48_000, 96_000])
def test_the_k_weighting_is_pyloudnorms_to_the_bit(rate: int) -> None:
    # the filters are designed here (BS.1770's parameters, pyloudnorm's design), not read
    # from pyloudnorm's meter: the coefficients are its public IIRfilter's, and the loudness
    # of speech-like sound, noise and a tone is its default meter's
    import pyloudnorm

    from pipeline.takecheck import k_weighting, loudness

    theirs = [
        pyloudnorm.IIRfilter(4.0, 1 / np.sqrt(2), 1500.0, rate, "high_shelf"),
        pyloudnorm.IIRfilter(0.0, 0.5, 38.0, rate, "high_pass"),
    ]
    for (b, a), f in zip(k_weighting(rate), theirs, strict=True):
        assert b.tolist() == f.b.tolist() and a.tolist() == f.a.tolist()
    rng = np.random.default_rng(rate)
    t = np.arange(3 * rate) / rate
    signals = {
        "speech-like": narration_like([0.3, 1.0, 0.05])[: 4 * rate],
        "noise": rng.normal(0, 0.1, 2 * rate),
        "tone": 0.2 * np.sin(2 * np.pi * 997 * t) + 0.05 * np.sin(2 * np.pi * 60 * t),
    }
    meter = pyloudnorm.Meter(rate)
    for name, x in signals.items():
        ours, reference = loudness(x, rate), meter.integrated_loudness(np.asarray(x, np.float64))
        assert ours == reference, name
        assert -40 < ours < -5, name


def test_the_k_weighting_at_48k_is_bs1770s() -> None:
    # BS.1770-4's table of coefficients at 48 kHz (pyloudnorm's design differs from it by
    # at most 0.05 dB, in the high pass: 0.043 dB above 1 kHz)
    from scipy.signal import freqz

    from pipeline.takecheck import k_weighting

    shelf_b = [1.53512485958697, -2.69169618940638, 1.19839281085285]
    shelf_a = [1.0, -1.69065929318241, 0.73248077421585]
    table = [(shelf_b, shelf_a), ([1.0, -2.0, 1.0], [1.0, -1.99004745483398, 0.99007225036621])]
    hz = np.geomspace(20, 20_000, 200)

    def db(filters) -> np.ndarray:
        return sum(20 * np.log10(np.abs(freqz(b, a, worN=hz, fs=48_000)[1])) for b, a in filters)

    ours, bs1770 = db(k_weighting(48_000)), db(table)
    assert np.abs(ours - bs1770).max() < 0.05
    assert ours[-1] == pytest.approx(4.0, abs=0.05) and ours[0] < -10  # +4 dB high, cut low


def test_no_k_weighting_filter_rings_into_subnormal_numbers(monkeypatch) -> None:
    # each filter's own output, the first's included: a silence that ends while the first
    # filter's state is under 1e-150 but not yet let go, then a few hundred zeros more
    import scipy.signal

    from pipeline.takecheck import k_weighted

    tiny = np.finfo(np.float64).tiny
    real, subnormal = scipy.signal.lfilter, []

    def counting(b, a, x, zi=None):
        y, state = real(b, a, x, zi=zi)
        subnormal.append(int(np.count_nonzero((y != 0) & (np.abs(y) < tiny))))
        return y, state

    monkeypatch.setattr(scipy.signal, "lfilter", counting)
    rng = np.random.default_rng(1)
    for zeros in (1035 * 4 + 1000, 1035 * 3 + 900, 5000, 60_000):
        subnormal.clear()
        noise = [rng.normal(0, 0.3, 1035 * 20), rng.normal(0, 0.3, 5000)]
        k_weighted(np.concatenate([noise[0], np.zeros(zeros), noise[1]]), RATE)
        assert len(subnormal) > 2 and sum(subnormal) == 0, (zeros, subnormal)


def every_oversampled_peak(x: np.ndarray) -> np.ndarray:
    """The 4x oversampled peaks at every sample, the filter run over the whole signal."""
    from scipy.signal import resample_poly

    up = np.abs(resample_poly(x, 4, 1)).reshape(-1, 4).max(axis=1)
    return np.maximum(up, np.abs(x))


@pytest.mark.parametrize("kind", ["speech-like", "clicks", "alternating", "noise"])
def test_true_peak_skips_only_what_cannot_reach_it(kind: str) -> None:
    # where the filter is not run, no oversampled value could have reached the floor: the
    # true peak and a limiter's gain are exactly those of the whole signal oversampled
    from pipeline.voice.loudness import oversampled_peaks

    rng = np.random.default_rng(7)
    n = 5 * RATE
    if kind == "speech-like":  # bursts of tone and noise between silences
        t = np.arange(n) / RATE
        x = np.sin(2 * np.pi * 180 * t) * 0.3 + rng.normal(0, 0.05, n)
        x *= (np.sin(2 * np.pi * 0.7 * t) > 0.3) * (0.2 + np.abs(np.sin(2 * np.pi * 3 * t)))
    elif kind == "clicks":
        x = np.zeros(n)
        x[rng.integers(0, n, 40)] = rng.choice([-0.9, 0.9], 40)
    elif kind == "alternating":  # the largest overshoot between samples: +-a, -+a, ...
        x = np.zeros(n)
        x[RATE : RATE + 24] = 0.5 * np.array([1, 1, -1, -1] * 6)
        x[3 * RATE] = 0.6
    else:
        x = rng.normal(0, 0.2, n)
    whole = every_oversampled_peak(x)
    assert true_peak(x) == 20 * math.log10(whole.max())
    for ceiling in (0.1, 0.3, 0.55):
        got = oversampled_peaks(x, ceiling)
        gain = [np.minimum(1, ceiling / np.maximum(p, 1e-12)) for p in (got, whole)]
        assert np.array_equal(gain[0], gain[1])
        above = whole > ceiling
        assert np.array_equal(got[above], whole[above])


def check_normalised(y: np.ndarray) -> tuple[float, float]:
    lufs, dbtp = measure(y)
    assert abs(lufs - TARGET_LUFS) <= 1.0, lufs
    assert dbtp <= CEILING_DBTP, dbtp
    return lufs, dbtp


@pytest.mark.voice
@pytest.mark.parametrize("lang", ["id", "en"])
def test_normalise_espeak_speech(tmp_path: Path, lang: str) -> None:
    x = read_audio(synthesize(ID_WORDS if lang == "id" else EN_WORDS, lang, cache=tmp_path))
    before = measure(x)
    assert before[0] < -18  # espeak-ng speaks quieter than the target
    lufs, dbtp = check_normalised(normalize(x))
    print(f"espeak {lang}: {before[0]:.2f} LUFS {before[1]:.2f} dBTP -> {lufs:.2f} {dbtp:.2f}")


def test_normalise_loud_signal() -> None:
    rng = np.random.default_rng(1)
    x = np.clip(rng.normal(0, 0.6, 3 * RATE), -1, 1)  # near full scale, clipping
    before = measure(x)
    assert before[0] > -6 and before[1] > -0.5
    lufs, dbtp = check_normalised(normalize(x))
    print(f"loud noise: {before[0]:.2f} LUFS {before[1]:.2f} dBTP -> {lufs:.2f} {dbtp:.2f}")


def test_normalise_quiet_signal_with_peaks_uses_the_limiter() -> None:
    # quiet tone with full-scale clicks: +~24 dB of gain would put the clicks far over the top
    t = np.arange(4 * RATE) / RATE
    x = 0.01 * np.sin(2 * np.pi * 300 * t)
    x[RATE // 2 :: RATE // 3] = 0.9
    before = measure(x)
    assert before[1] - before[0] > 30  # crest far above what the ceiling allows at -16 LUFS
    y = normalize(x)
    lufs, dbtp = check_normalised(y)
    print(f"clicks: {before[0]:.2f} LUFS {before[1]:.2f} dBTP -> {lufs:.2f} {dbtp:.2f}")
    assert rms(y[: RATE // 4]) > 0.05  # the tone came up, not only the clicks went down


def test_normalise_leaves_silence_alone() -> None:
    assert not normalize(np.zeros(RATE)).any()
    assert measure(np.zeros(RATE))[0] == -math.inf


@pytest.mark.parametrize("seconds", [0.05, 0.2, 0.39])
def test_a_clip_under_one_block_is_as_loud_as_the_same_sound_longer(seconds: float) -> None:
    # under one gating block (0.4 s), a clip is its own block: a zero-padded block read a
    # 0.2 s tone 3 dB quieter than the tone, and levelled it 3 dB too loud
    def tone(s: float) -> np.ndarray:
        return 0.1 * np.sin(2 * np.pi * 440 * np.arange(round(s * RATE)) / RATE)

    assert measure(tone(seconds))[0] == pytest.approx(measure(tone(3.0))[0], abs=0.02)
    assert measure(normalize(tone(seconds)))[0] == pytest.approx(TARGET_LUFS, abs=0.05)
    assert measure(tone(seconds) * 1e-4)[0] == -math.inf  # under the absolute gate (-70)


# --------------------------------------------------------------------------------------
# The track
# --------------------------------------------------------------------------------------


def test_place_and_bounds() -> None:
    a, b = np.full(10, 0.5, np.float32), np.full(5, 0.25, np.float32)
    track = place([(0.0, a), (1.0, b)], 2.0, rate=20)
    assert len(track) == 40 and track[:10].tolist() == [0.5] * 10 and track[20:25].sum() == 1.25
    assert len(place([(0.5, b)], rate=20)) == 15
    with pytest.raises(ValueError, match="outside the track"):
        place([(1.9, a)], 2.0, rate=20)


@pytest.mark.voice
def test_write_track(tmp_path: Path) -> None:
    one = take("Satu.", "id", cache=tmp_path / "cache")
    two = take("Dua, tiga.", "id", cache=tmp_path / "cache")
    out = write_track(tmp_path / "narration.wav", [(0.5, one), (3.0, two)], duration=6.0)
    with wave.open(str(out)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, RATE)
        assert w.getnframes() == 6 * RATE
    y = read_audio(out)
    assert not y[: RATE // 2].any()  # silence until the first take
    assert rms(y[RATE // 2 : RATE]) > 0.01
    check_normalised(y)


# --------------------------------------------------------------------------------------
# Recordings
# --------------------------------------------------------------------------------------


def test_cue_ids() -> None:
    assert cue_ids(["a_1", "b", "a_1", "a_1"]) == ["a_1", "b", "a_1-2", "a_1-3"]
    with pytest.raises(ValueError, match="letters, digits"):
        cue_ids(["bad key"])


def test_text_hash() -> None:
    h = text_hash("Vektor nol koma delapan, satu koma enam.")
    assert len(h) == 8 and int(h, 16) >= 0
    assert text_hash("a  b\n") == text_hash("a b") != text_hash("a c")


def recording(folder: Path, name: str, words: str | None = None, seconds: float = 1.0) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    t = np.arange(int(seconds * 44_100)) / 44_100
    path = write_wav(folder / name, 0.3 * np.sin(2 * np.pi * 220 * t), rate=44_100)
    if words is not None:
        (folder / f"{name.split('.')[0]}.txt").write_text(words + "\n", encoding="utf-8")
    return path


def test_recording_with_matching_sidecar_is_used_and_edit_makes_it_stale(tmp_path: Path) -> None:
    folder = recording_dir("inner-product", "id", "ProjectionDrop", root=tmp_path)
    assert folder == tmp_path / "inner-product" / "id" / "ProjectionDrop"
    words = "Proyeksinya vektor berkoordinat nol koma delapan, satu koma enam."
    path = recording(folder, "pd_sub_proj.wav", words)
    check = check_recordings(folder, {"pd_sub_proj": words, "pd_sub_dot": "Kalikan."})
    assert check.used == {"pd_sub_proj": path} and not check.stale and not check.unused
    # the author edits the query: the words change, the take is stale and not used
    edited = "Proyeksinya vektor satu koma dua, dua koma empat."
    check = check_recordings(folder, {"pd_sub_proj": edited})
    assert check.used == {}
    assert [(r.cue, r.path, r.fresh) for r in check.stale] == [("pd_sub_proj", path, False)]
    assert check.stale[0].recorded == text_hash(words)
    assert check.stale[0].current == text_hash(edited)


def test_hash_in_the_file_name(tmp_path: Path) -> None:
    old, new = "Skornya empat.", "Skornya lima."
    stale = recording(tmp_path, f"ats_sub_score.{text_hash(old)}.flac".replace(".flac", ".wav"))
    check = check_recordings(tmp_path, {"ats_sub_score": new})
    assert check.used == {} and [r.path for r in check.stale] == [stale]
    fresh = recording(tmp_path, f"ats_sub_score.{text_hash(new)}.wav")
    check = check_recordings(tmp_path, {"ats_sub_score": new})
    assert check.used == {"ats_sub_score": fresh}
    assert check.unused == [stale] and not check.stale  # superseded, not stale


def test_recording_without_words_is_stale_and_orphans_are_unused(tmp_path: Path) -> None:
    bare = recording(tmp_path, "pd_sub_dot.wav")
    gone = recording(tmp_path, "pd_sub_gone.wav", "Tidak lagi.")
    (tmp_path / "notes.md").write_text("not audio")
    check = check_recordings(tmp_path, {"pd_sub_dot": "Kalikan."})
    assert check.used == {} and [(r.path, r.recorded) for r in check.stale] == [(bare, None)]
    assert check.unused == [gone]
    assert check_recordings(tmp_path / "missing", {"x": "y"}).used == {}


@pytest.mark.voice
def test_take_prefers_the_recording(tmp_path: Path) -> None:
    rec = recording(tmp_path / "rec", "cue.wav", "Satu.", seconds=0.5)
    assert len(take("Satu.", "id", rec, cache=tmp_path / "cache")) == RATE // 2
    assert not (tmp_path / "cache").exists()  # no synthesis when a recording is used


@pytest.mark.voice
def test_voice_inputs(tmp_path: Path) -> None:
    rec = recording(tmp_path, "cue.wav", "Satu.")
    inputs = voice_inputs("espeak", "id", {"cue": rec})
    assert inputs["engine"] == "espeak-ng" and inputs["engine_voice"] == "id"
    assert inputs["version"] == engine_version()
    assert voice_inputs("espeak", "en")["engine_voice"] == "en"
    digest = inputs["recording:cue"]
    rec.write_bytes(rec.read_bytes()[:-2] + b"\x01\x00")  # one sample re-recorded
    assert voice_inputs("espeak", "id", {"cue": rec})["recording:cue"] != digest
    assert "recording:cue" not in voice_inputs("espeak", "id")
    assert voice_inputs("none", "id", {"cue": rec}) == {"voice": "none"}


# --------------------------------------------------------------------------------------
# Pronunciation lexicon
# --------------------------------------------------------------------------------------


def espeak_x(voice_name: str, text: str) -> str:
    """The phonemes espeak-ng prints for `text` (``-x``), white space as single spaces."""
    r = subprocess.run(
        ["espeak-ng", "-v", voice_name, "-x", "-q", text], capture_output=True, text=True
    )
    assert r.returncode == 0, r.stderr
    return " ".join(r.stdout.split())


TERMS = [(lang, t, p) for lang in VOICES for t, p in lexicon(lang).terms.items()]
CHECKED = [(lang, t, p) for lang in VOICES for t, p in lexicon(lang).checked.items()]


def test_the_indonesian_lexicon_has_the_terms_the_voice_got_wrong() -> None:
    terms = {t.casefold() for t in lexicon("id").terms}
    heard = {"value", "attention", "euclidean", "mathematics for machine learning", "numpy"}
    heard |= {"pytorch", "head", "theta", "scaled dot-product attention"}
    found = {"query", "key", "logit", "dropout", "transformer", "embedding"}
    assert heard | found <= terms
    assert "R n" in lexicon("id").checked  # ℝⁿ: already "er en"


@pytest.mark.voice
@pytest.mark.parametrize(("lang", "term", "phonemes"), TERMS, ids=[f"{x[0]}-{x[1]}" for x in TERMS])
def test_lexicon_entry_is_said_as_its_phonemes(lang: str, term: str, phonemes: str) -> None:
    engine_voice = VOICES[lang]
    assert espeak_x(engine_voice, f"[[{phonemes}]]") == phonemes  # every mnemonic is known
    assert espeak_x(engine_voice, term) != phonemes  # the plain spelling says something else
    # what synthesize gives espeak-ng for the term (and for it in a sentence)
    assert espeak_x(engine_voice, apply_lexicon(term, lang)) == phonemes
    assert phonemes in espeak_x(engine_voice, apply_lexicon(f"{term}, {term}.", lang))


@pytest.mark.voice
@pytest.mark.parametrize(
    ("lang", "term", "phonemes"), CHECKED, ids=[f"{x[0]}-{x[1]}" for x in CHECKED]
)
def test_checked_term_is_said_right_as_spelled(lang: str, term: str, phonemes: str) -> None:
    assert espeak_x(VOICES[lang], term) == phonemes
    assert apply_lexicon(term, lang) == term


@pytest.mark.voice
@pytest.mark.parametrize(("lang", "term", "phonemes"), TERMS, ids=[f"{x[0]}-{x[1]}" for x in TERMS])
def test_lexicon_take_is_speech(tmp_path: Path, lang: str, term: str, phonemes: str) -> None:
    plain = tmp_path / "plain.wav"  # espeak-ng on the plain spelling, as before the lexicon
    subprocess.run(["espeak-ng", "-v", VOICES[lang], "-w", str(plain), term], check=True)
    after = read_audio(synthesize(term, lang, cache=tmp_path))
    said, before = speech_seconds(after, RATE), speech_seconds(read_audio(plain), RATE)
    assert 0.2 < said < 4.0 and 0.4 < said / before < 2.5, (said, before)
    assert measure(after)[0] > -35  # heard, not a dropped phoneme string


def test_lexicon_matches_whole_terms_case_insensitively() -> None:
    lex = Lexicon("id", {"key": "k'i", "query": "kw'iri", "dot product": "d'ot"}, "")
    assert (
        lex.apply("Query, key-nya, query-key; keyboard dan monkey. KEY. Dot\nproduct.")
        == "[[kw'iri]], [[k'i]]-nya, [[kw'iri]]-[[k'i]]; keyboard dan monkey. [[k'i]]. [[d'ot]]."
    )
    assert Lexicon("id", {}, "").apply("key") == "key"


def test_lexicon_file_errors(tmp_path: Path) -> None:
    bad = tmp_path / "xx.toml"
    for text, match in [
        ("[terms]\nvalue = 3\n", "'value': phonemes must be a string"),
        ('[terms]\nvalue = "v[a"\n', "'value': phonemes are empty or hold brackets"),
        ('[terms]\nvalue = " "\n', "'value': phonemes are empty"),
        ("[words]\n", "unknown table 'words'"),
        ("[terms\n", "xx.toml: "),
    ]:
        bad.write_text(text, encoding="utf-8")
        with pytest.raises(LexiconError, match=re.escape(match)):
            read_lexicon(bad, "xx")
    bad.write_text('[terms]\nvalue = "v\'Elju"\n', encoding="utf-8")
    one = read_lexicon(bad, "xx")
    bad.write_text('[terms]\nvalue = "v\'alju"\n', encoding="utf-8")
    assert read_lexicon(bad, "xx").digest != one.digest
    assert lexicon("xx", tmp_path / "none").terms == {}


@pytest.mark.voice
def test_synthesis_reads_the_lexicon_and_its_cache_follows_the_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    inputs: list[str] = []
    real = subprocess.run

    def recording_input(cmd, *args, **kwargs):
        if "--version" not in cmd:
            inputs.append(kwargs["input"].decode("utf-8"))
        return real(cmd, *args, **kwargs)

    monkeypatch.setattr(synthesis.subprocess, "run", recording_input)
    words = "Bobot diambil dari value milik key tersebut."
    first = synthesize(words, "id", cache=tmp_path)
    assert inputs == ["Bobot diambil dari [[v'Elju]] milik [[k'i]] tersebut."]
    assert synthesize(words, "id", voice="en", cache=tmp_path) != first  # another voice:
    assert inputs[-1] == words  # the Indonesian phonemes are not given to it
    plain = synthesize("Satu angka.", "id", cache=tmp_path)
    # an edited entry synthesises again the takes that hold its term, only those
    edited = Lexicon("id", {**lexicon("id").terms, "value": "v'Elju:"}, "edited")
    monkeypatch.setattr(synthesis, "lexicon", lambda lang: edited)
    n = len(inputs)
    assert synthesize(words, "id", cache=tmp_path) != first and len(inputs) == n + 1
    assert inputs[-1] == "Bobot diambil dari [[v'Elju:]] milik [[k'i]] tersebut."
    assert synthesize("Satu angka.", "id", cache=tmp_path) == plain and len(inputs) == n + 1
    # the clip's input hash takes the lexicon
    assert voice_inputs("espeak", "id")["lexicon"] == "edited"


@pytest.mark.voice
def test_lexicon_is_in_voice_inputs_and_words_stay_plain(tmp_path: Path) -> None:
    assert voice_inputs("espeak", "id")["lexicon"] == lexicon("id").digest
    assert voice_inputs("espeak", "id")["lexicon"] != voice_inputs("espeak", "en")["lexicon"]
    narrator = narrator_for("espeak", "id", cache=tmp_path)
    narrator.speak("hk_sub_weights", "Diambil dari value milik key tersebut.", 0.0)
    assert narrator.cues[0].words == "Diambil dari value milik key tersebut."  # captions, hash


# --------------------------------------------------------------------------------------
# Bad recordings are caught, not played
# --------------------------------------------------------------------------------------

WORDS = "Kalikan koordinat yang bersesuaian, lalu jumlahkan: q titik k sama dengan empat."


def espeak_take(path: Path, words: str, speed: int) -> Path:
    """A stand-in for a person: espeak-ng saying `words` at another speed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["espeak-ng", "-v", "id", "-s", str(speed), "-w", str(path), words], check=True)
    return path


def with_words(path: Path, words: str) -> Path:
    path.with_suffix(".txt").write_text(words + "\n", encoding="utf-8")
    return path


@pytest.mark.voice
def test_a_good_recording_is_used(tmp_path: Path) -> None:
    good = with_words(espeak_take(tmp_path / "rec" / "pd_sub_dot.wav", WORDS, 120), WORDS)
    check = check_recordings(tmp_path / "rec", {"pd_sub_dot": WORDS}, lang="id", cache=tmp_path)
    assert check.used == {"pd_sub_dot": good} and not check.rejected and not check.stale
    narrator = narrator_for("espeak", "id", tmp_path / "rec", cache=tmp_path)
    narrator.speak("pd_sub_dot", WORDS, 0.0)
    assert narrator.cues[0].voice == "recording pd_sub_dot.wav"


def bad_take(kind: str, path: Path, cache: Path) -> Path:
    """A take an author might save by mistake, with the right words beside it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "silent":  # three seconds of digital silence (the microphone was off)
        write_wav(path, np.zeros(3 * 44_100), rate=44_100)
    elif kind == "clipped":  # recorded far too hot
        write_wav(path, np.clip(8 * read_audio(synthesize(WORDS, "id", cache=cache)), -1, 1))
    elif kind == "short":  # the first two words only
        espeak_take(path, "Kalikan koordinat.", 155)
    else:  # the words three times over
        espeak_take(path, " ".join([WORDS] * 3), 155)
    return with_words(path, WORDS)


@pytest.mark.voice
@pytest.mark.parametrize(
    ("kind", "reason"),
    [
        ("silent", r"silent \(digital silence\)"),
        ("clipped", r"clipped \(\d+\.\d % of samples at full scale, over 0\.1 %\)"),
        ("short", r"too short \(speech \d\.\d s, 0\.\d\dx the synthetic take's \d\.\d s; "),
        ("long", r"too long \(speech \d+\.\d s, \d\.\d\dx the synthetic take's \d\.\d s; over"),
    ],
)
def test_a_bad_recording_is_rejected_and_the_synthetic_voice_says_the_cue(
    tmp_path: Path, kind: str, reason: str
) -> None:
    rec = tmp_path / "rec"
    path = bad_take(kind, rec / "pd_sub_dot.wav", tmp_path)
    check = check_recordings(rec, {"pd_sub_dot": WORDS}, lang="id", cache=tmp_path)
    assert check.used == {} and not check.stale and not check.unused
    [rejected] = check.rejected
    assert rejected.cue == "pd_sub_dot" and rejected.path == path
    assert re.fullmatch(reason + ".*", rejected.reason), rejected.reason
    # without listening (no language), the words alone would have used it
    assert check_recordings(rec, {"pd_sub_dot": WORDS}).used == {"pd_sub_dot": path}
    narrator = narrator_for("espeak", "id", rec, cache=tmp_path)
    seconds = narrator.speak("pd_sub_dot", WORDS, 0.0)
    assert narrator.cues[0].voice.startswith("espeak-ng id ")
    engine = read_audio(synthesize(WORDS, "id", cache=tmp_path))
    # the synthetic take, up to its last sound and 0.1 s after (not espeak-ng's quiet tail)
    assert seconds == pytest.approx(len(end_at_sound(engine, TAIL)) / RATE, abs=0.01)
    assert len(engine) / RATE - seconds > 0.15  # espeak-ng ends on about 0.35 s of quiet
    assert [(r.path, r.reason) for r in narrator.check().rejected] == [(path, rejected.reason)]
    assert rms(narrator.track(seconds + 0.5)) > 0.02  # heard, not three silent seconds


@pytest.mark.voice
def test_another_fresh_take_replaces_a_rejected_one(tmp_path: Path) -> None:
    rec = tmp_path / "rec"
    rec.mkdir()
    silent = write_wav(rec / f"pd_sub_dot.{text_hash(WORDS)}.wav", np.zeros(3 * RATE))
    good = with_words(espeak_take(rec / "pd_sub_dot.wav", WORDS, 140), WORDS)
    assert sorted(rec.glob("*.wav")) == [silent, good]  # the silent take is heard first
    check = check_recordings(rec, {"pd_sub_dot": WORDS}, lang="id", cache=tmp_path)
    assert check.used == {"pd_sub_dot": good}
    assert [(r.path, r.reason) for r in check.rejected] == [(silent, "silent (digital silence)")]


@pytest.mark.voice
def test_an_unreadable_recording_fails_in_one_line_naming_it(tmp_path: Path) -> None:
    rec = tmp_path / "rec"
    rec.mkdir()
    path = with_words(rec / "pd_sub_dot.wav", WORDS)
    path.write_bytes(b"RIFF" + b"not a wave file" * 8)
    with pytest.raises(VoiceError) as e:
        check_recordings(rec, {"pd_sub_dot": WORDS}, lang="id", cache=tmp_path)
    assert str(path) in str(e.value) and "\n" not in str(e.value)
    check = check_recordings(rec, {"pd_sub_dot": WORDS}, lang="id", cache=tmp_path, strict=False)
    assert check.used == {} and check.rejected[0].reason.startswith("unreadable (")
