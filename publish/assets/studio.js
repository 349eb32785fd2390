// The recording studio's page (lecture record): list the cues, record one from the
// microphone as 16-bit PCM WAV, send it to the studio, show what the studio answered.
"use strict";

const token = document.body.dataset.token;
const maxBytes = Number(document.body.dataset.maxBytes);
const NEEDS = new Set(["missing", "stale", "rejected"]);
const $ = (id) => document.getElementById(id);
const withToken = (path) => `${path}?t=${encodeURIComponent(token)}`;
const cuePath = (kind, c) =>
  `/api/${kind}/${encodeURIComponent(c.scene)}/${encodeURIComponent(c.cue)}`;

let cues = [];
let current = -1;
let framesState = "off";
let recording = null; // {ctx, stream, chunks, analyser, raf, started}
let take = null; // the last recording, not saved: {blob, url, seconds, samples, checked, sending}
let busy = false;
let starting = false; // the microphone is being opened
const COUNT_IN = 3; // beats of half a second before "speak": the room is recorded meanwhile
const QUIET = 0.01; // a take whose peak stays under this (-40 dBFS) for 2 s is too quiet

function say(text, kind = "") {
  const s = $("status");
  s.textContent = text;
  s.className = kind;
}

async function api(path, options = {}) {
  const headers = {"X-Studio-Token": token, ...(options.headers || {})};
  return fetch(path, {...options, headers, cache: "no-store"});
}

async function load() {
  const r = await api("/api/cues");
  if (!r.ok) {
    say(`The studio refused the list: ${(await r.text()).trim()}`, "rejected");
    return;
  }
  const data = await r.json();
  cues = data.cues;
  framesState = data.frames;
  drawList();
  if (current < 0 && cues.length) select(Math.max(0, cues.findIndex((c) => NEEDS.has(c.state))));
}

function tally() {
  const n = (s) => cues.filter((c) => c.state === s).length;
  $("tally").textContent =
    `${n("recorded")} of ${cues.length} recorded · ${n("missing")} missing · ` +
    `${n("stale")} stale · ${n("rejected")} rejected`;
}

function stateLabel(c) {
  return c.state === "rejected" ? `rejected: ${c.reason}` : c.state;
}

function drawList() {
  const nav = $("list");
  const only = $("needs").checked;
  nav.replaceChildren();
  let scene = null;
  let step = null;
  let list = null;
  cues.forEach((c, i) => {
    if (only && !shown(i)) return;
    if (c.scene !== scene) {
      scene = c.scene;
      step = null;
      const h = document.createElement("h2");
      h.textContent = scene;
      nav.append(h);
    }
    if (c.step !== step) {
      step = c.step;
      const h = document.createElement("h3");
      h.textContent = `Step ${c.step + 1} · ${c.step_name}`;
      list = document.createElement("ol");
      nav.append(h, list);
    }
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.index = String(i);
    b.setAttribute("aria-current", String(i === current));
    const name = document.createElement("span");
    name.textContent = c.cue;
    const state = document.createElement("span");
    state.className = `state ${c.state}`;
    state.textContent = c.state;
    state.title = stateLabel(c);
    b.append(name, state);
    b.addEventListener("click", () => select(i));
    li.append(b);
    list.append(li);
  });
  tally();
}

function showFrame(c) {
  const box = $("frame");
  if (framesState === "off") {
    box.replaceChildren(Object.assign(document.createElement("span"), {textContent: "Frames are off"}));
    return;
  }
  const img = new Image();
  img.alt = `The last frame of ${c.scene}, step ${c.step + 1}`;
  img.onerror = () => {
    const note = document.createElement("span");
    note.textContent = framesState === "rendering" ? "The frames are being rendered…" : `Frames ${framesState}`;
    box.replaceChildren(note);
  };
  img.onload = () => box.replaceChildren(img);
  img.src = withToken(`/api/frame/${encodeURIComponent(c.scene)}/${c.step}`);
}

