// boneyard's club tournaments: the list, a new one, and one tournament's page (its entrants,
// the round in play with a link to your seat, each round's tables and the standings after it).
"use strict";

function shown(id, text) {
  const box = document.getElementById(id);
  box.textContent = text || "";
  box.classList.toggle("hidden", !text);
}

function element(tag, text, attrs) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}

function button(text, action) {
  const b = element("button", text, {type: "button"});
  b.addEventListener("click", async () => {
    try {
      await action();
      shown("tournament-error", "");
    } catch (e) {
      shown("tournament-error", e.message);
    }
    await show();
  });
  return b;
}

async function showList() {
  const list = document.getElementById("tournament-list");
  list.replaceChildren();
  const found = await api("/api/tournaments");
  if (!found.length) list.append(element("li", t("none yet")));
  for (const tour of found) {
    const li = element("li");
    li.append(element("a", tour.name, {href: tour.url}));
    const format = tour.format === "swiss" ? t("Swiss") : t("Round robin");
    li.append(" — " + nt("{format}, {game}, {status}, {n} entrant", "{format}, {game}, {status}, {n} entrants", tour.entrants.length,
      {format: tour.duplicate ? t("{format}, duplicate", {format}) : format, game: tour.game, status: tourStatus(tour)}));
    list.append(li);
  }
}

/** Where a tournament is, in words. */
function tourStatus(tour) {
  if (tour.status === "playing") {
    return tour.rounds
      ? t("round {n} of {rounds} in play", {n: tour.round, rounds: tour.rounds})
      : t("round {n} in play", {n: tour.round});
  }
  return {open: t("open: join before it starts"), starting: t("starting"), over: pt("status", "over"),
    closed: pt("status", "closed")}[tour.status] || tour.status;
}

function table(headings, rows) {
  const t = element("table");
  const head = element("tr");
  for (const h of headings) head.append(element("th", h));
  t.append(head);
  for (const row of rows) {
    const tr = element("tr");
    for (const cell of row) tr.append(cell instanceof Node ? element("td").appendChild(cell).parentNode : element("td", String(cell)));
    t.append(tr);
  }
  return t;
}

async function showOne(id) {
  const tour = await api(`/api/tournaments/${id}`);
  document.getElementById("t-name").textContent = tour.name;
  const format = tour.format === "swiss" ? t("Swiss") : t("Round robin");
  const game = (GAMES.find((g) => g.id === tour.game) || {title: tour.game}).title;
  document.getElementById("t-about").textContent = [
    tour.duplicate ? t("{format}, duplicate deals", {format}) : format,
    t("{game} ({rules} rules, {players} players)", {game, rules: tour.rules, players: tour.players}),
    nt("{n} board a round", "{n} boards a round", tour.boards),
    tour.rounds ? nt("{n} round", "{n} rounds", tour.rounds) : null,
    tourStatus(tour),
    t("made by {name}.", {name: tour.creator}),
  ].filter(Boolean).join(" · ") + " " + t("Standings: {order}.", {order: tour.tie_breaks.join(t(", then "))});
  document.getElementById("t-entrants").textContent = t("Entrants: {names}", {names: tour.entrants.join(", ") || t("none yet")});
  const actions = document.getElementById("t-actions");
  actions.replaceChildren();
  if (tour.status === "open") {
    actions.append(tour.you.entrant
      ? button(t("Leave"), () => postJSON(`/api/tournaments/${id}/leave`, {}))
      : button(t("Join"), () => postJSON(`/api/tournaments/${id}/join`, {})));
    if (tour.you.creator) actions.append(" ", button(t("Start"), () => postJSON(`/api/tournaments/${id}/start`, {})));
  }
  if (tour.you.creator && ["open", "starting", "playing"].includes(tour.status)) {
    actions.append(" ", button(t("Close"), () => postJSON(`/api/tournaments/${id}/close`, {})));
  }
  const seat = document.getElementById("t-seat");
  seat.replaceChildren();
  if (tour.you.playing) {
    seat.append(button(t("Take your seat of this round"), async () => {
      const link = await postJSON(`/api/tournaments/${id}/seat`, {});
      window.location.href = link.invite;
    }));
  }
  const playing = document.getElementById("t-playing");
  playing.replaceChildren();
  playing.classList.toggle("hidden", !tour.playing);
  if (tour.playing) {
    playing.append(element("h3", t("Round {n} in play", {n: tour.playing.round})));
    playing.append(table([t("Table"), t("Side 1"), t("Side 2")],
      tour.playing.tables.map((x) => [x.number + 1, x.sides[0], x.sides[1]])));
    if (tour.playing.byes.length) playing.append(element("p", t("Bye: {names}", {names: tour.playing.byes.join(", ")})));
  }
  const results = document.getElementById("t-results");
  results.replaceChildren();
  for (const r of [...tour.results].reverse()) {
    const panel = element("div", undefined, {class: "panel"});
    panel.append(element("h3", t("After round {n}", {n: r.round})));
    panel.append(table(["", t("Name"), t("Match points"), t("Buchholz"), t("Score"), t("Head to head")],
      r.standings.map((s) => [s.rank, s.name, s.match_points, s.buchholz, s.score, s.head_to_head])));
    panel.append(table([t("Table"), t("Sides"), t("Boards"), t("Duplicate"), t("Result")], r.tables.map((x) => [
      element("a", String(x.number + 1), {href: `/t/${x.table_id}`}),
      x.sides.join(t(" v ")),
      x.boards.map((b) => (b ? b.join("–") : "—")).join(", "),
      x.duplicate ? x.duplicate.map((b) => (b ? b.map((v) => v.toFixed(1)).join(" / ") : "—")).join(", ") : "",
      x.match_points.join("–"),
    ])));
    if (r.byes.length) panel.append(element("p", t("Bye: {names}", {names: r.byes.join(", ")})));
    results.append(panel);
  }
}

