// boneyard's pages: shared helpers. Every text from the server or a player is put in the page as
// text (textContent), never as markup.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";

// ------------------------------------------------------------------------- words
// The page's words are the server's gettext catalog of the "web" domain for the page's language
// (/i18n/LANG.js, loaded before this script: window.BONEYARD_I18N). Every text a script shows is
// written in English as t("..."), nt("...", "...", n) or pt("context", "..."), a whole sentence
// with {name} for what is filled in, and told in the page's language.
const I18N = window.BONEYARD_I18N || {language: "en", messages: {}, plural: "(n != 1)", languages: {en: "English"}};
const LANGUAGE = I18N.language || "en";

/** A C plural rule of gettext ("(n != 1)", "(n > 1)", "n%10==1 && n%100!=11 ? 0 : ...") as a
 * function of n, read without eval (the pages' content policy forbids it). */
function pluralRule(expression) {
  const tokens = String(expression).match(/\d+|n|&&|\|\||[=!<>]=|[-+*/%<>!?:()]/g) || [];
  let i = 0;
  const next = () => tokens[i++];
  const peek = () => tokens[i];
  const primary = () => {
    const token = next();
    if (token === "(") {
      const inner = ternary();
      next();
      return inner;
    }
    if (token === "!") {
      const inner = primary();
      return (n) => (inner(n) ? 0 : 1);
    }
    if (token === "-") {
      const inner = primary();
      return (n) => -inner(n);
    }
    if (token === "n") return (n) => n;
    const value = parseInt(token, 10) || 0;
    return () => value;
  };
  const OPS = {
    "*": (a, b) => a * b, "/": (a, b) => (b ? Math.trunc(a / b) : 0), "%": (a, b) => (b ? a % b : 0),
    "+": (a, b) => a + b, "-": (a, b) => a - b,
    "<": (a, b) => +(a < b), ">": (a, b) => +(a > b), "<=": (a, b) => +(a <= b), ">=": (a, b) => +(a >= b),
    "==": (a, b) => +(a === b), "!=": (a, b) => +(a !== b),
    "&&": (a, b) => +(a && b), "||": (a, b) => +(a || b),
  };
  const LEVELS = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"]];
  const level = (k) => {
    if (k === LEVELS.length) return primary();
    let left = level(k + 1);
    while (LEVELS[k].includes(peek())) {
      const op = OPS[next()];
      const a = left, b = level(k + 1);
      left = (n) => op(a(n), b(n));
    }
    return left;
  };
  const ternary = () => {
    const test = level(0);
    if (peek() !== "?") return test;
    next();
    const yes = ternary();
    next();
    const no = ternary();
    return (n) => (test(n) ? yes(n) : no(n));
  };
  try {
    const rule = ternary();
    return (n) => Number(rule(n)) || 0;
  } catch (e) {
    return (n) => (n === 1 ? 0 : 1);
  }
}

const PLURAL = pluralRule(I18N.plural || "(n != 1)");

/** {name} in a text replaced by values[name] (numbers written as the language writes them). */
function filled(text, values) {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => {
    if (!(key in values)) return whole;
    const value = values[key];
    return typeof value === "number" ? numberText(value) : String(value);
  });
}

/** A text of the page in its language: t("Seat {n}", {n: 2}). */
function t(message, values) {
  const found = I18N.messages[message];
  const text = typeof found === "string" ? found : Array.isArray(found) ? found[0] : message;
  return filled(text, values);
}

/** A text that depends on a number, in the form the language gives that number:
 * nt("{n} tile", "{n} tiles", count) ({n} is the number). */
function nt(singular, plural, n, values) {
  const found = I18N.messages[singular];
  let text = n === 1 ? singular : plural;
  if (Array.isArray(found) && found.length) text = found[Math.min(PLURAL(n), found.length - 1)];
  return filled(text, {n, ...values});
}

/** A text told apart from the same English words in another context: pt("verb", "Replay"). */
function pt(context, message, values) {
  const found = I18N.messages[`${context}\u0004${message}`];
  return filled(typeof found === "string" ? found : message, values);
}

/** A number as the page's language writes it (1.5 in English, 1,5 in Spanish), unchanged
 * otherwise: `digits` decimals if given. */
function numberText(x, digits) {
  const options = {useGrouping: false};
  if (digits !== undefined) {
    options.minimumFractionDigits = digits;
    options.maximumFractionDigits = digits;
  } else {
    options.maximumFractionDigits = 20;
  }
  try {
    return x.toLocaleString(LANGUAGE, options);
  } catch (e) {
    return digits === undefined ? String(x) : x.toFixed(digits);
  }
}

/** The language switch in the page's header (or where the page keeps a place for it,
 * #language-slot: the table's settings): the languages boneyard speaks, each in its own name.
 * A choice is kept (a cookie the server reads; a signed-in person's account too), and the page
 * is shown again in it. */
function languageSwitch() {
  const header = document.getElementById("language-slot") || document.querySelector("header.top");
  if (!header || document.getElementById("language")) return;
  const select = el("select", {id: "language", class: "language", "aria-label": t("Language")},
    Object.entries(I18N.languages || {}).map(([tag, name]) =>
      el("option", {value: tag, lang: tag, selected: tag === LANGUAGE || null}, name)));
  select.addEventListener("change", async () => {
    try {
      await postJSON("/api/language", {language: select.value});
    } catch (e) { /* kept for this page only */ }
    location.reload();
  });
  header.appendChild(select);
}

function setAttributes(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) node.dataset[k] = v;
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.appendChild(child);
    else node.appendChild(document.createTextNode(String(child)));
  }
}

/** An HTML element: el("p", {class: "x"}, "text", otherNode). Strings become text nodes. */
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  setAttributes(node, attrs);
  append(node, children);
  return node;
}

/** An SVG element. */
function svgEl(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttributes(node, attrs);
  append(node, children);
  return node;
}

