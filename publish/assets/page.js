// The interactive lesson page (written by `lecture page`): the narrated video, its chapters and
// transcript, and the quiz asked in place. Everything it needs is in the page's own data
// (the <script id="lesson-data"> element): no request leaves the folder.
//
// The accepted answers were computed in Python from the lesson's exact values
// (lesson/answers.py). This script only reads a learner's text into an exact fraction, by the
// same rules as lesson.answers.parse_number and parse_vector, and compares it with them.
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
  const DECIMAL = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;
  // the spaces a learner's text may hold: the same class as lesson.answers._SPACE
  const S = "[ \\t\\n\\r\\f\\v\\u00a0\\u2009\\u202f]";
  const SPACES = new RegExp(S + "+", "g");
  const trim = (t) => t.replace(new RegExp("^" + S + "+|" + S + "+$", "g"), "");
  function decimal(t) {
    if (!DECIMAL.test(t)) return null;
    let sign = 1n;
    if (t[0] === "+" || t[0] === "-") {
      if (t[0] === "-") sign = -1n;
      t = t.slice(1);
    }
    const [whole, part = ""] = t.replace(",", ".").split(".");
    return frac(sign * BigInt((whole || "0") + part), 10n ** BigInt(part.length));
  }
  function parseNumber(text) {
    const t = text.replace(SPACES, "").replace(/\u2212/g, "-").replace(/^[=\u2248]+/, "");
    const parts = t.split("/");
    if (parts.length > 2) return null;
    const values = parts.map(decimal);
    if (values.some((v) => v === null)) return null;
    if (values.length === 1) return values[0];
    if (values[1][0] === 0n) return null;
    return frac(values[0][0] * values[1][1], values[0][1] * values[1][0]);
  }
  function parseVector(text) {
    let t = trim(trim(text).replace(/^[=\u2248]+/, ""));
    if (t && "([".includes(t[0]) && ")]".includes(t[t.length - 1])) t = trim(t.slice(1, -1));
    let items;
    if (t.includes(";")) items = t.split(";");
    else if (new RegExp("," + S + "|" + S + ",").test(t)) items = t.split(new RegExp(S + "*," + S + "+|" + S + "+," + S + "*"));
    else if (new RegExp(S).test(t)) items = t.split(new RegExp(S + "+"));
    else items = t.split(",");
    const values = items.map(parseNumber);
    return values.some((v) => v === null) ? null : values;
  }
  function accepts(acc, x) {
    if (acc.exact !== null && cmp(x, fromString(acc.exact)) === 0) return true;
    if (acc.low === null) return false;
    const lo = cmp(x, fromString(acc.low));
    const hi = cmp(x, fromString(acc.high));
    return acc.closed ? lo >= 0 && hi <= 0 : lo > 0 && hi < 0;
  }
  // A part's answer judged: "right", "wrong" or "unreadable" (text that is not a number or a
  // vector, which the learner is asked to fix rather than marked wrong for).
  function judgePart(part, answer) {
    if (part.control === "number" || part.control === "vector") {
      const values = part.control === "number" ? [parseNumber(answer)] : parseVector(answer);
      if (values === null || values.some((v) => v === null)) return "unreadable";
      if (values.length !== part.accepted.length) return "wrong";
      return values.every((v, i) => accepts(part.accepted[i], v)) ? "right" : "wrong";
    }
    return part.right.includes(answer) ? "right" : "wrong";
  }

  // --- progress kept in the browser ----------------------------------------------------------
  function load() {
    try {
      const s = JSON.parse(localStorage.getItem(data.storage));
      if (s && s.answers && typeof s.answers === "object") return s;
    } catch (e) {
      /* unreadable: start afresh */
    }
    return { answers: {} };
  }
  let state = load();
  function save() {
    try {
      localStorage.setItem(data.storage, JSON.stringify(state));
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
      const b = el("button", { type: "button", className: className }, time, " " + text(item));
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
    seek(c.start);
  });
  cueButtons.forEach((b, i) => (b.tabIndex = i ? -1 : 0));
  // The transcript is one stop in the tab order (its current line); the arrow keys, Home
  // and End move through its lines.
  let roving = 0;
  function rove(i, focus) {
    if (i < 0 || i >= cueButtons.length) return;
    cueButtons[roving].tabIndex = -1;
    roving = i;
    cueButtons[i].tabIndex = 0;
    if (focus) cueButtons[i].focus();
  }
  transcript.addEventListener("keydown", (e) => {
    const moves = { ArrowDown: roving + 1, ArrowUp: roving - 1, Home: 0, End: cueButtons.length - 1 };
    if (!(e.key in moves)) return;
    e.preventDefault();
    rove(Math.max(0, Math.min(cueButtons.length - 1, moves[e.key])), true);
  });
  let currentCue = -1;
  let currentChapter = -1;
  function lastStarted(items, t) {
    let found = -1;
    for (let i = 0; i < items.length && items[i].start <= t + 0.001; i++) found = i;
    return found;
  }
  function highlight(t) {
    const cue = lastStarted(data.cues, t);
    if (cue !== currentCue) {
      if (currentCue >= 0) {
        cueButtons[currentCue].classList.remove("current");
        cueButtons[currentCue].removeAttribute("aria-current");
      }
      currentCue = cue;
      if (cue >= 0) {
        const b = cueButtons[cue];
        b.classList.add("current");
        b.setAttribute("aria-current", "true");
        if (!transcript.contains(document.activeElement)) rove(cue, false);
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

  // --- the quiz ------------------------------------------------------------------------------
  const VERDICT = { right: ui.right, wrong: ui.wrong, skipped: ui.skipped };
  let active = null; // the question waiting for an answer
  let last = 0; // where playback was at the last look
  function ask(q) {
    video.pause();
    seek(q.pause_at);
    active = q;
    render(q);
    document.body.dataset.asking = String(q.number);
    const first = panel.querySelector("input");
    if (first) first.focus();
  }
  function partId(q, part) {
    return "q" + q.number + "-" + part.key;
  }
  function render(q, done) {
    const form = el("form", { id: "answer-form", noValidate: true });
    form.setAttribute("aria-labelledby", "quiz-title");
    form.append(el("h2", { id: "quiz-title", textContent: ui.question + " " + q.number }));
    // every control is described by the question itself, then by its hint
    form.append(el("p", { className: "prompt", id: "quiz-prompt", textContent: q.prompt }));
    for (const part of q.parts) {
      const id = partId(q, part);
      const hint = el("p", { className: "hint", id: id + "-hint", textContent: part.hint });
      let box;
      if (part.control === "number" || part.control === "vector") {
        const input = el("input", { type: "text", id: id, name: id, autocomplete: "off", spellcheck: false });
        input.setAttribute("aria-describedby", "quiz-prompt " + hint.id);
        input.dataset.part = part.key;
        box = el("div", { className: "part" }, el("label", { htmlFor: id, textContent: part.label }), input, hint);
      } else {
        box = el("fieldset", { className: "part choice" }, el("legend", { textContent: part.label }));
        box.setAttribute("aria-describedby", "quiz-prompt " + hint.id);
        for (const o of part.options) {
          const input = el("input", { type: "radio", name: id, id: id + "-" + o.id, value: o.id });
          input.dataset.part = part.key;
          box.append(el("div", { className: "option" }, input, el("label", { htmlFor: input.id, textContent: o.text })));
        }
        box.append(hint);
      }
      box.dataset.part = part.key;
      form.append(box);
    }
    const submit = el("button", { type: "submit", id: "submit", textContent: ui.submit });
    const skip = el("button", { type: "button", id: "skip", textContent: ui.skip });
    form.append(el("div", { className: "buttons" }, submit, skip));
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
    skip.addEventListener("click", () => finish(q, form, "skipped", {}));
    panel.replaceChildren(form);
    panel.hidden = false;
    if (done) show(q, form, done);
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
      if (marks[part.key] === "unreadable") {
        verdict.textContent = ui.unreadable;
        first.focus();
        return;
      }
      answers[part.key] = a;
    }
    const right = Object.values(marks).every((m) => m === "right");
    finish(q, form, right ? "right" : "wrong", answers, marks);
  }
  function finish(q, form, outcome, answers, marks) {
    const done = { verdict: outcome, answers: answers, marks: marks || {} };
    state.answers[q.number] = done;
    save();
    show(q, form, done);
    updateSummary();
    if (active !== q) return; // answered after moving elsewhere: the video stays there
    active = null;
    // the learner has thought already: the solution plays from its first step
    seek(q.resume_at);
    video.play().catch(() => {});
  }
  function show(q, form, done) {
    for (const part of q.parts) {
      const box = form.querySelector('[data-part="' + part.key + '"]');
      box.dataset.mark = (done.marks || {})[part.key] || done.verdict;
      for (const input of form.querySelectorAll('input[data-part="' + part.key + '"]')) {
        const a = (done.answers || {})[part.key];
        if (input.type === "radio") input.checked = input.value === a;
        else if (a !== undefined) input.value = a;
        input.disabled = true;
      }
    }
    for (const b of form.querySelectorAll("button")) b.disabled = true;
    const head = VERDICT[done.verdict];
    const expected = done.verdict === "right" ? "" : " " + ui.expected + " " + q.parts.map((p) => p.shown).join("; ") + ".";
    const verdict = form.querySelector("#verdict");
    verdict.textContent = head + expected + " " + q.reason + " " + ui.solution;
    verdict.className = done.verdict;
    form.dataset.verdict = done.verdict;
    document.body.dataset.verdict = done.verdict;
    // the controls are disabled now: the verdict takes the focus, so the keyboard is not lost
    if (panel.contains(document.activeElement) || document.activeElement === document.body) verdict.focus();
  }
  function check() {
    const t = video.currentTime;
    // the learner played on without answering: the question stays open, the next will ask
    if (active !== null && !video.paused && t > active.pause_at + 0.5) active = null;
    if (!video.paused && active === null) {
      for (const q of data.questions) {
        if (state.answers[q.number]) continue;
        if (last < q.pause_at && t >= q.pause_at && t - last < 2) {
          ask(q);
          break;
        }
      }
    }
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
  function updateSummary() {
    const items = data.questions.map((q) => {
      const done = state.answers[q.number];
      const word = done ? VERDICT[done.verdict] : ui.open;
      const go = el("button", { type: "button", className: "goto", textContent: ui.goto + " " + q.number });
      go.addEventListener("click", () => {
        if (done) render(q, done);
        seek(Math.max(0, q.pause_at - 0.05));
        if (!done) video.play().catch(() => {});
      });
      const item = el("li", {}, el("span", { className: "status", textContent: ui.question + " " + q.number + ": " + word }), " ", go);
      item.dataset.verdict = done ? done.verdict : "open";
      return item;
    });
    results.replaceChildren(...items);
    const right = data.questions.filter((q) => (state.answers[q.number] || {}).verdict === "right").length;
    scoreLine.textContent = ui.score.replace("{right}", String(right)).replace("{total}", String(data.questions.length));
    summary.dataset.right = String(right);
  }
  document.getElementById("reset").addEventListener("click", () => {
    state = { answers: {} };
    try {
      localStorage.removeItem(data.storage);
    } catch (e) {
      /* nothing kept */
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
    save();
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
    const q = data.questions.find((q) => !state.answers[q.number] && q.pause_at - 0.01 <= t && t <= q.resume_at + 0.01);
    if (q) ask(q);
  }
  if (video.readyState >= 1) restore();
  else video.addEventListener("loadedmetadata", restore, { once: true });

  updateSummary();
  highlight(0);
  document.body.dataset.ready = "true";
  // for the tests, and for anyone curious in the console
  window.lessonPage = { data: data, parseNumber: parseNumber, parseVector: parseVector, judgePart: judgePart, state: () => state };
})();
