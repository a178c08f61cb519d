// The lobby: make a table (game, rule set, players, seats, target, options), hand out its invite
// links, and list the tables in play and the recent ones.
"use strict";

let GAMES = [];
let LEVELS = [];
let LEVEL_NAMES = {};  // a plug-in's short name, by level
let LEVEL_RATINGS = {};  // each measured game's levels' ratings (docs/ai.md)
let CLOCK = 60;  // the server's turn clock where several people play

function selectedGame() {
  return GAMES.find((g) => g.id === document.getElementById("game").value);
}

function selectedRuleSet() {
  const game = selectedGame();
  const name = document.getElementById("rules").value;
  return game.rule_sets.find((r) => r.name === name) || game.rule_sets[0];
}

function option(value, text, selected) {
  return el("option", {value, selected: selected || null}, text);
}

function fillGames() {
  const select = document.getElementById("game");
  clear(select);
  for (const g of GAMES) select.appendChild(option(g.id, g.title, g.id === "block"));
  fillRuleSets();
}

function fillRuleSets() {
  const game = selectedGame();
  document.getElementById("game-summary").textContent = game.summary;
  const select = document.getElementById("rules");
  clear(select);
  for (const r of game.rule_sets) select.appendChild(option(r.name, r.default ? t("{name} (default)", {name: r.name}) : r.name, r.default));
  fillRuleSet();
}

function fillRuleSet() {
  const game = selectedGame();
  const rs = selectedRuleSet();
  document.getElementById("rules-description").textContent = rs.description;
  const players = document.getElementById("players");
  clear(players);
  for (let n = game.players.min; n <= game.players.max; n++) {
    players.appendChild(option(String(n), String(n), n === rs.players));
  }
  const target = rs.options.find((o) => o.name === "target_score");
  const input = document.getElementById("target");
  input.value = "";
  input.placeholder = target ? String(target.value) : "";
  const box = clear(document.getElementById("options"));
  for (const o of rs.options) {
    if (o.name === "target_score") continue;
    const value = typeof o.value === "object" ? Object.entries(o.value).map(([k, v]) => `${k}:${v}`).join(",") : String(o.value);
    const title = o.title || optionTitle(o.name);
    const attrs = {name: "option", "data-option": o.name, "data-default": value, "aria-label": title};
    // An option with a few values is a menu; any other is typed (its allowed values said below).
    const field = o.choices
      ? el("select", attrs, o.choices.map((c) => option(c, c.replaceAll("_", " "), c === value)))
      : el("input", {...attrs, value, placeholder: o.allowed});
    box.appendChild(
      el("div", {class: "option", "data-option-row": o.name},
        el("label", {}, el("span", {class: "option-title"}, title), field),
        el("p", {class: "option-help"}, capitalised(o.help) + ".",
          typeof o.value === "object" ? " " + t("Now: {value}.", {value: valueWords(o.value)}) : "",
          o.choices ? "" : ` (${o.allowed})`),
      ),
    );
  }
  fillSeats();
}

/** An option's name in words: "hand_size" is "Hand size". */
function optionTitle(name) {
  return capitalised(name.replaceAll("_", " "));
}

