// A table: one websocket, a `state` after every change, and the page drawn from it. The seat's
// token comes from the invite link's fragment (#seat=TOKEN), which the browser never sends to the
// server in a request; without one, the page watches as a spectator.
"use strict";

const TABLE = decodeURIComponent(location.pathname.split("/").pop());
const TOKEN = new URLSearchParams(location.hash.slice(1)).get("seat");

let socket = null;
let state = null;
let role = null;
let selected = null;      // the tile chosen in the hand, when it may go to several ends
let chosen = [];          // moves picked out in the list (several ways to lay a tile at one end)
let hints = null;         // the last hint, for this position
let beliefs = null;       // who may hold each unseen tile, for this position
let nextId = 1;
let backoff = 500;
let stopped = false;      // this seat was opened in another window: do not take it back by itself
let renameTo = null;
let onTable = new Set();  // the tiles on the table in the last state (to find the last move's)
let fresh = new Set();    // the tiles the last move put on the table
let arriving = false;     // the last move came with this state: its tiles move into place
let clockAt = 0;          // when the last state came (its clock_left counts from then)
let wasMine = false;      // whether it was this seat's turn in the last state
let askedRematch = false; // this page asked for the rematch: it goes there when it is made

// The page's settings, kept in this browser.
function setting(name, fallback) {
  try {
    const value = localStorage.getItem(`boneyard:${name}`);
    return value === null ? fallback : value === "true";
  } catch (e) {
    return fallback;
  }
}

function keep(name, value) {
  try {
    localStorage.setItem(`boneyard:${name}`, String(value));
  } catch (e) { /* private browsing: fine */ }
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify({v: 1, id: nextId++, ...message}));
  }
}

function setConn(stateName, text) {
  const conn = document.getElementById("conn");
  conn.dataset.state = stateName;
  conn.textContent = text || stateName;
  document.body.dataset.conn = stateName;
}

function notice(text, kind) {
  const box = document.getElementById("notice");
  if (!text) {
    box.classList.add("hidden");
    return;
  }
  box.className = `notice ${kind || "error"}`;
  box.textContent = text;
}

function connect() {
  if (stopped) return;
  setConn("connecting", t("connecting…"));
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(TABLE)}`);
  socket.addEventListener("open", () => {
    backoff = 500;
    const hello = {type: "hello"};
    if (TOKEN) hello.token = TOKEN;
    if (renameTo) hello.name = renameTo;
    renameTo = null;
    send(hello);
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    if (stopped) {
      setConn("closed", t("playing elsewhere"));
      return;
    }
    setConn("closed", t("reconnecting…"));
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 5000);
  });
}

function receive(message) {
  switch (message.type) {
    case "welcome":
      role = message.role;
      setConn("open", t("connected"));
      document.getElementById("role").textContent =
        role === "spectator" ? t("watching") : t("seat {n}", {n: message.seat + 1});
      notice(null);
      break;
    case "state": {
      const moved = !state || state.hand !== message.hand || state.move !== message.move;
      if (moved) {
        selected = null;
        chosen = [];
        hints = null;
        beliefs = null;
      }
      const now = tilesOnTable(message.line);
      if (state && state.hand === message.hand && moved) {
        fresh = new Set([...now].filter((t) => !onTable.has(t)));
        arriving = fresh.size > 0;
      } else if (!state || state.hand !== message.hand) {
        fresh = new Set();
        arriving = false;
      } else {
        arriving = false;
      }
      onTable = now;
      clockAt = performance.now();
      if (state && setting("sound", false)) {
        if (state.hand !== message.hand) tileSound("shuffle");
        else if (arriving) tileSound("lay");
        else if (moved && message.stock < state.stock) tileSound("draw");
      }
      if (askedRematch && message.rematch && TOKEN) {
        location.assign(`/t/${encodeURIComponent(message.rematch)}#seat=${encodeURIComponent(TOKEN)}`);
        return;
      }
      state = message;
      render();
      arriving = false;  // a later drawing (a resize) keeps the highlight, not the movement
      alertTurn();
      break;
    }
    case "chat":
      if (state) {
        state.chat.push(message);
        renderChat();
      }
      break;
    case "hint":
      if (state && message.hand === state.hand && message.move === state.move + 1) {
        hints = message.moves;
        renderHand();
      }
      break;
    case "beliefs":
      if (state && message.hand === state.hand && message.move === state.move + 1) {
        beliefs = message;
        renderBeliefs();
      }
      break;
    case "error":
      if (message.code === "replaced") {
        stopped = true;
        notice(t("This seat was opened in another window. Reload this page to play here again."));
      } else if (message.code === "no_table") {
        stopped = true;
        notice(t("There is no such table."));
      } else if (message.code === "revoked" || message.code === "freed") {
        stopped = true;
        notice(message.message);
      } else if (message.code === "bad_token") {
        notice(t("This invite link is not valid for this table: you are watching."), "info");
        send({type: "hello"});
      } else if (message.code !== "stale") {
        notice(message.message);
      }
      break;
    default:
      break;
  }
}

