"""`lecture page`: the interactive lesson page, driven in headless Chromium from file://.

One build, shared by the tests of a run: the default lesson and a generated variant (fresh quiz
numbers, asked in an order of its own: the projection question first, the cosine one dropped),
rendered at the test quality through one clip store, each with its page, and the teacher's
answers.csv.
"""

from __future__ import annotations

import csv
import json
import time
from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from answer_forms import right_forms, wrong_forms
from browser import SHOWN_TEXT, chromium, shown_text
from cachedir import cache_root
from conftest import QUALITY, ROOT, lecture
from PIL import Image
from variants import EVERY_KIND

from lesson.answers import Part, verdict
from lesson.catalogue import catalogue
from lesson.model import load_lesson, load_lesson_text
from lesson.quizkinds import KINDS, quiz_answers
from lesson.sheets.quiz import MIN_PAUSE

pytestmark = [pytest.mark.render, pytest.mark.slides]

DEFAULT = ROOT / "lessons" / "inner-product.toml"
SCREENSHOTS = cache_root() / "screens"  # kept after the run, to look at


def variant_files(pages: Path) -> list[Path]:
    return sorted((pages / "variants").glob("*.toml"))


def test_each_lesson_gets_a_folder_that_works_offline(pages: Path) -> None:
    ids = ["inner-product", *(load_lesson(f).id for f in variant_files(pages))]
    for lesson_id in ids:
        folder = pages / "pages" / lesson_id
        names = {p.name for p in folder.iterdir()}
        assert {"index.html", "lesson.mp4", "page.js", "page.css", "poster.png"} <= names
        assert {"lesson.vtt", "lesson.srt", "chapters.vtt"} <= names
        text = "\n".join(
            (folder / n).read_text(encoding="utf-8")
            for n in names
            if n[-3:] in ("tml", ".js", "css")
        )
        assert "http://" not in text and "https://" not in text and "//" + "cdn" not in text
        assert '<html lang="id">' in text
    data = page_json(pages, "inner-product")
    assert [q["kind"] for q in data["questions"]] == [q.kind for q in load_lesson().quiz]


def page_json(pages: Path, lesson_id: str) -> dict[str, Any]:
    page = (pages / "pages" / lesson_id / "index.html").read_text(encoding="utf-8")
    start = page.index('<script id="lesson-data" type="application/json">') + len(
        '<script id="lesson-data" type="application/json">'
    )
    return json.loads(page[start : page.index("</script>", start)])


