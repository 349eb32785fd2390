// The interactive lesson page (written by `lecture page`): the narrated video, its chapters and
// transcript, and the quiz asked in place. Everything it needs is in the page's own data
// (the <script id="lesson-data"> element): no request leaves the folder.
//
// The accepted answers were computed in Python from the lesson's exact values
// (lesson/answers.py). This script only reads a learner's text into exact fractions, by the
// same rules as lesson/written.py (or refuses it, as that does), and compares them with them.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("lesson-data").textContent);
  const ui = data.ui;
  const video = document.getElementById("video");
  const panel = document.getElementById("quiz");
  const transcript = document.getElementById("transcript");
  const summary = document.getElementById("summary");

  // --- exact numbers: [numerator, denominator] of BigInts, denominator > 0, reduced ------
  function gcd(a, b) {
    a = a < 0n ? -a : a;
    b = b < 0n ? -b : b;
    while (b) [a, b] = [b, a % b];
    return a;
  }
  function frac(n, d) {
    if (d < 0n) [n, d] = [-n, -d];
    const g = gcd(n, d) || 1n;
    return [n / g, d / g];
  }
  function fromString(s) {
    const [n, d] = s.split("/");
    return frac(BigInt(n), BigInt(d));
  }
  function cmp(a, b) {
    const x = a[0] * b[1] - b[0] * a[1];
    return x > 0n ? 1 : x < 0n ? -1 : 0;
  }
  // --- a learner's text read as lesson/written.py reads it: {values} or {problem} ----------
  // The patterns come from Python (data.reading), so both read by the same text.
  const UNREADABLE = "unreadable";
  const GROUPED = "grouped"; // a number that may be grouped in thousands (1.500 in Indonesian)
  const COMMAS = "commas"; // commas that may part coordinates or mark decimals
  const S = data.reading.space;
  const NUMBER = new RegExp(data.reading.number);
  const GROUPS = data.reading.grouped === null ? null : new RegExp(data.reading.grouped);
  const trim = (t) => t.replace(new RegExp("^" + S + "+|" + S + "+$", "g"), "");
  // places: the places after the point the lesson writes the field's decimals with; a number
  // written so is the lesson's own notation, a decimal (lesson.written.places_written)
  function decimal(t, places) {
    if (GROUPS !== null && GROUPS.test(t) && !(t.includes(".") && places.includes(t.split(".")[1].length))) return GROUPED;
    const [whole, part = ""] = t.replace(",", ".").split(".");
    return frac(BigInt((whole || "0") + part), 10n ** BigInt(part.length));
  }
  // {values}, or {problem, unread}: unread is the number it could not read, as written
  function readNumber(text, places = []) {
    const m = NUMBER.exec(text.replace(/\u2212/g, "-"));
    if (m === null) return { problem: UNREADABLE, unread: trim(text) };
    const [, sign, body, overSign, over] = m;
    const values = [decimal(body, places)].concat(over === undefined ? [] : [decimal(over, places)]);
    if (values.includes(GROUPED)) return { problem: GROUPED, unread: trim(text) };
    let x = sign === "-" ? [-values[0][0], values[0][1]] : values[0];
    if (values.length === 2) {
      const d = overSign === "-" ? [-values[1][0], values[1][1]] : values[1];
      if (d[0] === 0n) return { problem: UNREADABLE, unread: trim(text) };
      x = frac(x[0] * d[1], x[1] * d[0]);
    }
    return { values: [x] };
  }
  function readVector(text, size, places = []) {
    let t = trim(text.replace(new RegExp("^" + S + "*[=\u2248]"), ""));
    if ("([".includes(t.slice(0, 1)) && ")]".includes(t.slice(-1))) t = trim(t.slice(1, -1));
    if (t.includes(";")) {
      const items = t.split(";").map((i) => readNumber(i, places));
      for (const problem of [UNREADABLE, GROUPED]) {
        const r = items.find((r) => r.problem === problem);
        if (r) return r;
      }
      return { values: items.map((r) => r.values[0]) };
    }
    // cut at the sure separators (spaces, commas with a space), then every piece at its commas;
    // a number is one to three tokens of a piece. ways: the readings so far by their size,
    // each {count (capped at 2), values (one of them), grouped (its first number that may be
    // grouped in thousands, or "")}
    const sure = new RegExp(S + "*," + S + "+|" + S + "+," + S + "*|" + S + "+");
    let ways = new Map([[0, { count: 1, values: [], grouped: "" }]]);
    for (const tokens of t.split(sure).map((p) => p.split(","))) {
      const at = [ways].concat(tokens.map(() => new Map()));
      for (let i = 0; i < tokens.length; i++) {
        for (const g of [1, 2, 3]) {
          if (i + g > tokens.length || at[i].size === 0) continue;
          const r = readNumber(tokens.slice(i, i + g).join(","), places);
          if (r.problem === UNREADABLE) continue;
          for (const [k, way] of at[i]) {
            const value = r.problem ? [[0n, 1n]] : r.values;
            const fresh = { count: way.count, values: way.values.concat(value), grouped: way.grouped || r.unread || "" };
            const old = at[i + g].get(k + 1);
            if (old === undefined) at[i + g].set(k + 1, fresh);
            else old.count = Math.min(2, old.count + fresh.count);
          }
        }
      }
      ways = at[tokens.length];
      if (ways.size === 0) return { problem: UNREADABLE, unread: tokens.join(",") };
    }
    const way = ways.get(size);
    if (way === undefined) return { values: ways.get(Math.max(...ways.keys())).values }; // wrong however read
    if (way.count > 1) return { problem: COMMAS, unread: t };
    if (way.grouped) return { problem: GROUPED, unread: way.grouped };
    return { values: way.values };
  }
  function accepts(acc, x) {
    if (acc.exact !== null && cmp(x, fromString(acc.exact)) === 0) return true;
    if (acc.low === null) return false;
    const lo = cmp(x, fromString(acc.low));
    const hi = cmp(x, fromString(acc.high));
    return acc.closed ? lo >= 0 && hi <= 0 : lo > 0 && hi < 0;
  }
  // A part's answer judged as lesson.answers.verdict judges it: "right", "wrong", or why the
  // text is refused (it costs no attempt: the learner is asked to write it again).
  function readPart(part, answer) {
    if (part.control === "number") return readNumber(answer, part.places);
    return readVector(answer, part.accepted.length, part.places);
  }
  function judgePart(part, answer) {
    if (part.control === "number" || part.control === "vector") {
      const r = readPart(part, answer);
      if (r.problem) return r.problem;
      if (r.values.length !== part.accepted.length) return "wrong";
      return r.values.every((v, i) => accepts(part.accepted[i], v)) ? "right" : "wrong";
    }
    return part.right.includes(answer) ? "right" : "wrong";
  }
  const SPEEDS = [0.75, 1, 1.25, 1.5]; // the playback speeds the page's bar offers
  const REFUSED = { [UNREADABLE]: ui.unreadable, [GROUPED]: ui.grouped, [COMMAS]: ui.commas };
  // a question's verdict from its parts' marks: right when every part is
  const outcome = (marks) => (Object.values(marks).every((m) => m === "right") ? "right" : "wrong");

  // --- SCORM 1.2: inside a learning management system, results go to it ---------------------
  // The LMS's run-time is the API object of a parent frame or of the opener. Without one
  // (the page opened as a file, or from any web server) this is null and nothing changes.
  function findAPI(win) {
    for (let i = 0; win && i < 12; i++) {
      try {
        if (win.API && typeof win.API.LMSInitialize === "function") return win.API;
      } catch (e) {
        /* a frame of another origin: look no further up */
        return null;
      }
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  const lms = (function connect() {
    const api = findAPI(window) || (window.opener ? findAPI(window.opener) : null);
    if (!api || String(api.LMSInitialize("")) !== "true") return null;
    const started = Date.now();
    let committed = 0;
    const get = (name) => String(api.LMSGetValue(name) || "");
    const set = (name, value) => api.LMSSetValue(name, String(value));
    if (get("cmi.core.lesson_status") === "not attempted") set("cmi.core.lesson_status", "incomplete");
    const mastery = parseFloat(get("cmi.student_data.mastery_score"));
    // the learner's response as an interaction records it: each part as typed, a choice by
    // what it says, as the summary writes them (SCORM 1.2 keeps 255 characters)
    function response(q, answers) {
      return said(q, answers).slice(0, 255);
    }
    return {
      // the progress kept at the last session's end, if any
      suspended() {
        let kept = null;
        try {
          kept = unpack(JSON.parse(get("cmi.suspend_data")));
        } catch (e) {
          /* none, or not this page's */
        }
        // where the learner stopped: the suspend data's place, else the lesson location
        const at = parseFloat(get("cmi.core.lesson_location"));
        if (kept && !kept.time && at > 0) kept.time = at;
        return kept;
      },
      report(state, placeOnly) {
        state.key = data.storage;
        state.reported = state.reported || {};
        for (const q of data.questions) {
          const done = state.answers[q.number];
          if (!done || state.reported[q.number]) continue;
          // the first answer, which scores, is the question's interaction
          const n = parseInt(get("cmi.interactions._count"), 10) || 0;
          const at = "cmi.interactions." + n + ".";
          set(at + "id", "q" + q.number);
          set(at + "type", "fill-in");
          set(at + "student_response", response(q, done.answers));
          set(at + "result", done.verdict === "right" ? "correct" : "wrong");
          state.reported[q.number] = true;
        }
        const total = data.questions.length;
        const right = data.questions.filter((q) => (state.answers[q.number] || {}).verdict === "right").length;
        const all = data.questions.every((q) => state.answers[q.number]);
        // a score only once a question is answered (or to take back one sent before a reset):
        // an attempt that only watched has none
        if (Object.keys(state.answers).length || get("cmi.core.score.raw") !== "") {
          set("cmi.core.score.min", 0);
          set("cmi.core.score.max", 100);
          set("cmi.core.score.raw", total ? Math.round((10000 * right) / total) / 100 : 0);
        }
        let status = "incomplete";
        if (all) status = isNaN(mastery) ? "completed" : (100 * right) / Math.max(total, 1) >= mastery ? "passed" : "failed";
        set("cmi.core.lesson_status", status);
        set("cmi.core.exit", all ? "" : "suspend");
        set("cmi.core.lesson_location", String(Math.round(state.time || 0))); // seconds in
        set("cmi.suspend_data", JSON.stringify(pack(state)));
        // the place in the video changes every few seconds: committed at most twice a minute
        if (!placeOnly || Date.now() - committed > 30000) {
          api.LMSCommit("");
          committed = Date.now();
        }
      },
      finish() {
        const s = Math.round((Date.now() - started) / 1000);
        const hms = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60].map((x) => String(x).padStart(2, "0"));
        set("cmi.core.session_time", hms.join(":"));
        api.LMSCommit("");
        api.LMSFinish("");
      },
    };
  })();
  // SCORM 1.2 keeps 4096 characters of suspend data: the answers as typed, no marks (they are
  // judged again on the way back), the last attempt only where it differs from the first
  function pack(state) {
    const a = {};
    for (const [n, d] of Object.entries(state.answers)) {
      const last = d.last && d.attempts > 1 ? d.last.answers : 0;
      a[n] = [d.verdict, d.answers || {}, d.attempts || 0, d.settled === false ? 0 : 1, last];
    }
    const packed = { k: data.storage, t: Math.round(state.time || 0), r: Object.keys(state.reported || {}), a: a };
    if (state.speed && state.speed !== 1) packed.s = state.speed;
    if (state.steps) packed.m = 1; // step by step
    if (state.watched && state.watched.length) packed.w = state.watched; // chapters watched
    return packed;
  }
  function unpack(p) {
    // progress on other questions (the package updated with new numbers) starts afresh
    if (!p || p.k !== data.storage || typeof p.a !== "object") return null;
    const state = { answers: {}, time: p.t || 0, reported: {}, speed: SPEEDS.includes(p.s) ? p.s : 1, steps: p.m === 1, watched: Array.isArray(p.w) ? p.w : [] };
    for (const n of p.r || []) state.reported[n] = true;
    for (const q of data.questions) {
      const d = p.a[q.number];
      if (!d) continue;
      const [verdict, answers, attempts, settled, last] = d;
      const marks = (given) => {
        const m = {};
        for (const part of q.parts) if (given[part.key] !== undefined) m[part.key] = judgePart(part, given[part.key]);
        return m;
      };
      const first = { verdict: verdict, answers: answers, marks: marks(answers) };
      const lastGiven = last || answers;
      const lastMarks = marks(lastGiven);
      const lastVerdict = last ? outcome(lastMarks) : verdict;
      state.answers[q.number] = Object.assign(first, {
        attempts: attempts,
        settled: settled === 1,
        last: { verdict: lastVerdict, answers: lastGiven, marks: lastMarks },
      });
    }
    return state;
  }
  let finished = false;
  window.addEventListener("pagehide", () => {
    if (lms && !finished) {
      finished = true;
      lms.finish();
    }
  });

  // --- progress kept in the browser ----------------------------------------------------------
  // Inside an LMS, its data is the only truth: the attempt resumes from its suspend data, or
  // starts empty, and the browser's storage is neither read nor written (another learner's
  // attempt may have run in this browser). Outside one, progress is kept under a key naming
  // the lesson, its language and questions (data.storage) and the page's address: two
  // lessons, two variants or two copies of a page (two attempts) never share it.
  const storageKey = lms ? null : data.storage + "@" + location.pathname + location.search;
  function load() {
    if (lms) return lms.suspended() || { answers: {} };
    try {
      const s = JSON.parse(localStorage.getItem(storageKey));
      if (s && s.answers && typeof s.answers === "object") return s;
    } catch (e) {
      /* unreadable: start afresh */
    }
    return { answers: {} };
  }
  let state = load();
  function save(placeOnly) {
    if (lms) {
      lms.report(state, placeOnly === true);
      return;
    }
    try {
      localStorage.setItem(storageKey, JSON.stringify(state));
    } catch (e) {
      /* storage refused (private window): progress lasts this visit only */
    }
  }

  // --- building blocks ---------------------------------------------------------------------
  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    Object.assign(node, props || {});
    for (const c of children) node.append(c);
    return node;
  }
  // --- formulas: MathML made from the TeX when the page was written, named in the lesson's
  // words (publish/pagemath.py); wherever a formula's text stands in a text, its <math> does
  const MATH = data.math || {};
  const escaped = Object.keys(MATH).sort((a, b) => b.length - a.length).map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const FORMULA = escaped.length ? new RegExp("(?<![\\p{L}\\p{N}.])(?:" + escaped.join("|") + ")(?![\\p{L}\\p{N}]|\\.\\d)", "gu") : null;
  function formula(f) {
    const t = document.createElement("template");
    t.innerHTML = MATH[f].mathml;
    const math = t.content.firstElementChild;
    math.setAttribute("aria-label", MATH[f].said);
    math.setAttribute("lang", data.lang);
    math.dataset.formula = f;
    return math;
  }
  // `node` holding `text`, its formulas as MathML
  function rich(node, text) {
    node.replaceChildren();
    let at = 0;
    if (FORMULA !== null) {
      for (const m of text.matchAll(FORMULA)) {
        if (m.index > at) node.append(text.slice(at, m.index));
        node.append(formula(m[0]));
        at = m.index + m[0].length;
      }
    }
    node.append(text.slice(at));
    return node;
  }
  const richEl = (tag, props, text) => rich(el(tag, props || {}), text);
  function clock(t) {
    const s = Math.floor(t);
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }
  function seek(t) {
    video.currentTime = t;
    last = t;
  }

  // --- chapters and transcript ---------------------------------------------------------------
  // A list of buttons, each a time and a line of text, acting on a click.
  function timedButtons(list, items, className, text, act) {
    const buttons = items.map((item, i) => {
      const time = el("span", { className: "time", textContent: clock(item.start) });
      const b = el("button", { type: "button", className: className }, time, " ", richEl("span", { className: "said" }, text(item)));
      b.dataset.index = String(i);
      b.addEventListener("click", () => act(item, i));
      return b;
    });
    list.append(...buttons.map((b) => el("li", {}, b)));
    return buttons;
  }
  const chapterButtons = timedButtons(document.getElementById("chapters"), data.chapters, "chapter", (c) => c.title, (c) => {
    seek(c.start);
    video.play().catch(() => {});
  });
  const cueButtons = timedButtons(transcript, data.cues, "cue", (c) => c.text, (c, i) => {
    rove(i, false); // the line clicked is the transcript's stop in the tab order
    const q = held[i];
    if (q === null) seek(c.start);
    else if (active === q) (panel.querySelector("input") || panel).focus(); // asked: answer it
    else {
      seek(Math.max(0, q.pause_at - 0.05)); // played to the question, which asks it
      video.play().catch(() => {});
    }
  });
  cueButtons.forEach((b, i) => (b.tabIndex = i ? -1 : 0));
  // A question's solution is said from its pause to its chapter's end: while the question is
  // open (not yet answered right, shown or skipped) those lines would give the answer away.
  // The first of them says that the solution shows once the question is answered, and goes to
  // the question; the others are left out until then.
  const held = data.cues.map(() => null); // per line: the open question whose solution it says
  function withhold() {
    data.cues.forEach((c, i) => {
      const q = data.questions.find((q) => !settled(state.answers[q.number]) && c.start >= q.pause_at - 0.01 && c.start < q.chapter_end - 0.01);
      const first = q !== undefined && (i === 0 || held[i - 1] !== q);
      held[i] = q === undefined ? null : q;
      const shown = first ? ui.withheld.replace("{n}", String(q.number)) : c.text;
      const said = cueButtons[i].querySelector(".said");
      if (said.dataset.text !== shown) rich(said, shown).dataset.text = shown;
      cueButtons[i].parentElement.hidden = q !== undefined && !first;
      cueButtons[i].dataset.withheld = q === undefined ? "" : String(q.number);
    });
    rove(shownLine(roving), false);
    currentCue = NaN; // highlighted again, on a line in sight
    highlight(video.currentTime);
  }
  // the line in sight for line i: itself, or the withheld solution's first line
  function shownLine(i) {
    while (i > 0 && cueButtons[i].parentElement.hidden) i--;
    return i;
  }
  // The transcript is one stop in the tab order (its current line); the arrow keys, Home
  // and End move through its lines in sight.
  let roving = 0;
  function rove(i, focus) {
    if (i < 0 || i >= cueButtons.length) return;
    cueButtons[roving].tabIndex = -1;
    roving = i;
    cueButtons[i].tabIndex = 0;
    if (focus) cueButtons[i].focus();
  }
  transcript.addEventListener("keydown", (e) => {
    const last = cueButtons.length - 1;
    const moves = { ArrowDown: [roving + 1, 1], ArrowUp: [roving - 1, -1], Home: [0, 1], End: [last, -1] };
    if (!(e.key in moves)) return;
    e.preventDefault();
    let [i, step] = moves[e.key];
    while (i >= 0 && i <= last && cueButtons[i].parentElement.hidden) i += step;
    if (i >= 0 && i <= last) rove(i, true);
  });
  let currentCue = -1;
  let marked = -1; // the line marked current: the current cue's line in sight
  let currentChapter = -1;
  function lastStarted(items, t) {
    let found = -1;
    for (let i = 0; i < items.length && items[i].start <= t + 0.001; i++) found = i;
    return found;
  }
  function highlight(t) {
    const cue = lastStarted(data.cues, t);
    if (cue !== currentCue) {
      if (marked >= 0) {
        cueButtons[marked].classList.remove("current");
        cueButtons[marked].removeAttribute("aria-current");
      }
      currentCue = cue;
      marked = cue >= 0 ? shownLine(cue) : -1;
      if (cue >= 0) {
        const b = cueButtons[marked];
        b.classList.add("current");
        b.setAttribute("aria-current", "true");
        if (!transcript.contains(document.activeElement)) rove(marked, false);
        const box = transcript.parentElement;
        const top = b.offsetTop - transcript.offsetTop;
        if (top < box.scrollTop || top + b.offsetHeight > box.scrollTop + box.clientHeight) {
          box.scrollTop = Math.max(0, top - box.clientHeight / 3);
        }
      }
      document.body.dataset.cue = String(cue);
    }
    const chapter = lastStarted(data.chapters, t);
    if (chapter !== currentChapter) {
      if (currentChapter >= 0) chapterButtons[currentChapter].removeAttribute("aria-current");
      currentChapter = chapter;
      if (chapter >= 0) chapterButtons[chapter].setAttribute("aria-current", "step");
    }
  }

  // --- chapters watched: a chapter whose end playback reached, kept with the answers ------------
  function watching(from, to) {
    data.chapters.forEach((c, i) => {
      const end = i + 1 < data.chapters.length ? data.chapters[i + 1].start : video.duration || data.duration;
      if (from < end - 0.3 && to >= end - 0.3 && to - from < 2) markWatched(i, true);
    });
  }
  function markWatched(i, keep) {
    state.watched = state.watched || [];
    if (keep && !state.watched.includes(i)) {
      state.watched.push(i);
      save(true);
    }
    const b = chapterButtons[i];
    b.dataset.watched = "true";
    if (!b.querySelector(".watched")) b.append(" ", el("span", { className: "watched", textContent: "\u2713 " + ui.watched }));
  }
  video.addEventListener("ended", () => markWatched(data.chapters.length - 1, true));
  (state.watched || []).forEach((i) => i < chapterButtons.length && markWatched(i, false));

  // --- find in the transcript: Enter jumps to the next line that holds the words -------------
  // (the held-back lines of an open question's solution are not searched: no answer leaks)
  const find = document.getElementById("find");
  const findNote = document.getElementById("find-note");
  const fold = (t) => t.toLocaleLowerCase(data.lang).normalize("NFKC").replace(/\s+/g, " ");
  let found = [];
  let foundAt = -1;
  let foundFor = "";
  find.addEventListener("input", () => {
    foundFor = "";
    findNote.textContent = "";
  });
  find.addEventListener("keydown", (e) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    const words = find.value.trim();
    const query = fold(words);
    if (!query) return;
    if (query !== foundFor) {
      foundFor = query;
      found = data.cues.map((c, i) => i).filter((i) => held[i] === null && fold(data.cues[i].text).includes(query));
      foundAt = -1;
    }
    for (const b of transcript.querySelectorAll(".found")) b.classList.remove("found");
    if (!found.length) {
      findNote.textContent = ui.find_none.replace("{q}", words);
      return;
    }
    foundAt = (foundAt + 1) % found.length;
    const i = found[foundAt];
    seek(data.cues[i].start);
    highlight(data.cues[i].start);
    cueButtons[i].classList.add("found");
    rove(i, false);
    findNote.textContent = ui.find_count.replace("{i}", String(foundAt + 1)).replace("{n}", String(found.length)).replace("{q}", words);
  });

  // --- the player: our own full screen (the question over the video), the timeline ----------
  // The video's own full screen and picture-in-picture are turned off (controlslist,
  // disablepictureinpicture); where a browser still offers them, a question leaves them, so
  // it is never hidden from the learner.
  const player = document.getElementById("player");
  const fullButton = document.getElementById("fullscreen");
  const timeline = document.getElementById("timeline");
  const played = document.getElementById("played");
  const stops = document.getElementById("stops");
  const count = data.questions.length;
  stops.textContent = count === 1 ? ui.stops_one : ui.stops.replace("{count}", String(count));
  stops.hidden = count === 0;
  fullButton.hidden = !document.fullscreenEnabled;
  fullButton.addEventListener("click", () => {
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
    else player.requestFullscreen().catch(() => {});
  });
  document.addEventListener("fullscreenchange", () => {
    const mine = document.fullscreenElement === player;
    fullButton.textContent = mine ? ui.fullscreen_exit : ui.fullscreen;
    document.body.dataset.fullscreen = mine ? "player" : document.fullscreenElement ? "other" : "";
    if (active !== null) leaveHiddenViews(); // a question is open: it stays in sight
  });
  video.addEventListener("enterpictureinpicture", () => {
    if (active !== null) leaveHiddenViews();
  });
  function leaveHiddenViews() {
    // the video alone in full screen or in its own window would hide the question
    if (document.fullscreenElement && document.fullscreenElement !== player) {
      document.exitFullscreen().catch(() => {});
    }
    if (document.pictureInPictureElement) document.exitPictureInPicture().catch(() => {});
  }
  const markers = data.questions.map((q) => {
    const m = el("span", { className: "marker" });
    m.dataset.number = String(q.number);
    timeline.append(m);
    return m;
  });
  // a question's standing on the timeline: open, right, wrong, skipped, or right-later (the
  // first answer wrong, which scores, and a later one right)
  function standing(done) {
    if (!done) return "open";
    const lastTry = done.last;
    if (done.verdict === "wrong" && lastTry && lastTry.verdict === "right") return "right-later";
    return done.verdict;
  }
  function placeMarkers() {
    const d = video.duration || data.duration;
    data.questions.forEach((q, i) => {
      markers[i].style.left = (100 * q.pause_at) / d + "%";
      markers[i].dataset.verdict = standing(state.answers[q.number]);
    });
  }
  function progress() {
    const d = video.duration || data.duration;
    played.style.width = (100 * Math.min(1, video.currentTime / d)) + "%";
  }
  timeline.addEventListener("click", (e) => {
    const box = timeline.getBoundingClientRect();
    seek(((e.clientX - box.left) / box.width) * (video.duration || data.duration));
  });
  video.addEventListener("timeupdate", progress);
  video.addEventListener("seeked", progress);
  video.addEventListener("loadedmetadata", placeMarkers);

  // --- the playback speed: one of SPEEDS, the pitch kept, remembered with the answers --------
  const speed = document.getElementById("speed");
  for (const x of SPEEDS) speed.append(el("option", { value: String(x), textContent: ui.speed_times.replace("{x}", String(x)) }));
  function applySpeed() {
    const x = SPEEDS.includes(state.speed) ? state.speed : 1;
    video.preservesPitch = true;
    video.defaultPlaybackRate = x;
    video.playbackRate = x;
    speed.value = String(x);
  }
  speed.addEventListener("change", () => {
    state.speed = parseFloat(speed.value);
    applySpeed();
    save();
  });
  // the video's own menu may set another rate: one of ours is kept, others are left alone
  video.addEventListener("ratechange", () => {
    const x = video.playbackRate;
    if (SPEEDS.includes(x) && x !== state.speed) {
      state.speed = x;
      speed.value = String(x);
      save();
    }
  });

  // --- step by step: the video waits at every step's end until the learner goes on ----------
  // (data.steps: the manifest's sections, the quiz's question and countdown left out). The
  // same bar says where a wrong answer's teaching steps play and takes the learner back.
  const stepMode = document.getElementById("step-mode");
  const stepBox = document.getElementById("step-end");
  const stepNote = document.getElementById("step-note");
  const stepNext = document.getElementById("step-next");
  let teaching = null; // {q}: the steps that teach question q are playing
  function applySteps() {
    stepMode.checked = !!state.steps;
  }
  stepMode.addEventListener("change", () => {
    state.steps = stepMode.checked;
    save();
  });
  function banner(note, action) {
    rich(stepNote, note);
    stepNext.textContent = action;
    stepBox.hidden = false;
  }
  function hideBanner() {
    stepBox.hidden = true;
    delete document.body.dataset.stepEnd;
  }
  function stepEnd(s) {
    video.pause();
    document.body.dataset.stepEnd = String(data.steps.indexOf(s));
    banner(ui.step_done.replace("{title}", s.title), ui.step_next);
    // the learner goes on with the button (a click, a tap, Enter or Space on it), Space
    // anywhere, or the video's own play
    stepNext.focus({ preventScroll: true });
  }
  stepNext.addEventListener("click", () => {
    if (teaching !== null) backToQuestion();
    else video.play().catch(() => {});
  });
  video.addEventListener("play", () => {
    if (teaching === null) hideBanner();
  });
  // a wrong answer's link: the steps that teach the question play, then it is asked again
  function teach(q) {
    clearTimeout(solutionTimer);
    active = null;
    panel.hidden = true;
    delete document.body.dataset.asking;
    delete document.body.dataset.verdict;
    teaching = { q: q };
    document.body.dataset.teaching = String(q.number);
    banner(ui.teaching.replace("{n}", String(q.number)).replace("{steps}", q.teach.steps.join(", ")), ui.teach_back);
    seek(q.teach.start);
    video.play().catch(() => {});
    stepNext.focus({ preventScroll: true });
  }
  function backToQuestion() {
    const q = teaching.q;
    teaching = null;
    delete document.body.dataset.teaching;
    hideBanner();
    ask(q); // paused at the question, its hint and Try again offered as before
  }
  video.addEventListener("seeked", () => {
    // moved elsewhere while the teaching steps play: they are left, the question asks later
    if (teaching === null) return;
    const t = video.currentTime;
    if (t < teaching.q.teach.start - 0.5 || t > teaching.q.teach.end + 0.5) {
      teaching = null;
      delete document.body.dataset.teaching;
      hideBanner();
    }
  });

  // --- the quiz ------------------------------------------------------------------------------
  // A question's record (state.answers[number]): the first readable answer scores (verdict,
  // answers, marks); attempts counts readable answers; last is the latest attempt; settled is
  // false while a wrong answer may still be tried again (the hint shown) or the solution asked.
  const VERDICT = { right: ui.right, wrong: ui.wrong, skipped: ui.skipped };
  const settled = (done) => !!done && done.settled !== false; // older records were settled
  let active = null; // the question waiting for an answer
  let last = 0; // where playback was at the last look
  function ask(q) {
    leaveHiddenViews();
    video.pause();
    seek(q.pause_at);
    active = q;
    const done = state.answers[q.number];
    render(q, done);
    document.body.dataset.asking = String(q.number);
    if (done) {
      inSight();
      return; // a wrong answer, not settled: render offered the retry
    }
    const first = panel.querySelector("input");
    if (first) first.focus({ preventScroll: true });
    inSight();
  }
  // the question opens in sight: on a phone below the pinned video (its height is the
  // panel's scroll margin), with its heading first
  function inSight() {
    const screen = document.querySelector(".screen");
    const pinned = getComputedStyle(screen).position === "sticky" ? screen.offsetHeight : 0;
    document.documentElement.style.setProperty("--pinned", pinned + "px");
    const r = panel.getBoundingClientRect();
    if (r.top < pinned || r.top > innerHeight - 80) panel.scrollIntoView({ block: "start" });
  }
  function partId(q, part) {
    return "q" + q.number + "-" + part.key;
  }
  function button(id, text, act) {
    const b = el("button", { type: "button", id: id, textContent: text });
    b.addEventListener("click", act);
    return b;
  }
  function render(q, done) {
    const form = el("form", { id: "answer-form", noValidate: true });
    form.setAttribute("aria-labelledby", "quiz-title");
    form.append(el("h2", { id: "quiz-title", textContent: ui.question + " " + q.number }));
    // every control is described by the question itself, then by its hint
    form.append(richEl("p", { className: "prompt", id: "quiz-prompt" }, q.prompt));
    for (const part of q.parts) {
      const id = partId(q, part);
      const hint = el("p", { className: "hint", id: id + "-hint", textContent: part.hint });
      const mark = el("p", { className: "mark", id: id + "-mark" });
      let box;
      if (part.control === "number" || part.control === "vector") {
        const input = el("input", { type: "text", id: id, name: id, autocomplete: "off", spellcheck: false });
        input.setAttribute("aria-describedby", "quiz-prompt " + hint.id + " " + mark.id);
        input.dataset.part = part.key;
        box = el("div", { className: "part" }, richEl("label", { htmlFor: id }, part.label), input, hint, mark);
      } else {
        box = el("fieldset", { className: "part choice" }, richEl("legend", {}, part.label));
        box.setAttribute("aria-describedby", "quiz-prompt " + hint.id + " " + mark.id);
        for (const o of part.options) {
          const input = el("input", { type: "radio", name: id, id: id + "-" + o.id, value: o.id });
          input.dataset.part = part.key;
          box.append(el("div", { className: "option" }, input, richEl("label", { htmlFor: input.id }, o.text)));
        }
        box.append(hint, mark);
      }
      box.dataset.part = part.key;
      form.append(box);
    }
    const buttons = el("div", { className: "buttons" });
    form.append(buttons);
    const verdict = el("p", { id: "verdict", tabIndex: -1 });
    verdict.setAttribute("role", "status");
    verdict.setAttribute("aria-live", "polite");
    form.append(verdict);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      answer(q, form);
    });
    form.addEventListener("keydown", (e) => {
      // Enter submits from a choice too, not only from a text field
      if (e.key === "Enter" && e.target.type === "radio") {
        e.preventDefault();
        form.requestSubmit();
      }
    });
    panel.replaceChildren(form);
    panel.hidden = false;
    panel.dataset.state = "open";
    if (!done) ready(q, form, false);
    else if (settled(done)) show(q, form, done);
    else offer(q, form, done);
  }
  // the controls open for an answer: Check, and Skip (first try) or Show the solution (retry)
  function ready(q, form, retry) {
    const buttons = form.querySelector(".buttons");
    const submit = el("button", { type: "submit", id: "submit", textContent: ui.submit });
    const other = retry
      ? button("solution", ui.show_solution, () => reveal(q, form))
      : button("skip", ui.skip, () => settle(q, form, { verdict: "skipped", answers: {}, marks: {}, attempts: 0 }));
    buttons.replaceChildren(submit, other);
    teachLink({}, form);
    for (const input of form.querySelectorAll("input")) input.disabled = false;
  }
  function given(form, part) {
    if (part.control === "number" || part.control === "vector") {
      return form.querySelector('input[data-part="' + part.key + '"]').value;
    }
    const checked = form.querySelector('input[data-part="' + part.key + '"]:checked');
    return checked ? checked.value : "";
  }
  function answer(q, form) {
    const verdict = form.querySelector("#verdict");
    const answers = {};
    const marks = {};
    for (const part of q.parts) {
      const a = given(form, part);
      const first = form.querySelector('input[data-part="' + part.key + '"]');
      if (!a.trim()) {
        verdict.textContent = ui.empty;
        first.focus();
        return;
      }
      marks[part.key] = judgePart(part, a);
      if (marks[part.key] in REFUSED) {
        // read two ways or not at all: said why, naming the field and the number, and no
        // attempt is spent
        const unread = readPart(part, a).unread || a.trim();
        rich(verdict, REFUSED[marks[part.key]].replace("{field}", part.label).replace("{number}", unread));
        verdict.className = "";
        first.focus();
        return;
      }
      answers[part.key] = a;
    }
    const attempt = { verdict: outcome(marks), answers: answers, marks: marks };
    if (form.dataset.practice === "true") return practised(q, form, attempt);
    const before = state.answers[q.number];
    const done = before ? Object.assign(before, { last: attempt, attempts: (before.attempts || 1) + 1 }) : Object.assign({ attempts: 1, last: attempt }, attempt);
    if (attempt.verdict === "right") settle(q, form, done);
    else {
      done.settled = false;
      state.answers[q.number] = done;
      save();
      updateSummary();
      offer(q, form, done);
    }
  }
  // after a wrong answer: each part marked, the hint, then Try again or Show the solution
  function offer(q, form, done) {
    mark(q, form, done.last || done);
    const verdict = form.querySelector("#verdict");
    rich(verdict, ui.wrong + " " + ui.hint_lead + " " + q.step);
    verdict.className = "wrong";
    form.dataset.verdict = "wrong";
    document.body.dataset.verdict = "wrong";
    const retry = button("retry", ui.retry, () => {
      ready(q, form, true);
      const marks = (done.last || done).marks || {};
      const wrong = q.parts.find((p) => marks[p.key] !== "right") || q.parts[0];
      const input = form.querySelector('input[data-part="' + wrong.key + '"]');
      (input.type === "radio" ? form.querySelector('input[data-part="' + wrong.key + '"]:checked') || input : input).focus();
      delete document.body.dataset.verdict;
    });
    form.querySelector(".buttons").replaceChildren(retry, button("solution", ui.show_solution, () => reveal(q, form)));
    teachLink(q, form);
    retry.focus();
  }
  // after a wrong answer: a link that plays the steps of the lecture that teach the question
  // (its kind's, lesson/kinds/), named in the lesson's language, then comes back to it
  function teachLink(q, form) {
    const old = form.querySelector(".teach-line");
    if (old) old.remove();
    if (!q.teach) return;
    const text = ui.teach.replace("{steps}", q.teach.steps.join(", ")).replace("{chapter}", q.teach.chapter);
    const link = rich(button("teach", "", () => teach(q)), text);
    link.className = "goto";
    form.querySelector("#verdict").after(el("p", { className: "teach-line" }, link));
  }
  function reveal(q, form) {
    const done = state.answers[q.number];
    settle(q, form, done);
  }
  function settle(q, form, done) {
    done.settled = true;
    state.answers[q.number] = done;
    save();
    show(q, form, done);
    updateSummary();
    if (active !== q) return; // answered after moving elsewhere: the video stays there
    active = null;
    // the learner has thought already: the solution plays from its first step, once the
    // verdict has been read out (it is announced first, then the narration starts)
    playSolution(q);
  }
  const SAY_FIRST = 600; // ms between the verdict's announcement and the solution's voice
  let solutionTimer = 0;
  function playSolution(q) {
    seek(q.resume_at);
    clearTimeout(solutionTimer);
    solutionTimer = setTimeout(() => video.play().catch(() => {}), SAY_FIRST);
  }
  function mark(q, form, attempt) {
    for (const part of q.parts) {
      const box = form.querySelector('[data-part="' + part.key + '"]');
      const m = (attempt.marks || {})[part.key] || attempt.verdict;
      box.dataset.mark = m;
      box.querySelector(".mark").textContent = m === "right" ? ui.part_right : m === "wrong" ? ui.part_wrong : "";
      for (const input of form.querySelectorAll('input[data-part="' + part.key + '"]')) {
        const a = (attempt.answers || {})[part.key];
        if (input.type === "radio") input.checked = input.value === a;
        else if (a !== undefined) input.value = a;
        input.disabled = true;
        if (m === "wrong") input.setAttribute("aria-invalid", "true");
        else input.removeAttribute("aria-invalid");
      }
    }
  }
  // A question's parts in one text, each a sentence, named by its label where there are
  // several: a vector's ";" or a statement's "." never runs into the next part.
  const sentence = (t) => (/[.!?…]$/.test(t) ? t : t + ".");
  function partsSaid(q, value) {
    return q.parts
      .map((p) => [p, value(p)])
      .filter(([, v]) => v !== undefined && v !== "")
      .map(([p, v]) => sentence(q.parts.length > 1 ? p.label + ": " + v : v))
      .join(" ");
  }
  function show(q, form, done) {
    const lastTry = done.last || done;
    teachLink({}, form);
    mark(q, form, lastTry);
    form.querySelector(".buttons").replaceChildren();
    const result = lastTry.verdict;
    const head = VERDICT[result];
    const expected = result === "right" ? "" : " " + ui.expected + " " + partsSaid(q, (p) => p.shown);
    const verdict = form.querySelector("#verdict");
    rich(verdict, head + expected + " " + q.reason + (active === q ? " " + ui.solution : ""));
    verdict.className = result;
    form.dataset.verdict = result;
    document.body.dataset.verdict = result;
    delete form.dataset.practice;
    panel.dataset.state = "answered"; // in the page's full screen: beside the video, not over it
    form.querySelector(".buttons").append(button("practise", ui.practise, () => practise(q, form)));
    // the controls are disabled now: the verdict takes the focus, so the keyboard is not lost
    if (panel.contains(document.activeElement) || document.activeElement === document.body) verdict.focus();
  }
  // A settled question answered again for practice: judged, marked and hinted as ever, never
  // scored, counted or kept (the first answer scores). The video waits at the question.
  function practise(q, form) {
    if (active === null) {
      clearTimeout(solutionTimer); // the solution waits
      video.pause();
      seek(q.pause_at);
    }
    form.dataset.practice = "true";
    panel.dataset.state = "open";
    teachLink({}, form);
    for (const box of form.querySelectorAll(".part")) {
      delete box.dataset.mark;
      box.querySelector(".mark").textContent = "";
    }
    for (const input of form.querySelectorAll("input")) {
      if (input.type === "radio") input.checked = false;
      else input.value = "";
      input.removeAttribute("aria-invalid");
    }
    const verdict = form.querySelector("#verdict");
    verdict.textContent = ui.practice_note;
    verdict.className = "";
    form.dataset.verdict = "practice";
    document.body.dataset.verdict = "practice";
    const submit = el("button", { type: "submit", id: "submit", textContent: ui.submit });
    const solution = button("solution", ui.show_solution, () => shown(q, form));
    form.querySelector(".buttons").replaceChildren(submit, solution);
    for (const input of form.querySelectorAll("input")) input.disabled = false;
    form.querySelector("input").focus();
  }
  function practised(q, form, attempt) {
    mark(q, form, attempt);
    const verdict = form.querySelector("#verdict");
    const right = attempt.verdict === "right";
    rich(verdict, right ? ui.right + " " + q.reason : ui.wrong + " " + ui.hint_lead + " " + q.step);
    verdict.className = attempt.verdict;
    form.dataset.verdict = attempt.verdict;
    document.body.dataset.verdict = attempt.verdict;
    const again = button("practise", ui.practise, () => practise(q, form));
    const solution = button("solution", ui.show_solution, () => shown(q, form));
    form.querySelector(".buttons").replaceChildren(again, solution);
    if (!right) teachLink(q, form);
    else teachLink({}, form);
    again.focus();
  }
  // the solution asked for in practice: the kept answer's verdict, and the video's solution
  function shown(q, form) {
    show(q, form, state.answers[q.number]);
    if (active === null && video.paused) playSolution(q);
  }
  function check() {
    const t = video.currentTime;
    // the learner played on without answering: the question stays open, the next will ask
    if (active !== null && !video.paused && t > active.pause_at + 0.5) active = null;
    if (!video.paused && teaching !== null && t >= teaching.q.teach.end - 0.001) backToQuestion();
    else if (!video.paused && active === null) {
      let asked = false;
      for (const q of data.questions) {
        if (settled(state.answers[q.number])) continue;
        if (last < q.pause_at && t >= q.pause_at && t - last < 2) {
          ask(q);
          asked = true;
          break;
        }
      }
      if (!asked && state.steps && teaching === null) {
        const s = data.steps.find((s) => last < s.end && t >= s.end && t - last < 2);
        if (s) stepEnd(s);
      }
    }
    if (!video.paused) watching(last, t);
    last = video.currentTime;
    highlight(last);
  }
  video.addEventListener("timeupdate", check);
  video.addEventListener("seeked", () => {
    last = video.currentTime;
    highlight(last);
    // moved away from an open question (a chapter, a transcript line): it is asked again
    // when playback reaches it
    if (active !== null && Math.abs(last - active.pause_at) > 0.5) {
      active = null;
      panel.hidden = true;
      delete document.body.dataset.asking;
    }
  });
  function frame() {
    if (!video.paused) check();
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);

  // --- summary and reset --------------------------------------------------------------------
  const scoreLine = document.getElementById("score");
  const results = document.getElementById("results");
  // an answer as the learner gave it: a choice by what it says, a text as typed
  function said(q, answers) {
    return partsSaid(q, (p) => {
      const a = (answers || {})[p.key];
      const o = p.options.find((o) => o.id === a);
      return o ? o.text : a;
    });
  }
  function attempts(n) {
    return (n === 1 ? ui.attempts_one : ui.attempts).replace("{n}", String(n));
  }
  function updateSummary() {
    const items = data.questions.map((q) => {
      const done = state.answers[q.number];
      let word = done ? VERDICT[done.verdict] : ui.open;
      const lastTry = done && done.last;
      if (done && done.verdict === "wrong" && lastTry && lastTry.verdict === "right") word += " " + ui.right_later;
      const go = el("button", { type: "button", className: "goto", textContent: ui.goto + " " + q.number });
      go.addEventListener("click", () => {
        if (settled(done)) render(q, done);
        seek(Math.max(0, q.pause_at - 0.05));
        if (!settled(done)) video.play().catch(() => {});
      });
      const status = el("span", { className: "status", textContent: ui.question + " " + q.number + ": " + word });
      const item = el("li", {}, status);
      if (done && done.verdict !== "skipped") {
        const yours = el("span", { className: "yours", textContent: ui.yours + " " + said(q, done.answers) });
        item.append(" ", yours, " ", el("span", { className: "attempts", textContent: "(" + attempts(done.attempts || 1) + ")" }));
      }
      item.append(" ", go);
      item.dataset.verdict = done ? done.verdict : "open";
      item.dataset.attempts = String(done ? done.attempts || (done.verdict === "skipped" ? 0 : 1) : 0);
      return item;
    });
    results.replaceChildren(...items);
    withhold();
    const right = data.questions.filter((q) => (state.answers[q.number] || {}).verdict === "right").length;
    scoreLine.textContent = ui.score.replace("{right}", String(right)).replace("{total}", String(data.questions.length));
    summary.dataset.right = String(right);
    placeMarkers();
  }
  // Start again asks first: the answers go only after a second, explicit choice
  const resetButton = document.getElementById("reset");
  const confirmBox = document.getElementById("reset-confirm");
  resetButton.addEventListener("click", () => {
    confirmBox.hidden = false;
    document.getElementById("reset-no").focus();
  });
  document.getElementById("reset-no").addEventListener("click", () => {
    confirmBox.hidden = true;
    resetButton.focus();
  });
  document.getElementById("reset-yes").addEventListener("click", () => {
    confirmBox.hidden = true;
    state = { answers: {}, speed: state.speed, steps: state.steps, watched: state.watched }; // the answers go, the learner's pace and what was watched stay
    if (lms) lms.report(state); // the LMS keeps what was sent; its score and status start again
    else {
      try {
        localStorage.removeItem(storageKey);
      } catch (e) {
        /* nothing kept */
      }
    }
    active = null;
    savedAt = 0;
    panel.replaceChildren();
    panel.hidden = true;
    delete document.body.dataset.asking;
    delete document.body.dataset.verdict;
    summary.classList.remove("finished");
    updateSummary();
    seek(0);
    document.getElementById("reset-note").textContent = ui.reset_done;
    resetButton.focus();
  });
  video.addEventListener("ended", () => {
    summary.classList.add("finished");
    document.getElementById("summary-title").focus();
  });

  // --- keyboard: Space plays and pauses wherever a control does not use it ---------------------
  // On the chapter, transcript and summary buttons Space plays and pauses too (Enter
  // activates them); on a text field, a choice or the quiz's buttons it does what it does there.
  const NAVIGATION = ".chapter, .cue, .goto";
  function spaceToggles(e) {
    if (e.key !== " " || e.altKey || e.ctrlKey || e.metaKey) return false;
    if (e.target.closest && e.target.closest(NAVIGATION)) return true;
    return !["INPUT", "TEXTAREA", "SELECT", "BUTTON", "VIDEO", "A"].includes(e.target.tagName);
  }
  document.addEventListener("keydown", (e) => {
    if (e.defaultPrevented || !spaceToggles(e)) return;
    e.preventDefault();
    if (video.paused) video.play().catch(() => {});
    else video.pause();
  });
  // a button acts on Space when the key comes up: not these
  document.addEventListener("keyup", (e) => {
    if (spaceToggles(e)) e.preventDefault();
  });

  // --- where the learner was: kept with the answers, restored on the next visit ----------
  let savedAt = -1;
  function keepPlace() {
    state.time = video.currentTime;
    savedAt = state.time;
    save(true);
  }
  video.addEventListener("timeupdate", () => {
    if (Math.abs(video.currentTime - savedAt) > 5) keepPlace();
  });
  video.addEventListener("pause", keepPlace);
  function restore() {
    const t = Math.min(state.time || 0, video.duration || 0);
    if (t <= 0) return;
    seek(t);
    savedAt = t;
    // back at a question that was asked and not answered: ask it again
    const q = data.questions.find((q) => !settled(state.answers[q.number]) && q.pause_at - 0.01 <= t && t <= q.resume_at + 0.01);
    if (q) ask(q);
    else offerResume(t);
  }
  // --- reopened: the offer to continue where the learner stopped, from the start of its step
  // (the speed and step by step came back with the answers), or from the start
  const resumeBox = document.getElementById("resume");
  function stepAt(t) {
    let start = 0;
    for (const s of data.steps) {
      if (s.end > t + 0.01) return { title: s.title, start: start };
      start = s.end;
    }
    return null;
  }
  function offerResume(t) {
    const step = stepAt(t);
    const chapter = data.chapters[Math.max(0, lastStarted(data.chapters, t))];
    const note = ui.resume.replace("{time}", clock(t)).replace("{chapter}", chapter.title).replace("{step}", step ? step.title : chapter.title);
    rich(document.getElementById("resume-note"), note);
    resumeBox.hidden = false;
    resumeBox.dataset.start = String(step ? step.start : t);
  }
  document.getElementById("resume-go").addEventListener("click", () => {
    resumeBox.hidden = true;
    seek(parseFloat(resumeBox.dataset.start));
    video.play().catch(() => {});
  });
  document.getElementById("resume-start").addEventListener("click", () => {
    resumeBox.hidden = true;
    seek(0);
    video.play().catch(() => {});
  });
  video.addEventListener("play", () => (resumeBox.hidden = true));
  if (video.readyState >= 1) restore();
  else video.addEventListener("loadedmetadata", restore, { once: true });

  updateSummary();
  highlight(0);
  applySpeed();
  applySteps();
  document.body.dataset.ready = "true";
  // for the tests, and for anyone curious in the console
  window.lessonPage = { data: data, readNumber: readNumber, readVector: readVector, judgePart: judgePart, state: () => state };
})();
