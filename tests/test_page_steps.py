"""The lesson page at the learner's own pace: step by step, and back to what teaches a wrong
answer. Each quiz kind names, in the lesson layer, the lecture's scene and steps it tests; the
page plays exactly those steps and comes back to the question.

One headless Chromium for the module (desktop 1366x768; a phone of 390x844 emulated in it), on
the pages the suite builds once (tests/test_page.py). That step by step and the speed come
back from an LMS's suspend data is tests/test_page_find.py's SCORM session. Screenshots go to
the suite's cache (``screens/``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import chromium
from test_page import SCREENSHOTS, answer, open_page, page_json, play_to_question, wait

from lesson.catalogue import step_titles
from lesson.quizkinds import KINDS
from lesson.scenelist import LECTURE, scene_spec
from pipeline.manifest import Manifest

pytestmark = [pytest.mark.render, pytest.mark.slides]


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    d = chromium(tmp_path_factory.mktemp("chromium-steps"), "1366,768", "--mute-audio")
    yield d
    d.quit()


def shot(driver: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SCREENSHOTS / f"page-{name}.png"))


def play_from(driver: Any, t: float) -> None:
    driver.execute_script(
        "const v = document.getElementById('video'); v.currentTime = arguments[0];"
        "v.addEventListener('seeked', () => v.play(), {once: true});",
        t,
    )


def step_end_reached(driver: Any, step: dict[str, Any], index: int) -> None:
    """The video waits at the end of step `index`: paused right after its end, the bar says it."""
    wait(driver, "return document.body.dataset.stepEnd === String(arguments[0])", index)
    paused, at = driver.execute_script(
        "const v = document.getElementById('video'); return [v.paused, v.currentTime];"
    )
    assert paused and step["end"] <= at < step["end"] + 0.3, (index, at, step)
    note = driver.find_element("id", "step-note").text
    assert step["title"] in note, note


def in_view(driver: Any, selector: str) -> bool:
    return bool(
        driver.execute_script(
            "const e = document.querySelector(arguments[0]); if (!e || e.hidden) return false;"
            "const r = e.getBoundingClientRect(); return r.width > 0 && r.top >= -1"
            " && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1;",
            selector,
        )
    )


# --- the lesson layer: every kind names the steps that teach it ------------------------------


def test_every_quiz_kind_declares_a_lecture_scene_and_steps_that_exist(pages: Path) -> None:
    lecture = {s.name for s in LECTURE}
    manifest = Manifest.load(pages / "render" / "inner-product" / "test")
    assert manifest is not None
    for name, kind in KINDS.items():
        scene, steps = kind.teaches.scene, kind.teaches.steps
        assert scene in lecture, name
        assert steps, name
        for lang in ("id", "en"):  # each step has a title to name it by
            titles = step_titles(scene_spec(scene).text_file, lang)
            assert set(steps) <= set(titles), (name, lang, steps)
        # the steps are the scene's own, one after another, in the render
        sections = [s.section for s in manifest.clips[scene].snapshots]
        first = sections.index(steps[0])
        assert tuple(sections[first : first + len(steps)]) == steps, (name, sections)


def test_every_question_of_a_lesson_and_its_variant_says_where_it_is_taught(pages: Path) -> None:
    for lesson_id in ("inner-product", "inner-product-v01"):
        data = page_json(pages, lesson_id)
        chapters = {c["scene"]: c for c in data["chapters"]}
        for q in data["questions"]:
            teach, kind = q["teach"], KINDS[q["kind"]]
            assert teach["scene"] == kind.teaches.scene, (lesson_id, q["number"])
            titles = step_titles(scene_spec(teach["scene"]).text_file, "id")
            assert teach["steps"] == [titles[s] for s in kind.teaches.steps]
            assert teach["chapter"] == chapters[teach["scene"]]["title"]
            assert chapters[teach["scene"]]["start"] <= teach["start"] < teach["end"]
            assert teach["end"] < q["pause_at"]  # taught in the lecture, before it is asked


# --- step by step ------------------------------------------------------------------------------


def test_step_by_step_waits_at_each_steps_end_until_the_learner_goes_on(
    driver: Any, pages: Path
) -> None:
    from selenium.webdriver.common.keys import Keys

    open_page(driver, pages, "inner-product")
    data = driver.execute_script("return lessonPage.data")
    mode = driver.find_element("id", "step-mode")
    assert mode.accessible_name == "Langkah demi langkah" and not mode.is_selected()
    mode.click()
    driver.refresh()  # remembered with the answers
    wait(driver, "return document.body.dataset.ready === 'true'")
    assert driver.find_element("id", "step-mode").is_selected()
    steps = data["steps"]
    # the manifest's sections: the Hook's three steps, the last one ending its chapter
    hook = [s for s in steps if s["chapter"] == 0]
    assert [s["end"] for s in hook] == [8.4, 16.2, 31.8]
    play_from(driver, steps[0]["end"] - 0.8)
    step_end_reached(driver, steps[0], 0)
    assert driver.switch_to.active_element.get_attribute("id") == "step-next"
    shot(driver, "step-end")
    driver.switch_to.active_element.send_keys(Keys.SPACE)  # a key goes on
    wait(driver, "return !document.getElementById('video').paused")
    assert driver.execute_script("return document.getElementById('step-end').hidden")
    play_from(driver, steps[1]["end"] - 0.6)
    step_end_reached(driver, steps[1], 1)
    driver.find_element("id", "step-next").click()  # the button goes on
    wait(driver, "return !document.getElementById('video').paused")
    # in the page's full screen the bar is over the video, in sight
    driver.find_element("id", "fullscreen").click()
    wait(driver, "return document.fullscreenElement && document.fullscreenElement.id === 'player'")
    play_from(driver, steps[2]["end"] - 0.6)
    step_end_reached(driver, steps[2], 2)
    assert in_view(driver, "#step-end")
    over = driver.execute_script(
        "const b = document.getElementById('step-next').getBoundingClientRect();"
        "return document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2).id;"
    )
    assert over == "step-next"
    shot(driver, "step-end-fullscreen")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    wait(driver, "return !document.getElementById('video').paused")
    driver.find_element("id", "fullscreen").click()
    wait(driver, "return document.fullscreenElement === null")
    driver.execute_script("document.getElementById('video').pause()")
    # off again: the video plays through a step's end
    driver.find_element("id", "step-mode").click()
    play_from(driver, steps[3]["end"] - 0.4)
    wait(driver, "return document.getElementById('video').currentTime > arguments[0]",
         steps[3]["end"] + 0.3)  # fmt: skip
    assert not driver.execute_script("return document.getElementById('video').paused")
    driver.execute_script("document.getElementById('video').pause()")


def test_on_a_phone_step_by_step_is_tapped_on_and_on(driver: Any, pages: Path) -> None:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True},
    )
    driver.execute_cdp_cmd(
        "Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5}
    )
    try:
        open_page(driver, pages, "inner-product")
        steps = driver.execute_script("return lessonPage.data.steps")
        tap(driver, "#step-mode")
        assert driver.execute_script("return lessonPage.state().steps") is True
        i = next(i for i, s in enumerate(steps) if s["chapter"] == 2)  # a step well down
        play_from(driver, steps[i]["end"] - 0.6)
        step_end_reached(driver, steps[i], i)
        assert in_view(driver, "#video") and in_view(driver, "#step-next")
        wide = driver.execute_script("return [document.documentElement.scrollWidth, innerWidth]")
        assert wide[0] <= wide[1], wide
        shot(driver, "step-end-390x844")
        tap(driver, "#step-next")  # a touch goes on
        wait(driver, "return !document.getElementById('video').paused")
        driver.execute_script("document.getElementById('video').pause()")
        driver.execute_script(
            "const s = document.getElementById('speed'); s.value = '0.75';"
            "s.dispatchEvent(new Event('change'));"
        )
        shot(driver, "speed-390x844")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def tap(driver: Any, selector: str) -> None:
    """A touch on the element's middle, as a finger gives it (touch events, then a click)."""
    x, y = driver.execute_script(
        "const e = document.querySelector(arguments[0]); e.scrollIntoView({block: 'nearest'});"
        "const r = e.getBoundingClientRect();"
        "return [(r.left + r.right) / 2, (r.top + r.bottom) / 2];",
        selector,
    )
    point = [{"x": x, "y": y}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


# --- back to what teaches it ---------------------------------------------------------------------


def test_a_wrong_answer_offers_the_step_that_teaches_it_and_comes_back(
    driver: Any, pages: Path
) -> None:
    from selenium.webdriver.common.keys import Keys

    open_page(driver, pages, "inner-product")
    data = driver.execute_script("return lessonPage.data")
    q = data["questions"][2]  # projection: comp_k(q) and proj_k(q)
    driver.find_element("id", "step-mode").click()  # step by step on: the steps play through
    play_to_question(driver, q)
    answer(driver, q, ["2", "(1, 1)"])
    wait(driver, "return document.body.dataset.verdict === 'wrong'")
    link = driver.find_element("id", "teach")
    assert link.text == (
        "Tonton langkah yang mengajarkan ini: Proyeksi skalar, Vektor proyeksi (bab Proyeksi)"
    )
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    shot(driver, "teach-link")
    link.send_keys(Keys.ENTER)
    wait(driver, "return document.body.dataset.teaching === '3'")
    teach = q["teach"]
    wait(driver, "return !document.getElementById('video').paused")
    at = driver.execute_script("return document.getElementById('video').currentTime")
    assert teach["start"] <= at < teach["start"] + 1.0
    assert driver.execute_script("return document.getElementById('quiz').hidden")
    assert "pertanyaan 3" in driver.find_element("id", "step-note").text
    wait(driver, "return document.getElementById('video').currentTime > arguments[0] + 0.5",
         teach["start"])  # fmt: skip
    shot(driver, "teach-playing")
    # through the step's end between its two steps (step by step does not stop it), to its end
    inner = next(s for s in data["steps"] if teach["start"] < s["end"] < teach["end"])
    play_from(driver, inner["end"] - 0.5)
    wait(driver, "return document.getElementById('video').currentTime > arguments[0] + 0.2",
         inner["end"])  # fmt: skip
    assert driver.execute_script("return document.body.dataset.teaching") == "3"
    play_from(driver, teach["end"] - 0.5)
    wait(driver, "return document.body.dataset.asking === '3'")
    paused, at = driver.execute_script(
        "const v = document.getElementById('video'); return [v.paused, v.currentTime];"
    )
    assert paused and abs(at - q["pause_at"]) < 0.05
    assert "teaching" not in driver.execute_script("return {...document.body.dataset}")
    # back at the question as it was left: the hint, Try again, and the link again
    assert driver.switch_to.active_element.get_attribute("id") == "retry"
    assert driver.find_element("id", "teach").is_displayed()
    driver.find_element("id", "step-mode").click()