// ------------------------------------------------------------------------- moves
function mine() {
  return state && state.seat !== null && state.status === "playing" && state.turn === state.seat;
}

/** Whether every move offered takes a tile out of play rather than laying it (a discard): the
 * hand's tiles are then clicked to throw them out. */
function discarding() {
  return mine() && state.moves.length > 0 && state.moves.every((m) => m.tile && m.action.kind !== "play");
}

function sendMove(move) {
  // The move goes back as the server offered it: its kind and its notation (a claim is written
  // after a play's notation, "6-4 R 15").
  const action = {...move.action};
  if (state.claims && action.kind === "play") {
    const claim = document.getElementById("claim").value.trim();
    if (claim !== "") action.notation = `${action.notation} ${claim}`;
  }
  notice(null);
  send({type: "move", action, hand: state.hand, seen: state.move});
  selected = null;
  chosen = [];
  document.getElementById("claim").value = "";
}

// The moves that take a tile from the hand (a play, a discard) name it: the server says which.
function movesOfTile(tile) {
  return state.moves.filter((m) => m.tile !== null && samePlay(m.tile, tile));
}

function samePlay(a, b) {
  const [x, y] = tileNumbers(a);
  const [p, q] = tileNumbers(b);
  return (x === p && y === q) || (x === q && y === p);
}

function chooseTile(tile) {
  const moves = movesOfTile(tile);
  if (!moves.length) return;
  const ends = new Set(moves.map((m) => m.end));
  if (moves.length === 1 || (ends.size === 1 && ends.has(null) && !state.claims)) {
    // One move, or a lead (either way round is the same lead): play it.
    sendMove(moves[0]);
    return;
  }
  selected = selected === tile ? null : tile;
  chosen = [];
  render();
}

function chooseEnd(end) {
  const moves = movesOfTile(selected).filter((m) => m.end === end);
  if (moves.length === 1) {
    sendMove(moves[0]);
  } else {
    chosen = moves;
    renderMoves();
  }
}

// ------------------------------------------------------------------------- dragging
// A tile of the hand may be dragged onto an end (mouse, pen or touch: Pointer Events): as it
// moves, the ends that take it are lit, the one under it the most; let go there, it is played.
let drag = null;
let dragged = false;  // the click that ends a drag is no click

function startDrag(event, tile) {
  if (!mine() || event.button > 0) return;
  const button = event.currentTarget;
  drag = {tile, button, x: event.clientX, y: event.clientY, ghost: null, hot: null, id: event.pointerId};
  button.setPointerCapture(event.pointerId);
  button.addEventListener("pointermove", moveDrag);
  button.addEventListener("pointerup", endDrag);
  button.addEventListener("pointercancel", endDrag);
}

function moveDrag(event) {
  if (!drag || event.pointerId !== drag.id) return;
  if (!drag.ghost) {
    if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 8) return;
    // The drag begins: the tile's ends are lit.
    const moves = movesOfTile(drag.tile);
    if (!moves.length) return;
    selected = drag.tile;
    chosen = [];
    renderLine();
    renderMoves();
    drag.ghost = drag.button.querySelector("svg").cloneNode(true);
    drag.ghost.classList.add("drag-ghost");
    document.body.appendChild(drag.ghost);
    drag.button.classList.add("dragging");
  }
  const box = drag.ghost.getBoundingClientRect();
  drag.ghost.style.left = `${event.clientX - box.width / 2}px`;
  drag.ghost.style.top = `${event.clientY - box.height / 2}px`;
  const hot = dropTarget(event.clientX, event.clientY);
  if (hot !== drag.hot) {
    if (drag.hot) drag.hot.classList.remove("hot");
    if (hot) hot.classList.add("hot");
    drag.hot = hot;
  }
}

/** The lit end (or lead place) at a point of the screen, or near it (a finger is wide). */
function dropTarget(x, y) {
  const at = document.elementFromPoint(x, y);
  const hit = at && at.closest(".end.target, .lead-target");
  if (hit) return hit;
  let best = null;
  let near = 36;
  for (const t of document.querySelectorAll("#line .end.target, #line .lead-target")) {
    const r = t.getBoundingClientRect();
    const d = Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom));
    if (d < near) {
      near = d;
      best = t;
    }
  }
  return best;
}