def test_answers_csv_agrees_with_lecture_numbers(pages: Path) -> None:
    with open(pages / "pages" / "answers.csv", encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    files = variant_files(pages)
    assert len(files) == 1
    by_lesson: dict[str, list[dict[str, str]]] = {}
    for row in rows:
        by_lesson.setdefault(row["variant"], []).append(row)
    expected_sets = []
    for f in [DEFAULT, *files]:
        lesson = load_lesson(f)
        r = lecture("numbers", "--json", "--lesson", str(f))
        sheets = json.loads(r.stdout)["scenes"]
        mine = by_lesson[lesson.id]
        assert {int(row["question"]) for row in mine} == set(range(1, len(lesson.quiz) + 1))
        checked = 0
        for row in mine:
            sheet = sheets[f"QuizQuestion{row['question']}"]
            if row["control"] in ("number", "vector", "key"):
                assert row["expected"] == sheet[row["part"]], (lesson.id, row)
                checked += 1
            elif row["control"] == "sign":  # the angle against the sheet's right angle
                assert sheet["right_angle"] in row["expected"]
        assert checked >= 10
        expected_sets.append(tuple(r["expected"] for r in mine if r["control"] == "number"))
    assert len(set(expected_sets)) == 2, "the variant's answers differ from the lesson's"


def test_a_bad_lessons_file_is_one_line_and_writes_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(DEFAULT.read_text(encoding="utf-8").replace("[[quiz]]", "[[quiz", 1))
    r = lecture(
        "page", "--lessons", str(DEFAULT), str(bad), "--quality", QUALITY,
        "--out", str(tmp_path / "render"), "--store", str(tmp_path / "store"),
        "--pages", str(tmp_path / "pages"),
    )  # fmt: skip
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("lecture: error: ") and "bad.toml" in lines[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.toml"]


# --- in the browser ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    driver = chromium(tmp_path_factory.mktemp("chromium-page"), "1366,900", "--mute-audio")
    yield driver
    driver.quit()


def open_page(browser: Any, pages: Path, lesson_id: str, fresh: bool = True) -> str:
    """Load a lesson's page; `fresh`: with nothing kept in the browser's storage (every page
    opened from disk shares it), cleared while no page is open to write it back."""
    url = (pages / "pages" / lesson_id / "index.html").as_uri()
    if fresh:
        browser.get("about:blank")
        browser.execute_cdp_cmd(
            "Storage.clearDataForOrigin", {"origin": "file://", "storageTypes": "local_storage"}
        )
    browser.get(url)
    wait(browser, "return document.body.dataset.ready === 'true'")
    wait(browser, "return document.getElementById('video').readyState >= 1")
    return url


def wait(browser: Any, script: str, *args: Any, timeout: float = 20) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = browser.execute_script(script, *args)
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out: {script}"
        time.sleep(0.05)


# A playback rate for what is checked by its order, not its timing: 0.8 s of the video before a
# question plays in 0.2 s. The page offers no such speed, so it neither keeps nor shows it; the
# rate lasts until the page is loaded again (the solution after the answer plays at it too).
FAST = 4.0


def play_to_question(browser: Any, q: dict[str, Any], rate: float = 1.0) -> None:
    """Play from 0.8 s before question `q` is asked (at `rate`): the page pauses there by
    itself, within 50 ms of the moment it has been asked."""
    browser.execute_script(
        "const v = document.getElementById('video'); v.currentTime = arguments[0];"
        "if (arguments[1] !== 1) v.playbackRate = arguments[1];"
        "v.addEventListener('seeked', () => v.play(), {once: true});",
        max(0.0, q["pause_at"] - 0.8), rate,
    )  # fmt: skip
    wait(browser, "return document.body.dataset.asking === String(arguments[0])", q["number"])
    paused, at = browser.execute_script(
        "const v = document.getElementById('video'); return [v.paused, v.currentTime];"
    )
    assert paused and abs(at - q["pause_at"]) < 0.05, (q["number"], at, q["pause_at"])


def test_the_page_makes_no_network_request_and_logs_no_error(browser: Any, pages: Path) -> None:
    url = open_page(browser, pages, "inner-product")
    browser.execute_script("document.getElementById('video').play()")
    wait(browser, "return document.getElementById('video').currentTime > 0.5")
    events = [json.loads(e["message"])["message"] for e in browser.get_log("performance")]
    folder = url.rsplit("/", 1)[0]
    sent = [
        m["params"]["request"]["url"]
        for m in events
        if m["method"] == "Network.requestWillBeSent"
        and m["params"].get("documentURL", "").startswith(folder)
    ]
    assert url in sent and any(u.endswith("/lesson.mp4") for u in sent)
    remote = [u for u in sent if not u.startswith(("file:", "data:", "blob:"))]
    assert remote == [], "the page asked the network for something"
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == []
    tracks = browser.execute_script(
        "const t = document.getElementById('video').textTracks; return [t.length, t[0].kind];"
    )
    assert tracks == [1, "captions"]
    cues = wait(browser, "return document.getElementById('video').textTracks[0].cues.length")
    assert cues == len(browser.execute_script("return lessonPage.data.cues"))


def edge_forms(part: Part) -> list[str]:
    """A rounded number's range ends and just inside and outside them, as decimals."""
    if part.control != "number" or part.accepted[0].low is None:
        return []
    a = part.accepted[0]
    assert a.low is not None and a.high is not None
    tiny = Fraction(1, 10**9)
    ends = [a.low, a.high, a.low + tiny, a.low - tiny, a.high + tiny, a.high - tiny]
    return [str(Decimal(x.numerator) / Decimal(x.denominator)) for x in ends]


def the_pause_follows_the_invitation(data: dict[str, Any], q: dict[str, Any]) -> None:
    """Where the page pauses: the invitation to pause has just been said (its caption ends
    there) and nothing is said before the solution starts."""
    invitation = catalogue("id")[f"qz_{KINDS[q['kind']].code}_sub_pause"]
    said = [c for c in data["cues"] if c["start"] < q["pause_at"]]
    last = said[-1]
    assert invitation.endswith(" ".join(last["text"].split())), (q["number"], last["text"])
    assert q["pause_at"] - 1.0 <= last["end"] <= q["pause_at"] + 0.05, (q["number"], last)
    inside = [c for c in data["cues"] if q["pause_at"] < c["start"] < q["resume_at"] - 0.05]
    assert inside == [] and q["resume_at"] - q["pause_at"] >= MIN_PAUSE


@pytest.mark.parametrize("which", ["default", "variant"])
def test_every_question_pauses_and_is_judged_as_the_sheet_says(
    browser: Any, pages: Path, which: str
) -> None:
    """Every kind: the video pauses once it is asked; the script judges each right form, each
    wrong one and the ends of each rounding range as Python judges the lesson's own answers;
    a right answer typed and submitted plays the solution."""
    path = DEFAULT if which == "default" else variant_files(pages)[0]
    lesson = load_lesson(path)
    open_page(browser, pages, lesson.id)
    data = browser.execute_script("return lessonPage.data")
    asked = quiz_answers(lesson, "id")  # computed here, not read back from the page
    assert [q["kind"] for q in data["questions"]] == [q.kind for q in asked]
    if which == "default":  # the seed's eight kinds; the variant asks the other two too
        assert {q.kind for q in asked} == set(KINDS) - {"winner", "dimension"}
    else:
        kinds = {q.kind for q in asked}
        assert asked[0].kind == "projection" and "cosine" not in kinds
        assert {"winner", "dimension"} <= kinds
    for q, mine in zip(data["questions"], asked, strict=True):
        tried = [
            (i, form)
            for i, part in enumerate(mine.parts)
            for form in right_forms(part) + wrong_forms(part) + edge_forms(part)
        ]
        # every form judged by the page's script in one call (one WebDriver round trip)
        judged = browser.execute_script(
            "const q = lessonPage.data.questions[arguments[0]];"
            "return arguments[1].map(([i, form]) => lessonPage.judgePart(q.parts[i], form));",
            q["number"] - 1, tried,
        )  # fmt: skip
        for (i, form), got in zip(tried, judged, strict=True):
            # the script tells text it cannot read (or reads two ways) from a wrong answer
            assert got == verdict(mine.parts[i], form, "id"), (lesson.id, q["number"], form, got)
        the_pause_follows_the_invitation(data, q)
        play_to_question(browser, q, FAST)
        answer(browser, q, [right_forms(p)[-1] for p in mine.parts])
        wait(browser, "return document.body.dataset.verdict === 'right'")
        wait(browser, "return !document.getElementById('video').paused")  # after the verdict
        playing, at = browser.execute_script(
            "const v = document.getElementById('video'); return [!v.paused, v.currentTime];"
        )
        assert playing and at >= q["resume_at"] - 0.05
    right = browser.find_element("id", "summary").get_dom_attribute("data-right")
    assert right == str(len(data["questions"]))


def answer(browser: Any, q: dict[str, Any], forms: list[str], submit: bool = True) -> None:
    """Answer question `q` with the keyboard only: type or pick each part, Tab between them."""
    from selenium.webdriver.common.keys import Keys

    for i, (part, form) in enumerate(zip(q["parts"], forms, strict=True)):
        if i:
            browser.switch_to.active_element.send_keys(Keys.TAB)
        el = browser.switch_to.active_element
        assert el.get_dom_attribute("data-part") == part["key"], (q["number"], part["key"])
        if part["control"] in ("number", "vector"):
            el.send_keys(form)
        else:  # arrow keys move through a radio group; the first arrow selects
            ids = [o["id"] for o in part["options"]]
            el.send_keys(Keys.SPACE)
            for _ in range(ids.index(form)):
                el = browser.switch_to.active_element
                el.send_keys(Keys.ARROW_DOWN)
            assert browser.switch_to.active_element.get_dom_attribute("value") == form
    if submit:  # Enter submits, from a text field or a choice alike
        browser.switch_to.active_element.send_keys(Keys.ENTER)


def test_a_wrong_answer_gets_a_hint_a_retry_or_the_solution_and_the_first_answer_scores(
    browser: Any, pages: Path
) -> None:
    from selenium.webdriver.common.keys import Keys

    url = open_page(browser, pages, "inner-product")
    data = browser.execute_script("return lessonPage.data")
    asked = quiz_answers(load_lesson(), "id")
    q = data["questions"][1]  # cosine: u · v and cos θ
    play_to_question(browser, q, FAST)
    answer(browser, q, ["24", "0.9"])
    wait(browser, "return document.body.dataset.verdict === 'wrong'")
    verdict = shown_text(browser.find_element("id", "verdict"))
    # the hint is the solution's first step with the question's numbers, not the answer
    assert "Belum tepat." in verdict and asked[1].step in verdict and "0.96" not in verdict
    marks = browser.execute_script(
        "return [...document.querySelectorAll('#quiz .part')].map(p => p.dataset.mark)"
    )
    assert marks == ["right", "wrong"]  # each part marked
    assert browser.switch_to.active_element.get_dom_attribute("id") == "retry"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENSHOTS / "page-wrong-hint.png"))  # to look at
    assert browser.execute_script("return document.getElementById('video').paused")
    browser.switch_to.active_element.send_keys(Keys.ENTER)  # Try again, by keyboard
    field = browser.switch_to.active_element
    assert field.get_dom_attribute("data-part") == "cos"  # the first wrong part takes the focus
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("24/25", Keys.ENTER)
    wait(browser, "return document.body.dataset.verdict === 'right'")
    wait(browser, "return !document.getElementById('video').paused")  # the solution plays
    item = browser.find_elements("css selector", "#results li")[1]
    assert item.get_dom_attribute("data-verdict") == "wrong"  # the first answer scores
    assert item.get_dom_attribute("data-attempts") == "2" and "u · v: 24. cos θ: 0.9." in item.text
    # a text that reads two ways, or not at all, is refused and costs no attempt
    q3 = data["questions"][2]  # projection: comp ≈ −2.12, proj (−1.5, −1.5)
    play_to_question(browser, q3, FAST)
    answer(browser, q3, ["-2,12", "-1,5,1"])  # (−1.5, 1) or (−1, 5.1)?
    wait(browser, "return document.getElementById('verdict').textContent.length > 0")
    label = q3["parts"][1]["label"]
    refused = data["ui"]["commas"].replace("{field}", label).replace("{number}", "-1,5,1")
    assert shown_text(browser.find_element("id", "verdict")) == refused
    assert "3" not in browser.execute_script("return Object.keys(lessonPage.state().answers)")
    field = browser.find_element("id", "q3-proj")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("(-1,5; -1)", Keys.ENTER)  # readable, and wrong
    wait(browser, "return document.body.dataset.verdict === 'wrong'")
    browser.find_element("id", "solution").click()  # Show the solution
    wait(browser, "return document.getElementById('answer-form').dataset.verdict === 'wrong'"
         " && !document.getElementById('video').paused")  # fmt: skip
    verdict = shown_text(browser.find_element("id", "verdict"))
    assert "−2.12" in verdict and "(−1.5, −1.5)" in verdict  # the answers, from the sheet
    assert (
        browser.find_elements("css selector", "#results li")[2].get_dom_attribute("data-attempts")
        == "1"
    )
    q5 = data["questions"][4]
    play_to_question(browser, q5, FAST)
    answer(browser, q5, [right_forms(p)[0] for p in asked[4].parts])
    wait(browser, "return document.body.dataset.verdict === 'right'")
    score = browser.find_element("id", "score").text
    browser.get(url)
    wait(browser, "return document.body.dataset.ready === 'true'")
    assert browser.find_element("id", "score").text == score
    statuses = browser.execute_script(
        "return [...document.querySelectorAll('#results li')].map(li => li.dataset.verdict)"
    )
    assert statuses[1:5] == ["wrong", "wrong", "open", "right"] and statuses[0] == "open"
    # an answered question does not stop the video again
    wait(browser, "return document.getElementById('video').readyState >= 1")
    browser.execute_script(
        "const v = document.getElementById('video'); v.currentTime = arguments[0];"
        "v.playbackRate = arguments[1]; v.play();",
        q["pause_at"] - 0.5, FAST,
    )  # fmt: skip
    wait(
        browser,
        "return document.getElementById('video').currentTime > arguments[0] + 0.5",
        q["pause_at"],
    )
    assert not browser.execute_script("return document.getElementById('video').paused")
    # a question asked and left open is asked again after a reload (the place is kept)
    q4 = data["questions"][3]
    play_to_question(browser, q4, FAST)
    browser.get(url)
    wait(browser, "return document.body.dataset.asking === '4'")
    assert browser.switch_to.active_element.get_dom_attribute("data-part") == q4["parts"][0]["key"]
    # going elsewhere closes it; playback asks it again when it gets there
    browser.find_elements("css selector", "#chapters button")[2].click()
    wait(browser, "return document.getElementById('quiz').hidden")
    play_to_question(browser, q4, FAST)
    browser.find_element("id", "reset").click()  # it asks first: Cancel keeps every answer
    assert browser.switch_to.active_element.get_dom_attribute("id") == "reset-no"
    browser.switch_to.active_element.click()
    assert browser.find_element("id", "summary").get_dom_attribute("data-right") == "1"
    browser.find_element("id", "reset").click()
    browser.find_element("id", "reset-yes").click()
    browser.get(url)
    wait(browser, "return document.body.dataset.ready === 'true'")
    assert browser.find_element("id", "summary").get_dom_attribute("data-right") == "0"
    statuses = browser.execute_script(
        "return [...document.querySelectorAll('#results li')].map(li => li.dataset.verdict)"
    )
    assert set(statuses) == {"open"}


