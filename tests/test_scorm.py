"""`lecture page --scorm`: the page as a SCORM 1.2 package, run inside a real SCORM run-time.

The LMS is played by a harness page: scorm-again's SCORM 1.2 API (installed by ``make setup``
into tests/js) as ``window.API``, the package's ``index.html`` in a frame below it, both served
from 127.0.0.1 as an LMS serves them (one origin). The harness keeps what the run-time was
sent in its own storage, so a reload resumes as an LMS's next session would.
"""

from __future__ import annotations

import functools
import http.server
import json
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import pytest
from answer_forms import right_forms, wrong_forms
from browser import chromium
from cachedir import cache_root
from test_page import answer, play_to_question, variant_files, wait

from lesson.model import load_lesson
from lesson.quizkinds import quiz_answers

pytestmark = [pytest.mark.render, pytest.mark.slides]

RUNTIME = Path(__file__).resolve().parent / "js" / "node_modules" / "scorm-again" / "dist"
HARNESS = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>LMS</title>
<script src="scorm12.min.js"></script>
<script>
  window.API = new Scorm12API({});
  const key = "lms-cmi:" + location.pathname;  // one record per course, as an LMS keeps
  // ?new: a new attempt (another learner, or the same one again), with no suspend data
  if (location.search === "?new") localStorage.removeItem(key);
  const kept = localStorage.getItem(key);
  if (kept) window.API.loadFromJSON(JSON.parse(kept));
  window.API.on("LMSCommit", () =>
    localStorage.setItem(key, JSON.stringify(window.API.renderCMIToJSONObject())));
</script></head>
<body><iframe id="sco" src="package/index.html" width="1300" height="860"></iframe></body></html>
"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