function endDrag(event) {
  if (!drag || event.pointerId !== drag.id) return;
  const {button, ghost, hot} = drag;
  button.removeEventListener("pointermove", moveDrag);
  button.removeEventListener("pointerup", endDrag);
  button.removeEventListener("pointercancel", endDrag);
  drag = null;
  if (!ghost) return;  // no drag: a click
  dragged = true;
  setTimeout(() => { dragged = false; }, 0);
  ghost.remove();
  button.classList.remove("dragging");
  if (hot && event.type === "pointerup") {
    hot.dispatchEvent(new MouseEvent("click", {bubbles: true}));
  } else {
    selected = null;
    render();
  }
}

// ------------------------------------------------------------------------- drawing
function render() {
  const body = document.body;
  body.dataset.status = state.status;
  body.dataset.hand = String(state.hand);
  body.dataset.move = String(state.move);
  body.dataset.turn = mine() ? "mine" : state.turn === null ? "none" : "other";
  body.dataset.role = state.seat === null ? "spectator" : "player";
  document.getElementById("title").textContent =
    t("{game} ({rules} rules) · hand {hand}", {game: state.title, rules: state.rules, hand: state.hand}) +
    (state.practice ? ` · ${t("practice")}` : "") + (state.rated ? ` · ${t("Rated")}` : "") +
    (state.private ? ` · ${t("private")}` : "");
  body.classList.toggle("colour-pips", setting("colour-pips", state.high >= 9));
  document.getElementById("colour-pips").checked = body.classList.contains("colour-pips");
  renderSeats();
  renderHand();
  renderMoves();
  renderLine();
  renderBeliefs();
  renderReveal();
  renderSheet();
  renderLog();
  renderChat();
  renderLinks();
  renderControls();
}

/** The tiles on the table: the line's, or the tricks' (Domino Loo). */
function tilesOnTable(line) {
  const tiles = new Set();
  if (line.tricks) {
    for (const t of [...line.tricks.trick, ...line.tricks.last]) tiles.add(t.tile);
  } else {
    if (line.lead) tiles.add(line.lead.tile);
    for (const arm of line.arms) for (const p of arm.tiles) tiles.add(p.tile);
  }
  return tiles;
}

/** At the turn of this seat: the tab's title says so (and a short sound, if chosen). */
function alertTurn() {
  const now = mine();
  const name = `boneyard: ${state.title}`;
  document.title = now ? t("(Your turn) {title}", {title: name}) : name;
  if (now && !wasMine && setting("sound", false)) beep();
  wasMine = now;
}

let audio = null;

/** The sounds of the tiles, made here (WebAudio: no sound files): a tile laid is a short knock,
 * a tile drawn a soft slide, a shuffle a patter of knocks. */
function tileSound(kind) {
  try {
    audio = audio || new AudioContext();
    const knock = (at, freq, length, loud) => {
      const size = Math.floor(audio.sampleRate * length);
      const buffer = audio.createBuffer(1, size, audio.sampleRate);
      const data = buffer.getChannelData(0);
      for (let i = 0; i < size; i++) data[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / size, 4);
      const source = audio.createBufferSource();
      source.buffer = buffer;
      const filter = audio.createBiquadFilter();
      filter.type = "bandpass";
      filter.frequency.value = freq;
      filter.Q.value = 2.5;
      const gain = audio.createGain();
      gain.gain.value = loud;
      source.connect(filter).connect(gain).connect(audio.destination);
      source.start(audio.currentTime + at);
    };
    if (kind === "lay") knock(0, 1900, 0.06, 0.9);
    else if (kind === "draw") knock(0, 900, 0.16, 0.5);
    else for (let i = 0; i < 7; i++) knock(i * 0.055 + Math.random() * 0.02, 1400 + Math.random() * 900, 0.05, 0.5);
  } catch (e) { /* no sound here */ }
}

function beep() {
  try {
    audio = audio || new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
  } catch (e) { /* no sound here: the title still says it */ }
}

/** Seconds left on the clock of the seat to move, or null. */
function clockLeft() {
  if (state.clock_left === null || state.clock_left === undefined || state.status !== "playing") return null;
  return Math.max(0, state.clock_left - (performance.now() - clockAt) / 1000);
}

