"""What the recording studio's server does with hostile and noisy uploads, two commits side by side.

Run with `.venv/bin/python bench/studio_uploads.py BASE`. The studio's application is served
(uvicorn on 127.0.0.1, one cue of ProjectionDrop, as tests/test_studio.py serves it) from a
checkout of BASE (a git worktree) and from this one, each in a process of its own, and sent
the uploads the studio must refuse or trim: an ffconcat playlist naming an audio file the
server can read, FLAC files of 10 and 20 minutes of silence (87 and 165 kB; the second says
nothing of its length), 7 s of -45 dBFS white noise, and a sentence in -45 dBFS noise. For each
it prints the answer and how far the server's peak resident memory rose while answering
(VmHWM reset through /proc/<pid>/clear_refs before each request, minus VmRSS then).
Results go to bench/results/studio_uploads.json.
"""

from __future__ import annotations

import argparse
import http.client
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from studio_kit import in_hiss, serve_script, silent_flac, speech, wav_bytes  # noqa: E402

SERVE = serve_script()  # the studio of one cue, as tests/test_studio.py serves it


def status_kb(pid: int, field: str) -> int:
    """A field of /proc/<pid>/status, in kB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise KeyError(field)


def uploads(folder: Path) -> dict[str, bytes]:
    """The bodies sent, made as tests/test_studio.py makes them (tests/studio_kit.py)."""
    said_path = speech(folder / "said.wav", "Drop a line at right angles from the tip of q.")
    sys.path.insert(0, str(ROOT))
    from pipeline.voice.audio import read_audio

    said = read_audio(said_path)
    near = said_path.relative_to(tempfile.gettempdir())  # where the old studio wrote uploads
    playlist = f"ffconcat version 1.0\nfile '{near}'\n"
    return {
        "ffconcat naming a WAV by a relative name": playlist.encode(),
        "FLAC, 10 min of silence": silent_flac(10),
        "FLAC, 20 min of silence, no length": silent_flac(20, header=False),
        "7 s of -45 dBFS white noise": wav_bytes(in_hiss(None, -45.0)),
        "a sentence in -45 dBFS white noise": wav_bytes(in_hiss(said, -45.0)),
    }


def serve_and_send(checkout: Path, bodies: dict[str, bytes], rec: Path) -> dict[str, dict]:
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVE, str(rec)], cwd=checkout, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    assert proc.stdout is not None
    port, token = proc.stdout.readline().split()
    out = {}
    try:
        for name, body in bodies.items():
            before = status_kb(proc.pid, "VmRSS")
            Path(f"/proc/{proc.pid}/clear_refs").write_text("5")
            conn = http.client.HTTPConnection("127.0.0.1", int(port), timeout=120)
            headers = {"X-Studio-Token": token, "Content-Type": "audio/wav"}
            conn.request("PUT", "/api/take/ProjectionDrop/pd_sub_drop", body, headers)
            r = conn.getresponse()
            text = r.read().decode("utf-8", "replace").strip()
            conn.close()
            grew = (status_kb(proc.pid, "VmHWM") - before) / 1024
            saved = sorted(p.name for p in rec.rglob("*.wav"))
            out[name] = {"bytes": len(body), "status": r.status, "answer": text[:160],
                         "peak_grew_mb": round(grew, 1), "saved": saved}  # fmt: skip
            for p in rec.rglob("*"):
                if p.is_file():
                    p.unlink()
    finally:
        proc.terminate()
        proc.wait(30)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("base", help="the commit to compare with")
    args = parser.parse_args()
    results = {}
    with tempfile.TemporaryDirectory(prefix="bench-studio-") as tmp:
        base = Path(tmp) / "base"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(base), args.base],
            cwd=ROOT, check=True, capture_output=True,
        )  # fmt: skip
        try:
            bodies = uploads(Path(tmp))
            for name, checkout in (("base", base), ("head", ROOT)):
                results[name] = serve_and_send(checkout, bodies, Path(tmp) / f"voice-{name}")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT)
    for name, cases in results.items():
        print(f"## {name}")
        for case, got in cases.items():
            grew, saved = got["peak_grew_mb"], got["saved"] or "nothing"
            print(f"- {case} ({got['bytes']} bytes): {got['status']}, peak {grew:+.1f} MB,"
                  f" saved {saved}: {got['answer']}")  # fmt: skip
    out = ROOT / "bench" / "results" / "studio_uploads.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
