// The replay viewer: a game record played through the server's engine, stepped move by move
// with every hand shown.
"use strict";

const TABLE = new URLSearchParams(location.search).get("table");
const TOKEN = new URLSearchParams(location.hash.slice(1)).get("seat");
let replay = null;
let handIndex = 0;
let step = 0;

function notice(text) {
  const box = document.getElementById("notice");
  box.classList.toggle("hidden", !text);
  box.textContent = text || "";
}

function show(data) {
  replay = data;
  document.getElementById("title").textContent =
    t("{game} ({rules} rules): {players}", {game: data.title, rules: data.rules, players: data.players.join(", ")});
  const select = clear(document.getElementById("hand"));
  data.hands.forEach((h, i) => select.appendChild(el("option", {value: String(i)}, t("Hand {n}", {n: h.number}))));
  document.getElementById("viewer").classList.toggle("hidden", !data.hands.length);
  if (!data.hands.length) notice(t("The record holds no finished hand yet."));
  handIndex = 0;
  step = 0;
  draw();
}

function draw() {
  const hand = replay.hands[handIndex];
  const frames = hand.frames;
  step = Math.max(0, Math.min(step, frames.length - 1));
  const frame = frames[step];
  const slider = document.getElementById("step");
  slider.max = String(frames.length - 1);
  slider.value = String(step);
  document.getElementById("hand").value = String(handIndex);
  document.getElementById("position").textContent = t("move {step} of {moves}", {step, moves: frames.length - 1});
  document.body.dataset.step = String(step);
  document.getElementById("said").textContent = frame.text;
  document.getElementById("detail").textContent = frame.detail.join(" ");
  drawTable(document.getElementById("line"), frame.line, {}, replay.players, new Set(), Math.max(240, window.innerHeight * 0.7));
  document.getElementById("count").textContent = frame.line.count || "";
  const list = clear(document.getElementById("hands"));
  replay.players.forEach((name, seat) => {
    const tiles = frame.hands[seat];
    list.appendChild(
      el("li", {class: frame.turn === seat ? "turn" : "", "data-seat": seat},
        el("span", {class: "name"}, name),
        el("span", {class: "tiles"}, tiles.length ? tiles.map((tile) => tileIcon(tile, 16)) : t("out")),
      ),
    );
  });
  const scores = replay.sides.map((s, i) => `${s}: ${frame.totals[i] + frame.scores[i]}`).join(", ");
  document.getElementById("scores").textContent = t("Score: {scores}; stock {stock}.", {scores, stock: frame.stock});
  document.getElementById("result").textContent = step === frames.length - 1 ? hand.result.join("\n") : "";
  showReview(hand.number);
}

/** The review of your moves in the hand shown (opened from your seat: its token came along). */
function showReview(number) {
  const box = document.getElementById("review-box");
  box.classList.toggle("hidden", !(TABLE && TOKEN));
  if (!(TABLE && TOKEN) || box.dataset.hand === String(number)) return;
  box.dataset.hand = String(number);
  box.open = false;
  const out = clear(document.getElementById("review"));
  box.ontoggle = async () => {
    if (!box.open || out.dataset.hand === String(number)) return;
    out.dataset.hand = String(number);
    out.appendChild(el("p", {class: "muted"}, t("Working out what each of your choices was worth…")));
    try {
      const review = await api(`/api/tables/${encodeURIComponent(TABLE)}/review/${number}`, {
        headers: {Authorization: `Bearer ${TOKEN}`},
      });
      clear(out).appendChild(reviewList(review));
    } catch (e) {
      delete out.dataset.hand;
      clear(out).appendChild(el("p", {class: "notice error"}, e.message));
    }
  };
}

function go(to) {
  if (!replay) return;
  step = to;
  draw();
}

async function loadTable(id) {
  try {
    show(await api(`/api/tables/${encodeURIComponent(id)}/replay`));
  } catch (e) {
    notice(e.message);
  }
}

async function loadFile(file) {
  notice(null);
  const text = await file.text();
  try {
    show(await api("/api/replay", {method: "POST", headers: {"Content-Type": "application/json"}, body: text}));
  } catch (e) {
    notice(e.message);
  }
}

function start() {
  document.getElementById("file").addEventListener("change", (event) => {
    const file = event.target.files[0];
    if (file) loadFile(file);
  });
  document.getElementById("hand").addEventListener("change", (event) => {
    handIndex = parseInt(event.target.value, 10);
    step = 0;
    draw();
  });
  document.getElementById("first").addEventListener("click", () => go(0));
  document.getElementById("prev").addEventListener("click", () => go(step - 1));
  document.getElementById("next").addEventListener("click", () => go(step + 1));
  document.getElementById("last").addEventListener("click", () => go(Infinity));
  document.getElementById("step").addEventListener("input", (event) => go(parseInt(event.target.value, 10)));
  document.addEventListener("keydown", (event) => {
    if (event.target.tagName === "INPUT" && event.target.type !== "range") return;
    if (event.key === "ArrowRight") go(step + 1);
    if (event.key === "ArrowLeft") go(step - 1);
  });
  if (TABLE) loadTable(TABLE);
}

document.addEventListener("DOMContentLoaded", start);