function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/** GET or POST JSON; throws an Error with the server's sentence when the answer is not ok. The
 * request names the page's origin (the server takes a signed-in person's requests only from its
 * own pages, and under the pages' no-referrer policy a browser would say "null"). */
async function api(path, options) {
  const response = await fetch(path, {referrerPolicy: "same-origin", ...options});
  let body = null;
  try {
    body = await response.json();
  } catch (e) {
    body = null;
  }
  if (!response.ok) {
    let detail = body && body.detail !== undefined ? body.detail : response.statusText;
    if (Array.isArray(detail)) {
      detail = detail
        .map((d) => d.message || `${(d.loc || []).slice(1).join(".")}: ${d.msg}`)
        .join(" ");
    }
    throw new Error(String(detail));
  }
  return body;
}

function postJSON(path, data) {
  return api(path, {
    method: "POST",
    headers: {"Content-Type": "application/json"},
    body: JSON.stringify(data),
  });
}

/** Who is signed in, shown in the header's #who: the account's name and a log-out button, or a
 * link to log in (a guest plays all the same). After a log-out, ``changed`` is called (by default
 * the header is shown again). */
async function showWho(changed) {
  const who = document.getElementById("who");
  if (!who) return;
  const response = await fetch("/api/me", {referrerPolicy: "same-origin"});
  clear(who);
  if (!response.ok) {
    append(who, [el("a", {href: "/account", id: "login-link"}, t("Log in or sign up"))]);
    return;
  }
  const me = await response.json();
  const out = el("button", {type: "button", id: "logout"}, t("Log out"));
  out.addEventListener("click", async () => {
    await postJSON("/api/account/logout", {});
    (changed || showWho)();
  });
  append(who, [
    sentence(t("Signed in as {name}"), {name: el("a", {href: profileUrl(me.name), id: "me"}, me.name)}), " ",
    el("a", {href: "/account", id: "account-link"}, t("account")), " ", out,
  ]);
}

/** A translated sentence with elements in it: sentence(t("Signed in as {name}"), {name: link})
 * is its text with the link where {name} is. */
function sentence(text, nodes) {
  return text.split(/(\{\w+\})/).filter((part) => part !== "").map((part) => {
    const key = part.slice(1, -1);
    return part.startsWith("{") && key in nodes ? nodes[key] : part;
  });
}

/** A person's profile page: /@/NAME, the name URL-encoded. */
function profileUrl(name) {
  return `/@/${encodeURIComponent(name)}`;
}

// ------------------------------------------------------------------------- tiles
/** "6-4" -> [6, 4] */
function tileNumbers(name) {
  return name.split("-").map((x) => parseInt(x, 10));
}

function tileWords(name) {
  const [a, b] = tileNumbers(name);
  return `[${a}|${b}]`;
}

// Where the pips of a number go in a half (a unit square).
const PIP_GRID = (() => {
  const L = 0.24, C = 0.5, R = 0.76;
  const six = [[L, L], [R, L], [L, C], [R, C], [L, R], [R, R]];
  const four = [[L, L], [R, L], [L, R], [R, R]];
  const rows = [0.18, 0.39, 0.61, 0.82];
  const side = (x) => rows.map((y) => [x, y]);
  return {
    0: [],
    1: [[C, C]],
    2: [[L, L], [R, R]],
    3: [[L, L], [C, C], [R, R]],
    4: four,
    5: [...four, [C, C]],
    6: six,
    7: [...six, [C, C]],
    8: [...six, [C, L], [C, R]],
    9: [...six, [C, L], [C, C], [C, R]],
    10: [...side(L), ...side(R), [C, 0.39], [C, 0.61]],
    11: [...side(L), ...side(R), [C, 0.18], [C, 0.5], [C, 0.82]],
    12: [...side(L), ...side(R), ...side(C)],
  };
})();

// Each number's pips carry its class (p7 ...): with colour-coded pips (body.colour-pips, as the
// double-nine and double-twelve sets have) each number has its colour.
function pips(group, n, x, y, size) {
  const spots = PIP_GRID[n] || [];
  const r = size * (n > 9 ? 0.075 : 0.09);
  for (const [px, py] of spots) {
    group.appendChild(svgEl("circle", {cx: x + px * size, cy: y + py * size, r, class: `pip p${n}`}));
  }
}

/**
 * A tile as an SVG group centred at (cx, cy): `first` is the number on its left (or top) half,
 * `second` on its right (or bottom) half; `u` the side of a half.
 */
function tileShape(first, second, vertical, cx, cy, u, attrs) {
  const w = vertical ? u : 2 * u;
  const h = vertical ? 2 * u : u;
  const x = cx - w / 2;
  const y = cy - h / 2;
  const group = svgEl("g", attrs);
  group.appendChild(
    svgEl("rect", {x, y, width: w, height: h, rx: u * 0.14, ry: u * 0.14, class: "face"}),
  );
  if (vertical) {
    group.appendChild(svgEl("line", {x1: x + u * 0.12, y1: cy, x2: x + u * 0.88, y2: cy, class: "bar"}));
    pips(group, first, x, y, u);
    pips(group, second, x, y + u, u);
  } else {
    group.appendChild(svgEl("line", {x1: cx, y1: y + u * 0.12, x2: cx, y2: y + u * 0.88, class: "bar"}));
    pips(group, first, x, y, u);
    pips(group, second, x + u, y, u);
  }
  return group;
}

/** A tile standing up, in its own small SVG (a hand's tile, a revealed tile). */
function tileIcon(name, u) {
  const [a, b] = tileNumbers(name);
  const size = u || 24;
  const svg = svgEl("svg", {
    width: size + 4,
    height: 2 * size + 4,
    viewBox: `0 0 ${size + 4} ${2 * size + 4}`,
    role: "img",
    "aria-label": tileWords(name),
  });
  svg.appendChild(tileShape(a, b, true, size / 2 + 2, size + 2, size, {class: "tile-shape"}));
  return svg;
}

