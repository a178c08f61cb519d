// How to play a game: its words from the server (the game's own summary, goal, rules and help),
// and a table of its first moves drawn as the table page draws it.
"use strict";

const GAME = decodeURIComponent(location.pathname.split("/").pop());

function fill(list, lines) {
  clear(list);
  for (const line of lines) list.appendChild(el("li", {}, line));
  return list;
}

async function load(rules) {
  let how;
  try {
    how = await api(`/api/how/${encodeURIComponent(GAME)}` + (rules ? `?rules=${encodeURIComponent(rules)}` : ""));
  } catch (e) {
    const box = document.getElementById("notice");
    box.textContent = e.message;
    box.classList.remove("hidden");
    return;
  }
  document.title = t("boneyard: how to play {game}", {game: how.title});
  document.getElementById("title").textContent = t("How to play {game}", {game: how.title});
  document.getElementById("summary").textContent = how.summary;
  document.getElementById("goal").textContent = how.goal;
  const select = clear(document.getElementById("rules"));
  for (const rs of how.rule_sets) select.appendChild(el("option", {value: rs.name, selected: rs.name === how.rules || null}, rs.name));
  const chosen = how.rule_sets.find((rs) => rs.name === how.rules);
  document.getElementById("rules-description").textContent = chosen ? chosen.description : "";
  document.getElementById("players").textContent =
    how.players.min === how.players.max
      ? nt("{n} player", "{n} players", how.players.min)
      : t("{min} to {max} players", {min: how.players.min, max: how.players.max});
  fill(document.getElementById("intro"), how.intro);
  document.getElementById("intro-box").classList.toggle("hidden", !how.intro.length);
  fill(document.getElementById("help"), how.help);
  document.getElementById("example-words").textContent =
    nt("The first move of a hand between {players} computer players.", "The first {n} moves of a hand between {players} computer players.", how.example.moves, {players: how.example.names.length});
  drawTable(document.getElementById("line"), how.example.line, {}, how.example.names, new Set(), Infinity);
  const options = clear(document.getElementById("options"));
  for (const o of how.options) {
    options.appendChild(el("dt", {}, o.title || capitalised(o.name.replaceAll("_", " "))));
    options.appendChild(el("dd", {}, `${capitalised(o.help)}.`));
  }
}

function capitalised(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function start() {
  const rules = new URLSearchParams(location.search).get("rules");
  document.getElementById("rules").addEventListener("change", (event) => {
    history.replaceState(null, "", `?rules=${encodeURIComponent(event.target.value)}`);
    load(event.target.value);
  });
  load(rules);
}

document.addEventListener("DOMContentLoaded", start);