def test_a_number_copied_from_the_screen_is_read_and_a_refusal_names_field_and_number(
    browser: Any, pages: Path
) -> None:
    """Question 6 answered with its numbers as the video and the transcript write them, a
    point and three places: "(0.707, 2.121)" is read (2.121 is no thousands in this field).
    A number that reads two ways where the lesson writes no such decimal is refused, and the
    refusal names the field and the number."""
    from selenium.webdriver.common.keys import Keys

    open_page(browser, pages, "inner-product")
    data = browser.execute_script("return lessonPage.data")
    q = data["questions"][5]  # attention: scores (1, 3), logits (0.707, 2.121), weights
    assert [p["shown"] for p in q["parts"][1:3]] == ["(0.707, 2.121)", "(0.196, 0.804)"]
    play_to_question(browser, q, FAST)
    answer(browser, q, ["(1.500, 3)", "(0.707, 2.121)", "(0.196, 0.804)", "k2"])
    wait(browser, "return document.getElementById('verdict').textContent.length > 0")
    label = q["parts"][0]["label"]
    refused = data["ui"]["grouped"].replace("{field}", label).replace("{number}", "1.500")
    assert shown_text(browser.find_element("id", "verdict")) == refused
    assert "6" not in browser.execute_script("return Object.keys(lessonPage.state().answers)")
    field = browser.switch_to.active_element  # the field it could not read
    assert field.get_dom_attribute("id") == "q6-scores"
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("(1, 3)", Keys.ENTER)
    wait(browser, "return document.body.dataset.verdict === 'right'")


