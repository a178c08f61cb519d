// boneyard's leaderboard (/leaderboard?game=GAME): the best ratings of a game among those who
// played it rated lately, provisional ratings left off.
"use strict";

function chosenGame() {
  return new URLSearchParams(location.search).get("game") || "";
}

async function show(game) {
  const error = document.getElementById("board-error");
  error.classList.add("hidden");
  let board;
  try {
    board = await api(`/api/leaderboard/${encodeURIComponent(game)}`);
  } catch (e) {
    error.textContent = e.message;
    error.classList.remove("hidden");
    return;
  }
  const select = clear(document.getElementById("board-game"));
  for (const [id, title] of Object.entries(board.games)) {
    select.appendChild(el("option", {value: id, selected: id === board.game}, title));
  }
  document.getElementById("board-rule").textContent =
    t("Those who played a rated match of {game} in the last {days} days, after at least {games} rated matches.", {game: board.title, days: board.active_days, games: board.provisional_games});
  const body = clear(document.querySelector("#board tbody"));
  if (!board.players.length) body.appendChild(el("tr", {}, el("td", {colspan: 5, class: "muted"}, t("Nobody yet."))));
  for (const p of board.players) {
    body.appendChild(el("tr", {},
      el("td", {}, String(p.rank)),
      el("td", {}, el("a", {href: p.profile}, p.name)),
      el("td", {}, `${p.value} ± ${p.deviation}`),
      el("td", {}, String(p.games)),
      el("td", {}, String(p.wins))));
  }
}

async function start() {
  showWho(start);
  const select = document.getElementById("board-game");
  select.addEventListener("change", () => {
    history.replaceState(null, "", `/leaderboard?game=${encodeURIComponent(select.value)}`);
    show(select.value);
  });
  let game = chosenGame();
  if (!game) {
    const games = await api("/api/games");
    game = games.games[0].id;
  }
  show(game);
}

start();
