"""``lecture record``: a recording studio in the browser, for the author's own voice.

The studio serves one page on 127.0.0.1. It lists every cue of the lesson by scene and step
with the state of its recording (missing, recorded, stale: its words changed since it was
recorded, rejected: with the reason), shows the words to say, the caption and the step's
frame, plays the synthetic take as a guide, records from the microphone and sends the take
here. The server judges it as a render would (:func:`pipeline.voice.takes.prepare_take`):
a take that is silent, clipped, or far shorter or longer than the synthetic one is answered
*rejected* with the reason and nothing is written; an accepted take is trimmed to its speech,
levelled to the narration's loudness and saved where renders look
(:func:`pipeline.voice.recordings.recording_dir`), ``<cue>.wav`` beside ``<cue>.txt``. The
take it replaces is kept beside it as ``<cue>.<n>.wav`` (with ``<cue>.<n>.txt``), and an undo
puts it back (:meth:`Studio.undo`).

The server is locked to its author: it listens on 127.0.0.1 only, answers only requests
for its own host and port (``127.0.0.1:<port>`` or ``localhost:<port>``) carrying the random token
made at its first start (the page's address holds it; kept for the next start,
:func:`last_address`), refuses requests from another origin, takes
a cue id only when the lesson says that cue (the client never names a path), and caps an
upload's size and length (:data:`pipeline.voice.takes.MAX_BYTES`,
:data:`~pipeline.voice.takes.MAX_SECONDS`). A refused request gets its status and a
one-line reason, and nothing is written. Saves (and undos) of the same cue wait for each
other, and each answers what it did. A Ctrl+C during a save lets it finish and answer
(:class:`StudioServer`); what a killed save left is removed at the next start
(:meth:`Studio.clean`).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import math
import os
import re
import secrets
import sys
import tempfile
import threading
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from lesson.model import Lesson
from pipeline.files import replacing
from pipeline.voice.recordings import check_recordings, kept_takes, recording_dir
from pipeline.voice.synthesis import synthesize
from pipeline.voice.takes import (
    MAX_BYTES,
    Take,
    TakeRefused,
    current_number,
    prepare_take,
    save_take,
    undo_take,
)
from publish.templates import TEMPLATES, render

if TYPE_CHECKING:
    from pipeline.dryrun import DryRun

__all__ = [
    "NEEDS",
    "StepFrames",
    "Studio",
    "StudioCue",
    "StudioServer",
    "keep_address",
    "last_address",
    "studio_app",
    "studio_cues",
    "studio_render_dir",
]

ASSETS = TEMPLATES.parent / "assets"  # studio.js
NEEDS = ("missing", "stale", "rejected")  # the states "only what needs recording" keeps
_TEMP = re.compile(r"\..+\.(?P<pid>[0-9]+)\.[0-9a-f]{8}\.tmp\.[a-z0-9]+")  # files.temp_beside
_HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the token in the address goes nowhere else
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self' blob:; media-src 'self' blob:; "
        "img-src 'self' blob: data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    ),
}


@dataclass(frozen=True)
class StudioCue:
    """One cue to record: where it is said and what it says.

    Attributes
    ----------
    scene : str
        The scene's class name.
    step : int
        Its step (section) in the scene, from 0.
    step_name : str
        The step's section name.
    cue : str
        The cue id (the recording's name).
    words : str
        The words to say (numbers and notation in words).
    caption : str
        The caption shown while they are said.
    seconds : float
        The synthetic take's length.
    """

    scene: str
    step: int
    step_name: str
    cue: str
    words: str
    caption: str
    seconds: float


def studio_cues(runs: list[DryRun]) -> list[StudioCue]:
    """The cues of the scenes' dry runs (synthetic voice), each with its step and caption.

    A cue belongs to the first step that ends after it starts; its caption is the subtitle
    cues shown while it is said, joined.
    """
    out = []
    for run in runs:
        ends = [(float(s.time), str(s.section)) for s in run.snapshots]
        for said in run.narration:
            step = next((i for i, (t, _) in enumerate(ends) if t > said.start + 1e-6), None)
            index = len(ends) - 1 if step is None else step
            end = said.start + said.duration
            shown = [
                " ".join(c.lines) for c in run.cues if said.start - 1e-3 <= c.start < end - 1e-3
            ]
            out.append(
                StudioCue(
                    run.scene,
                    max(index, 0),
                    ends[index][1] if ends else "",
                    said.cue,
                    said.words,
                    " ".join(shown),
                    round(said.duration, 1),
                )
            )
    return out


def studio_render_dir(lesson: Lesson, lang: str) -> Path:
    """Where the studio renders the steps' frames: ``<media>/studio/<lesson-id>/low-<lang>/``.

    Its own folder, beside the renders an author makes (``lecture build`` never finds its
    low-quality clips in its output folder); the render caches are shared.
    """
    from pipeline.settings import media_root

    return media_root() / "studio" / lesson.id / f"low-{lang}"


class StepFrames:
    """The last frame of each step, from a render of the scenes made in the background.

    Parameters
    ----------
    lesson : Lesson
        The lesson.
    scenes : list of str
        The scenes to render (low quality, into the studio's own render folder,
        :func:`studio_render_dir`; up-to-date clips are not rendered again).
    lang : str
        The language.
    jobs : int
        Render workers (0: one per core).
    """

    def __init__(self, lesson: Lesson, scenes: list[str], lang: str, jobs: int = 0) -> None:
        self.state = "rendering"
        self._pngs: dict[tuple[str, int], bytes] = {}
        self._lock = threading.Lock()
        self._files: dict[tuple[str, int], Path] = {}
        args = (lesson, scenes, lang, jobs)
        threading.Thread(target=self._render, args=args, daemon=True).start()

    def _render(self, lesson: Lesson, scenes: list[str], lang: str, jobs: int) -> None:
        from pipeline.batch import build_many, connect
        from pipeline.render import RenderError, output_lock
        from pipeline.settings import RenderSettings

        settings = RenderSettings(quality="low", lang=lang, jobs=jobs, quiet=True)
        out = studio_render_dir(lesson, lang)
        try:
            with output_lock(out):
                done = build_many([lesson], scenes, settings, [out], None, connect(None, jobs))
        except (RenderError, OSError) as e:
            self.state = f"failed: {e}"
            return
        manifest = done.manifests[lesson.id]
        for clip in manifest.clips.values():
            for section in clip.sections:
                self._files[(clip.scene, section.index)] = out / section.file
        failed = done.failures[lesson.id]
        self.state = f"failed: {', '.join(failed)} did not render" if failed else "ready"

    def png(self, scene: str, step: int) -> bytes | None:
        """The step's last frame as a PNG 640 pixels wide; None while it is not rendered."""
        from publish.frames import final_frame

        with self._lock:
            if (scene, step) not in self._pngs:
                video = self._files.get((scene, step))
                if video is None:
                    return None
                image = final_frame(video)
                image.thumbnail((640, 360))
                buf = io.BytesIO()
                image.save(buf, "PNG", optimize=True)
                self._pngs[(scene, step)] = buf.getvalue()
            return self._pngs[(scene, step)]


class Studio:
    """The lesson's cues, their recordings, and what the studio's requests do with them.

    Parameters
    ----------
    lesson : Lesson
        The lesson.
    lang : {"id", "en"}
        The language recorded.
    cues : list of StudioCue
        Its cues, in lesson order (:func:`studio_cues`).
    root : Path
        The recordings root (:func:`pipeline.voice.recordings.recordings_root`).
    frames : StepFrames, optional
        Where the steps' frames come from (None: the page shows none).
    cache : Path, optional
        The synthetic takes' cache (default :func:`~pipeline.voice.synthesis.voice_cache`).
    token : str, optional
        The secret every request carries (default: a new one, made at start;
        :func:`last_address` gives the one of the studio's last start).

    Attributes
    ----------
    token : str
        The secret every request carries.
    """

    def __init__(
        self,
        lesson: Lesson,
        lang: str,
        cues: list[StudioCue],
        root: Path,
        frames: StepFrames | None = None,
        *,
        cache: Path | None = None,
        token: str | None = None,
    ) -> None:
        self.lesson, self.lang, self.root, self.frames, self.cache = (
            lesson,
            lang,
            root,
            frames,
            cache,
        )
        self.cues = {(c.scene, c.cue): c for c in cues}
        self.token = token or secrets.token_urlsafe(24)
        self._locks: dict[tuple[str, str], threading.Lock] = {
            k: threading.Lock() for k in self.cues
        }
        self._busy = 0  # saves and undos under way
        self._busy_lock = threading.Lock()

    @property
    def busy(self) -> bool:
        """True while a save or an undo is under way."""
        return self._busy > 0

    @contextlib.contextmanager
    def _working(self, scene: str, cue: str) -> Iterator[None]:
        """Hold the cue's lock, counted as work under way."""
        with self._busy_lock:
            self._busy += 1
        try:
            with self._locks[(scene, cue)]:
                yield
        finally:
            with self._busy_lock:
                self._busy -= 1

    def clean(self) -> list[Path]:
        """Remove what a studio stopped mid-save left behind; the files removed.

        Those are the temporary uploads of earlier versions (``lecture-take-*.upload`` in
        the temporary folder) and the half-written takes and words of a process that is no
        longer running (``.<name>.<pid>.<tag>.tmp.wav``, ``….tmp.txt``) in the scenes'
        recordings folders.
        """
        gone = list(Path(tempfile.gettempdir()).glob("lecture-take-*.upload"))
        for scene in dict.fromkeys(s for s, _ in self.cues):
            folder = self.folder(scene)
            if folder.is_dir():
                for p in folder.glob(".*.tmp.*"):
                    m = _TEMP.fullmatch(p.name)
                    if m is not None and not _running(int(m.group("pid"))):
                        gone.append(p)
        for p in gone:
            p.unlink(missing_ok=True)
        return gone

    def folder(self, scene: str) -> Path:
        """The scene's recordings folder."""
        return recording_dir(self.lesson.id, self.lang, scene, self.root)

    def cue(self, scene: str, cue: str) -> StudioCue:
        """The cue the lesson says under these names; :class:`HTTPException` 404 if none."""
        found = self.cues.get((scene, cue))
        if found is None:
            raise HTTPException(404, f"unknown cue {scene}/{cue}")
        return found

    def states(self) -> dict[tuple[str, str], tuple[str, str]]:
        """(state, reason) of every cue's recording: missing, recorded, stale or rejected."""
        out: dict[tuple[str, str], tuple[str, str]] = {}
        for scene in dict.fromkeys(s for s, _ in self.cues):
            words = {c: x.words for (s, c), x in self.cues.items() if s == scene}
            check = check_recordings(self.folder(scene), words, lang=self.lang, strict=False)
            rejected = {r.cue: r.reason for r in check.rejected}
            stale = {r.cue for r in check.stale}
            for cue in words:
                if cue in check.used:
                    out[(scene, cue)] = ("recorded", "")
                elif cue in rejected:
                    out[(scene, cue)] = ("rejected", rejected[cue])
                elif cue in stale:
                    out[(scene, cue)] = ("stale", "its words changed since it was recorded")
                else:
                    out[(scene, cue)] = ("missing", "")
        return out

    def listing(self) -> dict[str, Any]:
        """What the page lists: the lesson, and every cue with its state."""
        states = self.states()
        cues = []
        for key, cue in self.cues.items():
            state, reason = states[key]
            folder = self.folder(cue.scene)
            take = (folder / f"{cue.cue}.wav").is_file()
            number = current_number(folder, cue.cue)
            earlier = sum(n < number for n in kept_takes(folder, cue.cue))
            cues.append(
                {**asdict(cue), "state": state, "reason": reason, "take": take, "earlier": earlier}
            )
        frames = self.frames.state if self.frames is not None else "off"
        return {
            "lesson": self.lesson.id,
            "title": self.lesson.title,
            "lang": self.lang,
            "frames": frames,
            "cues": cues,
        }

    def guide(self, scene: str, cue: str) -> Path:
        """The synthetic take of the cue's words (made once, then cached)."""
        return synthesize(self.cue(scene, cue).words, self.lang, cache=self.cache)

    def save(self, scene: str, cue: str, data: bytes, *, keep: bool = True) -> dict[str, Any]:
        """Judge an upload of the cue and keep it when it is fit; what the page is told.

        Parameters
        ----------
        scene, cue : str
            The cue.
        data : bytes
            The upload.
        keep : bool
            With False the take is judged only (where its speech is, what would be cut, or
            why it would be rejected) and nothing is written: the page's check before a save.

        Raises
        ------
        TakeRefused
            When the upload is not a take (too large, too long, not audio).
        """
        said = self.cue(scene, cue)
        with self._working(scene, cue) if keep else contextlib.nullcontext():
            take = prepare_take(data, said.words, self.lang, cache=self.cache)
            heard = _heard(take)
            if take.samples is None:
                return {
                    "accepted": False,
                    "reason": take.reason,
                    "received": take.received,
                    "trimmed": list(take.trimmed),
                    **heard,
                }
            saved = save_take(self.folder(scene), cue, take.samples, said.words) if keep else None
        lufs, peak = take.levels()
        return {
            "accepted": True,
            "saved": keep,
            "seconds": take.seconds,
            "received": take.received,
            "trimmed": list(take.trimmed),
            "lufs": round(lufs, 1),
            "peak": round(peak, 1),
            "kept": saved.kept if saved is not None else None,
            **heard,
        }

    def undo(self, scene: str, cue: str) -> dict[str, Any]:
        """Put back the take the cue's current one replaced; what the page is told.

        The current take is kept under its number (:func:`pipeline.voice.takes.undo_take`).

        Raises
        ------
        HTTPException
            409 when no earlier take of the cue is kept.
        """
        self.cue(scene, cue)
        with self._working(scene, cue):
            undone = undo_take(self.folder(scene), cue)
        if undone is None:
            raise HTTPException(409, f"nothing to undo: no earlier take of {cue} is kept")
        return {"restored": undone.restored, "kept": undone.kept}


def _heard(take: Take) -> dict[str, Any]:
    """What the page is told of where a take speaks: its floor, its speech, one line."""
    found = take.speech
    if found is None:
        return {"floor": None, "speech": None, "verdict": ""}
    floor = round(found.floor, 1) if math.isfinite(found.floor) else None
    span = list(found.span) if found.span is not None else None
    return {"floor": floor, "speech": span, "verdict": found.verdict()}


def _address_file(root: Path, lesson_id: str, lang: str) -> Path:
    """Where a studio's address is kept between starts, in the user's state folder.

    That is ``$XDG_STATE_HOME/lecture`` (else ``~/.local/state/lecture``), one file per
    recordings folder, lesson and language.
    """
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    key = hashlib.sha256(f"{root.resolve()}\n{lesson_id}\n{lang}".encode()).hexdigest()[:16]
    return Path(state) / "lecture" / f"studio-{key}.json"


def last_address(root: Path, lesson_id: str, lang: str) -> tuple[str, int] | None:
    """The token and port of the studio's last start for these recordings, lesson and language.

    A studio started again with them keeps its address, so a page left open (holding a take
    it could not send while the studio was stopped) sends it to the new one.

    Returns
    -------
    tuple of (str, int), or None
        None when the studio never started here, or the file is not one it wrote.
    """
    try:
        data = json.loads(_address_file(root, lesson_id, lang).read_text(encoding="utf-8"))
        token, port = data["token"], data["port"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    ok = isinstance(token, str) and len(token) >= 32 and isinstance(port, int)
    return (token, port) if ok and 0 < port <= 65535 else None


def keep_address(root: Path, lesson_id: str, lang: str, token: str, port: int) -> Path:
    """Keep a studio's token and port for its next start (:func:`last_address`).

    The file is readable by its owner only (the token is the studio's one secret).
    """
    path = _address_file(root, lesson_id, lang)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    with replacing(path) as tmp:
        tmp.touch(mode=0o600)
        tmp.write_text(json.dumps({"token": token, "port": port}) + "\n", encoding="utf-8")
    return path


def _running(pid: int) -> bool:
    """True when a process of this id runs (or may: one of another user's)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class StudioServer(uvicorn.Server):
    """uvicorn's server, stopped by Ctrl+C without cutting a save short.

    The first Ctrl+C stops the studio once the requests under way are answered (uvicorn's
    graceful stop). A second one while a save or an undo is under way does not cancel it
    (which answered the page 500 and logged a traceback, the take saved all the same): the
    studio says it is finishing the save, answers it, and stops.

    Parameters
    ----------
    config : uvicorn.Config
        The server's configuration.
    studio : Studio
        The studio whose work is waited for.
    """

    def __init__(self, config: uvicorn.Config, studio: Studio) -> None:
        super().__init__(config)
        self.studio = studio

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        """Stop as uvicorn does, but never force a stop while a save is under way."""
        if self.should_exit and self.studio.busy:
            print("studio: finishing the save under way, then stopping", file=sys.stderr)
            return
        super().handle_exit(sig, frame)


def _refuse(status: int, reason: str) -> Response:
    return PlainTextResponse(reason + "\n", status, headers=_HEADERS)


def _guard(studio: Studio) -> Callable[..., Awaitable[Response]]:
    """The check every request passes first: our host, our origin, the token."""

    async def guard(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        host = request.headers.get("host", "")
        server = request.scope.get("server")
        port = server[1] if server else None
        if host not in (f"127.0.0.1:{port}", f"localhost:{port}"):
            return _refuse(403, f"refused: host {host!r} is not this studio's (127.0.0.1:{port})")
        origin = request.headers.get("origin")
        if origin is not None and origin != f"http://{host}":
            return _refuse(403, f"refused: requests from {origin} are not allowed")
        site = request.headers.get("sec-fetch-site")
        if site is not None and site not in ("same-origin", "none"):
            return _refuse(403, f"refused: a {site} request")
        token = request.headers.get("x-studio-token") or request.query_params.get("t")
        if not token:
            return _refuse(401, "refused: no token (open the address the studio printed)")
        if not secrets.compare_digest(token.encode(), studio.token.encode()):
            return _refuse(403, "refused: wrong token")
        response = await call_next(request)
        response.headers.update(_HEADERS)
        return response

    return guard


def studio_app(studio: Studio) -> Starlette:
    """The studio's web application (serve it on 127.0.0.1 with uvicorn).

    Parameters
    ----------
    studio : Studio
        The lesson's cues and recordings.

    Returns
    -------
    starlette.applications.Starlette
    """

    async def page(request: Request) -> Response:
        html = render(
            "studio.html",
            lang="en",
            title=f"Recording studio · {studio.lesson.title} ({studio.lang})",
            token=studio.token,
            max_bytes=MAX_BYTES,
        )
        return Response(html, media_type="text/html; charset=utf-8")

    async def script(request: Request) -> Response:
        return FileResponse(ASSETS / "studio.js", media_type="text/javascript")

    async def cues(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(studio.listing))

    async def guide(request: Request) -> Response:
        scene, cue = request.path_params["scene"], request.path_params["cue"]
        studio.cue(scene, cue)
        return FileResponse(
            await run_in_threadpool(studio.guide, scene, cue), media_type="audio/wav"
        )

    async def take(request: Request) -> Response:
        scene, cue = request.path_params["scene"], request.path_params["cue"]
        studio.cue(scene, cue)
        if request.method == "GET":
            wav = studio.folder(scene) / f"{cue}.wav"
            if not wav.is_file():
                return _refuse(404, f"no take of {scene}/{cue} yet")
            return FileResponse(wav, media_type="audio/wav")
        return await judge(request, scene, cue, keep=True)

    async def check(request: Request) -> Response:
        scene, cue = request.path_params["scene"], request.path_params["cue"]
        studio.cue(scene, cue)
        return await judge(request, scene, cue, keep=False)

    async def judge(request: Request, scene: str, cue: str, *, keep: bool) -> Response:
        kind = request.headers.get("content-type", "")
        if not kind.startswith("audio/"):
            return _refuse(415, f"not audio: content type {kind or 'missing'}")
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_BYTES:
            return _refuse(413, f"too large: {declared} bytes, over {MAX_BYTES}")
        data = bytearray()
        async for chunk in request.stream():
            data += chunk
            if len(data) > MAX_BYTES:
                return _refuse(413, f"too large: over {MAX_BYTES} bytes")
        try:
            answer = await run_in_threadpool(studio.save, scene, cue, bytes(data), keep=keep)
        except TakeRefused as e:
            return _refuse(e.status, str(e))
        return JSONResponse(answer, status_code=200 if answer["accepted"] else 422)

    async def undo(request: Request) -> Response:
        scene, cue = request.path_params["scene"], request.path_params["cue"]
        return JSONResponse(await run_in_threadpool(studio.undo, scene, cue))

    async def frame(request: Request) -> Response:
        scene, step = request.path_params["scene"], request.path_params["step"]
        if studio.frames is None:
            return _refuse(404, "frames are off (lecture record --no-frames)")
        if not any(c.scene == scene and c.step == step for c in studio.cues.values()):
            return _refuse(404, f"unknown step {scene}/{step}")
        png = await run_in_threadpool(studio.frames.png, scene, step)
        if png is None:
            return _refuse(503, f"frames: {studio.frames.state}")
        return Response(png, media_type="image/png")

    async def refused(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        detail = exc.detail if isinstance(exc, HTTPException) else "server error"
        return _refuse(status, " ".join(str(detail).split()))

    return Starlette(
        routes=[
            Route("/", page),
            Route("/studio.js", script),
            Route("/api/cues", cues),
            Route("/api/guide/{scene}/{cue}", guide),
            Route("/api/take/{scene}/{cue}", take, methods=["GET", "PUT"]),
            Route("/api/check/{scene}/{cue}", check, methods=["PUT"]),
            Route("/api/undo/{scene}/{cue}", undo, methods=["POST"]),
            Route("/api/frame/{scene}/{step:int}", frame),
        ],
        middleware=[Middleware(BaseHTTPMiddleware, dispatch=_guard(studio))],
        exception_handlers={HTTPException: refused, Exception: refused},
    )