// Whether the list shows cue i ("only what needs recording" hides the rest but the current).
function shown(i) {
  return !$("needs").checked || NEEDS.has(cues[i].state) || i === current;
}

// The next cue the list shows after (dir 1) or before (dir -1) the current one.
function step(dir) {
  for (let i = current + dir; i >= 0 && i < cues.length; i += dir) {
    if (shown(i)) return select(i);
  }
}

function select(i, again = false) {
  if (i < 0 || i >= cues.length || recording || (i === current && !again)) return;
  if (i !== current && take && !confirm(`The take of ${cues[current].cue} is not saved. Discard it?`)) return;
  current = i;
  const c = cues[i];
  $("where").textContent =
    `${c.scene} · step ${c.step + 1} (${c.step_name}) · cue ${c.cue} · ${stateLabel(c)} · ` +
    `the guide takes ${c.seconds.toFixed(1)} s`;
  $("words").textContent = c.words;
  $("caption").textContent = `Caption: ${c.caption}`;
  $("undo").disabled = !c.earlier;
  if (!again) {
    if (take) URL.revokeObjectURL(take.url);
    take = null;
    drawWave(null);
    warn("");
  }
  say("");
  showFrame(c);
  drawList();
  const mark = document.querySelector(`nav button[data-index="${i}"]`);
  if (mark) mark.scrollIntoView({block: "nearest"});
}

function play(url) {
  const audio = new Audio(url);
  audio.play().catch((e) => say(`Cannot play: ${e.message}`, "rejected"));
}

// A tap on the microphone's samples, run in the audio thread: each block goes to the page.
const TAP = `class Tap extends AudioWorkletProcessor {
  process(inputs) { const ch = inputs[0] && inputs[0][0]; if (ch) this.port.postMessage(ch.slice(0)); return true; }
}
registerProcessor("tap", Tap);`;

async function startRecording() {
  if (recording || starting || busy || current < 0) return;
  starting = true;
  let stream;
  const mic = $("mic").value;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: {
        echoCancellation: false,
        noiseSuppression: false,
        autoGainControl: false,
        channelCount: 1,
        ...(mic ? {deviceId: {exact: mic}} : {}),
      },
    });
  } catch (e) {
    starting = false;
    say(`No microphone: ${e.message}`, "rejected");
    return;
  }
  listMicrophones(); // their names, now that the page may read them
  const ctx = new AudioContext();
  const url = URL.createObjectURL(new Blob([TAP], {type: "text/javascript"}));
  await ctx.audioWorklet.addModule(url);
  URL.revokeObjectURL(url);
  const source = ctx.createMediaStreamSource(stream);
  const tap = new AudioWorkletNode(ctx, "tap");
  const analyser = ctx.createAnalyser();
  analyser.fftSize = 2048;
  const mute = ctx.createGain();
  mute.gain.value = 0;
  const chunks = [];
  const rec = {ctx, stream, chunks, analyser, raf: 0, peak: 0, clipped: 0, samples: 0, rate: ctx.sampleRate};
  tap.port.onmessage = (e) => {
    chunks.push(e.data);
    for (const v of e.data) {
      const a = Math.abs(v);
      if (a > rec.peak) rec.peak = a;
      if (a >= 0.999) rec.clipped += 1;
    }
    rec.samples += e.data.length;
  };
  source.connect(analyser);
  source.connect(tap).connect(mute).connect(ctx.destination);
  recording = rec;
  starting = false;
  $("record").setAttribute("aria-pressed", "true");
  warn("");
  meter();
}

function warn(text) {
  const w = $("warn");
  if (w.textContent !== text) w.textContent = text;
}

