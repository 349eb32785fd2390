"""``lecture page``: an offline lesson page where the learner answers the quiz in place.

One folder per lesson, ``<pages>/<lesson-id>/``: ``index.html`` with the narrated lesson video,
its chapters, its captions and a transcript that follows playback; at each quiz question the
video pauses once the question has been asked, the learner answers in a control that fits the
question (:mod:`lesson.answers`), sees right or wrong with a one-line reason, and the solution
plays. Nothing is fetched from anywhere: the page's data is inside ``index.html``, and the
video, script and style sit beside it, so the folder works from ``file://`` and from any
static host. For several lessons (variants), :func:`write_answers_csv` writes the teacher's
``answers.csv``.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import shutil
import urllib.parse
from pathlib import Path
from typing import Any

import srt

from lesson.answers import Question
from lesson.catalogue import catalogue, step_titles
from lesson.model import Lesson
from lesson.quizkinds import kind_of, quiz_answers
from lesson.scenelist import lesson_order, scene_spec
from lesson.written import examples, patterns
from mathcore.fmt import Shown
from mathcore.languages import DEFAULT_LANGUAGE
from pipeline.files import atomic_write
from pipeline.manifest import ChapterMark, Manifest
from pipeline.store import link_file
from publish.folder import built_aside
from publish.pagemath import formula_table
from publish.templates import render

__all__ = [
    "ASSETS",
    "PageError",
    "answers_rows",
    "json_in_html",
    "lesson_title",
    "page_data",
    "write_answers_csv",
    "write_page",
]

ASSETS = Path(__file__).resolve().parent / "assets"
UI_PREFIX = "pg_ui_"
# The quiz scenes' steps (scenes/quiz.py): the question and the invitation to pause are said in
# the first; the second, when the lesson pauses at all, is the silent countdown.
ASKED, COUNTDOWN = "pertanyaan", "jeda"
CSV_HEADER = ("variant", "question", "kind", "part", "control", "expected")


class PageError(Exception):
    """The render folder cannot make a page (no joined lesson video); the message says why."""


def _cues(out: Path, subtitles: str) -> list[dict[str, Any]]:
    subs = srt.parse((out / subtitles).read_text(encoding="utf-8"))
    return [
        {"start": s.start.total_seconds(), "end": s.end.total_seconds(), "text": s.content}
        for s in subs
    ]


def _timed(question: Question, manifest: Manifest, chapter: ChapterMark) -> dict[str, Any]:
    """The question's data with where it is asked and where its solution starts in the video.

    The question has been asked when its scene's first step ends (the step's snapshot time);
    the solution starts when the countdown's step ends (the same moment without a countdown)
    and is said until the chapter ends (``chapter_end``: the page keeps its transcript lines
    back until the question is answered).
    """
    ends = {s.section: s.time for s in manifest.clips[question.scene].snapshots}
    asked = ends[ASKED]
    solution = ends.get(COUNTDOWN, asked)
    return question.to_json() | {
        "chapter_start": round(chapter.start, 3),
        "pause_at": round(chapter.start + asked, 3),
        "resume_at": round(chapter.start + solution, 3),
        "chapter_end": round(chapter.end, 3),
    }


def _teaching(
    question: Question, manifest: Manifest, chapters: dict[str, ChapterMark], lang: str
) -> dict[str, Any] | None:
    """Where the lecture teaches what `question` tests: its kind's scene and steps, timed.

    ``start`` is where the first of the steps begins in the lesson video (the end of the step
    before it, or the chapter's start), ``end`` where the last one ends; ``chapter`` names the
    scene and ``steps`` the steps by their titles in `lang`. None when the render has no such
    scene or steps (the page then offers no link).
    """
    teaches = kind_of(question.kind).teaches
    clip = manifest.clips.get(teaches.scene)
    chapter = chapters.get(teaches.scene)
    if clip is None or chapter is None:
        return None
    names = [s.section for s in clip.snapshots]
    if not all(step in names for step in teaches.steps):
        return None
    first, last = names.index(teaches.steps[0]), names.index(teaches.steps[-1])
    before = clip.snapshots[first - 1].time if first else 0.0
    titles = step_titles(scene_spec(teaches.scene).text_file, lang)
    return {
        "scene": teaches.scene,
        "chapter": chapter.title,
        "steps": [titles.get(step, step) for step in teaches.steps],
        "start": round(chapter.start + before, 3),
        "end": round(chapter.start + clip.snapshots[last].time, 3),
    }


def _steps(
    manifest: Manifest, chapters: tuple[ChapterMark, ...], lang: str
) -> list[dict[str, Any]]:
    """Every step's end in the lesson video, where step by step mode pauses, with its title.

    A quiz scene's question and countdown steps are left out (the page asks the question
    there, and the solution starts where the countdown ends), and so is the lesson's end.
    """
    out = []
    for i, chapter in enumerate(chapters):
        spec = scene_spec(chapter.scene)
        titles = step_titles(spec.text_file, lang)
        for snap in manifest.clips[chapter.scene].snapshots:
            if spec.quiz and snap.section in (ASKED, COUNTDOWN):
                continue
            end = round(chapter.start + snap.time, 3)
            if i == len(chapters) - 1 and end >= round(chapter.end, 3) - 0.05:
                continue
            out.append({"end": end, "chapter": i, "title": titles.get(snap.section, snap.section)})
    return out


def page_data(lesson: Lesson, out: Path, manifest: Manifest, lang: str) -> dict[str, Any]:
    """Everything the page shows and checks, as the JSON inside ``index.html``.

    Parameters
    ----------
    lesson : Lesson
        The lesson.
    out : Path
        Its render folder.
    manifest : Manifest
        The folder's manifest, with the joined lesson video.
    lang : str
        The language of the texts.

    Returns
    -------
    dict
        ``lesson``, ``lang``, ``title``, ``ui`` (the page's own words), ``chapters``,
        ``cues``, ``math`` (every formula of the page's texts: its MathML and its spoken
        name, :mod:`publish.pagemath`), ``steps`` (every step's end and title, where step by
        step mode pauses),
        ``questions`` (each with ``pause_at``, ``resume_at`` and ``chapter_end`` in seconds
        of the lesson video, and ``teach``: the steps that teach it, or None), ``reading``
        (the patterns a learner's number is read by) and ``storage`` (the browser's key for
        this lesson's answers, with the page's address added by its script).

    Raises
    ------
    PageError
        When the folder has no joined lesson video, or one in another language.
    """
    video = manifest.lesson_video
    if video is None or not (out / video.video).is_file():
        raise PageError(f"{out}: no joined lesson video (render every scene first)")
    if manifest.lang != lang:  # the captions, transcript and voice are the render's
        raise PageError(f"{out}: rendered in {manifest.lang!r}, not {lang!r}")
    strings = catalogue(lang)
    forms = {k: v.text for k, v in examples(lang).items()}
    chapters = {c.scene: c for c in video.chapters}
    questions = [
        _timed(q, manifest, chapters[q.scene]) | {"teach": _teaching(q, manifest, chapters, lang)}
        for q in quiz_answers(lesson, lang)
    ]
    digest = hashlib.sha256(json.dumps(questions, sort_keys=True).encode()).hexdigest()[:12]
    cues = _cues(out, video.subtitles)
    steps = _steps(manifest, video.chapters, lang)
    return {
        "lesson": lesson.id,
        "lang": lang,
        "title": lesson_title(lesson, lang),
        "duration": video.duration,
        "ui": {
            k.removeprefix(UI_PREFIX): _with_forms(v, forms)
            for k, v in strings.items()
            if k.startswith(UI_PREFIX)
        },
        "chapters": [
            {"scene": c.scene, "title": c.title, "start": c.start} for c in video.chapters
        ],
        "cues": cues,
        "steps": steps,
        "questions": questions,
        "math": formula_table(
            _texts(questions, cues, steps, video.chapters), _sheet_values(lesson), lang
        ),
        "reading": patterns(lang),  # how a learner's number is read, as lesson.written reads
        # a lesson's answers are kept per its questions: new numbers start afresh
        "storage": f"lecture-page/{lesson.id}/{lang}/{digest}",
    }


def _texts(
    questions: list[dict[str, Any]],
    cues: list[dict[str, Any]],
    steps: list[dict[str, Any]],
    chapters: tuple[ChapterMark, ...],
) -> list[str]:
    """Every text of the page that may hold a formula (a hint's written forms do not)."""
    out = [c.title for c in chapters] + [c["text"] for c in cues] + [s["title"] for s in steps]
    for q in questions:
        out += [q["prompt"], q["step"], q["reason"], *(q["teach"] or {}).get("steps", [])]
        for p in q["parts"]:
            out += [p["label"], p["shown"], *(o["text"] for o in p["options"])]
    return out


def _sheet_values(lesson: Lesson) -> dict[str, Shown]:
    """The values of every sheet of the lesson (its scenes' and its questions'), by their text."""
    values: dict[str, Shown] = {}
    for name in lesson_order(lesson):
        for v in scene_spec(name).builder()(lesson).values():
            if v.kind not in ("label", "code"):
                values.setdefault(v.text, v)
    return values


def lesson_title(lesson: Lesson, lang: str) -> str:
    """The title in `lang`: the lesson file's own (default language), else the catalogue's."""
    return lesson.title if lang == DEFAULT_LANGUAGE else catalogue(lang)["lesson_video_title"]


def _with_forms(text: str, forms: dict[str, str]) -> str:
    """A control's text with the written forms it shows (lesson.written.examples) filled in.

    Its other fields ({right}, {total}, {count}, {n}) are the page script's to fill.
    """
    for name, form in forms.items():
        text = text.replace("{" + name + "}", form)
    return text


def json_in_html(data: dict[str, Any]) -> str:
    r"""`data` as JSON to put inside a script element: no ``<`` in it at all.

    ``</script>`` or ``<!--`` in a string would end or hide the element; JSON writes ``<``
    as ``\u003c``, which reads back the same.

    Examples
    --------
    >>> json_in_html({"title": "</script>"})
    '{"title": "\\u003c/script>"}'
    """
    return json.dumps(data, ensure_ascii=False).replace("<", "\\u003c")


def write_page(lesson: Lesson, out: Path, manifest: Manifest, lang: str, folder: Path) -> Path:
    """Write the lesson's page into `folder` and return its ``index.html``.

    The folder is built aside and swapped into place, so a failed build leaves the previous
    page whole.

    Parameters
    ----------
    lesson : Lesson
        The lesson.
    out : Path
        Its render folder, with every clip and the joined lesson video.
    manifest : Manifest
        The folder's manifest.
    lang : str
        The language of the page.
    folder : Path
        Where the page goes (``<pages>/<lesson-id>``).

    Returns
    -------
    Path
        ``folder / "index.html"``.
    """
    data = page_data(lesson, out, manifest, lang)
    assert manifest.lesson_video is not None  # page_data checked it
    video = manifest.lesson_video
    ui = data["ui"]
    vtt = (out / video.captions).read_text(encoding="utf-8")
    with built_aside(folder) as tmp:
        link_file(out / video.video, tmp / "lesson.mp4")
        first = manifest.clips[video.chapters[0].scene]
        link_file(out / first.poster, tmp / "poster.png")
        for name in (video.subtitles, video.captions, video.chapters_file):
            shutil.copyfile(out / name, tmp / name)
        for asset in ("page.js", "page.css"):
            shutil.copyfile(ASSETS / asset, tmp / asset)
        page = render(
            "page.html",
            lang=lang,
            title=data["title"],
            ui=ui,
            # a file:// page may not load a <track> file (each file is its own origin): the
            # captions travel inline, and lesson.vtt sits beside the page for other uses
            vtt="data:text/vtt;charset=utf-8," + urllib.parse.quote(vtt),
            data=json_in_html(data),
        )
        (tmp / "index.html").write_text(page, encoding="utf-8")
    return folder / "index.html"


def answers_rows(lesson: Lesson, lang: str) -> list[tuple[str, ...]]:
    """One row per part of every question: variant, question, kind, part, control, expected.

    The expected answer is written as the lesson shows it (the sheet's text, or the right
    statement).
    """
    return [
        (lesson.id, str(q.number), q.kind, p.key, p.control, p.shown)
        for q in quiz_answers(lesson, lang)
        for p in q.parts
    ]


def write_answers_csv(lessons: list[Lesson], lang: str, path: Path) -> Path:
    """Write the teacher's ``answers.csv`` for `lessons` (atomically) and return its path."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for lesson in lessons:
        writer.writerows(answers_rows(lesson, lang))
    path.parent.mkdir(parents=True, exist_ok=True)
    return atomic_write(path, buffer.getvalue())