function clockText() {
  const left = clockLeft();
  if (left === null) return "";
  const s = Math.ceil(left);
  return " " + t("({time} left)", {time: `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`});
}

function renderClock() {
  if (!state) return;
  const clock = document.getElementById("clock");
  clock.textContent = clockText();
}

/** The first letter of a name, for its round badge. */
function initial(name) {
  const first = [...(name || "?").trim()][0] || "?";
  return first.toUpperCase();
}

function renderSeats() {
  const box = clear(document.getElementById("seats"));
  for (const s of state.seats) {
    const who = s.kind === "computer" ? t("computer, {level}", {level: levelWords(s.level)}) : s.joined ? null : t("waiting for the invited player");
    const trick = state.line.tricks ? state.line.tricks.seats[s.seat] : null;
    const status = trick && trick.text ? ` · ${trick.text}` : "";  // the game's own words
    box.appendChild(
      el("li", {
        class: "seat" + (state.turn === s.seat ? " turn" : "") + (s.seat === state.seat ? " me" : "") + (s.kind === "computer" ? " computer" : ""),
        "data-seat": s.seat,
        title: t("seat {n}", {n: s.seat + 1}),
      },
        el("span", {class: "avatar", "aria-hidden": "true", "data-colour": s.seat % 8}, initial(s.name),
          el("span", {class: "dot" + (s.connected ? " on" : ""), title: s.connected ? t("here") : t("away")})),
        el("span", {class: "who"},
          el("span", {class: "name"}, s.profile ? el("a", {href: profileUrl(s.profile), target: "_blank", rel: "noopener"}, s.name) : s.name, s.seat === state.seat ? ` ${t("(you)")}` : ""),
          el("span", {class: "muted count"}, who ? `(${who}) · ` : "", nt("{n} tile", "{n} tiles", s.tiles) + status),
          s.away ? el("span", {class: "away"}, t("away: a computer plays for now")) : null,
        ),
      ),
    );
  }
  const turn = document.getElementById("turn");
  if (state.status === "closed") turn.textContent = t("The table is closed.");
  else if (state.status === "over") turn.textContent = state.winner || t("The match is over.");
  else if (state.status === "between_hands") turn.textContent = t("The hand is over.");
  else if (mine() && state.prompt) turn.textContent = t("Your turn: {prompt}.", {prompt: state.prompt});
  else if (mine()) turn.textContent = t("Your turn.");
  else turn.textContent = t("{name}'s turn.", {name: state.seats[state.turn].name});
  turn.appendChild(el("span", {id: "clock"}, clockText()));
  // The tiles in no hand, in the game's own words (nothing where every tile is dealt).
  document.getElementById("stock").textContent = state.stock_text || "";
  document.getElementById("count").textContent = state.line.count || "";
  // What each end takes, where the game says it (Matador: "needs a 3 or a matador").
  const needs = clear(document.getElementById("needs"));
  for (const end of state.line.ends || []) {
    if (end.needs) needs.appendChild(el("li", {"data-end": end.name}, el("strong", {}, `${end.label || end.name} ${end.shows}`), `: ${end.needs}`));
  }
  needs.classList.toggle("hidden", !needs.childNodes.length);
}

function renderLine() {
  const targets = {};
  if (mine() && selected) {
    for (const m of movesOfTile(selected)) {
      const end = m.end === null ? "lead" : m.end;
      targets[end] = () => (m.end === null ? sendMove(m) : chooseEnd(m.end));
    }
  }
  const line = document.getElementById("line");
  drawTable(line, state.line, targets, state.seats.map((s) => s.name), fresh, lineHeight(line));
  for (const t of line.querySelectorAll("[data-tile]")) {
    if (fresh.has(t.dataset.tile)) {
      t.classList.add("last");
      if (arriving) t.classList.add("arrive");
    }
  }
}

/** How high the table's drawing may be: from where it starts to the top of the hand, docked at
 * the foot of the screen, so that the table, its open ends and your tiles show at once. */
function lineHeight(line) {
  const top = line.getBoundingClientRect().top + window.scrollY;
  const dock = document.getElementById("hand-area");
  const below = state.seat === null ? 0 : dock.getBoundingClientRect().height;
  const needs = document.getElementById("needs").getBoundingClientRect().height;
  return Math.max(160, window.innerHeight - top - below - needs - 24);
}

/** The side of a hand tile's half: as large as lets the hand fit one row, within reason. */
function handUnit(box, count) {
  const room = box.clientWidth || window.innerWidth - 24;
  const most = window.innerWidth < 520 ? 26 : 30;
  return Math.max(17, Math.min(most, Math.floor(room / Math.max(1, count) - 22)));
}