function meter() {
  if (!recording) return;
  const buf = new Float32Array(recording.analyser.fftSize);
  recording.analyser.getFloatTimeDomainData(buf);
  let peak = 0;
  for (const v of buf) peak = Math.max(peak, Math.abs(v));
  const db = peak > 0 ? Math.max(-60, 20 * Math.log10(peak)) : -60;
  $("level").value = db;
  $("level-text").textContent = `${db.toFixed(0)} dBFS${peak >= 0.999 ? " · too loud" : ""}`;
  const r = recording;
  const seconds = r.samples / r.rate;
  const beat = Math.floor(seconds * 2);
  const count = beat < COUNT_IN ? `${COUNT_IN - beat}…` : "speak now.";
  const text = `Recording: ${count} Press S to stop.`;
  if ($("status").textContent !== text) say(text);
  if (r.clipped > 0) {
    warn(`Clipping: ${r.clipped} samples at full scale. Move back from the microphone or turn its gain down.`);
  } else if (seconds >= 2 && r.peak < QUIET) {
    const most = r.peak > 0 ? (20 * Math.log10(r.peak)).toFixed(0) : "-∞";
    warn(`Too quiet: ${most} dBFS at most. Is this the microphone? Move closer or turn its gain up.`);
  } else {
    warn("");
  }
  recording.raf = requestAnimationFrame(meter);
}

function wav(samples, rate) {
  const out = new DataView(new ArrayBuffer(44 + 2 * samples.length));
  const text = (at, s) => [...s].forEach((ch, k) => out.setUint8(at + k, ch.charCodeAt(0)));
  text(0, "RIFF");
  out.setUint32(4, 36 + 2 * samples.length, true);
  text(8, "WAVE");
  text(12, "fmt ");
  out.setUint32(16, 16, true);
  out.setUint16(20, 1, true); // PCM
  out.setUint16(22, 1, true); // mono
  out.setUint32(24, rate, true);
  out.setUint32(28, 2 * rate, true);
  out.setUint16(32, 2, true);
  out.setUint16(34, 16, true);
  text(36, "data");
  out.setUint32(40, 2 * samples.length, true);
  samples.forEach((v, k) => out.setInt16(44 + 2 * k, Math.max(-32768, Math.min(32767, Math.round(v * 32767))), true));
  return new Blob([out], {type: "audio/wav"});
}

async function stopRecording() {
  if (!recording) return;
  const r = recording;
  recording = null;
  cancelAnimationFrame(r.raf);
  r.stream.getTracks().forEach((t) => t.stop());
  await r.ctx.close();
  $("record").setAttribute("aria-pressed", "false");
  $("level").value = -60;
  const total = r.chunks.reduce((n, c) => n + c.length, 0);
  const samples = new Float32Array(total);
  let at = 0;
  for (const c of r.chunks) {
    samples.set(c, at);
    at += c.length;
  }
  const blob = wav(samples, r.ctx.sampleRate);
  const seconds = total / r.ctx.sampleRate;
  if (take) URL.revokeObjectURL(take.url);
  take = {blob, url: URL.createObjectURL(blob), seconds, samples, checked: null, sending: false};
  drawWave(samples);
  const big = blob.size > maxBytes ? " It is too large to send: record a shorter take." : "";
  say(`Recorded ${seconds.toFixed(1)} s. P plays it back, Enter saves it, R records again.${big}`);
  if (!big) check(take, cues[current]);
}

// Ask the studio where the take speaks (nothing is saved): the cut points on the waveform,
// and the verdict, before the author saves it.
async function check(t, c) {
  let r;
  try {
    r = await api(cuePath("check", c), {method: "PUT", headers: {"Content-Type": "audio/wav"}, body: t.blob});
  } catch (e) {
    return;
  }
  if (take !== t || t.sending || ![200, 422].includes(r.status)) return;
  const a = await r.json();
  if (take !== t || t.sending) return;
  t.checked = a;
  drawWave(t.samples, a);
  const base = `Recorded ${t.seconds.toFixed(1)} s`;
  if (a.accepted) {
    say(
      `${base}: ${a.verdict}; ${a.seconds.toFixed(1)} s will be kept. ` +
        `P plays it back, Enter saves it, R records again.`,
    );
  } else {
    say(`${base}, it would be rejected: ${a.reason}. R records again.`, "rejected");
  }
}

