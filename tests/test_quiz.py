"""The quiz: questions keyed by kind, in the lesson's order; each solution ends with its work
and its answer, marked, on screen."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from conftest import DRY_FPS, ROOT, lecture
from drycache import cached_dry_run
from test_scenes import RUNS, check_layout, check_numbers
from variants import EVERY_KIND, asking

from lesson import variants as V
from lesson.catalogue import LANGUAGES, chapter_title, file_catalogue
from lesson.model import LessonError, load_lesson, load_lesson_text
from lesson.quizkinds import KINDS, MAX_QUESTIONS, kind_of
from lesson.reads import uncovered
from lesson.scenelist import LECTURE, ORDER, lesson_order, scene_spec
from lesson.sheet import numbers_sheet, scene_sheet
from lesson.sheets.quiz import MIN_PAUSE, pause_seconds, quiz_question

SEED = EVERY_KIND  # the default lesson with every kind asked: its eight and the two commented out
EVERY = load_lesson_text(EVERY_KIND, "every-kind.toml")
QUIZ_TEXT = ROOT / "lesson" / "text" / "quiz.toml"

# What each kind of question asks for, by sheet key: still on screen when its solution ends.
ANSWERS = {
    "dot-sign": ("dot", "right_angle"),
    "cosine": ("dot", "cos"),
    "projection": ("comp", "proj"),
    "orthogonal": ("dot", "right_angle"),
    "magnitude": ("cos1", "cos2"),
    "attention": ("weights", "winners"),
    "zero-query": ("weight", "norm_q"),
    "cosine-vs-scale": ("cos", "scaled"),
    "winner": ("winner", "winner_up", "winner_neg"),
    "dimension": ("raw_small", "raw_large", "scaled_small", "scaled_large"),
}
# The kind at each place of the default lesson with every kind asked.
SEED_KINDS = {f"QuizQuestion{q.number}": q.kind for q in EVERY.quiz}
# The default lesson and the edited ones that change the questions (each distinct run once).
KEPT = [
    (s, lesson)
    for s, lesson in RUNS
    if s in SEED_KINDS and lesson in ("default", "quiz", "largest")
]


def entries(text: str) -> tuple[str, list[str]]:
    """A lesson text cut into what comes before its [[quiz]] entries, and each entry."""
    head, *rest = re.split(r"^(?=\[\[quiz\]\]$)", text, flags=re.M)
    return head, rest


def requiz(kinds: list[str], text: str = SEED) -> str:
    """`text` with its [[quiz]] entries replaced by its entries of `kinds`, in that order."""
    head, quiz = entries(text)
    by_kind = {re.findall(r'^kind = "(.*)"$', e, re.M)[0]: e.rstrip("\n") for e in quiz}
    return head + "\n\n".join(by_kind[k] for k in kinds) + "\n"


# Cosine dropped; projection moved from third to second, cosine-vs-scale from eighth to first,
# winner from ninth to fourth, dimension from last to fifth.
REORDERED = [
    "cosine-vs-scale",
    "projection",
    "dot-sign",
    "winner",
    "dimension",
    "magnitude",
    "zero-query",
    "attention",
    "orthogonal",
]


@pytest.fixture(scope="module")
def reordered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("reordered") / "reordered.toml"
    path.write_text(requiz(REORDERED), encoding="utf-8")
    return path


# --- the registry (fast) ---------------------------------------------------------------
def test_every_kind_resolves_to_its_class_builder_and_texts() -> None:
    """Each kind is one module of lesson/kinds that makes its object, and one scene part in
    scenes/quiz/kinds registered by that object; catalogue texts ``qz_<code>_…`` in every
    language; every quiz text belongs to a kind or to every question."""
    from scenes.quiz.kinds import PARTS
    from scenes.quiz.storyboard import QuestionKind

    codes = {k.code for k in KINDS.values()}
    assert len(codes) == len(KINDS), "two kinds share catalogue keys"
    modules = {p.stem for p in (ROOT / "lesson" / "kinds").glob("*.py")} - {
        "__init__",
        "base",
        "parts",
    }
    assert {k.kind.replace("-", "_") for k in KINDS.values()} == modules
    assert set(PARTS) == set(KINDS.values()) and len(PARTS) == len(KINDS)
    for kind in KINDS.values():
        part = PARTS[kind]
        assert issubclass(part, QuestionKind) and part.spec is kind
        assert part.__module__ == f"scenes.quiz.kinds.{kind.kind.replace('-', '_')}"
        assert callable(kind.sheet) and callable(kind.ask) and callable(kind.draw)
    for lang in LANGUAGES:
        strings = file_catalogue(QUIZ_TEXT, lang)
        for kind in KINDS.values():
            assert any(k.startswith(f"qz_{kind.code}_") for k in strings), (lang, kind.kind)
        owners = {k.split("_")[1] for k in strings if k.startswith("qz_")}
        assert owners - codes <= {"header", "tag", "pause", "sub"}, owners - codes


def test_an_unknown_kind_is_one_line_naming_the_kinds() -> None:
    with pytest.raises(KeyError, match="unknown quiz kind 'cos'; kinds are: dot-sign, cosine,"):
        kind_of("cos")


def test_an_entrys_rules_are_its_kinds_wherever_it_stands(tmp_path: Path) -> None:
    """The variant rules of ``quiz[N]`` are those of the kind the N-th entry names."""
    text = requiz(["dot-sign", "projection"])
    path = tmp_path / "parallel.toml"  # the projection's q along its k
    path.write_text(text.replace("x = [1, -4]\ny = [1, 1]", "x = [2, 2]\ny = [1, 1]"), "utf-8")
    broken = V.broken_rules(load_lesson(path), ["quiz"])
    assert [line.split(":")[:2] for line in broken] == [["quiz[2]", " projection"]], broken


# --- the lesson's list decides (fast) --------------------------------------------------
def test_a_reordered_quiz_with_a_question_dropped_loads_and_orders_the_scenes(
    reordered: Path,
) -> None:
    lesson = load_lesson(reordered)
    assert [q.kind for q in lesson.quiz] == REORDERED
    assert [q.number for q in lesson.quiz] == list(range(1, len(REORDERED) + 1))
    order = lesson_order(lesson)
    quiz = [f"QuizQuestion{n}" for n in range(1, len(REORDERED) + 1)]
    assert order == [s.name for s in LECTURE] + quiz  # one scene fewer than the seed's
    assert len(order) == len(lesson_order(EVERY)) - 1
    # each place shows its entry's kind: its sheet is that kind's, numbered by place
    seed = numbers_sheet(EVERY)
    by_kind = {SEED_KINDS[s]: seed[s] for s in SEED_KINDS}
    sheet = numbers_sheet(lesson)
    assert list(sheet) == order
    for n, (scene, kind) in enumerate(zip(quiz, REORDERED, strict=True), start=1):
        want = {k: v.text for k, v in by_kind[kind].items() if k != "number"}
        got = {k: v.text for k, v in sheet[scene].items()}
        assert got.pop("number") == str(n)
        assert got == want, scene
    assert chapter_title("QuizQuestion2", "en") == "Check your understanding: question 2"


def test_lecture_numbers_follows_the_lessons_quiz(reordered: Path) -> None:
    r = lecture("numbers", "--lesson", str(reordered), "--json")
    assert r.returncode == 0, r.stderr
    scenes = json.loads(r.stdout)["scenes"]
    assert list(scenes) == lesson_order(load_lesson(reordered))
    assert "QuizQuestion10" not in scenes
    assert scenes["QuizQuestion1"]["scaled"] == "≈ 4.24"  # cosine-vs-scale, first now
    assert scenes["QuizQuestion2"]["proj"] == "(−1.5, −1.5)"  # projection, second now
    text = lecture("numbers", "--lesson", str(reordered)).stdout
    assert text.index("\nQuizQuestion7\n") > text.index("\nQuizQuestion1\n") > 0


def test_a_kind_may_come_twice(tmp_path: Path) -> None:
    path = tmp_path / "twice.toml"
    path.write_text(requiz(["projection", "dot-sign", "projection"]), encoding="utf-8")
    lesson = load_lesson(path)
    sheet = numbers_sheet(lesson)
    assert [q.kind for q in lesson.quiz] == ["projection", "dot-sign", "projection"]
    assert sheet["QuizQuestion1"]["proj"] == sheet["QuizQuestion3"]["proj"]
    assert sheet["QuizQuestion3"]["number"].text == "3"


@pytest.mark.parametrize(
    "kinds, message",
    [
        ([], f"quiz: needs 1 to {MAX_QUESTIONS} [[quiz]] entries, got 0"),
        (
            (list(KINDS) * 2)[: MAX_QUESTIONS + 1],
            f"quiz: needs 1 to {MAX_QUESTIONS} [[quiz]] entries, got {MAX_QUESTIONS + 1}",
        ),
    ],
    ids=["none", "too-many"],
)
def test_the_number_of_questions_is_checked(kinds: list[str], message: str, tmp_path) -> None:
    assert MAX_QUESTIONS == 10 == len([s for s in ORDER if s.startswith("QuizQuestion")])
    text = requiz(kinds) if kinds else "quiz = []\n" + entries(SEED)[0]
    path = tmp_path / "count.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LessonError) as info:
        load_lesson(path)
    assert str(info.value).endswith(message)


def test_a_question_past_the_lessons_quiz_is_refused(reordered: Path) -> None:
    with pytest.raises(KeyError, match="question 10: the lesson has 9"):
        scene_spec("QuizQuestion10").builder()(load_lesson(reordered))


def test_variants_follow_the_base_lessons_quiz(reordered: Path, tmp_path: Path) -> None:
    """The generator varies each entry by its kind's rules, in the base lesson's order."""
    base = load_lesson(reordered)
    assert V.broken_rules(base) == []
    for v in V.generate(base, 2, seed=3, vary=["quiz"]):
        path = tmp_path / v.filename
        path.write_text(v.text, encoding="utf-8")
        made = load_lesson(path)
        assert [q.kind for q in made.quiz] == REORDERED
        assert V.broken_rules(made) == []
        assert all(made.section_json(t) != base.section_json(t) for t in V.quiz_tables(base))


# --- dry runs (manim) ------------------------------------------------------------------
@pytest.mark.manim
def test_a_moved_question_renders_its_kind(reordered: Path) -> None:
    """QuizQuestion2 of the reordered lesson is its projection question: the projection's
    steps and numbers, headed "Pertanyaan 2", reading only its own entry."""
    obj = cached_dry_run("QuizQuestion2", reordered, "id", frame_rate=DRY_FPS)
    lesson = load_lesson(reordered)
    full = scene_sheet(lesson, "QuizQuestion2")
    check_numbers(obj, {k: v.text for k, v in full.items()})
    assert "langkah-proyeksi-skalar" in [s.section for s in obj.snapshots]
    last = obj.snapshots[-1]
    assert {"comp", "proj"} <= set(last.numbers) and last.marked
    assert uncovered(obj.lesson_reads, ORDER["QuizQuestion2"].reads) == []
    assert {k for k in obj.lesson_reads if k.startswith("quiz")} == {"quiz[2]"}
    assert not check_layout(obj)


@pytest.mark.manim
@pytest.mark.parametrize("scene", sorted(SEED_KINDS))
def test_the_solution_ends_with_its_answer_on_screen(dry_scene, scene: str) -> None:
    last = dry_scene(scene, asking(scene)).snapshots[-1]
    assert last.section == "kesimpulan"
    missing = [key for key in ANSWERS[SEED_KINDS[scene]] if key not in last.numbers]
    assert not missing, f"{scene} ends without {missing} on screen"


@pytest.mark.manim
@pytest.mark.parametrize(("scene", "lesson"), KEPT)
def test_the_last_frame_keeps_the_question_the_work_and_a_marked_answer(
    dry_scene, lesson_paths, scene: str, lesson: str
) -> None:
    """The last step's end shows the question where it was asked, every result an earlier
    step showed (the sheet's outcomes: products, lengths, cosines, logits, weights…), and a
    marker around a row that states the answer."""
    obj = dry_scene(scene, lesson)
    sheet = scene_sheet(load_lesson(lesson_paths[lesson]), scene)
    first, last = obj.snapshots[0], obj.snapshots[-1]
    results = {key for snap in obj.snapshots[:-1] for key in snap.numbers} & sheet.outcomes
    lost = sorted(results - set(last.numbers))
    assert not lost, f"{scene} on {lesson}: the last frame lost {lost}"

    def stays(label: str, box: np.ndarray, snap) -> bool:
        return any(lb == label and np.allclose(b, box, atol=1e-3) for lb, b in snap.boxes)

    # the question: what the first step showed and the next still shows (not the countdown)
    asked = [(label, box) for label, box in first.boxes if stays(label, box, obj.snapshots[1])]
    assert len(asked) >= 3, "a header, a tag and the question"
    moved = [label for label, box in asked if not stays(label, box, last)]
    assert not moved, f"{scene} on {lesson}: the question moved or went away ({moved})"
    assert set(first.numbers.items()) <= set(last.numbers.items())
    assert last.marked, f"{scene} on {lesson}: no answer is marked"
    assert last.marked <= set(last.numbers)
    assert last.marked & set(ANSWERS[SEED_KINDS[scene]]), f"{scene}: marks {sorted(last.marked)}"


# --- the winner kind: a tie is refused in one line (fast) ------------------------------
@pytest.mark.parametrize(
    "keys, message",
    [
        (
            "[[1, -2], [2, -2], [0, 1]]",  # q · k = −1, 2, 2 against q = (3, 2)
            "quiz[1].keys: k2 and k3 tie for the largest score q · k = 2; "
            "the question needs one winner",
        ),
        (
            "[[1, -2], [2, -2], [-1, 1]]",  # q · k = −1, 2, −1: q × (−1) would tie
            "quiz[1].keys: k1 and k3 tie for the smallest score q · k = -1; "
            "the question needs one winner of q × (-1)",
        ),
    ],
    ids=["largest", "smallest"],
)
def test_a_winner_question_with_a_tie_is_refused_in_one_line(
    keys: str, message: str, tmp_path: Path
) -> None:
    text = requiz(["winner"])
    assert "keys = [[1, -2], [2, -2], [-2, 3]]" in text
    path = tmp_path / "tie.toml"
    path.write_text(text.replace("[[1, -2], [2, -2], [-2, 3]]", keys), encoding="utf-8")
    with pytest.raises(LessonError) as info:
        load_lesson(path)
    assert str(info.value) == f"{path}: {message}"
    assert "\n" not in str(info.value)


# --- the dimension kind: dims that do not rise are refused, words follow the draw (fast) -
def test_a_dimension_question_whose_dims_do_not_rise_is_refused_in_one_line(
    tmp_path: Path,
) -> None:
    text = requiz(["dimension"])
    assert "dims = [4, 256]" in text
    path = tmp_path / "falling.toml"
    path.write_text(text.replace("dims = [4, 256]", "dims = [64, 16]"), encoding="utf-8")
    with pytest.raises(LessonError) as info:
        load_lesson(path)
    assert str(info.value) == (
        f"{path}: quiz[1].dims: must rise, the second larger than the first (the question "
        "asks what happens as dₖ grows), got 64 then 16"
    )
    assert "\n" not in str(info.value)


def _dimension_words(dims: list[int], keys: int, seed: int, tmp_path: Path) -> tuple[dict, str]:
    """The sheet's decisions and the Indonesian captions its solution picks from them."""
    edits = [("quiz[1]", "dims", dims), ("quiz[1]", "keys", keys), ("quiz[1]", "seed", seed)]
    text = V.set_values(requiz(["dimension"]), edits)
    path = tmp_path / f"dim-{'-'.join(map(str, dims))}-{keys}-{seed}.toml"
    path.write_text(text, encoding="utf-8")
    sheet = quiz_question(load_lesson(path), 1)
    strings = file_catalogue(QUIZ_TEXT, "id")
    d = sheet.decisions
    chosen = [
        f"qz_dim_sub_raw_if_{d['example']}",
        f"qz_dim_sub_peak_if_{d['peak']}",
        f"qz_dim_sub_scaled_if_{d['moderate']}",
        f"qz_dim_sub_answer_if_{d['example']}",
    ]
    return d, " ".join(strings[k] for k in chosen)


def _top(scores: list[int], d: int) -> float:
    """Softmax's largest weight over ``scores/√d``, in floats, apart from the sheet."""
    s = np.array(scores, float) / np.sqrt(d)
    w = np.exp(s - s.max())
    return float(w.max() / w.sum())


@pytest.mark.parametrize(
    "dims, keys, seed, shows",
    [
        ([4, 256], 4, 5, "grows"),  # the default lesson's: 0.464 to 0.997
        ([2, 3], 2, 5, "shrinks"),  # 0.982 to 0.881; divided by √dₖ 0.944 and 0.760
        ([2, 3], 2, 15, "stays"),  # scores (2, −2) then (3, −1): the same gap, the same weight
    ],
    ids=["grows", "shrinks", "stays"],
)
def test_the_dimension_words_claim_growth_only_where_the_draw_shows_it(
    dims: list[int], keys: int, seed: int, shows: str, tmp_path: Path
) -> None:
    """Weights computed here from the draws: the words say the unscaled largest weight grows
    only where it does, that one key takes nearly all of it only where it reaches 0.9, and
    that divided by √dₖ it stays moderate only where it stays under 0.9; the answer the page
    expects stays the theory's (grows unscaled, stays scaled) whatever the draw."""
    from lesson.teachable import example_scores

    d, words = _dimension_words(dims, keys, seed, tmp_path)
    low, high = example_scores(dims, keys, seed)
    raw = (_top(low, 1), _top(high, 1))
    scaled = (_top(low, dims[0]), _top(high, dims[1]))
    assert d["example"] == shows
    assert (d["raw"], d["scaled"]) == ("grows", "stays")
    assert ("naik dari" in words) == (raw[1] > raw[0] + 1e-12)
    assert ("tidak menunjukkan kenaikan" in words) == (shows != "grows")
    assert ("Undian sekecil ini tidak menunjukkannya" in words) == (shows != "grows")
    assert ("Hampir semua bobot" in words) == (raw[1] >= 0.9)
    assert ("tetap sedang" in words) == (max(scaled) < 0.9)


def test_think_time_follows_the_work_asked() -> None:
    """The pause to think grows with the work a question asks, not with its coordinates:
    question 6 (two scores, their scaling, two exponentials, a sum and two shares) gets more
    than the seed's first question, a 3-D dot product, which gets the author's countdown;
    question 7 (a zero query: every score zero by sight) the least; a third key and a third
    dimension in question 6 each add time."""
    lesson = load_lesson()
    pauses = {q.kind: pause_seconds(q, lesson.quiz_countdown) for q in lesson.quiz}
    assert pauses["dot-sign"] == lesson.quiz_countdown
    assert pauses["attention"] > pauses["dot-sign"] > pauses["zero-query"] == MIN_PAUSE
    assert pauses["attention"] > pauses["orthogonal"]
    att = next(q for q in lesson.quiz if q.kind == "attention")
    three = att.vectors | {"keys": [*att.vectors["keys"], [2, 2]]}
    deeper = {"query": [1, 2, 3], "keys": [[1, 0, 1], [0, 1, 1]]}
    base = kind_of("attention").work(att.vectors)
    assert kind_of("attention").work(three) > base < kind_of("attention").work(deeper)
    assert pause_seconds(att, 0) == 0