/** A face-down tile (an opponent's). */
function tileBack(u) {
  const size = u || 12;
  const svg = svgEl("svg", {width: size + 2, height: 2 * size + 2, class: "back", "aria-hidden": "true"});
  svg.appendChild(svgEl("rect", {x: 1, y: 1, width: size, height: 2 * size, rx: 2, class: "back-face"}));
  return svg;
}

// ------------------------------------------------------------------------- the line
/** The width a drawing may take in `container` (its inner width, less its padding). */
function roomIn(container) {
  const style = getComputedStyle(container);
  const pad = (parseFloat(style.paddingLeft) || 0) + (parseFloat(style.paddingRight) || 0);
  return Math.max(240, (container.clientWidth || 0) - pad);
}

/** The sides of a tile's half to try, largest first: never under 20 px on a desk, 14 px on a
 * phone (a narrow screen). */
function unitsFor(room) {
  return room < 520 ? [24, 22, 20, 18, 16, 14] : [34, 30, 26, 23, 20];
}

const GAP = 3;
const LABEL_FONT = 11;

/** The size of an end's marker: a circle for a short label, a pill that holds a longer one. */
function markerSize(label, u) {
  const h = Math.max(18, Math.round(u * 0.9));
  const w = Math.max(h, Math.ceil(label.length * LABEL_FONT * 0.64 + 10));
  return {w, h};
}

function endMarker(end, cx, cy, size, target, label) {
  const group = svgEl("g", {
    class: "end" + (target ? " target" : "") + (end.shows === null ? " closed" : "") + (end.waiting ? " waiting" : ""),
    "data-end": end.name,
    role: target ? "button" : null,
    tabindex: target ? "0" : null,
    "aria-label": target ? t("play at {end}", {end: end.label || end.name}) : end.needs || end.note || null,
  });
  const {w, h} = size;
  group.appendChild(svgEl("rect", {x: cx - w / 2, y: cy - h / 2, width: w, height: h, rx: h / 2, ry: h / 2}));
  group.appendChild(svgEl("text", {x: cx, y: cy + LABEL_FONT * 0.36, "text-anchor": "middle"}, label));
  const title = [end.needs, end.note].filter(Boolean).join("; ");
  if (title) group.appendChild(svgEl("title", {}, title));
  if (target) {
    group.addEventListener("click", target);
    group.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") target(e);
    });
  }
  return group;
}

function finishSvg(svg, box, pad) {
  const width = box.x1 - box.x0 + 2 * pad;
  const height = box.y1 - box.y0 + 2 * pad;
  svg.setAttribute("viewBox", `${box.x0 - pad} ${box.y0 - pad} ${width} ${height}`);
  svg.setAttribute("width", String(Math.round(width)));
  svg.setAttribute("height", String(Math.round(height)));
}

const rectAt = (cx, cy, w, h) => ({x0: cx - w / 2, x1: cx + w / 2, y0: cy - h / 2, y1: cy + h / 2});
const clash = (r, q) => r.x0 < q.x1 + GAP - 0.5 && q.x0 < r.x1 + GAP - 0.5 && r.y0 < q.y1 + GAP - 0.5 && q.y0 < r.y1 + GAP - 0.5;
const clockwise = ([x, y]) => [-y, x];
const anticlockwise = ([x, y]) => [y, -x];

const STRAYED = {};  // thrown to stop a walk that has left its way more often than is worth laying

/**
 * Where every tile of the line goes, with tiles' halves of side `u`, inside a room `width` wide
 * and `height` high (Infinity: no limit): the lead in the middle, each arm from its root outward,
 * crosswise doubles and spinners standing across their arm. An arm that would leave the room, or
 * meet another arm, turns a corner (clockwise: the right arm downward, the lower arm leftward, the
 * left arm upward, the upper arm rightward) and comes back the other way, a row further on, as on
 * a real table. The arms grow a tile at a time in turn, so each keeps room near its root. Answers
 * the tiles, the ends' markers, how often a tile or a marker had to leave its arm's way
 * (`detours`: placed at the nearest free spot, or apart from the tile it joins) and whether all
 * fitted.
 *
 * `way` varies the walk, for the tables whose arms branch (Chicken Foot's toes, every double a
 * spinner): `ccw` turns the corners anticlockwise; `wide` leaves a tile's length more between the
 * rows of a snaking arm, room for what grows across it; `lean` puts the lead to the left
 * (`"left"`) or the right of the middle, leaving the other side's arm the room the first does
 * not need. `most`: the detours worth laying out; past them the walk is given up (answered with
 * `detours: Infinity`, not ok, and no box).
 */
function layoutLine(line, u, width, height, way, most) {
  try {
    return walkLine(line, u, width, height, way || {}, most === undefined ? Infinity : most);
  } catch (e) {
    if (e !== STRAYED) throw e;
    return {tiles: [], ends: [], box: null, turns: 0, detours: Infinity, ok: false};
  }
}