function drawWave(samples, verdict = null) {
  const canvas = $("wave");
  const g = canvas.getContext("2d");
  g.fillStyle = "#f4f6f8";
  g.fillRect(0, 0, canvas.width, canvas.height);
  if (!samples || !samples.length) return;
  if (verdict && verdict.received > 0) {
    // what is cut (shaded), the speech found (green), the noise floor (a dashed line)
    const x = (t) => Math.round((t / verdict.received) * canvas.width);
    const [before, after] = verdict.trimmed;
    g.fillStyle = "#d5dae0";
    if (verdict.accepted) {
      g.fillRect(0, 0, x(before), canvas.height);
      g.fillRect(x(verdict.received - after), 0, canvas.width, canvas.height);
    } else {
      g.fillRect(0, 0, canvas.width, canvas.height);
    }
    if (verdict.speech) {
      g.fillStyle = "#cfe8d6";
      g.fillRect(x(verdict.speech[0]), 0, x(verdict.speech[1]) - x(verdict.speech[0]), canvas.height);
    }
    if (verdict.floor !== null) {
      const h = (Math.pow(10, verdict.floor / 20) * canvas.height) / 2;
      g.strokeStyle = "#9c1c1c";
      g.setLineDash([8, 6]);
      g.beginPath();
      g.moveTo(0, canvas.height / 2 - h);
      g.lineTo(canvas.width, canvas.height / 2 - h);
      g.stroke();
      g.setLineDash([]);
    }
  }
  const mid = canvas.height / 2;
  const per = Math.max(1, Math.floor(samples.length / canvas.width));
  g.fillStyle = "#1a1d21";
  for (let x = 0; x < canvas.width; x++) {
    let lo = 0;
    let hi = 0;
    for (let k = x * per; k < Math.min(samples.length, (x + 1) * per); k++) {
      lo = Math.min(lo, samples[k]);
      hi = Math.max(hi, samples[k]);
    }
    g.fillRect(x, mid - hi * mid, 1, Math.max(1, (hi - lo) * mid));
  }
}

async function save() {
  if (recording) await stopRecording();
  if (!take || busy || current < 0) {
    if (!take) say("Nothing recorded yet: press R to record.");
    return;
  }
  busy = true;
  const c = cues[current];
  const sent = take;
  sent.sending = true;
  say("Checking the take…");
  let r;
  try {
    r = await api(cuePath("take", c), {method: "PUT", headers: {"Content-Type": "audio/wav"}, body: sent.blob});
  } catch (e) {
    busy = false;
    sent.sending = false;
    say(`Not sent (the take is still here, Enter tries again): ${e.message}`, "rejected");
    return;
  }
  busy = false;
  sent.sending = false;
  if (r.status === 200) {
    const a = await r.json();
    c.state = "recorded";
    c.reason = "";
    c.take = true;
    if (take === sent) take = null; // saved: nothing to lose on leaving the cue
    await load();
listMicrophones();
    const kept = a.kept ? ` The take before is kept as ${c.cue}.${a.kept}.wav (U on ${c.cue} puts it back).` : "";
    say(
      `Saved ${c.cue}: ${a.seconds.toFixed(1)} s kept of ${a.received.toFixed(1)} s ` +
        `(${a.trimmed[0].toFixed(1)} s cut before, ${a.trimmed[1].toFixed(1)} s after), ` +
        `${a.lufs.toFixed(1)} LUFS, peak ${a.peak.toFixed(1)} dBTP.${kept}`,
      "accepted",
    );
    const next = cues.findIndex((x, i) => i > current && NEEDS.has(x.state));
    const first = next >= 0 ? next : cues.findIndex((x) => NEEDS.has(x.state));
    if (first >= 0) {
      const note = $("status").textContent;
      select(first);
      say(`${note} Next: ${cues[first].cue}.`, "accepted");
    }
  } else if (r.status === 422) {
    const a = await r.json();
    if (take === sent) drawWave(sent.samples, a);
    say(`Rejected, not saved: ${a.reason}. Press R to record again.`, "rejected");
  } else {
    say(`Refused (${r.status}): ${(await r.text()).trim()}`, "rejected");
  }
}