function renderHand() {
  const area = document.getElementById("hand-area");
  area.classList.toggle("hidden", state.seat === null);
  const box = clear(document.getElementById("hand"));
  const playable = new Set();
  if (mine()) for (const m of state.moves) if (m.tile !== null) playable.add(m.tile);
  const best = new Set();
  if (hints) for (const h of hints) if (h.best && h.tile !== null) best.add(h.tile);
  for (const tile of state.tiles) {
    const can = [...playable].some((t) => samePlay(t, tile));
    const isBest = [...best].some((t) => samePlay(t, tile));
    const marked = state.marked.includes(tile);
    box.appendChild(
      el("button", {
        type: "button",
        class: "tile" + (can ? " playable" : "") + (selected === tile ? " selected" : "") + (isBest ? " best" : ""),
        "data-tile": tile,
        "aria-label": tileWords(tile) + (marked && state.mark_name ? ` (${state.mark_name})` : "") + (can ? (discarding() ? `: ${t("throw it out")}` : `: ${t("playable")}`) : ""),
        disabled: can ? null : true,
        onclick: () => {
          if (!dragged) chooseTile(tile);
          dragged = false;
        },
        onpointerdown: can ? (event) => startDrag(event, tile) : null,
      },
        tileIcon(tile, handUnit(box, state.tiles.length)),
        marked ? el("span", {class: "star", "aria-hidden": "true"}, "*") : null,
      ),
    );
  }
  const hintBox = document.getElementById("hints");
  clear(hintBox);
  hintBox.classList.toggle("hidden", !(mine() && state.practice && state.moves.length > 1));
  if (mine() && state.practice && state.moves.length > 1) {
    hintBox.appendChild(el("button", {type: "button", id: "hint-button", onclick: () => send({type: "hint"})}, t("Hint")));
    if (hints) {
      hintBox.appendChild(hintList(hints));
    }
  }
}

/** The hint's moves, best first: each one's worth, give or take its margin, and why; a move
 * whose range reaches the best's is said to be as good as it (the analysis cannot tell them
 * apart). */
function hintList(moves) {
  const top = moves.find((h) => h.best) || moves[0];
  const list = el("ol", {class: "hint-list"});
  for (const h of moves) {
    const even = !h.best && h.value + h.margin >= top.value - top.margin;
    const worth = signed(h.value);
    const spread = h.margin >= 0.05 ? ` ± ${numberText(h.margin, 1)}` : "";
    list.appendChild(
      el("li", {class: h.best ? "best" : even ? "even" : "", "data-even": even ? "true" : null},
        t("{move}: worth {worth}", {move: h.text, worth: worth + spread}),
        h.best ? ` ${t("(the best)")}` : even ? ` ${t("(as good as the best: within the margin)")}` : "",
        ` — ${h.reason}`),
    );
  }
  return el("div", {},
    list,
    el("p", {class: "note hint-note"},
      t("Worth: the points the move is expected to bring your side, less the others', by the end of the hand. ± is the margin: another analysis of the same position could give up to that much more or less. Where two moves' ranges overlap, neither is surely better.")),
  );
}

/** The grid of tiles by holders, each cell shaded by the chance (practice tables). */
function renderBeliefs() {
  const box = clear(document.getElementById("beliefs"));
  const open = state.practice && state.seat !== null && state.status === "playing";
  box.classList.toggle("hidden", !open);
  if (!open) return;
  box.appendChild(
    el("button", {type: "button", id: "beliefs-button", onclick: () => send({type: "beliefs"})}, t("Who holds what?")),
  );
  if (!beliefs) return;
  const head = el("tr", {}, el("th", {scope: "col"}, t("tile")), ...beliefs.holders.map((h) => el("th", {scope: "col"}, h)));
  const rows = beliefs.tiles.map((tile, i) =>
    el(
      "tr",
      {},
      el("th", {scope: "row"}, tile),
      ...beliefs.chances[i].map((p) => {
        // Shaded by the chance (set through the style object: the page allows no inline styles).
        const cell = el("td", {class: p > 0.55 ? "likely" : ""}, `${Math.round(100 * p)}%`);
        cell.style.backgroundColor = `rgba(31, 119, 180, ${p.toFixed(3)})`;
        return cell;
      }),
    ),
  );
  box.appendChild(el("table", {class: "beliefs-grid", "aria-label": t("who may hold each tile you cannot see")}, el("thead", {}, head), el("tbody", {}, ...rows)));
  box.appendChild(el("p", {class: "note"}, `(${beliefs.note})`));
}