@pytest.fixture(scope="module")
def lms(pages: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """An LMS on 127.0.0.1 serving each lesson's package unzipped under ``/<lesson-id>/``."""
    root = tmp_path_factory.mktemp("lms")
    for package in sorted((pages / "pages").glob("*.zip")):
        site = root / package.stem
        with zipfile.ZipFile(package) as z:
            z.extractall(site / "package")
        (site / "harness.html").write_text(HARNESS, encoding="utf-8")
        (site / "scorm12.min.js").write_bytes((RUNTIME / "scorm12.min.js").read_bytes())
    handler = functools.partial(_Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}", root
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    driver = chromium(tmp_path_factory.mktemp("chromium-lms"), "1366,900", "--mute-audio")
    yield driver
    driver.quit()


def open_in_lms(browser: Any, url: str) -> None:
    browser.switch_to.default_content()
    browser.get(url)
    wait(browser, "return document.readyState === 'complete'")
    browser.switch_to.frame(browser.find_element("id", "sco"))
    wait(browser, "return document.body && document.body.dataset.ready === 'true'")
    wait(browser, "return document.getElementById('video').readyState >= 1")


def recorded(browser: Any) -> dict[str, Any]:
    """What the run-time holds: the core, the interactions, the suspend data."""
    browser.switch_to.default_content()
    cmi = browser.execute_script(
        "const c = window.API.renderCMIToJSONObject().cmi; return {status: c.core.lesson_status,"
        " raw: c.core.score.raw, min: c.core.score.min, max: c.core.score.max,"
        " exit: c.core.exit, suspend: c.suspend_data, location: c.core.lesson_location,"
        " interactions: Object.values(c.interactions).map((i) => ({id: i.id, type: i.type,"
        " response: i.student_response, result: i.result}))};"
    )
    browser.switch_to.frame(browser.find_element("id", "sco"))
    return dict(cmi)


def said(q: dict[str, Any], forms: list[str]) -> str:
    """A learner's answer as an interaction records it: a choice by its text, each part a
    sentence named by its label where there are several."""
    parts = q["parts"]
    texts = [
        next((o["text"] for o in p["options"] if o["id"] == form), form)
        for p, form in zip(parts, forms, strict=True)
    ]
    several = len(parts) > 1
    named = [f"{p['label']}: {t}" if several else t for p, t in zip(parts, texts, strict=True)]
    return " ".join(t if t.endswith((".", "!", "?", "…")) else t + "." for t in named)[:255]


def test_the_package_is_one_sco_with_every_file_it_loads(pages: Path) -> None:
    ids = ["inner-product", *(load_lesson(f).id for f in variant_files(pages))]
    _, said, _ = json.loads((pages / "page.json").read_text())
    for lesson_id in ids:
        zipped = pages / "pages" / f"{lesson_id}.zip"
        mb = f"{zipped.stat().st_size / 1e6:.1f} MB"
        assert f"{lesson_id}: {zipped}  (SCORM 1.2, {mb})" in said.splitlines()  # its size said
        with zipfile.ZipFile(pages / "pages" / f"{lesson_id}.zip") as z:
            names = set(z.namelist())
            manifest = ET.fromstring(z.read("imsmanifest.xml"))
        page = {p.name for p in (pages / "pages" / lesson_id).iterdir()}
        assert names == page | {"imsmanifest.xml"}
        ns = {
            "cp": "http://www.imsproject.org/xsd/imscp_rootv1p1p2",
            "adlcp": "http://www.adlnet.org/xsd/adlcp_rootv1p2",
        }
        assert manifest.findtext("cp:metadata/cp:schemaversion", namespaces=ns) == "1.2"
        (sco,) = manifest.findall("cp:resources/cp:resource", ns)
        assert sco.get("{http://www.adlnet.org/xsd/adlcp_rootv1p2}scormtype") == "sco"
        assert sco.get("href") == "index.html"
        assert {f.get("href") for f in sco.findall("cp:file", ns)} == page
        (item,) = manifest.findall("cp:organizations/cp:organization/cp:item", ns)
        assert item.get("identifierref") == sco.get("identifier")
        assert item.findtext("adlcp:masteryscore", namespaces=ns) == "80"  # the default


def test_a_learners_run_through_the_quiz_is_recorded_and_resumes(
    browser: Any, lms: tuple[str, Path]
) -> None:
    base, _ = lms
    url = f"{base}/inner-product/harness.html"
    open_in_lms(browser, url)
    browser.execute_script("localStorage.clear()")  # the harness's LMS copy too: a new learner
    open_in_lms(browser, url)
    assert recorded(browser)["status"] == "incomplete"
    data = browser.execute_script("return lessonPage.data")
    asked = quiz_answers(load_lesson(), "id")
    given: dict[int, str] = {}
    for q, mine in zip(data["questions"], asked, strict=True):
        # every third question wrong first (a wrong number, or a wrong choice), then the solution
        wrong = q["number"] % 3 == 0
        forms = [(wrong_forms(p)[0] if wrong and i == 0 else right_forms(p)[0])
                 for i, p in enumerate(mine.parts)]  # fmt: skip
        if wrong and not forms[0]:
            forms[0] = wrong_forms(mine.parts[0])[1]
        play_to_question(browser, q)
        answer(browser, q, forms)
        wait(browser, "return document.body.dataset.verdict === arguments[0]",
             "wrong" if wrong else "right")  # fmt: skip
        if wrong:
            browser.find_element("id", "solution").click()
        wait(browser, "return !document.getElementById('video').paused")
        browser.execute_script("document.getElementById('video').pause()")
        given[q["number"]] = said(q, forms)
    cmi = recorded(browser)
    # kept after the run, to read: what the LMS was told
    (cache_root() / "scorm-run.json").write_text(json.dumps(cmi, indent=1, ensure_ascii=False))
    n = len(asked)
    right = sum(1 for q in asked if q.number % 3 != 0)
    assert len(cmi["suspend"]) <= 4096 and json.loads(cmi["suspend"])  # SCORM 1.2's limit
    statuses = browser.execute_script(
        "return [...document.querySelectorAll('#results li')].map(li => li.textContent)"
    )
    assert cmi["status"] == "completed" and cmi["exit"] == ""
    assert (cmi["min"], cmi["max"]) == ("0", "100")
    assert float(cmi["raw"]) == pytest.approx(round(100 * right / n, 2))
    assert [i["id"] for i in cmi["interactions"]] == [f"q{q.number}" for q in asked]
    for i, q in zip(cmi["interactions"], asked, strict=True):
        assert i["type"] == "fill-in"
        assert i["result"] == ("wrong" if q.number % 3 == 0 else "correct")
        assert i["response"] == given[q.number]
    # the next session: the page's own storage gone, the LMS's suspend data resumes it
    browser.execute_script("localStorage.removeItem(lessonPage.data.storage)")
    open_in_lms(browser, url)
    assert browser.find_element("id", "summary").get_attribute("data-right") == str(right)
    assert statuses == browser.execute_script(
        "return [...document.querySelectorAll('#results li')].map(li => li.textContent)"
    )  # each question as it was: the first answer, its attempts
    again = recorded(browser)
    assert len(again["interactions"]) == n  # nothing reported twice
    assert again["status"] == "completed"


def test_a_variants_package_reports_that_variants_answers(
    browser: Any, pages: Path, lms: tuple[str, Path]
) -> None:
    base, _ = lms
    (path,) = variant_files(pages)
    lesson = load_lesson(path)
    open_in_lms(browser, f"{base}/{lesson.id}/harness.html")
    browser.execute_script("localStorage.clear()")
    open_in_lms(browser, f"{base}/{lesson.id}/harness.html")
    data = browser.execute_script("return lessonPage.data")
    first = quiz_answers(lesson, "id")[0]
    forms = [right_forms(p)[0] for p in first.parts]
    play_to_question(browser, data["questions"][0])
    answer(browser, data["questions"][0], forms)
    wait(browser, "return document.body.dataset.verdict === 'right'")
    (interaction,) = recorded(browser)["interactions"]
    assert interaction == {
        "id": "q1",
        "type": "fill-in",
        "response": said(data["questions"][0], forms),
        "result": "correct",
    }
    assert recorded(browser)["status"] == "incomplete"


def test_a_new_attempt_in_the_same_browser_starts_empty(
    browser: Any, lms: tuple[str, Path]
) -> None:
    """One learner answers a question; a new attempt in the same browser profile (no suspend
    data) shows none of it and, only watching, sends no score and no interaction."""
    base, _ = lms
    url = f"{base}/inner-product/harness.html"
    open_in_lms(browser, url)  # the video in the browser's cache: the server takes no ranges
    open_in_lms(browser, url + "?new")
    data = browser.execute_script("return lessonPage.data")
    q = data["questions"][0]
    play_to_question(browser, q)
    answer(browser, q, [right_forms(p)[0] for p in quiz_answers(load_lesson(), "id")[0].parts])
    wait(browser, "return document.body.dataset.verdict === 'right'")
    browser.execute_script("document.getElementById('video').pause()")
    first = recorded(browser)
    assert first["raw"] != "" and len(first["interactions"]) == 1
    open_in_lms(browser, url + "?new")  # the next attempt, in the same browser
    assert browser.execute_script("return lessonPage.state().answers") == {}
    assert browser.find_element("id", "summary").get_attribute("data-right") == "0"
    assert browser.execute_script(
        "return [...document.querySelectorAll('#results li')].map(li => li.dataset.verdict)"
    ) == ["open"] * len(data["questions"])
    browser.execute_script("document.getElementById('video').play()")
    wait(browser, "return document.getElementById('video').currentTime > 1.5")
    browser.execute_script("document.getElementById('video').pause()")  # its place is sent
    then = recorded(browser)
    assert (then["raw"], then["interactions"], then["status"]) == ("", [], "incomplete")
    assert json.loads(then["suspend"])["a"] == {}
    assert int(then["location"]) >= 1  # where the learner stopped, in seconds


def test_the_speed_and_the_place_come_back_from_the_lms(
    browser: Any, lms: tuple[str, Path]
) -> None:
    from selenium.webdriver.support.ui import Select

    base, _ = lms
    url = f"{base}/inner-product/harness.html"
    open_in_lms(browser, url)  # the video in the browser's cache: the server takes no ranges
    open_in_lms(browser, url + "?new")
    Select(browser.find_element("id", "speed")).select_by_value("1.5")
    browser.execute_script("document.getElementById('video').currentTime = 40")
    wait(browser, "return Math.abs((lessonPage.state().time || 0) - 40) < 0.5")  # kept, sent
    kept = recorded(browser)
    assert json.loads(kept["suspend"])["s"] == 1.5 and kept["location"] == "40"
    assert len(kept["suspend"]) <= 4096
    open_in_lms(browser, url)  # the next session
    assert browser.execute_script("return document.getElementById('video').playbackRate") == 1.5
    wait(browser, "return Math.abs(document.getElementById('video').currentTime - 40) < 1")


def test_the_package_still_works_opened_as_a_plain_file(pages: Path, tmp_path: Path) -> None:
    with zipfile.ZipFile(pages / "pages" / "inner-product.zip") as z:
        z.extractall(tmp_path / "unzipped")
    driver = chromium(tmp_path / "profile", "1366,900", "--mute-audio")
    try:
        driver.get((tmp_path / "unzipped" / "index.html").as_uri())
        wait(driver, "return document.body.dataset.ready === 'true'")
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        assert errors == []
    finally:
        driver.quit()
