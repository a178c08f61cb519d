// Quick pairing in the lobby: "Play now" (a seek: game, rule set, players, rated or casual, turn
// clock, target, computers after N seconds), the wait (its time and the rating range, which
// widens), cancel, and the table once seated; the open seeks listed, each with a Join button.
// Its own script beside lobby.js: it reads the games itself and keeps to its own section.
"use strict";

const PAIRING = {games: [], seek: null, timer: null};

function pairingGame() {
  return PAIRING.games.find((g) => g.id === document.getElementById("seek-game").value);
}

function pairingOption(value, text, selected) {
  return el("option", {value, selected: selected || null}, text);
}

function pairingRuleSets() {
  const game = pairingGame();
  const rules = clear(document.getElementById("seek-rules"));
  for (const r of game.rule_sets) rules.appendChild(pairingOption(r.name, r.default ? t("{name} (default)", {name: r.name}) : r.name, r.default));
  pairingPlayers();
}

function pairingPlayers() {
  const game = pairingGame();
  const name = document.getElementById("seek-rules").value;
  const rs = game.rule_sets.find((r) => r.name === name) || game.rule_sets[0];
  const players = clear(document.getElementById("seek-players"));
  for (let n = game.players.min; n <= game.players.max; n++) players.appendChild(pairingOption(String(n), String(n), n === rs.players));
  const target = rs.options.find((o) => o.name === "target_score");
  document.getElementById("seek-target").placeholder = target ? String(target.value) : "";
}

function pairingRated() {
  const rated = document.getElementById("seek-rated").checked;
  document.getElementById("seek-fill-row").classList.toggle("hidden", rated);
}

function seekHeaders(seek) {
  return {Authorization: `Bearer ${seek.key}`};
}

function numberOf(id) {
  const value = document.getElementById(id).value.trim();
  return value === "" ? null : parseInt(value, 10);
}

async function playNow(event) {
  event.preventDefault();
  const box = document.getElementById("seek-error");
  box.classList.add("hidden");
  const body = {
    game: document.getElementById("seek-game").value,
    rules: document.getElementById("seek-rules").value,
    players: parseInt(document.getElementById("seek-players").value, 10),
    rated: document.getElementById("seek-rated").checked,
    clock: numberOf("seek-clock"),
    target: numberOf("seek-target"),
    fill_after: document.getElementById("seek-rated").checked ? null : numberOf("seek-fill"),
  };
  const name = document.getElementById("seek-name").value.trim();
  if (name) body.name = name;
  try {
    waitFor(await postJSON("/api/seeks", body));
  } catch (e) {
    box.textContent = e.message;
    box.classList.remove("hidden");
  }
}

async function joinSeek(id) {
  const box = document.getElementById("seek-error");
  box.classList.add("hidden");
  const name = document.getElementById("seek-name").value.trim();
  try {
    waitFor(await postJSON(`/api/seeks/${encodeURIComponent(id)}/join`, name ? {name} : {}));
  } catch (e) {
    box.textContent = e.message;
    box.classList.remove("hidden");
  }
}

function waitFor(made) {
  PAIRING.seek = {id: made.id, key: made.key};
  document.getElementById("play-now").classList.add("hidden");
  document.getElementById("seeking").classList.remove("hidden");
  showSeek(made);
  clearInterval(PAIRING.timer);
  PAIRING.timer = setInterval(pollSeek, 1000);
}

function showSeek(s) {
  if (s.status === "seated" && s.url && s.url.includes("#seat=")) {
    clearInterval(PAIRING.timer);
    PAIRING.seek = null;
    document.getElementById("seek-status").textContent = t("Seated: to the table…");
    location.assign(s.url);
    return;
  }
  if (s.status !== "open" && s.status !== "pairing") {
    const ended = {expired: t("Your seek has expired."), cancelled: t("Your seek was cancelled.")}[s.status];
    stopWaiting(s.status === "seated" ? t("You were seated: see your account's tables.") : ended || t("Your seek has {status}.", {status: s.status}));
    return;
  }
  const range = `${Math.round(s.range[0])}–${Math.round(s.range[1])}`;
  const values = {waited: Math.floor(s.waited), players: s.players, game: s.game, rules: s.rules, rating: Math.round(s.rating), range, fill: s.fill_after};
  const rated = s.rated
    ? t("Waiting {waited} s for {players} players of {game} ({rules}, rated); your rating {rating}, pairing with {range}", values)
    : t("Waiting {waited} s for {players} players of {game} ({rules}, casual); your rating {rating}, pairing with {range}", values);
  document.getElementById("seek-status").textContent =
    rated + (s.fill_after !== null ? t("; computers fill the empty seats after {fill} s", values) : "");
}