function renderMoves() {
  const box = clear(document.getElementById("moves"));
  document.getElementById("claim-box").classList.toggle("hidden", !(mine() && state.claims));
  if (!mine()) return;
  for (const m of state.moves) {
    const isChosen = chosen.includes(m) || (selected && m.action.kind === "play" && samePlay(m.tile, selected));
    // A tile's plays are made on the tile (and the end it goes to); its buttons show once it
    // is chosen and it goes several ways at one end.
    if (m.tile !== null && !chosen.includes(m)) continue;
    box.appendChild(
      el("button", {
        type: "button",
        class: "move" + (isChosen ? " chosen" : ""),
        "data-kind": m.action.kind,
        onclick: () => sendMove(m),
      }, m.text),
    );
  }
}

function renderReveal() {
  const panel = document.getElementById("reveal");
  const over = state.status !== "playing" && state.reveal;
  panel.classList.toggle("hidden", !over);
  document.getElementById("next-hand").classList.toggle(
    "hidden", !(state.status === "between_hands" && state.seat !== null),
  );
  document.getElementById("winner").textContent = state.winner || "";
  if (!over) return;
  const reveal = state.reveal;
  document.getElementById("reveal-title").textContent = t("Hand {n} is over", {n: reveal.hand});
  renderReview(reveal.hand);
  document.getElementById("result").textContent = reveal.result.join("\n");
  const list = clear(document.getElementById("reveal-hands"));
  for (const s of reveal.seats) {
    if (s.tricks !== null && s.tricks !== undefined) {
      // Domino Loo: the hands thrown out stay face down; the tricks are what counts.
      list.appendChild(
        el("li", {"data-seat": s.seat}, el("strong", {}, s.name), " ", nt("took {n} trick", "took {n} tricks", s.tricks)),
      );
      continue;
    }
    const left = el("span", {class: "tiles"}, s.left.map((t) => tileIcon(t, 22)));
    const dealt = el("span", {class: "tiles"}, s.dealt.map((t) => tileIcon(t, 16)));
    list.appendChild(
      el("li", {"data-seat": s.seat},
        el("strong", {}, s.name), " ", nt("left {n} pip:", "left {n} pips:", s.pips), s.left.length ? left : ` ${t("out")}`, el("span", {class: "muted"}, t("dealt")), dealt,
      ),
    );
  }
  if (reveal.stock.length) {
    list.appendChild(el("li", {}, t("Stock ({n}):", {n: reveal.stock.length}), el("span", {class: "tiles"}, reveal.stock.map((t) => tileIcon(t, 16)))));
  }
}

/** The review of the person's choices in the hand just over, worked out when it is opened. */
let reviewed = null;  // the hand whose review is shown (or being worked out)
function renderReview(hand) {
  const box = document.getElementById("review-box");
  box.classList.toggle("hidden", !TOKEN || state.seat === null);
  if (reviewed === hand || !TOKEN) return;
  reviewed = hand;
  box.open = false;
  clear(document.getElementById("review")).appendChild(
    el("p", {class: "muted"}, t("Working out what each of your choices was worth…")));
  box.ontoggle = async () => {
    if (!box.open || box.dataset.hand === String(hand)) return;
    box.dataset.hand = String(hand);
    const out = document.getElementById("review");
    try {
      const review = await api(`/api/tables/${encodeURIComponent(TABLE)}/review/${hand}`, {
        headers: {Authorization: `Bearer ${TOKEN}`},
      });
      clear(out).appendChild(reviewList(review));
    } catch (e) {
      delete box.dataset.hand;
      clear(out).appendChild(el("p", {class: "notice error"}, e.message));
    }
  };
}

/** The total row: what counts now (the hand in play included), as the state reckons it. */
function totalOf(sheet) {
  return sheet.running && sheet.running.length ? sheet.running : sheet.totals;
}

