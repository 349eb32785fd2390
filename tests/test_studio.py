"""``lecture record``: the recording studio, served for real and used as an author uses it.

The server tests run the studio's application under uvicorn on 127.0.0.1 in this process and
talk HTTP to it: what it refuses (each with its status, nothing written) and two saves of one
cue at once. The author's test runs ``lecture record`` itself and records three cues of
ProjectionDrop by keyboard in headless Chromium, a WAV file standing in for the microphone,
the third sent to the studio started again after it stopped; a render then plays those takes,
and an edit of the query makes exactly the cues whose words changed stale, in the studio and
in ``lecture script --stale``.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import wave
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from studio_kit import (
    CUE,
    SCENE,
    WORDS,
    encode,
    in_hiss,
    serve_script,
    silent_flac,
    speech,
    wav_bytes,
)

from lecture.studio import Studio, StudioCue, studio_app
from lesson.model import DEFAULT_LESSON, load_lesson
from pipeline.takecheck import speech_span
from pipeline.voice.audio import read_audio
from pipeline.voice.takes import MAX_BYTES

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def studio(tmp_path: Path) -> Iterator[tuple[Studio, int]]:
    """The studio's application on a free port of 127.0.0.1, one cue of ProjectionDrop."""
    import uvicorn

    cue = StudioCue(SCENE, 1, "jatuhkan-tegak-lurus", CUE, WORDS, WORDS, 4.6)
    other = StudioCue(SCENE, 2, "proyeksi-skalar", "pd_sub_dot", "Satu dua tiga.", "1 2 3", 1.0)
    made = Studio(load_lesson(DEFAULT_LESSON), "id", [cue, other], tmp_path / "voice")
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(studio_app(made), log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    yield made, sock.getsockname()[1]
    server.should_exit = True
    thread.join(10)


def ask(
    port: int,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, str]:
    """One request, as written (no normalising of the path); the status and the body."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        r = conn.getresponse()
        return r.status, r.read().decode("utf-8", "replace")
    finally:
        conn.close()


def files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*")) if folder.exists() else []


def test_refused_requests_get_their_status_and_one_line_and_write_nothing(
    studio: tuple[Studio, int], tmp_path: Path
) -> None:
    made, port = studio
    take = speech(tmp_path / "take.wav", "Drop a line at right angles from the tip of q.")
    audio = take.read_bytes()
    key = {"X-Studio-Token": made.token}
    wav = {**key, "Content-Type": "audio/wav"}
    own = f"127.0.0.1:{port}"
    put = f"/api/take/{SCENE}/{CUE}"
    cases = {
        "no token": ("GET", "/api/cues", None, {}, 401),
        "a wrong token": ("GET", "/api/cues", None, {"X-Studio-Token": "x" * 32}, 403),
        "a wrong token in the address": ("GET", "/?t=" + "y" * 32, None, {}, 403),
        "another origin": ("PUT", put, audio, {**wav, "Origin": "http://evil.example"}, 403),
        "a cross-site fetch": ("PUT", put, audio, {**wav, "Sec-Fetch-Site": "cross-site"}, 403),
        "another host name": ("GET", "/api/cues", None, {**key, "Host": "evil.example"}, 403),
        "another port": ("GET", "/api/cues", None, {**key, "Host": f"127.0.0.1:{port + 1}"}, 403),
        "localhost, another port": ("GET", "/", None, {**key, "Host": "localhost:80"}, 403),
        "a cue id with ../": ("PUT", f"/api/take/{SCENE}/../../../x", audio, wav, 404),
        "a cue id with ..%2F": ("PUT", f"/api/take/{SCENE}/..%2F..%2Fx", audio, wav, 404),
        "a scene with ..": ("PUT", f"/api/take/..%2F{SCENE}/{CUE}", audio, wav, 404),
        "an unknown cue": ("PUT", f"/api/take/{SCENE}/pd_sub_nope", audio, wav, 404),
        "an unknown scene": ("PUT", f"/api/take/Nowhere/{CUE}", audio, wav, 404),
        "an oversized upload": ("PUT", put, bytes(MAX_BYTES + 1), wav, 413),
        "a non-audio upload": ("PUT", put, b"<html>not a take</html>" * 40, wav, 415),
        "a non-audio type": ("PUT", put, audio, {**key, "Content-Type": "text/plain"}, 415),
        "a POST": ("POST", put, audio, wav, 405),
    }
    seen = {}
    for name, (method, path, body, headers, status) in cases.items():
        got, text = ask(port, method, path, body, {"Host": own, **headers})
        seen[name] = got
        assert got == status, (name, got, text)
        assert text.strip() and "\n" not in text.strip(), (name, text)  # one line, a reason
        assert "Traceback" not in text
    assert files(made.root) == [], "a refused request wrote a file"
    # and the same server, asked properly, answers
    assert ask(port, "GET", "/api/cues", None, {"Host": own, **key})[0] == 200
    assert ask(port, "GET", f"/?t={made.token}", None, {"Host": f"localhost:{port}"})[0] == 200
    print(json.dumps(seen, indent=1))


def test_a_rejected_take_is_answered_with_its_reason_and_not_written(
    studio: tuple[Studio, int], tmp_path: Path
) -> None:
    made, port = studio
    headers = {"X-Studio-Token": made.token, "Content-Type": "audio/wav"}
    silent = tmp_path / "silent.wav"
    with wave.open(str(silent), "wb") as w:
        w.setnchannels(1), w.setsampwidth(2), w.setframerate(48_000)
        w.writeframes(bytes(2 * 48_000 * 3))
    status, text = ask(port, "PUT", f"/api/take/{SCENE}/{CUE}", silent.read_bytes(), headers)
    assert (status, json.loads(text)) == (
        422,
        {
            "accepted": False,
            "reason": "silent (digital silence)",
            "received": 3.0,
            "trimmed": [0.0, 0.0],
            "floor": None,
            "speech": None,
            "verdict": "no speech (only noise, its floor at digital silence)",
        },
    )
    short = speech(tmp_path / "short.wav", "Drop.")
    status, text = ask(port, "PUT", f"/api/take/{SCENE}/{CUE}", short.read_bytes(), headers)
    assert status == 422 and json.loads(text)["reason"].startswith("too short"), text
    assert files(made.root) == []


def test_an_accepted_take_is_trimmed_levelled_and_saved_with_its_words(
    studio: tuple[Studio, int], tmp_path: Path
) -> None:
    made, port = studio
    said = read_audio(
        speech(tmp_path / "said.wav", "Drop a line at right angles from the tip of q.")
    )
    rate = 48_000
    quiet = np.zeros(rate, np.float32)  # one second of room before, two after
    take = np.concatenate([quiet, 0.3 * said / np.abs(said).max(), quiet, quiet])
    upload = tmp_path / "upload.wav"
    with wave.open(str(upload), "wb") as w:
        w.setnchannels(1), w.setsampwidth(2), w.setframerate(rate)
        w.writeframes((take * 32767).astype("<i2").tobytes())
    headers = {"X-Studio-Token": made.token, "Content-Type": "audio/wav"}
    status, text = ask(port, "PUT", f"/api/take/{SCENE}/{CUE}", upload.read_bytes(), headers)
    answer = json.loads(text)
    assert status == 200 and answer["accepted"], text
    # the silence is cut down to the margins (0.2 s before the speech, 0.3 s after)
    assert 0.75 <= answer["trimmed"][0] <= 0.85 and 1.65 <= answer["trimmed"][1] <= 1.75, answer
    assert abs(answer["lufs"] - -16.0) <= 0.5 and answer["peak"] <= -1.0, answer
    folder = made.folder(SCENE)
    assert files(folder) == [f"{CUE}.txt", f"{CUE}.wav"]
    assert (folder / f"{CUE}.txt").read_text(encoding="utf-8").strip() == WORDS
    kept = read_audio(folder / f"{CUE}.wav")
    assert abs(len(kept) / rate - answer["seconds"]) < 0.01
    # what the page lists: the cue recorded, the other still missing
    status, text = ask(port, "GET", "/api/cues", None, {"X-Studio-Token": made.token})
    states = {c["cue"]: c["state"] for c in json.loads(text)["cues"]}
    assert states == {CUE: "recorded", "pd_sub_dot": "missing"}
    status, body = ask(port, "GET", f"/api/take/{SCENE}/{CUE}?t={made.token}")
    assert status == 200 and len(body) > 0


def test_saves_of_one_cue_at_once_each_keep_the_take_they_replace_and_undo_puts_it_back(
    studio: tuple[Studio, int], tmp_path: Path
) -> None:
    made, port = studio
    texts = [
        "Drop a line at right angles from the tip of q.",
        "From the tip of q, drop a line to the line through k.",
        "Drop a line from the tip of q at right angles to k.",
        "Now drop the perpendicular from the tip of q.",
        "From q, drop a line at right angles, please.",
    ]
    uploads = [speech(tmp_path / f"{i}.wav", t).read_bytes() for i, t in enumerate(texts)]
    headers = {"X-Studio-Token": made.token, "Content-Type": "audio/wav"}
    answers: list[dict[str, Any]] = []

    def send(data: bytes) -> None:
        status, text = ask(port, "PUT", f"/api/take/{SCENE}/{CUE}", data, headers)
        answers.append({"status": status, **json.loads(text)})

    threads = [threading.Thread(target=send, args=(u,)) for u in uploads]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [a.pop("status") for a in answers] == [200] * 5, answers
    # one after the other, each saying what it did: the first had nothing to replace, each
    # other one kept the take before it under its number
    assert sorted(answers, key=lambda a: a["kept"] or 0)[0]["kept"] is None
    assert sorted(a["kept"] or 0 for a in answers) == [0, 1, 2, 3, 4], answers
    folder = made.folder(SCENE)
    names = [f"{CUE}.{n}.{ext}" for n in range(1, 5) for ext in ("txt", "wav")]
    assert files(folder) == sorted([f"{CUE}.txt", f"{CUE}.wav", *names])  # no temporary file
    lengths = {round(len(read_audio(p)) / 48_000, 2) for p in folder.glob("*.wav")}
    assert lengths == {round(float(a["seconds"]), 2) for a in answers}  # each take whole
    status, text = ask(port, "GET", "/api/cues", None, {"X-Studio-Token": made.token})
    assert {c["cue"]: c["earlier"] for c in json.loads(text)["cues"]} == {CUE: 4, "pd_sub_dot": 0}

    # undo puts back the take the current one replaced and keeps the current one (as 5)
    undo, key = f"/api/undo/{SCENE}/{CUE}", {"X-Studio-Token": made.token}
    now, before = (folder / f"{CUE}.wav").read_bytes(), (folder / f"{CUE}.4.wav").read_bytes()
    assert ask(port, "POST", undo, b"", key) == (200, '{"restored":4,"kept":5}')
    assert (folder / f"{CUE}.wav").read_bytes() == before
    assert (folder / f"{CUE}.5.wav").read_bytes() == now
    for n in (3, 2, 1):
        assert json.loads(ask(port, "POST", undo, b"", key)[1]) == {"restored": n, "kept": n + 1}
    status, text = ask(port, "POST", undo, b"", key)
    assert (status, text) == (409, f"nothing to undo: no earlier take of {CUE} is kept\n")
    # the first take plays again, with its own words; the four after it are kept
    assert len(list(folder.glob("*.wav"))) == 5
    first = next(a for a in answers if a["kept"] is None)
    assert abs(len(read_audio(folder / f"{CUE}.wav")) / 48_000 - first["seconds"]) < 0.01
    assert (folder / f"{CUE}.txt").read_text(encoding="utf-8").strip() == WORDS
    status, text = ask(port, "GET", "/api/cues", None, {"X-Studio-Token": made.token})
    assert [(c["state"], c["earlier"]) for c in json.loads(text)["cues"]][0] == ("recorded", 0)


SERVE = serve_script(
    before="""
judge = lecture.studio.prepare_take
def slow(*args, **kw):  # says when a save starts, then takes its time, as a long take does
    Path(sys.argv[2]).touch()
    time.sleep(1.5)
    return judge(*args, **kw)
lecture.studio.prepare_take = slow
""",
    run="""
try:
    lecture.studio.StudioServer(config, made).run(sockets=[sock])
except KeyboardInterrupt:
    print("interrupted", file=sys.stderr)
""",
)


def test_ctrl_c_twice_during_a_save_answers_it_and_stops_without_a_traceback(
    tmp_path: Path,
) -> None:
    import signal

    rec, started = tmp_path / "voice", tmp_path / "started"
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVE, str(rec), str(started)],
        cwd=ROOT, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    assert proc.stdout is not None and proc.stderr is not None
    port, token = proc.stdout.readline().split()
    take = speech(tmp_path / "take.wav", "Drop a line at right angles from the tip of q.")
    answer: list[tuple[int, str]] = []
    headers = {"X-Studio-Token": token, "Content-Type": "audio/wav"}
    put = f"/api/take/{SCENE}/{CUE}"
    send = threading.Thread(
        target=lambda: answer.append(ask(int(port), "PUT", put, take.read_bytes(), headers))
    )
    send.start()
    for _ in range(200):
        if started.exists():
            break
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    time.sleep(0.2)
    proc.send_signal(signal.SIGINT)  # a second Ctrl+C, which once forced the stop
    send.join(30)
    proc.wait(30)
    log = proc.stderr.read()
    assert answer and answer[0][0] == 200 and json.loads(answer[0][1])["accepted"], (answer, log)
    assert "Traceback" not in log and "CancelledError" not in log, log
    assert "studio: finishing the save under way, then stopping" in log, log
    folder = rec / "inner-product" / "id" / SCENE
    assert files(folder) == [f"{CUE}.txt", f"{CUE}.wav"]


def test_a_studio_starting_removes_what_a_killed_save_left(
    studio: tuple[Studio, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made, _ = studio
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    folder = made.folder(SCENE)
    folder.mkdir(parents=True)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()  # fmt: skip
    left = [
        tmp_path / "lecture-take-k2j4h5.upload",  # an upload of an earlier version, 8 MB
        folder / f".{CUE}.{dead}.0a1b2c3d.tmp.wav",  # a take half written by a killed studio
        folder / f".{CUE}.{dead}.0a1b2c3e.tmp.txt",
    ]
    alive = folder / f".{CUE}.{os.getpid()}.0a1b2c3f.tmp.wav"  # a running process's: kept
    for p in [*left, alive, folder / f"{CUE}.wav"]:
        p.write_bytes(b"x")
    assert sorted(made.clean()) == sorted(left)
    assert not any(p.exists() for p in left) and alive.exists()
    assert (folder / f"{CUE}.wav").exists()


# --- a take is speech: judged against its own noise floor ---


def test_hiss_alone_is_not_a_take_and_speech_in_hiss_is_trimmed_to_the_speech(
    studio: tuple[Studio, int], tmp_path: Path
) -> None:
    made, port = studio
    headers = {"X-Studio-Token": made.token, "Content-Type": "audio/wav"}
    put = f"/api/take/{SCENE}/{CUE}"
    status, text = ask(port, "PUT", put, wav_bytes(in_hiss(None, -45.0)), headers)
    answer = json.loads(text)
    assert status == 422 and answer["reason"] == "no speech (only noise, its floor at -45 dBFS)"
    assert files(made.root) == []
    said = read_audio(
        speech(tmp_path / "said.wav", "Drop a line at right angles from the tip of q.")
    )
    # where the words are, without noise: from the first to the last window within 40 dB of
    # the loudest (what the studio trimmed to before there was noise)
    span = speech_span(said, 48_000)
    assert span is not None
    start, end = span
    for hiss in (-45.0, -35.0):
        # the page's check before a save: the verdict and the cut points, nothing written
        check, there = f"/api/check/{SCENE}/{CUE}", files(made.root)
        status, text = ask(port, "PUT", check, wav_bytes(in_hiss(said, hiss)), headers)
        checked = json.loads(text)
        assert status == 200 and checked["saved"] is False and files(made.root) == there, text
        status, text = ask(port, "PUT", put, wav_bytes(in_hiss(said, hiss)), headers)
        answer = json.loads(text)
        assert answer["saved"] and answer["trimmed"] == checked["trimmed"], (checked, answer)
        assert status == 200 and answer["accepted"], (hiss, text)
        # cut to 0.2 s before the first word, 0.3 s after the last, the hiss around them gone
        before, after = answer["trimmed"]
        expected = (2 + start - 0.2, 2 + len(said) / 48_000 - end - 0.3)
        assert abs(before - expected[0]) <= 0.1 and abs(after - expected[1]) <= 0.15, (
            hiss,
            expected,
            answer,
        )
        assert abs(answer["floor"] - hiss) <= 1.0, (hiss, answer)
        print(hiss, "dBFS:", answer)


# --- what is decoded: only what a browser records, its length capped before and while ---


def test_only_what_a_browser_records_is_decoded_and_nothing_else_is_read(
    studio: tuple[Studio, int], tmp_path: Path
) -> None:
    made, port = studio
    secret = speech(tmp_path / "secret.wav", "Drop a line at right angles from the tip of q.")
    said = read_audio(secret)
    # the name relative to the temporary folder, where an upload was once written to be read:
    # the concat demuxer's safe mode takes such a name (not an absolute one)
    near = secret.relative_to(tempfile.gettempdir())
    headers = {"X-Studio-Token": made.token, "Content-Type": "audio/wav"}
    put = f"/api/take/{SCENE}/{CUE}"
    mkv = bytearray(encode("webm", "libopus", said))
    mkv[mkv.index(b"webm") : mkv.index(b"webm") + 4] = b"mkv\0"  # a Matroska file, not WebM
    refused = {
        "an ffconcat playlist naming a real take": (
            f"ffconcat version 1.0\nfile '{near}'\n".encode(),
            415,
        ),
        "an ffconcat playlist naming it by its full path": (
            f"ffconcat version 1.0\nfile '{secret}'\n".encode(),
            415,
        ),
        "an ffconcat playlist with a file: URL": (
            f"ffconcat version 1.0\nfile 'file:{secret}'\n".encode(),
            415,
        ),
        "an HLS playlist naming a real take": (
            f"#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:5,\n{secret}\n#EXT-X-ENDLIST\n".encode(),
            415,
        ),
        "a WAV header over a playlist": (
            b"RIFF\xff\xff\xff\x7fWAVE" + f"ffconcat version 1.0\nfile '{secret}'\n".encode(),
            415,
        ),
        "MP4 (AAC)": (encode("mp4", "aac", said), 415),
        "Matroska that is not WebM": (bytes(mkv), 415),
        "WAV holding A-law, not PCM": (encode("wav", "pcm_alaw", said), 415),
        "WAV of four channels": (encode("wav", "pcm_s16le", said, layout="quad"), 415),
        "WAV at 192 kHz": (encode("wav", "pcm_s16le", said, rate=192_000), 415),
        "FLAC whose header says 10 minutes": (silent_flac(10), 413),
        "FLAC of 20 minutes that says nothing of its length": (silent_flac(20, header=False), 413),
    }
    for name, (body, status) in refused.items():
        got, text = ask(port, "PUT", put, body, headers)
        assert got == status, (name, got, text)
        assert text.strip() and "\n" not in text.strip() and "Traceback" not in text, (name, text)
        print(f"{name}: {got} {text.strip()}")
    assert files(made.root) == [], "a refused upload wrote a file"
    # what a browser records is accepted: Opus in WebM and in Ogg, FLAC
    take = np.concatenate([np.zeros(24_000, np.float32), 0.3 * said / np.abs(said).max()])
    for fmt, codec in [("webm", "libopus"), ("ogg", "libopus"), ("flac", "flac")]:
        status, text = ask(port, "PUT", put, encode(fmt, codec, take), headers)
        assert status == 200 and json.loads(text)["accepted"], (fmt, text)


BOMB = """
import resource, sys
from pathlib import Path
from pipeline.voice.takes import TakeRefused, prepare_take

data = Path(sys.argv[1]).read_bytes()
def peak():  # kB: the peak resident size since the last reset
    status = Path("/proc/self/status").read_text().split("\\n")
    return int(next(line.split()[1] for line in status if line.startswith("VmHWM:")))
def now():
    status = Path("/proc/self/status").read_text().split("\\n")
    return int(next(line.split()[1] for line in status if line.startswith("VmRSS:")))
Path("/proc/self/clear_refs").write_text("5")  # the peak starts again from the size now
before = now()
try:
    prepare_take(data, "satu dua tiga", "id")
    print("accepted")
except TakeRefused as e:
    print(e.status, e, f"| peak grew {(peak() - before) / 1024:.1f} MB")
"""


@pytest.mark.parametrize("header", [True, False], ids=["length in header", "no length"])
def test_compressed_silence_is_refused_without_the_memory_it_would_decode_to(
    tmp_path: Path, header: bool
) -> None:
    """An 87 kB FLAC of 10 minutes (or 165 kB of 20 minutes that does not say so) of silence:
    refused by its header before decoding, or when the decode passes the cap; the peak memory
    of the process that judges it grows by tens of MB at most, where the decode of the whole
    file took 326 MB (10 minutes) and 657 MB (20 minutes)."""
    bomb = tmp_path / "bomb.flac"
    bomb.write_bytes(silent_flac(10 if header else 20, header=header))
    r = subprocess.run(
        [sys.executable, "-c", BOMB, str(bomb)], cwd=ROOT, capture_output=True, text=True
    )
    assert r.returncode == 0, r.stderr
    print(bomb.stat().st_size, "bytes:", r.stdout.strip())
    assert r.stdout.startswith("413 too long"), r.stdout
    grew = float(r.stdout.rsplit("grew ", 1)[1].split()[0])
    assert grew < 50, r.stdout  # 90 s of 48 kHz floats is 17 MB; the whole file, 326 MB


# --- the page: keys, the check before a save, undo ---


@pytest.mark.slides
def test_the_page_checks_a_take_before_saving_keeps_the_one_it_replaces_and_keys_always_work(
    studio: tuple[Studio, int], tmp_path: Path
) -> None:
    from browser import chromium
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    made, port = studio
    mic = speech(tmp_path / "mic.wav", "Drop a line at right angles from the tip of q. " * 4)
    driver = chromium(
        tmp_path / "profile", "1366,800", "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream", f"--use-file-for-fake-audio-capture={mic}",
    )  # fmt: skip
    status = lambda: driver.find_element(By.ID, "status").text  # noqa: E731
    current = lambda: driver.execute_script("return cues[current].cue")  # noqa: E731

    def keys(*k: str) -> None:
        ActionChains(driver).send_keys(*k).perform()

    def wait(prefix: str | tuple[str, ...], what: str = "") -> str:
        for _ in range(300):
            if status().startswith(prefix) and what in status():
                return status()
            time.sleep(0.05)
        raise AssertionError(status())

    def record(seconds: float) -> None:
        keys(Keys.SHIFT + "r")  # Shift+R records, as R does
        time.sleep(seconds)
        keys("S")  # and a capital S stops
        wait("Recorded", "will be kept")  # the check before saving has answered

    try:
        driver.get(f"http://127.0.0.1:{port}/?t={made.token}")
        for _ in range(100):
            if driver.execute_script("return cues.length"):
                break
            time.sleep(0.1)
        assert current() == CUE
        record(5.0)
        verdict = driver.execute_script("return take.checked")
        assert verdict["saved"] is False and verdict["speech"] and verdict["floor"] is not None
        assert files(made.root) == []  # the check wrote nothing
        keys(Keys.ENTER)
        wait("Saved")
        assert current() == "pd_sub_dot"  # the next cue that needs recording
        # the filter on, by a click: keys still work, and K does not step onto a hidden cue
        driver.find_element(By.ID, "needs").click()
        keys("K")
        assert current() == "pd_sub_dot"
        driver.find_element(By.ID, "needs").click()  # off again: K reaches the recorded cue
        keys("k")
        assert current() == CUE
        record(5.5)
        keys(Keys.ENTER)
        saved = wait("Saved")
        assert f"The take before is kept as {CUE}.1.wav" in saved, saved
        folder = made.folder(SCENE)
        first = (folder / f"{CUE}.1.wav").read_bytes()
        driver.execute_script("document.getElementById('mic').focus()")  # on the chooser,
        keys("k")  # a letter is still a command: back to the cue, and U puts the first take back
        assert current() == CUE
        assert driver.execute_script("return cues[current].earlier") == 1
        keys("u")
        wait("Put back take 1")
        assert (folder / f"{CUE}.wav").read_bytes() == first
        assert (folder / f"{CUE}.2.wav").is_file()
        logs = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        assert logs == []
    finally:
        driver.quit()


@pytest.mark.slides
def test_the_page_counts_in_and_warns_of_a_quiet_or_clipping_microphone_while_recording(
    studio: tuple[Studio, int], tmp_path: Path
) -> None:
    from browser import chromium
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    made, port = studio
    said = read_audio(
        speech(tmp_path / "said.wav", "Drop a line at right angles from the tip of q.")
    )
    rate = 48_000
    quiet = np.random.default_rng(0).standard_normal(3 * rate) * 10 ** (-60 / 20)
    loud = np.clip(4 * said / np.abs(said).max(), -1, 1)  # four times full scale, flattened
    mic = tmp_path / "mic.wav"
    mic.write_bytes(wav_bytes(np.concatenate([quiet, loud]).astype(np.float32)))
    driver = chromium(
        tmp_path / "profile", "1366,800", "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream", f"--use-file-for-fake-audio-capture={mic}",
    )  # fmt: skip
    try:
        driver.get(f"http://127.0.0.1:{port}/?t={made.token}")
        for _ in range(100):
            if driver.execute_script("return cues.length"):
                break
            time.sleep(0.1)
        ActionChains(driver).send_keys("r").perform()
        seen: list[tuple[str, str]] = []
        end = time.monotonic() + 5.5
        while time.monotonic() < end:
            shown = (
                driver.find_element(By.ID, "status").text,
                driver.find_element(By.ID, "warn").text,
            )
            if not seen or seen[-1] != shown:
                seen.append(shown)
            time.sleep(0.05)
        ActionChains(driver).send_keys("s").perform()
        statuses = [s for s, _ in seen if s]
        warnings = [w.split(":")[0] for _, w in seen if w]
        # the count-in, then "speak"
        assert statuses[0].startswith("Recording: 3…"), seen
        assert "Recording: 1… Press S to stop." in statuses, seen
        assert any(s.startswith("Recording: speak now.") for s in statuses), seen
        # the room alone for 3 s: too quiet after 2 s; then the flattened speech: clipping
        assert "Too quiet" in warnings and "Clipping" in warnings, seen
        assert warnings.index("Too quiet") < warnings.index("Clipping"), seen
        # a chooser of the microphones the browser offers, its fake one named
        names = [o.text for o in driver.find_elements(By.CSS_SELECTOR, "#mic option")]
        assert names[0] == "the browser's default" and len(names) >= 2, names
        print(seen)
    finally:
        driver.quit()


# --- the author's path: lecture record, Chromium with a file for a microphone, a render ---


def launch_studio(lesson: Path, rec: Path) -> subprocess.Popen[str]:
    """`lecture record` of ProjectionDrop, started; its address is kept beside `rec` between
    starts. It prints its address once its dry run has listed the cues (:func:`address`)."""
    state = rec.parent / "state"
    env = {**os.environ, "LECTURE_RECORDINGS": str(rec), "XDG_STATE_HOME": str(state)}
    return subprocess.Popen(
        [sys.executable, "-m", "lecture.cli", "record", SCENE, "--lesson", str(lesson),
         "--port", "0", "--no-browser", "--no-frames", "--jobs", "1"],
        cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip


def address(proc: subprocess.Popen[str]) -> str:
    """The address a studio started by :func:`launch_studio` serves at (its first line)."""
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line.startswith("studio: http://127.0.0.1:"), (line, proc.stderr and proc.stderr.read())
    return line.split("studio: ", 1)[1].strip()


def start_studio(lesson: Path, rec: Path) -> tuple[subprocess.Popen[str], str]:
    """`lecture record` of ProjectionDrop, serving: the process and its address."""
    proc = launch_studio(lesson, rec)
    return proc, address(proc)


def best_matches(pieces: np.ndarray, ref: np.ndarray) -> np.ndarray:
    """For each row of `pieces` (stretches of one length), the highest normalised correlation
    with `ref` (looped) at any offset: one transform of `ref` serves every piece, and each
    offset's energy in `ref` is a running sum of its squares."""
    from scipy.fft import irfft, next_fast_len, rfft

    ref = np.concatenate([ref, ref]).astype(np.float64)
    pieces = np.asarray(pieces, np.float64)
    m = pieces.shape[1]
    n = next_fast_len(len(ref) + m - 1, real=True)
    # ref convolved with each piece reversed, at the offsets where the piece lies inside ref
    corr = irfft(rfft(pieces[:, ::-1], n, axis=1) * rfft(ref, n), n, axis=1)[:, m - 1 : len(ref)]
    squares = np.concatenate([[0.0], np.cumsum(ref**2)])
    energy = np.sqrt(np.maximum(squares[m:] - squares[:-m], 1e-12))
    norms = np.linalg.norm(pieces, axis=1)[:, None]
    return np.max(np.abs(corr) / (energy * norms), axis=1)


def median_match(piece: np.ndarray, ref: np.ndarray, rate: int = 48_000) -> float:
    """The median of :func:`best_matches` over `piece`'s half-second windows (a quarter second
    apart): one number for "this stretch of sound is `ref`'s", which a skip in the recording
    does not sink (Chromium's fake microphone skips a few milliseconds when the machine is
    busy, and a window across the skip matches less well). A window of speech matches its own
    source at 0.97 or more and another voice's at under 0.5."""
    from scipy.signal import resample_poly

    # at 16 kHz (speech's band), a third of the samples to correlate
    piece, ref, rate = resample_poly(piece, 1, 3), resample_poly(ref, 1, 3), rate // 3
    half, hop = rate // 2, rate // 4
    windows = np.stack([piece[a : a + half] for a in range(0, len(piece) - half + 1, hop)])
    return float(np.median(best_matches(windows, ref)))


@pytest.mark.render
@pytest.mark.manim
@pytest.mark.slides
def test_an_author_records_three_cues_by_keyboard_and_the_render_plays_them(
    tmp_path: Path,
) -> None:
    """Three cues recorded in `lecture record` by keyboard, the third across a restart: the
    studio stops with that take on the page (Enter answers "Not sent"), started again it keeps
    its address (token and port), so the page sends the same take with Enter. A render plays
    the three takes; an edit of the query makes exactly the cues whose words changed stale."""
    import signal

    from browser import chromium
    from conftest import QUALITY, lecture
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from variants import SEED, set_key

    from pipeline.voice.synthesis import synthesize

    rec, out = tmp_path / "voice", tmp_path / "out"
    mic = speech(
        tmp_path / "mic.wav",
        "Here is a voice that is not the lesson's synthetic voice, speaking steadily, so that "
        "the studio has something to record for every cue it is given. " * 3,
    )
    proc, url = start_studio(DEFAULT_LESSON, rec)
    driver = chromium(
        tmp_path / "profile", "1366,800", "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream", f"--use-file-for-fake-audio-capture={mic}",
    )  # fmt: skip
    status = lambda: driver.find_element(By.ID, "status").text  # noqa: E731

    def wait(prefix: str | tuple[str, ...]) -> str:
        for _ in range(400):
            if status().startswith(prefix):
                return status()
            time.sleep(0.05)
        raise AssertionError(status())

    recorded = []
    try:
        driver.get(url)
        for _ in range(100):
            if driver.execute_script("return cues.length"):
                break
            time.sleep(0.1)
        for n in range(3):
            cue = driver.execute_script("return cues[current]")
            ActionChains(driver).send_keys("r").perform()
            time.sleep(0.5 + cue["seconds"])  # about the synthetic take's pace
            ActionChains(driver).send_keys("s").perform()
            wait("Recorded")
            if n == 2:  # the studio stops, the take is on the page only
                proc.send_signal(signal.SIGINT)
                proc.wait(30)
                ActionChains(driver).send_keys(Keys.ENTER).perform()
                assert wait("Not sent").startswith("Not sent (the take is still here"), status()
                proc, again = start_studio(DEFAULT_LESSON, rec)
                assert again == url  # the same token, the same port
            ActionChains(driver).send_keys(Keys.ENTER).perform()
            assert wait(("Saved", "Rejected", "Refused")).startswith(f"Saved {cue['cue']}")
            recorded.append(cue["cue"])
        logs = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        # the one error: the take sent while the studio was stopped, refused by the network
        refused = [m for m in logs if f"/api/take/{SCENE}/{recorded[2]} " in m]
        assert len(refused) == 1 and "ERR_CONNECTION_REFUSED" in refused[0], logs
        assert [m for m in logs if m not in refused] == []
        tally = driver.find_element(By.ID, "tally").text
        assert tally.startswith("3 of 10 recorded"), tally  # ProjectionDrop's cues
    finally:
        driver.quit()
        proc.send_signal(signal.SIGINT)
        proc.wait(30)
    assert recorded == ["pd_sub_vectors", "pd_sub_drop", "pd_sub_dot"]

    env = {"LECTURE_RECORDINGS": str(rec)}
    r = lecture("render", SCENE, "--quality", QUALITY, "--out", str(out), "--quiet", env=env)
    assert r.returncode == 0, r.stderr
    narration = json.loads((out / "manifest.json").read_text())["clips"][SCENE]["narration"]
    voices = {c["cue"]: c["voice"] for c in narration}
    assert [c for c, v in voices.items() if v.startswith("recording ")] == recorded
    assert voices["pd_sub_drop"] == "recording pd_sub_drop.wav"
    track = read_audio(out / f"{SCENE}.mp4")
    fed = read_audio(mic)
    for c in narration[:4]:  # three recorded, then one the synthetic voice says
        start = round((c["start"] + c["duration"] / 2 - 1) * 48_000)
        piece = track[start : start + 2 * 48_000]
        synthetic = read_audio(synthesize(c["words"], "id"))
        mine, its = median_match(piece, fed), median_match(piece, synthetic)
        if c["cue"] in recorded:
            assert mine > 0.9 and its < 0.5, (c["cue"], mine, its)
        else:
            assert mine < 0.5 and its > 0.9, (c["cue"], mine, its)

    # an edit of the query: the cues whose words changed, and only those, are stale
    edited = tmp_path / "edited.toml"
    edited.write_text(set_key(SEED, "projection", "query", "[3, 1]"), encoding="utf-8")
    proc = launch_studio(edited, rec)  # its dry run, while `lecture script` makes its own
    try:
        script = lecture(
            "script", SCENE, "--lesson", str(edited), "--stale", "--out", str(tmp_path / "s"),
            env=env,
        )  # fmt: skip
        url = address(proc)
        port, token = url.split(":")[2].split("/")[0], url.split("t=")[1]
        code, text = ask(int(port), "GET", "/api/cues", None, {"X-Studio-Token": token})
    finally:
        proc.terminate()
        proc.wait(10)
    assert code == 200, text
    now = {c["cue"]: c for c in json.loads(text)["cues"]}
    before = {c["cue"]: c["words"] for c in narration}
    changed = {c for c in recorded if now[c]["words"] != before[c]}
    assert changed == {"pd_sub_vectors", "pd_sub_dot"}  # (2, 1) and q · k = 4 are said
    assert {c for c, x in now.items() if x["state"] == "stale"} == changed
    assert {c for c, x in now.items() if x["state"] == "recorded"} == set(recorded) - changed
    assert script.returncode == 0, script.stderr
    assert {line.split()[1] for line in script.stdout.splitlines()} == changed