async function undo() {
  if (recording || busy || current < 0) return;
  const c = cues[current];
  if (!c.earlier) {
    say(`No earlier take of ${c.cue} is kept.`);
    return;
  }
  busy = true;
  let r;
  try {
    r = await api(cuePath("undo", c), {method: "POST"});
  } catch (e) {
    busy = false;
    say(`Not sent: ${e.message}`, "rejected");
    return;
  }
  busy = false;
  if (r.status !== 200) {
    say(`Refused (${r.status}): ${(await r.text()).trim()}`, "rejected");
    return;
  }
  const a = await r.json();
  await load();
listMicrophones();
  select(current, true); // the state and the undo button of the take put back
  say(`Put back take ${a.restored} of ${c.cue}; the take it replaced is kept as ${c.cue}.${a.kept}.wav.`, "accepted");
}

function playTake() {
  if (take) play(take.url);
  else if (current >= 0 && cues[current].take) play(withToken(cuePath("take", cues[current])));
  else say("No take of this cue yet.");
}

$("needs").addEventListener("change", drawList);
$("guide").addEventListener("click", () => current >= 0 && play(withToken(cuePath("guide", cues[current]))));
$("record").addEventListener("click", startRecording);
$("stop").addEventListener("click", stopRecording);
$("play").addEventListener("click", playTake);
$("save").addEventListener("click", save);
$("undo").addEventListener("click", undo);
$("mic").addEventListener("change", () => {
  localStorage.setItem("studio-mic", $("mic").value);
  $("mic").blur(); // the keys are the studio's again
});

// The microphones the browser offers (their names once the page has been allowed one).
async function listMicrophones() {
  if (!navigator.mediaDevices || !navigator.mediaDevices.enumerateDevices) return;
  const devices = (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === "audioinput");
  const select = $("mic");
  const chosen = select.value || localStorage.getItem("studio-mic") || "";
  const options = [new Option("the browser's default", "")];
  devices.forEach((d, k) => {
    if (d.deviceId && d.deviceId !== "default") options.push(new Option(d.label || `microphone ${k + 1}`, d.deviceId));
  });
  select.replaceChildren(...options);
  select.value = options.some((o) => o.value === chosen) ? chosen : "";
}
window.addEventListener("beforeunload", (e) => {
  if (take || recording) e.preventDefault(); // an unsaved take: the browser asks first
});

// Where a key is text typed, not a command (no such field on the page today, but a key
// pressed on a checkbox or a button is a command). On the microphone chooser the arrows,
// Enter and Space choose, as they do in any list; a letter is still a command.
function typing(el, key) {
  if (el instanceof HTMLSelectElement) return ["ArrowUp", "ArrowDown", "Enter", " "].includes(key);
  if (el instanceof HTMLTextAreaElement) return true;
  if (el instanceof HTMLElement && el.isContentEditable) return true;
  return el instanceof HTMLInputElement && !["checkbox", "radio", "button", "range"].includes(el.type);
}

document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target, e.key)) return;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key; // Shift, Caps Lock: the same
  const act = {
    r: startRecording,
    s: stopRecording,
    p: playTake,
    g: () => current >= 0 && play(withToken(cuePath("guide", cues[current]))),
    u: undo,
    Enter: save,
    j: () => step(1),
    ArrowDown: () => step(1),
    k: () => step(-1),
    ArrowUp: () => step(-1),
  }[key];
  if (act) {
    e.preventDefault();
    act();
  }
});
setInterval(() => {
  if (framesState === "rendering" && !recording) {
    load().then(() => current >= 0 && showFrame(cues[current]));
  }
}, 5000);
load();
listMicrophones();