/** layoutLine's walk; past `most` detours it gives up (throws STRAYED). */
function walkLine(line, u, width, height, way, most) {
  const turnOf = way.ccw ? anticlockwise : clockwise;
  const lead = line.lead;
  const tiles = [];
  const taken = [];
  const where = {};
  let ok = true;
  let detours = 0;
  const markerRoom = (arm) => {
    const end = line.ends.find((e) => e.name === arm.name);
    return end ? markerSize(endLabel(end), u) : {w: 0, h: 0};
  };
  // Room for the line laid straight: the lead sits off the middle when one side is longer.
  const straight = (name) => {
    const arm = line.arms.find((a) => a.name === name && a.root === lead.tile);
    return arm ? arm.tiles.reduce((n, p) => n + (p.cross ? u : 2 * u) + GAP, 0) + markerRoom(arm).w + GAP : 0;
  };
  const lengths = [straight("L"), straight("R")];
  const plain = lengths[0] + lengths[1] + 2 * u <= width;
  // Laid straight, the lead sits off the middle as the line needs; else in the middle, or (`lean`)
  // with the left arm's room only, or the right's, leaving the rest to the other.
  let shift = plain ? (lengths[1] - lengths[0]) / 2 : 0;
  if (!plain && way.lean === "left") shift = Math.max(0, width / 2 - lengths[0] - u);
  if (!plain && way.lean === "right") shift = -Math.max(0, width / 2 - lengths[1] - u);
  const bounds = {x0: -width / 2 + shift, x1: width / 2 + shift, y0: -height / 2, y1: height / 2};
  const inside = (r) => r.x0 >= bounds.x0 - 0.5 && r.x1 <= bounds.x1 + 0.5 && r.y0 >= bounds.y0 - 0.5 && r.y1 <= bounds.y1 + 0.5;
  const free = (r) => inside(r) && !taken.some((q) => clash(r, q));
  const put = (p, r, vertical, dir) => {
    tiles.push({p, r, vertical, dir});
    taken.push(r);
    where[p.tile] = {r, axis: dir[0] !== 0 ? "h" : "v"};
  };
  const leadRect = rectAt(0, 0, lead.cross ? u : 2 * u, lead.cross ? 2 * u : u);
  put(lead, leadRect, lead.cross, [1, 0]);
  const wayOf = (arm) =>
    arm.way || ({L: "left", R: "right"}[arm.name] || (arm.name.endsWith("U") ? "up" : "down"));
  const halfOf = (arm) =>
    arm.half || (/^[LR][UD]$/.test(arm.name) ? (arm.name[0] === "L" ? "left" : "right") : null);
  const edge = (r, dir) => [
    dir[0] > 0 ? r.x1 + GAP : dir[0] < 0 ? r.x0 - GAP : (r.x0 + r.x1) / 2,
    dir[1] > 0 ? r.y1 + GAP : dir[1] < 0 ? r.y0 - GAP : (r.y0 + r.y1) / 2,
  ];
  // Each arm's walk: where its next tile starts, which way it goes and the row it runs along.
  const walkOf = (arm) => {
    const way = wayOf(arm);
    const root = where[arm.root] || where[lead.tile];
    let dir;
    let at;
    if (arm.root === lead.tile && (way === "left" || way === "right")) {
      dir = way === "left" ? [-1, 0] : [1, 0];
      at = edge(leadRect, dir);
    } else if (halfOf(arm) && arm.root === lead.tile) {
      // Off one half of the lead standing across (Chicken Foot's outer toes).
      const side = halfOf(arm) === "left" ? -1 : 1;
      dir = [0, way === "down" ? 1 : -1];
      at = [side * ((leadRect.x1 - leadRect.x0) / 2 + GAP + u / 2), dir[1] * (u / 2 + GAP)];
    } else {
      const up = way === "up";
      dir = root.axis === "h" ? [0, up ? -1 : 1] : [up ? -1 : 1, 0];
      at = edge(root.r, dir);
    }
    return {arm, at, dir, run: dir, turn: turnOf(dir), row: dir[0] ? at[1] : at[0], column: null, next: 0, last: null};
  };
  let turns = 0;
  const tileRect = (w, p) => {
    const len = p.cross ? u : 2 * u;
    const th = p.cross ? 2 * u : u;
    const [x, y] = w.at;
    return rectAt(x + (w.dir[0] * len) / 2, y + (w.dir[1] * len) / 2, w.dir[0] ? len : th, w.dir[0] ? th : len);
  };
  const room = (w, r) => {
    // The tile and, beyond it, its end's marker.
    const m = markerRoom(w.arm);
    const reach = w.dir[0] ? m.w : m.h;
    const out = {...r};
    if (w.dir[0] > 0) out.x1 += reach + GAP;
    if (w.dir[0] < 0) out.x0 -= reach + GAP;
    if (w.dir[1] > 0) out.y1 += reach + GAP;
    if (w.dir[1] < 0) out.y0 -= reach + GAP;
    return out;
  };
  const step = (w) => {
    const p = w.arm.tiles[w.next];
    const rowStep = 2 * u + 2 * GAP + (way.wide ? 2 * u + 2 * GAP : 0);
    if (w.column === null) {
      let r = tileRect(w, p);
      if (!free(room(w, r)) && w.last) {
        // The corner: a column from the end of the row, across its way.
        const last = w.last;
        const along = w.run[0] !== 0;
        const line0 = along ? (w.run[0] > 0 ? last.x1 - u / 2 : last.x0 + u / 2) : (w.run[1] > 0 ? last.y1 - u / 2 : last.y0 + u / 2);
        const t = w.turn;
        const start = t[1] > 0 ? last.y1 + GAP : t[1] < 0 ? last.y0 - GAP : t[0] > 0 ? last.x1 + GAP : last.x0 - GAP;
        w.at = along ? [line0, start] : [start, line0];
        w.dir = t;
        w.column = [];
        turns += 1;
        r = tileRect(w, p);
        // Clear of any tile of the row it passes.
        for (let i = 0; i < 8 && taken.some((q) => clash(r, q)); i++) {
          w.at = [w.at[0] + t[0] * u / 2, w.at[1] + t[1] * u / 2];
          r = tileRect(w, p);
        }
      }
      return finishStep(w, p, free(r) ? r : detour(w, p), rowStep);
    }
    const r = tileRect(w, p);
    return finishStep(w, p, free(r) ? r : detour(w, p), rowStep);
  };
  // Boxed in: the nearest free place around the arm's end (the layout then does not count as
  // fitting, and a smaller size is tried; at the smallest, the tile still overlaps nothing).
  const stray = () => {
    detours += 1;
    if (detours > most) throw STRAYED;
  };
  const detour = (w, p) => {
    ok = false;
    stray();
    const [x0, y0] = w.at;
    for (let ring = 1; ring < 40; ring++) {
      for (const d of [w.dir, clockwise(w.dir), clockwise(clockwise(clockwise(w.dir))), clockwise(clockwise(w.dir))]) {
        for (let side = -ring; side <= ring; side++) {
          const [px, py] = clockwise(d);
          w.at = [x0 + d[0] * ring * u / 2 + px * side * u / 2, y0 + d[1] * ring * u / 2 + py * side * u / 2];
          w.dir = d;
          const r = tileRect(w, p);
          if (!taken.some((q) => clash(r, q)) && (ring > 20 || inside(r))) {
            w.run = d;
            w.turn = turnOf(d);
            w.column = null;
            w.row = d[0] ? w.at[1] : w.at[0];
            return r;
          }
        }
      }
    }
    w.at = [x0, y0];
    return tileRect(w, p);
  };
  const finishStep = (w, p, r, rowStep) => {
    const vertical = (w.dir[0] === 0) !== p.cross;
    put(p, r, vertical, w.dir);
    w.last = r;
    const len = p.cross ? u : 2 * u;
    w.at = [w.at[0] + w.dir[0] * (len + GAP), w.at[1] + w.dir[1] * (len + GAP)];
    w.next += 1;
    if (w.column !== null) {
      w.column.push(r);
      const t = w.turn;
      const nextRow = w.row + (t[0] + t[1]) * rowStep;
      const reached = t[0] > 0 ? r.x1 >= nextRow : t[0] < 0 ? r.x0 <= nextRow : t[1] > 0 ? r.y1 >= nextRow : r.y0 <= nextRow;
      if (reached) {
        // Back the other way along the next row, clear of every tile of the column.
        w.run = [-w.run[0], -w.run[1]];
        const col = w.column;
        let side;
        if (w.run[0] < 0) side = Math.min(...col.map((q) => q.x0)) - GAP;
        else if (w.run[0] > 0) side = Math.max(...col.map((q) => q.x1)) + GAP;
        else if (w.run[1] < 0) side = Math.min(...col.map((q) => q.y0)) - GAP;
        else side = Math.max(...col.map((q) => q.y1)) + GAP;
        w.at = w.run[0] ? [side, nextRow] : [nextRow, side];
        w.row = nextRow;
        w.dir = w.run;
        w.turn = t;  // the rows go on the same way across
        w.column = null;
        w.last = null;
      }
    }
  };
  // A tile at a time for each arm in turn; an arm starts once the tile it grows from is down.
  const walks = line.arms.map(() => null);
  for (let more = true; more;) {
    more = false;
    line.arms.forEach((arm, i) => {
      if (walks[i] === null && (where[arm.root] || !line.arms.some((a) => a.tiles.some((p) => p.tile === arm.root)))) {
        walks[i] = walkOf(arm);
        more = true;
      }
      const w = walks[i];
      if (w && w.next < arm.tiles.length) {
        step(w);
        more = true;
      }
    });
  }
  // The ends' markers: beyond the last tile, else beside it.
  const ends = [];
  for (const end of line.ends) {
    const w = walks.find((x) => x && x.arm.name === end.name);
    if (!w) continue;
    const label = endLabel(end);
    const size = markerSize(label, u);
    const [x, y] = w.at;
    const beyond = rectAt(x + (w.dir[0] * size.w) / 2, y + (w.dir[1] * size.h) / 2, size.w, size.h);
    const options = [beyond];
    const base = tiles.length && w.next ? tiles.find((t) => t.p === w.arm.tiles[w.next - 1]).r : null;
    if (base) {
      const cx = (base.x0 + base.x1) / 2, cy = (base.y0 + base.y1) / 2;
      options.push(
        rectAt(cx, base.y1 + GAP + size.h / 2, size.w, size.h),
        rectAt(cx, base.y0 - GAP - size.h / 2, size.w, size.h),
        rectAt(base.x1 + GAP + size.w / 2, cy, size.w, size.h),
        rectAt(base.x0 - GAP - size.w / 2, cy, size.w, size.h),
      );
    }
    let r = options.find(free);
    if (!r) {
      // Boxed in: the nearest free place around the arm's end.
      ok = false;
      stray();
      const cx = (beyond.x0 + beyond.x1) / 2, cy = (beyond.y0 + beyond.y1) / 2;
      for (let ring = 1; ring < 60 && !r; ring++) {
        for (let i = 0; i < 8 * ring && !r; i++) {
          const a = (i / (8 * ring)) * 2 * Math.PI;
          const q = rectAt(cx + Math.cos(a) * ring * u / 2, cy + Math.sin(a) * ring * u / 2, size.w, size.h);
          if (!taken.some((t) => clash(q, t))) r = q;
        }
      }
      r = r || beyond;
    }
    taken.push(r);
    ends.push({end, label, size, r});
  }
  const box = {x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity};
  for (const r of taken) {
    box.x0 = Math.min(box.x0, r.x0);
    box.x1 = Math.max(box.x1, r.x1);
    box.y0 = Math.min(box.y0, r.y0);
    box.y1 = Math.max(box.y1, r.y1);
  }
  // The tiles laid apart from the tile they join (their arm's root, or the tile before them):
  // where the eye loses the arm.
  const gap = (r, q) => Math.max(r.x0 - q.x1, q.x0 - r.x1, r.y0 - q.y1, q.y0 - r.y1);
  for (const arm of line.arms) {
    let before = arm.root;
    for (const p of arm.tiles) {
      if (where[before] && where[p.tile] && gap(where[before].r, where[p.tile].r) > GAP + 1) stray();
      before = p.tile;
    }
  }
  return {tiles, ends, box, turns, detours, ok: ok && box.x1 - box.x0 <= width + 1 && box.y1 - box.y0 <= height + 1};
}

