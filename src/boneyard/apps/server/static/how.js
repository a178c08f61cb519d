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
  document.title = `boneyard: how to play ${how.title}`;
  document.getElementById("title").textContent = `How to play ${how.title}`;
  document.getElementById("summary").textContent = how.summary;
  document.getElementById("goal").textContent = how.goal;
  const select = clear(document.getElementById("rules"));
  for (const rs of how.rule_sets) select.appendChild(el("option", {value: rs.name, selected: rs.name === how.rules || null}, rs.name));
  const chosen = how.rule_sets.find((rs) => rs.name === how.rules);
  document.getElementById("rules-description").textContent = chosen ? chosen.description : "";
  document.getElementById("players").textContent =
    how.players.min === how.players.max ? `${how.players.min} players` : `${how.players.min} to ${how.players.max} players`;
  fill(document.getElementById("intro"), how.intro);
  document.getElementById("intro-box").classList.toggle("hidden", !how.intro.length);
  fill(document.getElementById("help"), how.help);
  document.getElementById("example-words").textContent =
    `The first ${how.example.moves} moves of a hand between ${how.example.names.length} computer players.`;
  drawTable(document.getElementById("line"), how.example.line, {}, how.example.names, new Set(), Infinity);
  const options = clear(document.getElementById("options"));
  for (const o of how.options) {
    options.appendChild(el("dt", {}, capitalised(o.name.replaceAll("_", " "))));
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
