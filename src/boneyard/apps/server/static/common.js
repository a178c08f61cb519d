// boneyard's pages: shared helpers. Every text from the server or a player is put in the page as
// text (textContent), never as markup.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";

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
      detail = detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
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
    append(who, [el("a", {href: "/account", id: "login-link"}, "Log in or sign up")]);
    return;
  }
  const me = await response.json();
  const out = el("button", {type: "button", id: "logout"}, "Log out");
  out.addEventListener("click", async () => {
    await postJSON("/api/account/logout", {});
    (changed || showWho)();
  });
  append(who, [
    "Signed in as ", el("a", {href: profileUrl(me.name), id: "me"}, me.name), " ",
    el("a", {href: "/account", id: "account-link"}, "account"), " ", out,
  ]);
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
/** The width a drawing may take in `container` (the felt's inner width). */
function roomIn(container) {
  return Math.max(260, container.clientWidth || 0);
}

/** The side of a tile's half: tiles big enough to read at a glance, smaller on a phone. */
function unitFor(room) {
  return room < 520 ? 22 : 32;
}

function endMarker(end, cx, cy, r, target, label) {
  const group = svgEl("g", {
    class: "end" + (target ? " target" : "") + (end.shows === null ? " closed" : "") + (end.waiting ? " waiting" : ""),
    "data-end": end.name,
    role: target ? "button" : null,
    tabindex: target ? "0" : null,
    "aria-label": target ? `play at ${end.name}` : end.needs || end.note || null,
  });
  group.appendChild(svgEl("circle", {cx, cy, r}));
  group.appendChild(svgEl("text", {x: cx, y: cy + 4, "text-anchor": "middle"}, label));
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

/**
 * Draw the table (the server's `line`): the lead in the middle, each arm from its root outward,
 * crosswise doubles and spinners standing across the line, a spinner's short sides going off it at
 * right angles, and the open ends marked. The line uses the felt's whole width: an arm that would
 * leave it turns a corner (the right arm downward, the left upward), and a line without spinners
 * then comes back the other way beneath (above) itself, as on a real table. `targets` maps end
 * names to click handlers (the ends the chosen tile may go to); `fresh` holds the tiles of the
 * last move (highlighted, and moved into place).
 */
function drawLine(container, line, targets, fresh) {
  clear(container);
  targets = targets || {};
  fresh = fresh || new Set();
  const room = roomIn(container);
  const u = unitFor(room);
  const gap = 3;
  const svg = svgEl("svg", {class: "line-svg", role: "img", "aria-label": (line.words || []).join(" ")});
  const tilesLayer = svgEl("g", {class: "tiles"});
  const endsLayer = svgEl("g", {class: "ends"});
  svg.appendChild(tilesLayer);
  svg.appendChild(endsLayer);
  const box = {x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity};
  const grow = (r) => {
    box.x0 = Math.min(box.x0, r.x0);
    box.x1 = Math.max(box.x1, r.x1);
    box.y0 = Math.min(box.y0, r.y0);
    box.y1 = Math.max(box.y1, r.y1);
  };
  if (!line.lead) {
    container.appendChild(el("p", {class: "empty-line"}, "The table is empty: the first tile played is the lead."));
    for (const [name, onClick] of Object.entries(targets)) {
      container.appendChild(
        el("button", {class: "lead-target target", "data-end": name, onclick: onClick}, "Lead here"),
      );
    }
    return;
  }
  const rect = (cx, cy, w, h) => ({x0: cx - w / 2, x1: cx + w / 2, y0: cy - h / 2, y1: cy + h / 2});
  const where = {};
  const tips = {};
  const place = (p, cx, cy, vertical, dir) => {
    let first = p.a, second = p.b;
    if (!p.cross && dir && dir[0] + dir[1] < 0) [first, second] = [p.b, p.a];
    const r = rect(cx, cy, vertical ? u : 2 * u, vertical ? 2 * u : u);
    grow(r);
    tilesLayer.appendChild(
      tileShape(first, second, vertical, cx, cy, u, {
        class: "placed" + (p.spinner ? " spinner" : "") + (p.double ? " double" : "") + (fresh.has(p.tile) ? " last" : ""),
        "data-tile": p.tile,
      }),
    );
    return r;
  };
  const lead = line.lead;
  const leadRect = place(lead, 0, 0, lead.cross, null);
  where[lead.tile] = {x: 0, y: 0, axis: "h"};
  const reach = lead.cross ? u / 2 : u;
  // The way each arm leaves the tile it grows from (left, right, up, down) and, for an arm off one
  // half of the lead standing across, which half: as the server says (`way`, `half`), else from
  // the arm's name (L, R, U, D, nU, LU...).
  const wayOf = (arm) =>
    arm.way || ({L: "left", R: "right"}[arm.name] || (arm.name.endsWith("U") ? "up" : "down"));
  const halfOf = (arm) =>
    arm.half || (/^[LR][UD]$/.test(arm.name) ? (arm.name[0] === "L" ? "left" : "right") : null);
  const along = (arm) => arm.root === lead.tile && ["left", "right"].includes(wayOf(arm));
  const plain = line.arms.every(along);
  // How far from the lead an arm may reach before it turns: the felt's half, less room for the
  // end's marker beyond its last tile.
  const bound = Math.max(2.5 * u, room / 2 - 1.1 * u - 4);
  const rowStep = 2 * u + 2 * gap;  // a row's tiles reach at most u above and below its middle
  for (const arm of line.arms) {
    const way = wayOf(arm);
    let start = null;
    if (along(arm)) {
      const side = way === "left" ? -1 : 1;
      start = {x: side * (reach + gap), y: 0, dir: [side, 0]};
    } else if (halfOf(arm) && arm.root === lead.tile) {
      // Off one half of the lead standing across (Chicken Foot's outer toes of a "double
      // chicken foot"): beyond its left or right side, upward or downward.
      const side = halfOf(arm) === "left" ? -1 : 1;
      const down = way === "down" ? 1 : -1;
      start = {x: side * (reach + gap + u / 2), y: down * (u / 2 + gap), dir: [0, down]};
    } else {
      const root = where[arm.root] || where[lead.tile];
      const up = way === "up";
      const dir = root.axis === "h" ? [0, up ? -1 : 1] : [up ? -1 : 1, 0];
      start = {x: root.x + dir[0] * (u + gap), y: root.y + dir[1] * (u + gap), dir};
    }
    // Only a line without spinners turns: the arms of a spinner (and Chicken Foot's toes) go
    // off at right angles, and the drawing is made smaller to fit the felt instead.
    const turns = plain;
    let {x, y} = start;
    let dir = start.dir;
    const turn = way === "right" ? 1 : -1;  // the right arm turns downward, the left upward
    let row = [leadRect];       // the tiles of the row being laid
    let column = [];            // the tiles of a corner's column
    let rowY = 0;
    let rowWay = dir[0];        // the way the last row went
    for (const p of arm.tiles) {
      const len = p.cross ? u : 2 * u;
      if (turns && dir[1] === 0 && Math.abs(x + dir[0] * len) > bound) {
        // The corner: a column from the end of the row, below (above) every tile it passes.
        const last = row[row.length - 1];
        const colX = dir[0] > 0 ? last.x1 - u / 2 : last.x0 + u / 2;
        const passed = row.filter((r) => r.x1 > colX - u && r.x0 < colX + u);
        const edge = turn > 0 ? Math.max(...passed.map((r) => r.y1)) : Math.min(...passed.map((r) => r.y0));
        rowWay = dir[0];
        x = colX;
        y = edge + turn * gap;
        dir = [0, turn];
        column = [];
      }
      const axis = dir[0] !== 0 ? "h" : "v";
      const vertical = (axis === "v") !== p.cross;
      const cx = x + (dir[0] * len) / 2;
      const cy = y + (dir[1] * len) / 2;
      const r = place(p, cx, cy, vertical, dir);
      where[p.tile] = {x: cx, y: cy, axis};
      x += dir[0] * (len + gap);
      y += dir[1] * (len + gap);
      if (turns && dir[0] === 0) {
        column.push(r);
        const nextRow = rowY + turn * rowStep;
        if (turn > 0 ? r.y1 >= nextRow : r.y0 <= nextRow) {
          // Back the other way along the next row, clear of every tile of the column.
          const back = -rowWay;
          const sides = column.map((q) => (back < 0 ? q.x0 : q.x1));
          x = back < 0 ? Math.min(...sides) - gap : Math.max(...sides) + gap;
          y = nextRow;
          rowY = nextRow;
          dir = [back, 0];
          row = [];
        }
      } else {
        row.push(r);
      }
    }
    tips[arm.name] = {x, y, dir};
  }
  for (const end of line.ends) {
    const tip = tips[end.name];
    if (!tip) continue;
    const cx = tip.x + tip.dir[0] * u * 0.55;
    const cy = tip.y + tip.dir[1] * u * 0.55;
    const label = end.shows === null ? end.name : `${end.name} ${end.shows}`;
    grow(rect(cx, cy, u, u));
    endsLayer.appendChild(endMarker(end, cx, cy, u * 0.5, targets[end.name], label));
  }
  finishSvg(svg, box, 8);
  container.appendChild(svg);
}

// ------------------------------------------------------------------------- other tables
/**
 * Draw whatever table the server's `line` describes: a trick-taking table (Domino Loo), trains
 * from a hub (Mexican Train) or a line with its arms. `names` are the seats' names; `fresh` the
 * tiles of the last move.
 */
function drawTable(container, line, targets, names, fresh) {
  if (line.tricks) drawTricks(container, line.tricks, names || []);
  else if (line.hub && line.lead) drawHub(container, line, targets, fresh);
  else drawLine(container, line, targets, fresh);
}

/**
 * Trains from a hub (Mexican Train): the engine on the left and a row per train, its name and
 * whose it is above it, its marker on it before its first tile, its open end after its last (a
 * train longer than the felt goes on in another row under it).
 */
function drawHub(container, line, targets, fresh) {
  clear(container);
  targets = targets || {};
  fresh = fresh || new Set();
  const room = roomIn(container);
  const u = room < 520 ? 20 : 26;
  const gap = 3;
  const labelHeight = 16;
  const tileRow = 2 * u + 6;  // a double stands across its train
  const x0 = 2.2 * u;           // the trains start here, after the engine and a marker's room
  const rowWidth = Math.max(6 * u, room - x0 - 2 * u - 16);
  const svg = svgEl("svg", {class: "line-svg hub", role: "img", "aria-label": (line.words || []).join(" ")});
  const tilesLayer = svgEl("g", {class: "tiles"});
  const labels = svgEl("g", {class: "train-labels"});
  const endsLayer = svgEl("g", {class: "ends"});
  svg.append(labels, tilesLayer, endsLayer);
  const ends = Object.fromEntries(line.ends.map((e) => [e.name, e]));
  const label = (arm) => [arm.name, (ends[arm.name] || {}).title].filter(Boolean).join(" · ");
  // Each train's rows of tiles.
  let y = 0;
  const blocks = line.arms.map((arm) => {
    const split = [[]];
    let width = 0;
    for (const p of arm.tiles) {
      const len = (p.cross ? u : 2 * u) + gap;
      if (width + len > rowWidth && split[split.length - 1].length) {
        split.push([]);
        width = 0;
      }
      split[split.length - 1].push(p);
      width += len;
    }
    const block = {arm, split, top: y};
    y += labelHeight + split.length * tileRow + 4;
    return block;
  });
  const height = y;
  const middle = height / 2;
  const lead = line.lead;
  tilesLayer.appendChild(
    tileShape(lead.a, lead.b, true, u / 2, middle, u, {class: "placed spinner double engine", "data-tile": lead.tile}),
  );
  let right = x0;
  for (const {arm, split, top} of blocks) {
    const end = ends[arm.name] || {name: arm.name, shows: null};
    const firstRow = top + labelHeight + tileRow / 2;
    tilesLayer.appendChild(svgEl("path", {d: `M ${u} ${middle} L ${x0 - gap} ${firstRow}`, class: "spoke"}));
    labels.appendChild(
      svgEl("text", {x: x0, y: top + labelHeight - 4, class: "train-name", "data-train": arm.name}, label(arm)),
    );
    if (end.marked) {
      // The owner's marker stands on his own train, at its start.
      labels.appendChild(
        svgEl("g", {class: "marker", "data-marker": arm.name},
          svgEl("rect", {x: x0 - 0.95 * u, y: firstRow - u * 0.3, width: 0.8 * u, height: 0.6 * u, rx: 3}),
          svgEl("title", {}, "marker: open to all"),
        ),
      );
    }
    let x = x0;
    let rowAt = firstRow;
    split.forEach((tiles, r) => {
      rowAt = firstRow + r * tileRow;
      x = r ? x0 + u : x0;
      if (r) labels.appendChild(svgEl("text", {x: x0, y: rowAt + 4, class: "train-name more"}, "…"));
      for (const p of tiles) {
        const len = p.cross ? u : 2 * u;
        tilesLayer.appendChild(
          tileShape(p.a, p.b, p.cross, x + len / 2, rowAt, u, {
            class: "placed" + (p.double ? " double" : "") + (fresh.has(p.tile) ? " last" : ""),
            "data-tile": p.tile,
          }),
        );
        x += len + gap;
      }
    });
    const cx = x + u * 0.55;
    const waiting = end.waiting || Boolean(end.note && end.note.includes("to be covered"));
    const marker = endMarker({...end, waiting}, cx, rowAt, u * 0.55, targets[arm.name],
      end.shows === null ? arm.name : `${arm.name} ${end.shows}`);
    if (targets[arm.name]) marker.setAttribute("aria-label", `play on ${arm.name}`);
    endsLayer.appendChild(marker);
    right = Math.max(right, cx + u, x0 + label(arm).length * 7);
  }
  finishSvg(svg, {x0: 0, y0: 0, x1: right, y1: height}, 6);
  container.appendChild(svg);
}

const TRICK_STATUS = {deciding: "to decide", stood: "in", missed: "took the miss", dropped: "dropped out", out: "sits out"};

/**
 * A trick-taking table (Domino Loo): the turn-up and trumps, the trick in play with who played
 * each tile, the last trick and who took it, and each player's decision and tricks.
 */
function drawTricks(container, tricks, names) {
  clear(container);
  const who = (seat) => names[seat] || `Seat ${seat}`;
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
    el("h3", {}, tricks.leader === null ? "Before the play"
      : over ? "The play is over" : `Trick ${done + 1}`),
    tricks.trick.length
      ? played(tricks.trick, null)
      : el("p", {class: "muted"},
        tricks.leader === null
          ? (tricks.turnup ? "Each player stands, takes the miss or drops out." : "Before the play.")
          : over ? `${done} of ${tricks.tricks} tricks played.` : `${who(tricks.leader)} to lead.`),
  );
  const last = tricks.last.length
    ? el("div", {class: "trick last", "data-trick": "last"},
      el("h3", {}, `Last trick: ${who(tricks.last_winner)} took it`),
      played(tricks.last, tricks.last_winner),
    )
    : null;
  const worth = tricks.worth;
  const players = el("ul", {class: "trick-seats"},
    tricks.seats.map((s) =>
      el("li", {"data-seat": s.seat, "data-status": s.status},
        el("strong", {}, who(s.seat)), ` ${TRICK_STATUS[s.status]}`,
        ["dropped", "deciding", "out"].includes(s.status) ? "" : ` · ${s.won} trick${s.won === 1 ? "" : "s"}`,
      ),
    ),
  );
  container.appendChild(
    el("div", {class: "tricks-table", role: "group", "aria-label": "the tricks"},
      tricks.turnup
        ? el("div", {class: "turnup"},
          el("span", {class: "tile-wrap", "data-tile": tricks.turnup, "data-turnup": "true"}, tileIcon(tricks.turnup, 22)),
          el("div", {},
            el("div", {class: "trumps"}, `Trumps: ${tricks.trump_text || tricks.trump}`),
            el("div", {class: "muted"}, "the tile turned up"),
          ),
        )
        : el("div", {class: "turnup"},
          el("div", {},
            el("div", {class: "trumps"}, `Trumps: ${tricks.trump_text || tricks.trump}`),
            (tricks.notes || []).map((note) => el("div", {class: "trick-note"}, note)),
          ),
        ),
      trick,
      last,
      el("div", {class: "trick-info"}, players, el("p", {class: "muted"}, worth)),
    ),
  );
}

function num(x) {
  return Number.isInteger(x) ? String(x) : x.toFixed(2).replace(/\.?0+$/, "");
}