function endLabel(end) {
  // An end is named as a person reads it (its label: Mexican Train's first train is T1).
  const name = end.label || end.name;
  return end.shows === null ? name : `${name} ${end.shows}`;
}

/** The largest tiles with which the layout `lay(u, width, height, way)` fits the room, trying
 * each of `ways` (the ways to walk the arms; the first, the plain walk, is preferred) in turn;
 * where none fits, the way and size that keep the most tiles on their arm's way (fewest
 * `detours`), as high as it needs; without `ways` (the trains of a hub), the smallest tiles, as
 * high as they need. */
function fitted(lay, units, width, height, ways) {
  for (const way of ways || [null]) {
    // Fewer corners are worth smaller tiles: a straight line reads at a glance. A walk that
    // leaves its way does not fit: it is given up at once.
    let best = null;
    for (const u of units) {
      const made = lay(u, width, height, way, 0);
      const score = u - 3 * (made.turns || 0);
      if (made.ok && (best === null || score > best.score)) best = {made, score};
    }
    if (best) return best.made;
  }
  if (!ways) return lay(units[units.length - 1], width, Infinity);  // the smallest, as high as it needs
  // Wider than the room it would be scaled down: never, where another way fits.
  const over = (m, side, room) => (m.box ? Number(side(m.box) > room + 1) : 0);
  const across = (r) => r.x1 - r.x0;
  const down = (r) => r.y1 - r.y0;
  // Taller than the room, the ends below it leave the screen: the least overflow first (in rows
  // of tiles), then the fewest tiles laid apart, then the largest tiles.
  const below = (m) => (m.box ? Math.ceil(Math.max(0, down(m.box) - height) / 40) : 0);
  const worse = (a, b) =>
    over(a, across, width) - over(b, across, width) || below(a) - below(b) ||
    (a.detours || 0) - (b.detours || 0) || b.u - a.u;
  let least = null;
  for (const way of ways) {
    for (const u of units) {
      // Once a drawing within the room is found, a walk that strays more is given up.
      const most = least && !over(least, across, width) && !below(least) ? least.detours : Infinity;
      const made = {u, ...lay(u, width, Infinity, way, most)};
      if (made.box && (least === null || worse(made, least) < 0)) least = made;
    }
  }
  return least;
}