function renderSheet() {
  const sheet = state.sheet;
  const box = clear(document.getElementById("sheet"));
  const now = state.status === "playing" && sheet.this_hand.some((x) => x);
  if (sheet.sides.length > 3 || sheet.sides.some((side) => side.length > 12)) {
    // Many sides, or long names: a row per side (its points hand by hand and its total), and below, how each
    // hand ended and why it scored.
    const head = el("tr", {}, el("th", {}, ""), sheet.rows.map((r) => el("th", {}, t("hand {n}", {n: r.hand}))),
      now ? el("th", {}, t("now")) : null, el("th", {}, t("total")));
    const rows = sheet.sides.map((side, i) =>
      el("tr", {}, el("th", {class: "side"}, side), sheet.rows.map((r) => el("td", {}, num(r.points[i]))),
        now ? el("td", {}, num(sheet.this_hand[i])) : null, el("th", {}, num(totalOf(sheet)[i]))));
    box.appendChild(el("table", {class: "by-side"}, el("thead", {}, head), el("tbody", {}, rows)));
    // Each hand: how it ended, and under it why each side scored what it did, a side a line.
    const ended = el("ul", {class: "ended-list"},
      sheet.rows.map((r) => el("li", {"data-hand": r.hand}, t("Hand {n}: {ended}", {n: r.hand, ended: r.ended}), r.notes.length ? ` (${r.notes.join("; ")})` : "",
        (r.reasons || []).some(Boolean)
          ? el("ul", {class: "reasons"}, r.reasons.map((text, i) => (text ? el("li", {"data-side": i}, `${sheet.sides[i]}: ${text}`) : null)))
          : null)));
    if (now && sheet.this_hand_notes.length) ended.appendChild(el("li", {}, t("This hand so far: {notes}", {notes: sheet.this_hand_notes.join("; ")})));
    box.appendChild(ended);
    box.appendChild(el("p", {class: "muted"}, sheet.target));
    return;
  }
  // A hand's row holds its points; under it, across the whole sheet, how it ended and the reason
  // for every score (room enough for the words at any width).
  const head = el("tr", {}, el("th", {}, t("hand")), sheet.sides.map((s) => el("th", {class: "side"}, s)));
  const span = sheet.sides.length + 1;
  const rows = [];
  for (const r of sheet.rows) {
    rows.push(el("tr", {"data-hand": r.hand}, el("td", {}, String(r.hand)), r.points.map((p) => el("td", {}, num(p)))));
    rows.push(el("tr", {class: "notes"}, el("td", {colspan: span}, el("span", {class: "ended"}, r.ended), r.notes.length ? `: ${r.notes.join("; ")}` : "")));
    // Why each side scored what it did, in the game's words (the dealer's stake, a capicúa...).
    const why = (r.reasons || []).map((text, i) => (text ? `${sheet.sides[i]}: ${text}` : "")).filter(Boolean);
    if (why.length) rows.push(el("tr", {class: "notes reasons"}, el("td", {colspan: span}, why.join(" · "))));
  }
  if (now) {
    rows.push(el("tr", {}, el("td", {}, t("now")), sheet.this_hand.map((p) => el("td", {}, num(p)))));
    rows.push(el("tr", {class: "notes"}, el("td", {colspan: span}, el("span", {class: "ended"}, t("This hand so far")), sheet.this_hand_notes.length ? `: ${sheet.this_hand_notes.join("; ")}` : "")));
  }
  rows.push(el("tr", {class: "totals"}, el("th", {}, t("total")), totalOf(sheet).map((x) => el("th", {}, num(x)))));
  box.appendChild(el("table", {}, el("thead", {}, head), el("tbody", {}, rows)));
  box.appendChild(el("p", {class: "muted"}, sheet.target));
}

function renderLog() {
  const log = document.getElementById("log");
  log.textContent = state.log.join("\n");
  log.scrollTop = log.scrollHeight;
}

function renderChat() {
  const list = clear(document.getElementById("chat-lines"));
  for (const c of state.chat) {
    list.appendChild(el("li", {}, el("span", {class: "who"}, `${c.name}:`), c.text));
  }
  list.scrollTop = list.scrollHeight;
  document.getElementById("chat-form").classList.toggle("hidden", state.seat === null);
  document.getElementById("rename-form").classList.toggle("hidden", state.seat === null);
}