async function show() {
  await showWho(show);
  const id = window.location.hash.slice(1);
  document.getElementById("listing").classList.toggle("hidden", Boolean(id));
  document.getElementById("one").classList.toggle("hidden", !id);
  try {
    if (id) await showOne(id);
    else await showList();
  } catch (e) {
    shown("tournament-error", e.message);
  }
}

document.getElementById("new-tournament").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const body = {
    name: form.get("name"),
    game: form.get("game"),
    rules: form.get("rules") || null,
    players: Number(form.get("players")) || null,
    format: form.get("format"),
    rounds: Number(form.get("rounds")),
    boards: Number(form.get("boards")),
    duplicate: form.get("duplicate") === "on",
    rated: form.get("rated") === "on",
  };
  try {
    const made = await postJSON("/api/tournaments", body);
    window.location.hash = String(made.id);
  } catch (e) {
    shown("tournament-error", e.message);
  }
});
// The game, rule set and players chosen from the server's games (a tournament's tables are of
// two sides: two players, or two partnerships of two).
let GAMES = [];

function fillSelect(select, items) {
  select.replaceChildren(...items.map(([value, text]) => element("option", text, {value})));
}

function chosenGame() {
  const id = document.getElementById("t-game").value;
  return GAMES.find((g) => g.id === id);
}

function showRuleSet() {
  const game = chosenGame();
  const set = game.rule_sets.find((r) => r.name === document.getElementById("t-rules").value);
  const counts = [2, 4].filter((n) => n >= game.players.min && n <= game.players.max);
  const players = document.getElementById("t-players");
  const before = Number(players.value) || (set ? set.players : 2);
  fillSelect(players, counts.map((n) => [String(n), n === 4 ? t("4 (two partnerships)") : "2"]));
  if (counts.includes(before)) players.value = String(before);
  document.getElementById("t-game-about").textContent = set ? set.description : game.summary;
}

function showGame() {
  const game = chosenGame();
  fillSelect(document.getElementById("t-rules"), game.rule_sets.map(
    (r) => [r.name, r.default ? t("{name} (default)", {name: r.name}) : r.name]));
  showRuleSet();
}

async function loadGames() {
  GAMES = (await api("/api/games")).games;
  fillSelect(document.getElementById("t-game"), GAMES.map((g) => [g.id, g.title]));
  showGame();
}

document.getElementById("t-game").addEventListener("change", showGame);
document.getElementById("t-rules").addEventListener("change", showRuleSet);
window.addEventListener("hashchange", show);
loadGames().catch((e) => shown("tournament-error", e.message)).finally(show);
