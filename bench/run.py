"""Render benchmark: `lecture render` against plain `manim`, whole-process wall times.

Run with `.venv/bin/python bench/run.py [--repeats N] [--skip-high] [--only low]`. Prints a
table and writes bench/results/latest.json. Every case runs on this machine in the same
invocation, so the ratios compare like with like. LaTeX caches are warm in every case (both
tools keep one), and so are lecture's made formulas and texts (pipeline/shapes.py: kept from the
last render of each scene), except in case (a)'s "nothing kept" runs; the clip caches are
what differ. Cases (a) and (b) alternate the two tools
run by run (same load for both) and record each run's CPU time (user + system of the whole
process tree) beside its wall time, and the load average before the runs; `--only low` runs
just those two cases. `--only high` runs the 1080p60 cases alone (whole lesson,
ours against plain `manim -qh`, SSIM against manim's default encode) into
bench/results/high.json.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import platform
import random
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
SEED = ["ProjectionDrop", "AngleSignRegions", "SoftmaxBarMorph"]
LESSON = ROOT / "lessons" / "inner-product.toml"


LAST_STDERR = [""]  # stderr of the last run, to see which clips re-rendered
LAST_CPU = [0.0]  # CPU seconds (user + system) of the last run's whole process tree


def reap_orphans() -> None:
    """Linux: adopt the orphans of the runs (a render's worker server outlives its command
    for a moment), so that their CPU time counts in :func:`children_cpu` once reaped."""
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(36, 1)  # PR_SET_CHILD_SUBREAPER


def children() -> set[int]:
    """Linux: the processes whose parent is this one (adopted orphans included)."""
    me, pids = os.getpid(), set()
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                stat = (proc / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == me:
                pids.add(int(proc.name))
    return pids


def children_cpu() -> float:
    """CPU seconds of every waited-for child process so far (user + system)."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(cmd: list[str], env: dict[str, str] | None = None, cwd: Path = ROOT) -> float:
    """Wall time of one whole process; fails loudly if it fails."""
    cpu0, before = children_cpu(), children()
    t0 = time.perf_counter()
    r = subprocess.run(
        cmd,
        cwd=cwd,
        env={**os.environ, **(env or {})},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    took = time.perf_counter() - t0
    for pid in children() - before:  # wait for the orphans it left us (see reap_orphans)
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass
    LAST_CPU[0] = children_cpu() - cpu0
    if r.returncode != 0:
        raise SystemExit(f"bench: {' '.join(cmd)} failed:\n{r.stderr[-2000:]}")
    LAST_STDERR[0] = r.stderr
    return took


def tree_cpu(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall and CPU seconds of one run, the CPU of every process under it included.

    `lecture`'s renders run in processes forked by a worker server that the command does
    not wait for, so the CPU of its children never reaches ``RUSAGE_CHILDREN``; the tree is
    read from /proc twice a second instead (each process's own user + system time, the last
    reading before it ends: a process loses at most half a second).
    """
    tick = os.sysconf("SC_CLK_TCK")
    seen: dict[int, float] = {}

    def poll(root: int) -> None:
        kids: dict[int, list[int]] = {}
        stats: dict[int, float] = {}
        for d in Path("/proc").iterdir():
            if not d.name.isdigit():
                continue
            try:
                fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            kids.setdefault(int(fields[1]), []).append(int(d.name))
            stats[int(d.name)] = (int(fields[11]) + int(fields[12])) / tick
        todo = [root]
        while todo:
            pid = todo.pop()
            if pid in stats:
                seen[pid] = max(seen.get(pid, 0.0), stats[pid])
            todo += kids.get(pid, [])
        # orphans (the worker server after the command ends) keep their place in the tree
        for pid in list(seen):
            if pid in stats and pid != root:
                seen[pid] = max(seen[pid], stats[pid])

    t0 = time.perf_counter()
    with subprocess.Popen(
        cmd,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    ) as p:
        err: list[str] = []
        import threading

        reader = threading.Thread(target=lambda: err.append(p.stderr.read() if p.stderr else ""))
        reader.start()
        while p.poll() is None:
            poll(p.pid)
            time.sleep(0.5)
        reader.join()
    took = time.perf_counter() - t0
    if p.returncode != 0:
        raise SystemExit(f"bench: {' '.join(cmd)} failed:\n{''.join(err)[-2000:]}")
    LAST_STDERR[0] = "".join(err)
    return took, sum(seen.values())


def ssim(a: Path, b: Path) -> dict[str, float]:
    """SSIM of the frames of video `b` against those of `a` (FFmpeg's ssim filter via PyAV).

    The mean over frames of SSIM Y and All (Y, U and V weighted by their size, as FFmpeg's
    summary line), the worst frame's All, and how many frames each video has.
    """
    import av
    from av.filter import Graph

    rows: list[dict[str, float]] = []
    with av.open(str(a)) as ca, av.open(str(b)) as cb:
        sa, sb = ca.streams.video[0], cb.streams.video[0]
        graph = Graph()
        ia, ib = graph.add_buffer(template=sa), graph.add_buffer(template=sb)
        f, sink = graph.add("ssim"), graph.add("buffersink")
        ia.link_to(f, 0, 0)
        ib.link_to(f, 0, 1)
        f.link_to(sink)
        graph.configure()
        # each frame of `a` against the frame of `b` shown at its time (`b` may hold a
        # picture as one frame of long duration)
        frames_b = cb.decode(sb)
        shown, upcoming = next(frames_b, None), next(frames_b, None)
        for fa in ca.decode(sa):
            while upcoming is not None and upcoming.time <= fa.time + 1e-6:
                shown, upcoming = upcoming, next(frames_b, None)
            if shown is None:
                break
            shown.pts = round(fa.time / shown.time_base)
            ia.push(fa)
            ib.push(shown)
            while True:
                try:
                    out = sink.pull()
                except (av.BlockingIOError, av.EOFError):
                    break
                m = out.metadata
                rows.append({k: float(m[f"lavfi.ssim.{k}"]) for k in ("Y", "All")})
    return {
        "ssim_all": statistics.fmean(r["All"] for r in rows),
        "ssim_y": statistics.fmean(r["Y"] for r in rows),
        "ssim_all_worst_frame": min(r["All"] for r in rows),
        "frames": clip_frames(a),
        "frames_other": clip_frames(b),
    }


SSIM_MIN = 0.99  # our encode against manim's default encode of the same frames: no visible loss
HIGH_PAIR = ["SoftmaxBarMorph", "AngleSignRegions"]


def high_cases(work: Path, whole_lesson: bool) -> dict:
    """The 1080p60 cases: whole lesson, ours against plain `manim -qh`, picture quality.

    Ours and plain manim run the same two scenes in one invocation, one after the other;
    ours narrated (its holds last as long as the narration), plain manim silent, so the
    ratio is per second of video. For the picture, ours renders the first scene silent, frame
    for frame the same pictures as plain manim's, whose clip is manim's default encode
    (libx264 crf 23, preset medium); SSIM compares the two.
    """
    res: dict = {"load_before": os.getloadavg()}
    driver = work / "high_scenes.py"
    driver.write_text(
        "from scenes.angle import AngleSignRegions as A\n"
        "from scenes.softmax import SoftmaxBarMorph as S\n\n\n"
        "class AngleSignRegions(A):\n    pass\n\n\n"
        "class SoftmaxBarMorph(S):\n    pass\n",
        encoding="utf-8",
    )
    media = work / "manim-high"
    shutil.copytree(ROOT / "media" / "Tex", media / "Tex")
    plain_wall, plain_cpu = tree_cpu(
        [PY, "-m", "manim", "render", "-qh", "--media_dir", str(media), str(driver), *HIGH_PAIR],
        env={"PYTHONPATH": str(ROOT)},
    )
    plain = {s: next(media.rglob(f"1080p60/{s}.mp4")) for s in HIGH_PAIR}
    plain_s = sum(clip_seconds(p) for p in plain.values())
    out = work / "ours-high"
    ours_wall, ours_cpu = tree_cpu(
        lecture(
            "render", *HIGH_PAIR, "--quality", "high", "--jobs", "2", "--out", str(out),
            "--quiet", "--force",
        )
    )  # fmt: skip
    ours_s = video_seconds(out, HIGH_PAIR)
    per_ours, per_plain = ours_wall / ours_s, plain_wall / plain_s
    res["vs_plain_manim_qh"] = {
        "scenes": HIGH_PAIR,
        "lecture_wall_s": ours_wall,
        "lecture_cpu_s": ours_cpu,
        "lecture_video_s": ours_s,
        "manim_wall_s": plain_wall,
        "manim_cpu_s": plain_cpu,
        "manim_video_s": plain_s,
        "ratio_wall_per_video_s": per_ours / per_plain,
        "ratio_cpu_per_video_s": (ours_cpu / ours_s) / (plain_cpu / plain_s),
        "target": "<= 0.5",
    }
    scene = HIGH_PAIR[0]
    silent = work / "ours-high-silent"
    run(
        lecture(
            "render", scene, "--quality", "high", "--voice", "none", "--jobs", "1",
            "--out", str(silent), "--quiet", "--force",
        )
    )  # fmt: skip
    ours_clip = silent / f"{scene}.mp4"
    q = ssim(plain[scene], ours_clip)
    res["picture_quality"] = {
        "scene": scene,
        "against": "plain manim -qh (libx264 crf 23, preset medium): the same frames",
        **q,
        "size_ours_bytes": ours_clip.stat().st_size,
        "size_manim_bytes": plain[scene].stat().st_size,
        "size_ratio": ours_clip.stat().st_size / plain[scene].stat().st_size,
        "ssim_min": SSIM_MIN,
        "pass": q["frames"] == q["frames_other"] and q["ssim_all"] >= SSIM_MIN,
    }
    if whole_lesson:
        lesson = work / "lesson-high"
        wall, cpu = tree_cpu(
            lecture(
                "build", "--quality", "high", "--jobs", "2", "--out", str(lesson), "--quiet",
                "--force",
            )
        )  # fmt: skip
        data = json.loads((lesson / "manifest.json").read_text(encoding="utf-8"))
        secs = float(data["lesson_video"]["duration"])
        res["d2_whole_lesson_high"] = {
            "wall_s": wall,
            "cpu_s": cpu,
            "video_s": secs,
            "video_s_per_wall_s": secs / wall,
            "target": ">= 2",
            "lesson_mp4_bytes": (lesson / data["lesson_video"]["video"]).stat().st_size,
        }
    res["load_after"] = os.getloadavg()
    return res


def clip_frames(path: Path) -> int:
    """Frames a clip shows at its nominal rate (a held picture counts as often as it shows)."""
    from pipeline.media import probe

    return probe(path).frames


def clip_seconds(path: Path) -> float:
    """Length of a clip in seconds: its frames over its frame rate."""
    from pipeline.media import probe

    info = probe(path)
    return info.frames / info.fps


def high_rows(h: dict) -> list[tuple[str, str, str, str]]:
    """Table rows of :func:`high_cases`."""
    v, q = h["vs_plain_manim_qh"], h["picture_quality"]
    rows = [
        (
            "1080p60 vs plain manim -qh",
            f"lecture {v['lecture_wall_s']:.1f} s for {v['lecture_video_s']:.1f} s",
            f"manim {v['manim_wall_s']:.1f} s for {v['manim_video_s']:.1f} s",
            f"{v['ratio_wall_per_video_s']:.2f} (<= 0.5; CPU {v['ratio_cpu_per_video_s']:.2f})",
        ),
        (
            f"picture, {q['scene']} vs manim default",
            f"SSIM All {q['ssim_all']:.4f} (worst frame {q['ssim_all_worst_frame']:.4f})",
            f"size {q['size_ratio']:.2f}x, {q['frames']} frames",
            f"{'pass' if q['pass'] else 'FAIL'} (>= {q['ssim_min']})",
        ),
    ]
    if "d2_whole_lesson_high" in h:
        d = h["d2_whole_lesson_high"]
        rows.append(
            (
                "(d') whole lesson, build high",
                f"{d['video_s']:.1f} s of video in {d['wall_s']:.1f} s",
                f"CPU {d['cpu_s']:.0f} s, {d['lesson_mp4_bytes'] / 1e6:.0f} MB",
                f"{d['video_s_per_wall_s']:.2f} video s / s (>= 2)",
            )
        )
    return rows


def lecture(*args: str) -> list[str]:
    return [PY, "-m", "lecture.cli", *args]


def median(f, n: int) -> tuple[float, list[float]]:
    xs = [f() for _ in range(n)]
    return statistics.median(xs), xs


def video_seconds(out: Path, scenes: list[str]) -> float:
    data = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    return sum(data["clips"][s]["duration"] for s in scenes)


def narration_share(
    out: Path, whole: bool, lang: str = "id", voice: str = "espeak", media: Path | None = None
) -> dict:
    """Build at medium quality (the seed scenes, or the whole lesson) and sum the narration.

    With `media`, the run's caches (LaTeX, the voice's takes) start empty there: each voice
    then synthesises every take it says, as on a first build.
    """
    scenes = [] if whole else SEED
    env = {"LECTURE_MEDIA": str(media)} if media is not None else None
    t = run(
        lecture(
            "build" if whole else "render", *scenes, "--quality", "medium", "--jobs", "2",
            "--out", str(out), "--quiet", "--force", "--lang", lang, "--voice", voice,
        ),
        env=env,
    )  # fmt: skip
    rendered = dict(re.findall(r"\] (\w+): rendered in ([\d.]+) s", LAST_STDERR[0]))
    clips = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["clips"]
    narration = sum(clips[s]["narration_seconds"] for s in rendered)
    render_s = sum(float(v) for v in rendered.values())
    return {
        "scenes": len(rendered),
        "wall_s": t,
        "worker_render_s": render_s,
        "narration_s": narration,
        "share": narration / render_s,
        "target": "<= 0.10",
    }


WATCH_SCENE = "MagnitudeVsDirection"  # the one scene that reads [magnitude] scale
MAGNITUDE = "[[2, 1], [1, 2]]]\nscale = 3 "  # [magnitude] pairs, then its scale


def watch_latency(work: Path, n: int) -> dict:
    """(f) `lecture watch`: from saving an edit of one number to that scene's fresh preview.

    The watcher runs on a copy of the lesson with two scenes watched; each repeat saves a
    new `[magnitude] scale` (an editor's save: a temporary file renamed over the lesson) and
    waits until the scene's clip is written and the preview's deck version has moved on.
    Alternated with it, the same edit on another copy is re-rendered by a fresh `lecture
    render` process (what an author ran before the watcher).
    """
    import threading

    lesson, out = work / "watch" / "lesson.toml", work / "watch" / "out"
    lesson.parent.mkdir(parents=True)
    text = LESSON.read_text(encoding="utf-8")
    if MAGNITUDE not in text:
        raise SystemExit("bench: the lesson has no `scale = 3` under [magnitude]")
    lesson.write_text(text, encoding="utf-8")
    version = out / "preview" / "version.json"
    proc = subprocess.Popen(
        lecture(
            "watch",
            WATCH_SCENE,
            "NumpyCheck",
            "--lesson",
            str(lesson),
            "--out",
            str(out),
            "--no-browser",
            "--jobs",
            "2",
        ),  # fmt: skip
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: list[str] = []
    threading.Thread(target=lambda: lines.extend(proc.stdout or ()), daemon=True).start()

    def deck() -> int:
        try:
            return int(json.loads(version.read_text(encoding="utf-8"))["deck"])
        except (OSError, ValueError, KeyError):
            return 0

    def wait_deck(above: int, limit: float = 900) -> None:
        deadline = time.monotonic() + limit
        while deck() <= above:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise SystemExit("bench: lecture watch did not build:\n" + "".join(lines))
            time.sleep(0.02)

    def cpu(pid: int, reaped: bool = False) -> float:
        """CPU seconds of `pid` (and of its children it has waited for, when `reaped`)."""
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = sum(int(x) for x in fields[11 : 15 if reaped else 13])
        return ticks / os.sysconf("SC_CLK_TCK")

    def server() -> int:
        """The worker server (its renders are its children: their CPU adds to its own)."""
        kids = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
        return next(int(k) for k in kids if "forkserver" in Path(f"/proc/{k}/cmdline").read_text())

    try:
        wait_deck(0)  # the first build (both scenes rendered)
        lesson_b, out_b = work / "watch" / "b.toml", work / "watch" / "out-b"
        lesson_b.write_text(text, encoding="utf-8")
        render_b = lecture("render", WATCH_SCENE, "--quality", "low", "--jobs", "2",
                           "--lesson", str(lesson_b), "--out", str(out_b), "--quiet")  # fmt: skip
        run(render_b)  # warm: the next runs re-render after an edit only
        runs_b = []
        watcher_cpu0, fork = cpu(proc.pid), server()
        render_cpu0 = cpu(fork, reaped=True)
        runs, rendered = [], []
        fresh, scales = random.randint(1, 24), []
        for i in range(n):
            before = deck()
            # a number of this run's own: its formulas and spoken words are not in the LaTeX
            # and voice caches yet, as after an author's edit (a repeat of 2.25 and 2.5 on
            # every run measured the caches, not the edit)
            value = f"{2 + 0.25 * i + fresh / 100:g}"
            scales.append(value)
            scale = f"scale = {value} "
            edited = text.replace(MAGNITUDE, MAGNITUDE.replace("scale = 3 ", scale), 1)
            tmp = lesson.with_name(".lesson.toml.tmp")
            tmp.write_text(edited, encoding="utf-8")
            t0 = time.perf_counter()
            os.replace(tmp, lesson)
            wait_deck(before)
            runs.append(time.perf_counter() - t0)
            time.sleep(0.5)  # its lines are out
            took = re.findall(rf"^{WATCH_SCENE}: rendered in ([\d.]+) s$", "".join(lines), re.M)
            rendered.append(float(took[-1]) if took else float("nan"))
            lesson_b.write_text(edited, encoding="utf-8")
            runs_b.append(run(render_b))
        watcher_cpu = cpu(proc.pid) - watcher_cpu0
        render_cpu = cpu(fork, reaped=True) - render_cpu0
    finally:
        proc.send_signal(signal.SIGINT)  # Ctrl-C, as an author stops it
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:  # SIGINT ignored (a shell's background job)
            proc.terminate()
            proc.wait(timeout=60)
    up_to_date = "".join(lines).count("NumpyCheck: up to date")
    return {
        "scene": WATCH_SCENE,
        "save_to_preview_s": statistics.median(runs),
        "scales": scales,
        "worker_render_s": statistics.median(rendered),
        "runs": runs,
        "worker_runs": rendered,
        "lecture_render_after_the_edit_s": statistics.median(runs_b),
        "lecture_render_runs": runs_b,
        "other_scene_up_to_date_lines": up_to_date,
        "render_cpu_s_per_edit": render_cpu / n,  # the renders and what they ran (ffmpeg, espeak)
        "watcher_cpu_s_per_edit": watcher_cpu / n,  # detect, plan, deck, version
        "loadavg_1min": os.getloadavg()[0],
        "target": "< 10 s",
    }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--skip-high", action="store_true", help="skip the 1080p60 throughput case")
    ap.add_argument(
        "--full-medium", action="store_true", help="(e) over the whole lesson, not 3 scenes"
    )
    ap.add_argument("--only-narration", action="store_true", help="run case (e) only")
    ap.add_argument(
        "--only-voices",
        action="store_true",
        help="case (e) in English with espeak-ng and with Piper side by side, caches empty",
    )
    ap.add_argument(
        "--only",
        choices=["low", "high"],
        help="low: cases (a) and (b) only (cold and no-change 480p15); "
        "high: only the 1080p60 cases (whole lesson, plain -qh, SSIM)",
    )
    ap.add_argument("--only-watch", action="store_true", help="run case (f) only")
    ap.add_argument(
        "--no-whole-lesson", action="store_true", help="leave out the whole-lesson high build"
    )
    args = ap.parse_args()
    n = args.repeats
    reap_orphans()
    work = Path(tempfile.mkdtemp(prefix="lecture-bench-"))
    results: dict[str, dict] = {}
    if args.only == "high":
        run(
            lecture(
                "render", *HIGH_PAIR, "--quality", "low", "--out", str(work / "warm"), "--quiet"
            )
        )
        h = high_cases(work, not args.no_whole_lesson)
        (ROOT / "bench" / "results").mkdir(exist_ok=True)
        meta = {
            "machine": f"{platform.machine()}, {os.cpu_count()} cores",
            "date": time.strftime("%Y-%m-%d %H:%M"),
        }
        (ROOT / "bench" / "results" / "high.json").write_text(
            json.dumps({"meta": meta, **h}, indent=2), encoding="utf-8"
        )
        for r in high_rows(h):
            print("  ".join(r))
        print(f"load average before {h['load_before']}, after {h['load_after']}")
        shutil.rmtree(work, ignore_errors=True)
        return 0
    if args.only_voices:
        pairs = {}
        for voice in ("espeak", "piper"):
            media = work / f"media-{voice}"
            pairs[voice] = narration_share(work / f"en-{voice}", False, "en", voice, media)
        print(json.dumps(pairs, indent=2))
        shutil.rmtree(work, ignore_errors=True)
        return 0
    if args.only_narration:
        e = narration_share(work / "medium", args.full_medium)
        print(json.dumps(e, indent=2))
        return 0
    if args.only_watch:
        f = watch_latency(work, n)
        print(json.dumps(f, indent=2))
        shutil.rmtree(work, ignore_errors=True)
        return 0

    # warm the shared LaTeX cache once (both tools then start with every formula compiled)
    run(lecture("render", *SEED, "--quality", "low", "--out", str(work / "warm"), "--quiet"))

    # plain manim: the three scenes serially in one process, its own cache cold each time
    driver = work / "seed_scenes.py"
    # manim renders only classes defined in the file it is given: subclass under the same names
    driver.write_text(
        "from scenes.angle import AngleSignRegions as A\n"
        "from scenes.projection import ProjectionDrop as P\n"
        "from scenes.softmax import SoftmaxBarMorph as S\n\n\n"
        "class ProjectionDrop(P):\n    pass\n\n\n"
        "class AngleSignRegions(A):\n    pass\n\n\n"
        "class SoftmaxBarMorph(S):\n    pass\n",
        encoding="utf-8",
    )

    def manim_cold() -> float:
        media = work / "manim-media"
        shutil.rmtree(media, ignore_errors=True)
        media.mkdir()
        shutil.copytree(ROOT / "media" / "Tex", media / "Tex")  # warm LaTeX like ours
        took = run(
            [PY, "-m", "manim", "render", "-ql", "--media_dir", str(media), str(driver), *SEED],
            env={"PYTHONPATH": str(ROOT)},
        )
        made = sorted(p.stem for p in media.rglob("*.mp4") if p.parent.name == "480p15")
        if made != sorted(SEED):
            raise SystemExit(f"bench: plain manim did not render the three scenes: {made}")
        return took

    def manim_rerun() -> float:
        return run(
            [
                PY,
                "-m",
                "manim",
                "render",
                "-ql",
                "--media_dir",
                str(work / "manim-media"),
                str(driver),
                *SEED,
            ],
            env={"PYTHONPATH": str(ROOT)},
        )

    def ours_cold() -> float:
        out = work / "ours"
        shutil.rmtree(out, ignore_errors=True)
        return run(
            lecture(
                "render", *SEED, "--quality", "low", "--jobs", "2", "--out", str(out), "--quiet"
            )
        )

    def ours_unkept() -> float:
        # the same, with none of the scenes' made formulas and texts kept from an earlier
        # render (pipeline/shapes.py): what the first render after an edit of the scene kit
        # costs
        for kept in (ROOT / "media" / "made").glob("*.pickle.z"):
            if kept.name.split("-")[0] in SEED:
                kept.unlink()
        out = work / "unkept"
        shutil.rmtree(out, ignore_errors=True)
        return run(
            lecture(
                "render", *SEED, "--quality", "low", "--jobs", "2", "--out", str(out), "--quiet"
            )
        )

    def ours_rerun() -> float:
        return run(
            lecture("render", *SEED, "--quality", "low", "--out", str(work / "ours"), "--quiet")
        )

    # alternated, so that both tools see the same load: manim cold, ours cold, manim's
    # re-run, ours re-run, and again; each run's wall and CPU time
    load = os.getloadavg()
    walls: dict[str, list[float]] = {
        k: [] for k in ("manim", "ours", "manim_again", "again", "unkept")
    }
    cpus: dict[str, list[float]] = {k: [] for k in walls}
    for _ in range(n):
        for key, f in (
            ("manim", manim_cold),
            ("ours", ours_cold),
            ("manim_again", manim_rerun),
            ("again", ours_rerun),
            ("unkept", ours_unkept),
        ):
            walls[key].append(f())
            cpus[key].append(LAST_CPU[0])
    med = {k: statistics.median(v) for k, v in walls.items()}
    cpu = {k: statistics.median(v) for k, v in cpus.items()}
    manim_t, cold, manim_again, again = med["manim"], med["ours"], med["manim_again"], med["again"]
    results["a_cold_render_3_seed_scenes_low"] = {
        "lecture_render_jobs2_s": cold,
        "manim_serial_s": manim_t,
        "ratio": cold / manim_t,
        "target": "<= 0.65",
        "runs_lecture": walls["ours"],
        "runs_manim": walls["manim"],
        "cpu_lecture_s": cpu["ours"],
        "cpu_manim_s": cpu["manim"],
        "cpu_ratio": cpu["ours"] / cpu["manim"],
        "lecture_nothing_kept_s": med["unkept"],
        "ratio_nothing_kept": med["unkept"] / manim_t,
        "runs_lecture_nothing_kept": walls["unkept"],
        "cpu_lecture_nothing_kept_s": cpu["unkept"],
        "load_average_before": load,
    }
    results["b_no_change_rerun_low"] = {
        "lecture_render_s": again,
        "ratio_to_cold": again / cold,
        "target": "<= 0.03",
        "manim_own_cache_s": manim_again,
        "manim_ratio_to_its_cold": manim_again / manim_t,
        "runs_lecture": walls["again"],
        "runs_manim": walls["manim_again"],
        "cpu_lecture_s": cpu["again"],
    }
    if args.only == "low":
        a, b = (results[k] for k in ("a_cold_render_3_seed_scenes_low", "b_no_change_rerun_low"))
        print(json.dumps({"load_average_after": os.getloadavg(), **results}, indent=2))
        print(
            f"(a) cold 480p15: lecture --jobs 2 {cold:.1f} s (CPU {a['cpu_lecture_s']:.1f} s), "
            f"manim serial {manim_t:.1f} s (CPU {a['cpu_manim_s']:.1f} s): "
            f"{a['ratio']:.2f} (<= 0.65), CPU {a['cpu_ratio']:.2f}; nothing kept "
            f"{a['lecture_nothing_kept_s']:.1f} s: {a['ratio_nothing_kept']:.2f}\n"
            f"(b) no-change: lecture {again:.2f} s (CPU {b['cpu_lecture_s']:.2f} s): "
            f"{b['ratio_to_cold']:.1%} of cold (<= 3%); load average {load[0]:.1f} before"
        )
        shutil.rmtree(work, ignore_errors=True)
        return 0

    # (c) edit the attention numbers only, then re-render the whole lecture
    edited = work / "edited.toml"
    text = LESSON.read_text(encoding="utf-8")
    full = work / "full"
    full_cold = run(
        lecture("build", "--quality", "low", "--jobs", "2", "--out", str(full), "--quiet")
    )

    def edit_and_rerender(i: int) -> float:
        edited.write_text(
            text.replace("query = [1, 2]\nkeys", f"query = [1, {3 + i}]\nkeys", 1), encoding="utf-8"
        )
        return run(
            lecture(
                "build",
                "--quality",
                "low",
                "--jobs",
                "2",
                "--out",
                str(full),
                "--quiet",
                "--lesson",
                str(edited),
            )
        )

    edits = [edit_and_rerender(i) for i in range(n)]
    data = json.loads((full / "manifest.json").read_text(encoding="utf-8"))
    changed = re.findall(r"\] (\w+): rendered in", LAST_STDERR[0])
    results["c_edit_attention_then_rerender_low"] = {
        "cold_full_build_s": full_cold,
        "rerender_s": statistics.median(edits),
        "ratio": statistics.median(edits) / full_cold,
        "target": "<= 0.40",
        "rerendered_scenes": changed,
        "runs": edits,
        "clips_in_lecture": len(data["clips"]),
    }

    # (d) seconds of video per wall second (three seed scenes, two jobs)
    def throughput(quality: str) -> dict:
        out = work / f"tp-{quality}"
        t = run(
            lecture(
                "render", *SEED, "--quality", quality, "--jobs", "2", "--out", str(out), "--quiet"
            )
        )
        secs = video_seconds(out, SEED)
        return {"video_s": secs, "wall_s": t, "video_s_per_wall_s": secs / t}

    results["d_throughput"] = {"low": throughput("low")}
    if not args.skip_high:
        results["d_throughput"]["high"] = throughput("high")
        results["high"] = high_cases(work, not args.no_whole_lesson)

    # (e) narration's share of a medium build: the seconds each worker spent on its clip's
    # narration over its render time (the takes' time, synthesis and levelling, then the CPU
    # time of the track, its encode, loudness and the muxes of clip and sections: that part
    # runs at a lower priority once the frames are drawn, so its wall time is mostly waiting)
    results["e_narration_share_medium"] = narration_share(work / "medium", args.full_medium)

    meta = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "python": platform.python_version(),
        "date": time.strftime("%Y-%m-%d"),
        "repeats": n,
    }
    (ROOT / "bench" / "results").mkdir(exist_ok=True)
    (ROOT / "bench" / "results" / "latest.json").write_text(
        json.dumps({"meta": meta, **results}, indent=2), encoding="utf-8"
    )

    a, b, c = (
        results[k]
        for k in (
            "a_cold_render_3_seed_scenes_low",
            "b_no_change_rerun_low",
            "c_edit_attention_then_rerender_low",
        )
    )
    rows = [
        (
            "(a) cold, 3 seed scenes, 480p15",
            f"lecture --jobs 2 {a['lecture_render_jobs2_s']:.1f} s",
            f"manim serial {a['manim_serial_s']:.1f} s",
            f"{a['ratio']:.2f} (<= 0.65); nothing kept {a['ratio_nothing_kept']:.2f}",
        ),
        (
            "(b) no-change re-run",
            f"lecture {b['lecture_render_s']:.2f} s",
            f"manim cache {b['manim_own_cache_s']:.1f} s ({b['manim_ratio_to_its_cold']:.0%})",
            f"{b['ratio_to_cold']:.1%} (<= 3%)",
        ),
        (
            "(c) edit attention, whole lecture",
            f"re-render {c['rerender_s']:.1f} s",
            f"cold build {c['cold_full_build_s']:.1f} s",
            f"{c['ratio']:.1%} (<= 40%)",
        ),
    ]
    e = results["e_narration_share_medium"]
    rows.append(
        (
            "(e) narration, medium build",
            f"{e['narration_s']:.1f} s of {e['worker_render_s']:.1f} s",
            f"{e['scenes']} scenes",
            f"{e['share']:.1%} (<= 10%)",
        )
    )
    if "high" in results:
        rows += high_rows(results["high"])
    for q, d in results["d_throughput"].items():
        rows.append(
            (
                f"(d) throughput {q}",
                f"{d['video_s']:.1f} s of video",
                f"in {d['wall_s']:.1f} s",
                f"{d['video_s_per_wall_s']:.2f} video s / s",
            )
        )
    width = [max(len(r[i]) for r in rows) for i in range(4)]
    for r in rows:
        print("  ".join(x.ljust(w) for x, w in zip(r, width, strict=True)))
    print(f"(c) clips re-rendered after the edit: {', '.join(c['rerendered_scenes'])}")
    print(f"written: {ROOT / 'bench' / 'results' / 'latest.json'}")
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