function renderLinks() {
  document.getElementById("record-link").href = `/api/tables/${encodeURIComponent(TABLE)}/record`;
  document.getElementById("record-link").setAttribute("download", `boneyard-${TABLE}.json`);
  document.getElementById("replay-link").href = `/replay?table=${encodeURIComponent(TABLE)}` + (TOKEN ? `#seat=${encodeURIComponent(TOKEN)}` : "");
  document.getElementById("how-link").href = `/how/${encodeURIComponent(state.game)}?rules=${encodeURIComponent(state.rules)}`;
  let invites = null;
  try {
    invites = JSON.parse(localStorage.getItem(`boneyard:invites:${TABLE}`) || "null");
  } catch (e) {
    invites = null;
  }
  const key = creatorKey();
  const panel = document.getElementById("invite-panel");
  const others = (invites || []).filter((s) => s.invite && s.seat !== state.seat && state.seats[s.seat].kind === "person");
  const open = state.status === "playing" || state.status === "between_hands";
  panel.classList.toggle("hidden", !(others.length || key) || (state.seat === null && !key));
  const list = clear(document.getElementById("invites"));
  for (const s of others) {
    const link = new URL(s.invite, location.href).href;
    list.appendChild(
      el("li", {"data-seat": s.seat}, t("Seat {n} ({name}):", {n: s.seat + 1, name: state.seats[s.seat].name}), " ",
        el("input", {readonly: true, value: link, "aria-label": t("invite link of seat {n}", {n: s.seat + 1})}),
        key && open ? el("button", {type: "button", class: "reissue", onclick: () => creatorAction(`seats/${s.seat}/invite`, t("A new link: the old one no longer works."))}, t("New link")) : null,
        key && open ? el("button", {type: "button", class: "free", onclick: () => creatorAction(`seats/${s.seat}/free`, t("The seat is freed: a computer plays it."))}, t("Free the seat")) : null,
      ),
    );
  }
  const close = document.getElementById("close-table");
  close.classList.toggle("hidden", !(key && open));
}

/** The creator's key to this table (kept by the lobby in this browser when it was made). */
function creatorKey() {
  try {
    return localStorage.getItem(`boneyard:creator:${TABLE}`);
  } catch (e) {
    return null;
  }
}

/** What the table's creator may do: a seat's new invite link, a seat freed, the table closed. */
async function creatorAction(path, done) {
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(TABLE)}/${path}`, {
      method: "POST",
      headers: {Authorization: `Bearer ${creatorKey()}`},
    });
    if (answer && answer.seat !== undefined) {
      const key = `boneyard:invites:${TABLE}`;
      const seats = JSON.parse(localStorage.getItem(key) || "[]").map((s) => (s.seat === answer.seat ? answer : s));
      localStorage.setItem(key, JSON.stringify(seats));
    }
    notice(done, "info");
    if (state) renderLinks();
  } catch (e) {
    notice(e.message);
  }
}

/** Leave, take the seat back, resign, rematch; and this page's settings. */
function renderControls() {
  const seated = state.seat !== null;
  const me = seated ? state.seats[state.seat] : null;
  const open = state.status === "playing" || state.status === "between_hands";
  const show = (id, yes) => document.getElementById(id).classList.toggle("hidden", !yes);
  show("leave", seated && open && !me.away);
  show("back", seated && open && me.away);
  show("resign", seated && open);
  show("rematch", seated && state.status === "over" && !state.rematch);
  const link = document.getElementById("rematch-link");
  link.classList.toggle("hidden", !state.rematch);
  if (state.rematch) {
    link.href = `/t/${encodeURIComponent(state.rematch)}` + (TOKEN ? `#seat=${encodeURIComponent(TOKEN)}` : "");
  }
}

// ------------------------------------------------------------------------- start
function start() {
  document.getElementById("next-hand").addEventListener("click", () => send({type: "next_hand"}));
  document.getElementById("leave").addEventListener("click", () => send({type: "leave"}));
  document.getElementById("back").addEventListener("click", () => send({type: "back"}));
  document.getElementById("resign").addEventListener("click", () => {
    if (confirm(t("Resign the match?"))) send({type: "resign"});
  });
  document.getElementById("rematch").addEventListener("click", () => {
    askedRematch = true;
    send({type: "rematch"});
  });
  document.getElementById("close-table").addEventListener("click", () => {
    if (confirm(t("Close the table? The match stops where it is."))) creatorAction("close", t("The table is closed."));
  });
  document.getElementById("colour-pips").addEventListener("change", (event) => {
    keep("colour-pips", event.target.checked);
    document.body.classList.toggle("colour-pips", event.target.checked);
  });
  const sound = document.getElementById("sound");
  sound.checked = setting("sound", false);
  sound.addEventListener("change", () => keep("sound", sound.checked));
  let resizing = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => {
      if (state) renderLine();
    }, 150);
  });
  setInterval(renderClock, 1000);
  document.getElementById("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = document.getElementById("chat-text");
    const text = input.value.trim();
    if (text) send({type: "chat", text});
    input.value = "";
  });
  document.getElementById("rename-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = document.getElementById("rename").value.trim();
    if (!name || !socket) return;
    renameTo = name;
    socket.close();  // a new hello carries the new name
  });
  connect();
}

document.addEventListener("DOMContentLoaded", start);