def test_the_transcript_keeps_an_open_questions_solution_back_until_it_is_answered(
    browser: Any, pages: Path
) -> None:
    """Beside an open question the transcript does not give its answers away: the lines of
    its solution (from the pause to its chapter's end) are held back, the first saying so and
    going to the question; once it is answered (here skipped) they are back."""
    open_page(browser, pages, "inner-product")
    data = browser.execute_script("return lessonPage.data")
    q = data["questions"][5]  # attention: its solution says the scores, logits and weights
    end = min([c["start"] for c in data["chapters"] if c["start"] > q["pause_at"]]
              + [data["duration"]])  # fmt: skip
    solution = [i for i, c in enumerate(data["cues"]) if q["pause_at"] <= c["start"] < end]
    said = " ".join(data["cues"][i]["text"] for i in solution)
    answers = ["(0.707, 2.121)", "0.196", "(0.196, 0.804)"]  # the logits and weights
    assert all(a in said for a in answers)  # what the transcript would give away

    def lines() -> list[str]:
        """Each transcript line as it reads ("" when left out)."""
        return list(
            browser.execute_script(
                "const plain = (e) => { " + SHOWN_TEXT.replace("arguments[0]", "e") + " };"
                "return [...document.querySelectorAll('#transcript li')]"
                ".map((li) => li.hidden ? '' : plain(li))"
            )
        )

    held = data["ui"]["withheld"].replace("{n}", "6")
    shown = lines()
    assert [shown[i].split(" ", 1)[1] for i in solution[:1]] == [held]
    assert all(shown[i] == "" for i in solution[1:])
    page = " ".join(shown)
    assert [a for a in answers if a in page] == []
    # the held line goes to the question, which is asked there
    browser.find_elements("css selector", "#transcript button")[solution[0]].click()
    wait(browser, "return document.body.dataset.asking === '6'")
    browser.find_element("id", "skip").click()
    wait(browser, "return document.body.dataset.verdict === 'skipped'")
    shown = lines()
    for i in solution:
        assert " ".join(shown[i].split()[1:]) == " ".join(data["cues"][i]["text"].split())