/** The ways to walk a line's arms (see layoutLine), the plain walk first. */
const WAYS = [null];
for (const lean of [null, "left", "right"]) {
  for (const wide of [false, true]) {
    for (const ccw of [false, true]) {
      if (lean || wide || ccw) WAYS.push({lean, wide, ccw});
    }
  }
}

/**
 * Draw the table (the server's `line`) at the largest size that fits the room the container
 * has (its width, and `height`: how high the drawing may be, Infinity for no limit), never
 * scaled down: see layoutLine. `targets` maps end names to click handlers (the ends the chosen
 * tile may go to); `fresh` holds the tiles of the last move (highlighted, and moved into place).
 */
let laidOut = null;  // the last table laid out by drawLine: {key, made}

function drawLine(container, line, targets, fresh, height) {
  clear(container);
  targets = targets || {};
  fresh = fresh || new Set();
  if (!line.lead) {
    container.appendChild(el("p", {class: "empty-line"}, t("The table is empty: the first tile played is the lead.")));
    for (const [name, onClick] of Object.entries(targets)) {
      container.appendChild(
        el("button", {class: "lead-target target", "data-end": name, onclick: onClick}, t("Lead here")),
      );
    }
    return;
  }
  const room = roomIn(container);
  // The same table in the same room is laid out once (a page draws it again on every message,
  // a choice of tile, a drag).
  const key = JSON.stringify([line.lead, line.arms, line.ends.map(endLabel), room, height || null]);
  if (!laidOut || laidOut.key !== key) {
    laidOut = {key, made: fitted((u, w, h, way, most) => ({...layoutLine(line, u, w, h, way, most), u}), unitsFor(room), room - 12, height || Infinity, WAYS)};
  }
  const made = laidOut.made;
  const u = made.u;
  const svg = svgEl("svg", {class: "line-svg", role: "img", "aria-label": (line.words || []).join(" "), "data-unit": u, "data-detours": made.detours || 0});
  const tilesLayer = svgEl("g", {class: "tiles"});
  const endsLayer = svgEl("g", {class: "ends"});
  svg.append(tilesLayer, endsLayer);
  for (const {p, r, vertical, dir} of made.tiles) {
    let first = p.a, second = p.b;
    if (!p.cross && dir && dir[0] + dir[1] < 0) [first, second] = [p.b, p.a];
    tilesLayer.appendChild(
      tileShape(first, second, vertical, (r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2, u, {
        class: "placed" + (p.spinner ? " spinner" : "") + (p.double ? " double" : "") + (fresh.has(p.tile) ? " last" : ""),
        "data-tile": p.tile,
      }),
    );
  }
  for (const {end, label, size, r} of made.ends) {
    endsLayer.appendChild(endMarker(end, (r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2, size, targets[end.name], label));
  }
  finishSvg(svg, made.box, 4);
  container.appendChild(svg);
}

// ------------------------------------------------------------------------- other tables
/**
 * Draw whatever table the server's `line` describes: a trick-taking table (Domino Loo), trains
 * from a hub (Mexican Train) or a line with its arms. `names` are the seats' names; `fresh` the
 * tiles of the last move; `height` how high the drawing may be (Infinity: no limit).
 */
function drawTable(container, line, targets, names, fresh, height) {
  if (line.tricks) drawTricks(container, line.tricks, names || []);
  else if (line.hub && line.lead) drawHub(container, line, targets, fresh, height);
  else drawLine(container, line, targets, fresh, height);
}

/** Where the trains of a hub go with tiles' halves of side `u` in a room `width` wide: a row per
 * train (a train longer than the room goes on in another row under it), its name above it. */
function layoutHub(line, u, width, height, inline) {
  // Where room is short a train's name follows its open end, where it fits, rather than taking
  // a row of its own.
  const labelHeight = inline ? 0 : LABEL_FONT + 4;
  const x0 = u + GAP + 10;  // the trains start after the engine, and their marker before them
  const markW = Math.max(10, Math.round(0.6 * u));
  const start = x0 + markW + 2 * GAP;
  const ends = Object.fromEntries(line.ends.map((e) => [e.name, e]));
  let y = 0;
  let ok = true;
  const trains = line.arms.map((arm) => {
    const end = ends[arm.name] || {name: arm.name, shows: null};
    const label = endLabel(end);
    const size = markerSize(label, u);
    const rows = [[]];
    let x = start;
    for (const p of arm.tiles) {
      const len = p.cross ? u : 2 * u;
      if (x + len + GAP + size.w > width && rows[rows.length - 1].length) {
        rows.push([]);
        x = start + u;
      }
      rows[rows.length - 1].push({p, x: x + len / 2, len});
      x += len + GAP;
    }
    const top = y;
    y += labelHeight;
    const placed = [];
    rows.forEach((row, i) => {
      const tall = row.some((t) => t.p.cross) ? 2 * u : Math.max(u, size.h);
      const mid = y + tall / 2;
      for (const t of row) placed.push({...t, y: mid});
      rows[i] = {row, mid};
      y += tall + GAP;
    });
    const lastRow = rows[rows.length - 1];
    const lastTile = lastRow.row[lastRow.row.length - 1];
    const endX = lastTile ? lastTile.x + lastTile.len / 2 + GAP + size.w / 2 : start + size.w / 2;
    if (endX + size.w / 2 > width + 0.5) ok = false;
    y += inline ? 0 : 3;
    const name = [end.label || arm.name, end.title].filter(Boolean).join(" · ");
    const nameWidth = name.length * LABEL_FONT * 0.6;
    const nameAt = inline
      ? endX + size.w / 2 + 6 + nameWidth <= width ? [endX + size.w / 2 + 6, lastRow.mid + LABEL_FONT * 0.36] : null
      : [x0, top + labelHeight - 4];
    return {arm, end, label, size, top, placed, firstMid: rows[0].mid, endAt: [endX, lastRow.mid], name, nameAt, nameWidth};
  });
  return {trains, u, x0, markW, labelHeight, height: y, ok: ok && y <= height};
}

/**
 * Trains from a hub (Mexican Train): the engine on the left and a row per train, its name and
 * whose it is above it, its marker (the owner's: open to all) before its first tile, its open
 * end after its last. The largest tiles that let every train fit the room are chosen.
 */
function drawHub(container, line, targets, fresh, height) {
  clear(container);
  targets = targets || {};
  fresh = fresh || new Set();
  const room = roomIn(container);
  const legend = line.ends.some((e) => e.marked) ? (room < 520 ? 40 : 22) : 0;
  const lay = (u, w, h) => {
    const above = w >= 500 && layoutHub(line, u, w, h, false);
    return above && above.ok ? above : layoutHub(line, u, w, h, true);
  };
  const made = fitted(lay, unitsFor(room).map((u) => Math.min(u, 28)), room - 12, (height || Infinity) - legend);
  const u = made.u;
  const svg = svgEl("svg", {class: "line-svg hub", role: "img", "aria-label": (line.words || []).join(" "), "data-unit": u});
  const tilesLayer = svgEl("g", {class: "tiles"});
  const labels = svgEl("g", {class: "train-labels"});
  const endsLayer = svgEl("g", {class: "ends"});
  svg.append(labels, tilesLayer, endsLayer);
  const middle = made.height / 2;
  const lead = line.lead;
  tilesLayer.appendChild(
    tileShape(lead.a, lead.b, true, u / 2, middle, u, {class: "placed spinner double engine", "data-tile": lead.tile}),
  );
  let right = made.x0;
  let marked = false;
  for (const train of made.trains) {
    const {arm, end} = train;
    tilesLayer.appendChild(svgEl("path", {d: `M ${u} ${middle} L ${made.x0} ${train.firstMid}`, class: "spoke"}));
    if (train.nameAt) {
      labels.appendChild(svgEl("text", {x: train.nameAt[0], y: train.nameAt[1], class: "train-name", "data-train": arm.name}, train.name));
      right = Math.max(right, train.nameAt[0] + train.nameWidth);
    }
    if (end.marked) {
      marked = true;
      const h = Math.round(0.6 * u);
      labels.appendChild(
        svgEl("g", {class: "marker", "data-marker": arm.name},
          svgEl("rect", {x: made.x0 + GAP, y: train.firstMid - h / 2, width: made.markW, height: h, rx: 3}),
          svgEl("title", {}, t("marker: this train is open to everyone")),
        ),
      );
    }
    for (const {p, x, y} of train.placed) {
      tilesLayer.appendChild(
        tileShape(p.a, p.b, p.cross, x, y, u, {
          class: "placed" + (p.double ? " double" : "") + (fresh.has(p.tile) ? " last" : ""),
          "data-tile": p.tile,
        }),
      );
    }
    const waiting = end.waiting || Boolean(end.note && end.note.includes("to be covered"));
    const marker = endMarker({...end, waiting}, train.endAt[0], train.endAt[1], train.size, targets[arm.name], train.label);
    if (targets[arm.name]) marker.setAttribute("aria-label", t("play on {train}", {train: end.label || arm.name}));
    endsLayer.appendChild(marker);
    right = Math.max(right, train.endAt[0] + train.size.w / 2);
  }
  finishSvg(svg, {x0: 0, y0: 0, x1: Math.min(right, roomIn(container) - 20), y1: made.height}, 4);
  container.appendChild(svg);
  if (marked) {
    container.appendChild(
      el("p", {class: "legend"}, el("span", {class: "marker-key", "aria-hidden": "true"}), t("a marker on a train: its owner could not play on it, so anyone may play there")),
    );
  }
}


/**
 * A trick-taking table (Domino Loo): the turn-up and trumps, the trick in play with who played
 * each tile, the last trick and who took it, and each player's decision and tricks.
 */
function drawTricks(container, tricks, names) {
  clear(container);
  const who = (seat) => names[seat] || t("Seat {n}", {n: seat + 1});
  const played = (list, winner) =>
    el("ol", {class: "trick-tiles"},
      list.map((t) =>
        el("li", {class: t.seat === winner ? "winner" : "", "data-seat": t.seat},
          el("span", {class: "tile-wrap", "data-tile": t.tile}, tileIcon(t.tile, 20)),
          el("span", {class: "who"}, who(t.seat)),
        ),
      ),
    );
  const done = tricks.seats.reduce((n, s) => n + s.won, 0);
  const over = tricks.ended || done >= tricks.tricks;
  const trick = el("div", {class: "trick", "data-trick": "current"},
    // The heading and what the table waits for are the game's own words (its presenter's).
    el("h3", {}, tricks.heading || (over ? t("The play is over") : t("Trick {n}", {n: done + 1}))),
    tricks.trick.length
      ? played(tricks.trick, null)
      : el("p", {class: "muted"}, tricks.waiting || (over ? nt("{done} of {n} trick played.", "{done} of {n} tricks played.", tricks.tricks, {done}) : "")),
  );
  const last = tricks.last.length
    ? el("div", {class: "trick last", "data-trick": "last"},
      el("h3", {}, t("Last trick: {name} took it", {name: who(tricks.last_winner)})),
      played(tricks.last, tricks.last_winner),
    )
    : null;
  const worth = tricks.worth;
  const players = el("ul", {class: "trick-seats"},
    tricks.seats.map((s) =>
      el("li", {"data-seat": s.seat, "data-status": s.status},
        el("strong", {}, who(s.seat)), ` ${s.text}`,
      ),
    ),
  );
  container.appendChild(
    el("div", {class: "tricks-table", role: "group", "aria-label": t("the tricks")},
      tricks.turnup
        ? el("div", {class: "turnup"},
          el("span", {class: "tile-wrap", "data-tile": tricks.turnup, "data-turnup": "true"}, tileIcon(tricks.turnup, 22)),
          el("div", {},
            el("div", {class: "trumps"}, t("Trumps: {trumps}", {trumps: tricks.trump_text || tricks.trump})),
            el("div", {class: "muted"}, t("the tile turned up")),
          ),
        )
        : el("div", {class: "turnup"},
          el("div", {},
            el("div", {class: "trumps"}, t("Trumps: {trumps}", {trumps: tricks.trump_text || tricks.trump})),
            (tricks.notes || []).map((note) => el("div", {class: "trick-note"}, note)),
          ),
        ),
      trick,
      last,
      el("div", {class: "trick-info"}, players, el("p", {class: "muted"}, worth)),
    ),
  );
}

/** A review of a hand (the server's): each decision that cost points, with the move played, the
 * better one and what the choice cost give or take its margin, and the total. */
function reviewList(review) {
  const costly = review.moves.filter((m) => !m.even && m.loss >= 0.5);
  const list = el("ol", {class: "review-moves"},
    costly.map((m) =>
      el("li", {class: "cost", "data-move": m.number},
        (m.margin >= 0.05
          ? t("Move {number}: {name} played {played} (worth {worth}); {best} ({best_worth}) was better by {loss} ± {margin} points: {reason}.", {
            number: m.number, name: review.name, played: m.played, worth: signed(m.played_value), best: m.best,
            best_worth: signed(m.best_value), loss: numberText(m.loss, 1), margin: numberText(m.margin, 1), reason: m.reason})
          : t("Move {number}: {name} played {played} (worth {worth}); {best} ({best_worth}) was better by {loss} points: {reason}.", {
            number: m.number, name: review.name, played: m.played, worth: signed(m.played_value), best: m.best,
            best_worth: signed(m.best_value), loss: numberText(m.loss, 1), reason: m.reason}))),
    ),
  );
  const even = review.moves.length - costly.length;
  return el("div", {class: "review"},
    el("p", {}, nt("{n} decision with a real choice; {even} as good as the best, or within the margin of it.",
      "{n} decisions with a real choice; {even} as good as the best, or within the margin of it.", review.decisions, {even})),
    costly.length ? list : el("p", {}, t("No costly move: well played.")),
    el("p", {}, el("strong", {}, t("Total cost of the choices: {total} points.", {total: numberText(review.total, 1)}))),
    el("p", {class: "note"},
      t("Each move is valued as the hint would have valued it then, from what the player could see: the points it was expected to bring, less the others'. ± is the margin: another analysis could differ by up to that much, so a cost within it is no sure loss.")),
  );
}

/** A computer level's name in the page's language (a plug-in's as it is). */
function levelWords(level) {
  const found = I18N.messages[`level\u0004${level}`];
  return typeof found === "string" ? found : level;
}

/** A table's status in words. */
function statusWords(status) {
  const words = {
    playing: pt("status", "playing"), between_hands: pt("status", "between hands"),
    over: pt("status", "over"), closed: pt("status", "closed"),
  };
  return words[status] || status.replace("_", " ");
}

function signed(x) {
  return `${x >= 0 ? "+" : ""}${numberText(x, 1)}`;
}

function num(x) {
  return Number.isInteger(x) ? String(x) : x.toFixed(2).replace(/\.?0+$/, "");
}

/** On a phone a listed table's rows are cards (style.css): each cell says its column's name, taken
 * from the table's head, whatever page filled the table and whenever. */
function labelListCells() {
  for (const table of document.querySelectorAll("table.list")) {
    const heads = [...table.querySelectorAll("thead th")].map((th) => th.textContent.trim());
    for (const row of table.querySelectorAll("tbody tr")) {
      [...row.children].forEach((cell, i) => {
        if (heads[i] && cell.colSpan === 1 && cell.dataset.label === undefined) cell.dataset.label = heads[i];
      });
    }
  }
}
new MutationObserver(labelListCells).observe(document.documentElement, {childList: true, subtree: true});
languageSwitch();