async function pollSeek() {
  const seek = PAIRING.seek;
  if (!seek) return;
  try {
    showSeek(await api(`/api/seeks/${encodeURIComponent(seek.id)}`, {headers: seekHeaders(seek)}));
  } catch (e) {
    document.getElementById("seek-status").textContent = t("Waiting… ({error})", {error: e.message});
  }
}

function stopWaiting(why) {
  clearInterval(PAIRING.timer);
  PAIRING.seek = null;
  document.getElementById("seeking").classList.add("hidden");
  document.getElementById("play-now").classList.remove("hidden");
  const box = document.getElementById("seek-error");
  box.textContent = why || "";
  box.classList.toggle("hidden", !why);
  refreshSeeks();
}

async function cancelSeek() {
  const seek = PAIRING.seek;
  if (!seek) return;
  try {
    await api(`/api/seeks/${encodeURIComponent(seek.id)}`, {method: "DELETE", headers: seekHeaders(seek)});
    stopWaiting("");
  } catch (e) {
    pollSeek();  // seated meanwhile: the poll takes the page to the table
  }
}

function leaving() {
  // The seek ends with the page (a seek whose page is gone would also expire, in 45 s).
  const seek = PAIRING.seek;
  if (!seek) return;
  fetch(`/api/seeks/${encodeURIComponent(seek.id)}`, {
    method: "DELETE", headers: seekHeaders(seek), keepalive: true, referrerPolicy: "same-origin",
  });
}

async function refreshSeeks() {
  let listed;
  try {
    listed = await api("/api/seeks");
  } catch (e) {
    return;
  }
  const body = clear(document.querySelector("#open-seeks tbody"));
  if (!listed.length) body.appendChild(el("tr", {}, el("td", {colspan: 4, class: "muted"}, t("Nobody is waiting."))));
  for (const s of listed) {
    const mine = PAIRING.seek && PAIRING.seek.id === s.id;
    const join = el("button", {type: "button", class: "join", disabled: mine || PAIRING.seek ? true : null}, t("Join"));
    join.addEventListener("click", () => joinSeek(s.id));
    body.appendChild(el("tr", {"data-seek": s.id},
      el("td", {}, t("{game} ({rules}), {players} players", {game: s.title, rules: s.rules, players: s.players}), s.rated ? ` · ${t("rated")}` : ` · ${t("casual")}`),
      el("td", {}, `${s.name} (${Math.round(s.rating)})`),
      el("td", {}, `${Math.floor(s.waited)} s`),
      el("td", {}, join),
    ));
  }
}

async function startPairing() {
  if (!document.getElementById("play-now")) return;
  const body = await api("/api/games");
  PAIRING.games = body.games;
  const games = clear(document.getElementById("seek-game"));
  for (const g of PAIRING.games) games.appendChild(pairingOption(g.id, g.title, g.id === PAIRING.games[0].id));
  pairingRuleSets();
  document.getElementById("seek-game").addEventListener("change", pairingRuleSets);
  document.getElementById("seek-rules").addEventListener("change", pairingPlayers);
  document.getElementById("seek-rated").addEventListener("change", pairingRated);
  document.getElementById("play-now").addEventListener("submit", playNow);
  document.getElementById("seek-cancel").addEventListener("click", cancelSeek);
  window.addEventListener("pagehide", leaving);
  pairingRated();
  refreshSeeks();
  setInterval(refreshSeeks, 3000);
}

document.addEventListener("DOMContentLoaded", startPairing);