function capitalised(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** A value per number of players in words: {2: 9, 3: 7} is "9 with 2 players, 7 with 3". */
function valueWords(value) {
  return Object.entries(value).map(([k, v], i) =>
    i === 0 ? t("{value} with {n} players", {value: v, n: k}) : t("{value} with {n}", {value: v, n: k})).join(", ");
}

function fillSeats() {
  const n = parseInt(document.getElementById("players").value, 10);
  const box = clear(document.getElementById("seats"));
  for (let s = 0; s < n; s++) {
    const kind = el("select", {class: "kind", "data-seat": s, "aria-label": t("seat {n}", {n: s + 1})},
      option("person", s === 0 ? t("You") : t("A friend"), s === 0),
      option("computer", t("Computer"), s !== 0),
    );
    const level = el("select", {class: "level", "aria-label": t("seat {n}: level", {n: s + 1})});
    for (const l of LEVELS) {
      const item = option(l, levelText(l, selectedGame().id), l === "casual");
      item.title = l;
      level.appendChild(item);
    }
    const name = el("input", {class: "name", placeholder: s === 0 ? t("your name") : t("name"), maxlength: 24, "aria-label": t("seat {n}: name", {n: s + 1})});
    const row = el("div", {class: "seat-row"}, el("span", {}, t("Seat {n}", {n: s + 1})), kind, level, name);
    const sync = () => {
      level.classList.toggle("hidden", kind.value !== "computer");
      name.classList.toggle("hidden", kind.value !== "person");
    };
    kind.addEventListener("change", sync);
    sync();
    box.appendChild(row);
  }
}

/** A level as the seat's list shows it: with its measured rating in the game, or, in a game not
 * measured, in two-player Block ("casual (rating about 1,240)"). */
function levelText(level, game) {
  const name = LEVEL_NAMES[level] || level;
  const own = LEVEL_RATINGS[game];
  const rating = (own || LEVEL_RATINGS.block || {})[level];
  if (rating === undefined) return name;
  let number = String(rating);
  try {
    number = rating.toLocaleString(LANGUAGE);
  } catch (e) { /* the plain number */ }
  const values = {level: name, rating: number};
  return own ? t("{level} (rating about {rating})", values) : t("{level} (rating about {rating} in two-player Block)", values);
}

async function create(event) {
  event.preventDefault();
  const errorBox = document.getElementById("create-error");
  errorBox.classList.add("hidden");
  const seats = [];
  for (const row of document.querySelectorAll("#seats .seat-row")) {
    const kind = row.querySelector(".kind").value;
    const seat = {kind};
    if (kind === "computer") seat.level = row.querySelector(".level").value;
    const name = row.querySelector(".name").value.trim();
    if (kind === "person" && name) seat.name = name;
    seats.push(seat);
  }
  const options = {};
  for (const input of document.querySelectorAll("#options [data-option]")) {
    if (input.value.trim() !== input.dataset.default) options[input.dataset.option] = input.value.trim();
  }
  const body = {
    game: document.getElementById("game").value,
    rules: document.getElementById("rules").value,
    options,
    seats,
    practice: document.getElementById("practice").checked,
    private: document.getElementById("private").checked,
  };
  const clock = document.getElementById("clock").value;
  if (clock !== "") body.clock = parseInt(clock, 10);
  const target = document.getElementById("target").value;
  if (target) body.target = parseInt(target, 10);
  const button = document.getElementById("create-button");
  button.disabled = true;
  try {
    const made = await postJSON("/api/tables", body);
    showCreated(made);
    refresh();
  } catch (e) {
    errorBox.textContent = e.message;
    errorBox.classList.remove("hidden");
  } finally {
    button.disabled = false;
  }
}

function showCreated(made) {
  // The invite links stay in this browser, so that the table page can show them again.
  // So does the creator's key, with which the table page reissues a seat's link, frees a seat or
  // closes the table.
  try {
    localStorage.setItem(`boneyard:invites:${made.id}`, JSON.stringify(made.seats));
    localStorage.setItem(`boneyard:creator:${made.id}`, made.creator_token);
  } catch (e) { /* private browsing: fine */ }
  const list = clear(document.getElementById("invites"));
  for (const s of made.seats) {
    if (!s.invite) continue;
    const link = new URL(s.invite, location.href).href;
    const input = el("input", {readonly: true, value: link, "data-seat": s.seat, "aria-label": t("invite link of seat {n}", {n: s.seat + 1})});
    const copy = el("button", {type: "button", onclick: () => { input.select(); navigator.clipboard && navigator.clipboard.writeText(link); }}, t("Copy"));
    list.appendChild(el("li", {}, t("Seat {n} ({name}):", {n: s.seat + 1, name: s.name}), " ", input, " ", copy));
  }
  const first = made.seats.find((s) => s.invite);
  const go = document.getElementById("go");
  go.href = first ? first.invite : made.url;
  go.textContent = first ? t("Sit down at seat {n}", {n: first.seat + 1}) : t("Watch the table");
  document.getElementById("created").classList.remove("hidden");
}

function seatsText(table) {
  return table.seats.map((s) => s.kind === "computer" ? t("{name} (computer, {level})", {name: s.name, level: levelWords(s.level)}) : s.name).join(", ");
}

async function refresh() {
  let listing;
  try {
    listing = await api("/api/tables");
  } catch (e) {
    return;
  }
  const open = clear(document.querySelector("#open-tables tbody"));
  if (!listing.open.length) open.appendChild(el("tr", {}, el("td", {colspan: 5, class: "muted"}, t("None yet."))));
  for (const table of listing.open) {
    const free = table.seats.filter((s) => s.kind === "person" && !s.joined).length;
    open.appendChild(el("tr", {"data-table": table.id},
      el("td", {}, `${table.title} (${table.rules})`, table.practice ? ` · ${t("practice")}` : ""),
      el("td", {}, seatsText(table), free ? ` · ${nt("{n} seat waiting", "{n} seats waiting", free)}` : ""),
      el("td", {}, String(table.hand)),
      el("td", {}, statusWords(table.status)),
      el("td", {}, el("a", {href: table.url}, t("Watch"))),
    ));
  }
  const recent = clear(document.querySelector("#recent-tables tbody"));
  if (!listing.recent.length) recent.appendChild(el("tr", {}, el("td", {colspan: 4, class: "muted"}, t("None yet."))));
  for (const table of listing.recent) {
    recent.appendChild(el("tr", {"data-table": table.id},
      el("td", {}, `${table.title} (${table.rules})`),
      el("td", {}, seatsText(table)),
      el("td", {}, table.winner || ""),
      el("td", {},
        el("a", {href: `/replay?table=${encodeURIComponent(table.id)}`}, pt("verb", "Replay")), " · ",
        el("a", {href: `/api/tables/${encodeURIComponent(table.id)}/record`, download: `boneyard-${table.id}.json`}, t("Record")),
      ),
    ));
  }
}

async function start() {
  const body = await api("/api/games");
  GAMES = body.games;
  LEVELS = body.levels;
  LEVEL_NAMES = body.level_names || {};
  LEVEL_RATINGS = body.level_ratings || {};
  CLOCK = body.clock;
  document.getElementById("clock-help").textContent =
    t("(empty: {clock} s where several people play, none for one person against the computer; past it, a computer plays for an absent person until he is back; 0 for none)", {clock: CLOCK});
  fillGames();
  document.getElementById("game").addEventListener("change", fillRuleSets);
  document.getElementById("rules").addEventListener("change", fillRuleSet);
  document.getElementById("players").addEventListener("change", fillSeats);
  document.getElementById("create").addEventListener("submit", create);
  showWho();
  refresh();
  setInterval(refresh, 5000);
}

document.addEventListener("DOMContentLoaded", start);