def test_an_answered_question_is_practised_again_without_changing_the_score(
    browser: Any, pages: Path
) -> None:
    """Practise again: a settled question is answered afresh, judged, marked and hinted, while
    the score, the answer kept and the attempts stay as the first answer left them."""
    open_page(browser, pages, "inner-product")
    data = browser.execute_script("return lessonPage.data")
    q = data["questions"][0]  # dot-sign: x · y and the angle
    right = [right_forms(p)[0] for p in quiz_answers(load_lesson(), "id")[0].parts]
    play_to_question(browser, q, FAST)
    answer(browser, q, right)
    wait(browser, "return document.body.dataset.verdict === 'right'")
    kept = browser.execute_script("return JSON.stringify(lessonPage.state().answers)")
    browser.find_element("id", "practise").click()
    wait(browser, "return document.body.dataset.verdict === 'practice'")
    assert shown_text(browser.find_element("id", "verdict")) == data["ui"]["practice_note"]
    assert browser.switch_to.active_element.get_dom_attribute("data-part") == q["parts"][0]["key"]
    assert browser.execute_script("return document.getElementById('video').paused")
    answer(browser, q, ["-7", right[1]])  # the product wrong this time
    wait(browser, "return document.body.dataset.verdict === 'wrong'")
    assert q["step"] in shown_text(browser.find_element("id", "verdict"))  # the hint, as ever
    marks = browser.execute_script(
        "return [...document.querySelectorAll('#quiz .part')].map(p => p.dataset.mark)"
    )
    assert marks == ["wrong", "right"]
    assert browser.execute_script("return JSON.stringify(lessonPage.state().answers)") == kept
    item = browser.find_elements("css selector", "#results li")[0]
    assert item.get_dom_attribute("data-verdict") == "right"
    assert item.get_dom_attribute("data-attempts") == "1"
    assert browser.find_element("id", "summary").get_dom_attribute("data-right") == "1"
    browser.find_element("id", "solution").click()  # the kept answer's verdict again
    wait(browser, "return document.body.dataset.verdict === 'right'")


def test_a_statements_answer_reads_as_sentences(browser: Any, pages: Path) -> None:
    """The expected answers of a question of several parts are each a sentence named by the
    part's label: a statement's full stop is not doubled, no part runs into the next with ";"."""
    open_page(browser, pages, "inner-product")
    data = browser.execute_script("return lessonPage.data")
    q = next(q for q in data["questions"] if q["kind"] == "orthogonal")  # two statements
    play_to_question(browser, q, FAST)
    browser.find_element("id", "skip").click()
    wait(browser, "return document.body.dataset.verdict === 'skipped'")
    verdict = shown_text(browser.find_element("id", "verdict"))
    shown = [p["shown"] for p in q["parts"]]
    assert all(s.endswith(".") for s in shown)  # the statements end their own sentence
    assert f"{q['parts'][0]['label']}: {shown[0]} {q['parts'][1]['label']}: {shown[1]}" in verdict
    assert ".." not in verdict and ".;" not in verdict


def test_progress_outside_an_lms_is_kept_per_lesson_and_per_copy_of_the_page(
    browser: Any, pages: Path, tmp_path: Path
) -> None:
    """Opened from disk, every page shares the browser's storage (one file:// origin): a copy
    of the page elsewhere (another learner's, another attempt) starts empty, as another lesson
    does; the page itself resumes."""
    import shutil

    folder = pages / "pages" / "inner-product"
    for name in ("a", "b"):
        shutil.copytree(folder, tmp_path / name)
    open_page(browser, pages, "inner-product")  # clears the storage
    a, b = ((tmp_path / name / "index.html").as_uri() for name in ("a", "b"))

    def verdicts(url: str) -> list[str]:
        browser.get(url)
        wait(browser, "return document.body.dataset.ready === 'true'")
        return list(
            browser.execute_script(
                "return [...document.querySelectorAll('#results li')].map(li => li.dataset.verdict)"
            )
        )

    verdicts(a)
    wait(browser, "return document.getElementById('video').readyState >= 1")
    q = browser.execute_script("return lessonPage.data.questions[0]")
    play_to_question(browser, q, FAST)
    browser.find_element("id", "skip").click()
    wait(browser, "return document.body.dataset.verdict === 'skipped'")
    assert verdicts(a)[0] == "skipped"  # kept for this page
    assert set(verdicts(b)) == {"open"}  # not for a copy of it
    assert set(verdicts(folder.joinpath("index.html").as_uri())) == {"open"}
    variant = load_lesson(variant_files(pages)[0]).id
    assert set(verdicts((pages / "pages" / variant / "index.html").as_uri())) == {"open"}


def test_the_transcript_follows_playback_and_seeks(browser: Any, pages: Path) -> None:
    open_page(browser, pages, "inner-product")
    cues = browser.find_elements("css selector", "#transcript button.cue")
    data = browser.execute_script("return lessonPage.data")
    assert len(cues) == len(data["cues"]) > 20
    target = len(cues) // 2
    browser.execute_script("arguments[0].scrollIntoView()", cues[target])
    cues[target].click()
    at = wait(
        browser,
        "return document.body.dataset.cue === arguments[0]"
        " && document.getElementById('video').currentTime",
        str(target),
    )
    assert abs(at - data["cues"][target]["start"]) < 0.05
    assert cues[target].get_dom_attribute("aria-current") == "true"
    # the transcript is one stop in the tab order, at its current line
    stops = browser.execute_script(
        "return [...document.querySelectorAll('#transcript button')].filter(b => b.tabIndex >= 0)"
        ".map(b => b.parentElement ? [...b.parentElement.parentElement.children]"
        ".indexOf(b.parentElement) : -1)"
    )
    assert stops == [target]
    # plain playback moves the highlight on to the next line
    browser.execute_script(
        "const v = document.getElementById('video'); v.currentTime = arguments[0]; v.play();",
        data["cues"][target + 1]["start"] - 0.3,
    )
    wait(browser, "return document.body.dataset.cue === arguments[0]", str(target + 1))
    browser.execute_script("document.getElementById('video').pause()")
    chapters = browser.find_elements("css selector", "#chapters button")
    assert [shown_text(c).split(" ", 1)[1] for c in chapters] == [
        c["title"] for c in data["chapters"]
    ]
    chapters[3].click()
    wait(
        browser,
        "return Math.abs(document.getElementById('video').currentTime - arguments[0]) < 0.05",
        data["chapters"][3]["start"],
    )


def test_space_plays_and_pauses_and_a_question_is_answered_by_keyboard_alone(
    browser: Any, pages: Path
) -> None:
    from selenium.webdriver.common.keys import Keys

    open_page(browser, pages, "inner-product")
    body = browser.find_element("tag name", "body")
    body.send_keys(Keys.SPACE)
    wait(browser, "return !document.getElementById('video').paused")
    body.send_keys(Keys.SPACE)
    wait(browser, "return document.getElementById('video').paused")
    cue = browser.find_elements("css selector", "#transcript button.cue")[0]
    browser.execute_script("arguments[0].focus()", cue)
    cue.send_keys(Keys.SPACE)  # Space plays on a transcript line too (Enter would seek)
    wait(browser, "return !document.getElementById('video').paused")
    cue.send_keys(Keys.SPACE)
    wait(browser, "return document.getElementById('video').paused")
    data = browser.execute_script("return lessonPage.data")
    q = data["questions"][5]  # attention: scores, logits, weights, the largest weight's key
    play_to_question(browser, q, FAST)
    labels = browser.execute_script(
        "return [...document.querySelectorAll('#quiz input')].map(i => i.labels.length ? "
        "i.labels[0].textContent : '')"
    )
    assert all(labels), "every control has a label"
    attention = quiz_answers(load_lesson(), "id")[5]
    assert [p.key for p in attention.parts] == ["scores", "logits", "weights", "winners"]
    logits, weights = attention.parts[1:3]
    forms = ["(1, 3)", right_forms(logits)[0], right_forms(weights)[1], "k2"]
    answer(browser, q, forms, submit=False)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shot = SCREENSHOTS / "page-question.png"
    browser.save_screenshot(str(shot))
    with Image.open(shot) as im:
        assert len(im.convert("L").getcolors(256) or []) > 20
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    wait(browser, "return document.body.dataset.verdict === 'right'")
    assert "k₂" in shown_text(browser.find_element("id", "verdict"))


def test_a_lesson_that_asks_its_quiz_in_its_own_order_is_built_in_that_order(pages: Path) -> None:
    """The variant asks the projection question first and drops the cosine one: its joined
    lesson has a clip and a chapter per scene of that list, the first question's chapter asks
    the projection question with its vectors, and no cue asks the cosine one."""
    import av
    import srt

    from lesson.catalogue import file_catalogue
    from lesson.scenelist import LECTURE, TEXT_DIR, lesson_order
    from lesson.sheet import scene_sheet
    from pipeline.manifest import Manifest

    (path,) = variant_files(pages)
    lesson = load_lesson(path)
    order = lesson_order(lesson)
    # the default lesson's questions with the two it comments out, the cosine dropped
    asked = len(load_lesson_text(EVERY_KIND).quiz) - 1
    assert len(order) == len(LECTURE) + asked and order[-1] == f"QuizQuestion{asked}"
    out = pages / "render" / lesson.id / QUALITY
    manifest = Manifest.load(out)
    assert manifest is not None
    data = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert list(data["clips"]) == order
    chapters = data["lesson_video"]["chapters"]
    with av.open(str(out / "lesson.mp4")) as c:
        titles = [ch["metadata"]["title"] for ch in c.chapters()]
    assert len(titles) == len(order) == len(chapters)
    assert titles[-1] == f"Uji pemahaman: pertanyaan {asked}"
    cues = list(srt.parse((out / "lesson.srt").read_text(encoding="utf-8")))
    texts = file_catalogue(TEXT_DIR / "quiz.toml", "id")
    first = next(c for c in chapters if c["scene"] == "QuizQuestion1")
    heard = " ".join(
        " ".join(c.content.split())
        for c in cues
        if first["start"] <= c.start.total_seconds() < first["end"]
    )
    given = {k: v.text for k, v in scene_sheet(lesson, "QuizQuestion1").items()}
    assert texts["qz_proj_sub_question"].format(**given) in heard  # its vectors said too
    said = " ".join(" ".join(c.content.split()) for c in cues)
    assert texts["qz_cos_sub_question"].rsplit("}", 1)[-1] not in said


def test_the_page_is_in_the_renders_language(pages: Path, tmp_path: Path) -> None:
    """The page's language is its render's: its words from that language's texts, and a page
    asked in another language than the render's is refused (captions and voice would not
    match)."""
    from pipeline.manifest import Manifest
    from publish.page import PageError, write_page

    page = (pages / "pages" / "inner-product" / "index.html").read_text(encoding="utf-8")
    ids = catalogue("id")
    assert '<html lang="id">' in page and 'srclang="id"' in page
    for key in ("pg_ui_summary", "pg_ui_chapters", "pg_ui_transcript", "pg_ui_reset"):
        assert f">{ids[key]}<" in page
    out = pages / "render" / "inner-product" / QUALITY
    manifest = Manifest.load(out)
    assert manifest is not None
    with pytest.raises(PageError, match="rendered in 'id', not 'en'"):
        write_page(load_lesson(), out, manifest, "en", tmp_path / "en")
    assert not (tmp_path / "en").exists()


@pytest.mark.parametrize("places", [(), (3,), (1, 3)])
def test_the_script_reads_answers_exactly_as_python_does(
    browser: Any, pages: Path, places: tuple[int, ...]
) -> None:
    """Random learner text, numbers and vectors of two and three coordinates alike, in fields
    the lesson writes with no decimal or with a point and three places: the page's reading is
    Python's, its values, or the reason it refuses the text and the number it names."""
    import random

    from lesson.written import read_number, read_vector

    open_page(browser, pages, "inner-product")
    rng = random.Random(22)
    alphabet = "0123456789" * 3 + ".,,/-−+ ()[];≈= \u00a0\u2009\t\x1c\ufeffx"
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12))) for _ in range(800)]
    texts += ["0.96", "0,96", "24/25", "(0,5, 1,5)", "2 2", "[1; −2]", "1/0", ".5", "5.", "−.5"]
    texts += ["0,191,0,786,0,023", "1 2", "1.500", "1,500", "(0,5; 1,5)", "1,2,3", "1,2,3,4"]
    texts += ["(0.707, 2.121)", "0.707; 2.121", "2.121,1", "1.5,2.121", "(2; x)", " 1.500 /2 "]
    got = browser.execute_script(
        "const f = (r) => r.problem ? [r.problem, r.unread]"
        " : r.values.map((v) => v[0] + '/' + v[1]);"
        "const p = arguments[1];"
        "return arguments[0].map((t) => [f(lessonPage.readNumber(t, p)),"
        " f(lessonPage.readVector(t, 2, p)), f(lessonPage.readVector(t, 3, p))]);",
        texts, list(places),
    )  # fmt: skip

    def py(r: Any) -> Any:
        if r.problem:
            return [r.problem, r.unread]
        return [f"{v.numerator}/{v.denominator}" for v in r.values]

    for text, (number, two, three) in zip(texts, got, strict=True):
        assert number == py(read_number(text, "id", places)), text
        assert two == py(read_vector(text, "id", 2, places)), text
        assert three == py(read_vector(text, "id", 3, places)), text
