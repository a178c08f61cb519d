// boneyard's profile page (/@/NAME): a person's ratings per game, matches played and won, the
// rating history drawn as an SVG plot, the recent matches (each a record to download and a
// replay) and, on one's own profile, one's tables in play.
"use strict";

/** A match's result in words (the reader's). */
function resultWords(result) {
  return {win: pt("match", "won"), loss: pt("match", "lost"), draw: pt("match", "drawn")}[result];
}

function profileName() {
  return decodeURIComponent(location.pathname.slice("/@/".length));
}

function when(iso) {
  return new Date(iso).toLocaleString(LANGUAGE);
}

function ratingText(r) {
  return `${r.value}${r.provisional ? "?" : ""} ± ${r.deviation}`;
}

function showRatings(profile) {
  const body = clear(document.querySelector("#ratings tbody"));
  if (!profile.ratings.length) {
    body.appendChild(el("tr", {}, el("td", {colspan: 4, class: "muted"}, t("No rated match yet."))));
  }
  for (const r of profile.ratings) {
    body.appendChild(el("tr", {"data-game": r.game},
      el("td", {}, el("a", {href: `/leaderboard?game=${encodeURIComponent(r.game)}`}, r.title)),
      el("td", {class: r.provisional ? "provisional" : null, title: r.provisional ? t("provisional") : null}, ratingText(r)),
      el("td", {}, String(r.games)),
      el("td", {}, String(r.wins))));
  }
}

/** The rating history of one game as an SVG line: the rating after each rated match, with its
 * deviation as a band, the first and last values and the range written beside it. */
function plot(points) {
  const W = 600, H = 220, left = 48, right = 12, top = 12, bottom = 28;
  const lows = points.map((p) => p.value - p.deviation);
  const highs = points.map((p) => p.value + p.deviation);
  let low = Math.min(...points.map((p) => p.value)), high = Math.max(...points.map((p) => p.value));
  low = Math.min(low, ...lows.map((v) => Math.max(v, low - 200)));
  high = Math.max(high, ...highs.map((v) => Math.min(v, high + 200)));
  if (high - low < 50) { low -= 25; high += 25; }
  const x = (i) => left + (points.length === 1 ? (W - left - right) / 2 : i * (W - left - right) / (points.length - 1));
  const y = (v) => top + (high - Math.min(high, Math.max(low, v))) * (H - top - bottom) / (high - low);
  const band = points.map((p, i) => `${x(i)},${y(p.value + p.deviation)}`)
    .concat(points.map((p, i) => `${x(i)},${y(p.value - p.deviation)}`).reverse()).join(" ");
  const line = points.map((p, i) => `${x(i)},${y(p.value)}`).join(" ");
  const svg = svgEl("svg", {viewBox: `0 0 ${W} ${H}`, width: "100%", role: "img", class: "rating-plot",
    "aria-label": nt("rating after {n} rated match, from {first} to {last}", "rating after each of {n} rated matches, from {first} to {last}", points.length, {first: points[0].value, last: points[points.length - 1].value})});
  append(svg, [
    svgEl("rect", {x: left, y: top, width: W - left - right, height: H - top - bottom, fill: "#fafafa", stroke: "#ccc"}),
    svgEl("polygon", {points: band, fill: "#dbe8f6", stroke: "none"}),
    svgEl("polyline", {points: line, fill: "none", stroke: "#2b6cb0", "stroke-width": 2}),
    svgEl("text", {x: left - 4, y: top + 10, "text-anchor": "end", "font-size": 11}, String(Math.round(high))),
    svgEl("text", {x: left - 4, y: H - bottom, "text-anchor": "end", "font-size": 11}, String(Math.round(low))),
    svgEl("text", {x: left, y: H - 8, "font-size": 11}, when(points[0].at)),
    svgEl("text", {x: W - right, y: H - 8, "text-anchor": "end", "font-size": 11}, when(points[points.length - 1].at)),
  ]);
  points.forEach((p, i) => {
    const dot = svgEl("circle", {cx: x(i), cy: y(p.value), r: 3, fill: p.result === "win" ? "#2f855a" : p.result === "loss" ? "#c53030" : "#718096"});
    const rating = `${p.value} ± ${p.deviation}`;
    const said = {
      win: t("{rating} after a match won ({when})", {rating, when: when(p.at)}),
      loss: t("{rating} after a match lost ({when})", {rating, when: when(p.at)}),
    }[p.result] || t("{rating} after a match drawn ({when})", {rating, when: when(p.at)});
    dot.appendChild(svgEl("title", {}, said));
    svg.appendChild(dot);
  });
  return svg;
}

function showHistory(profile) {
  const games = Object.keys(profile.history);
  const box = clear(document.getElementById("history"));
  const chooser = document.getElementById("history-chooser");
  const select = clear(document.getElementById("history-game"));
  if (!games.length) {
    box.appendChild(el("p", {class: "muted"}, t("No rated match yet.")));
    chooser.classList.add("hidden");
    return;
  }
  const titles = Object.fromEntries(profile.ratings.map((r) => [r.game, r.title]));
  for (const g of games) select.appendChild(el("option", {value: g}, titles[g] || g));
  chooser.classList.toggle("hidden", games.length < 2);
  const draw = () => {
    clear(box).appendChild(plot(profile.history[select.value]));
  };
  select.onchange = draw;
  draw();
}

/** Your seat at a table in play, by a new link (the seat is your account's: a lost link, or one
 * opened on another device, is replaced). */
async function takeSeat(t) {
  try {
    const link = await postJSON(`/api/tables/${encodeURIComponent(t.table_id)}/seat`, {});
    location.href = link.invite;
  } catch (e) {
    const box = document.getElementById("profile-error");
    box.textContent = e.message;
    box.classList.remove("hidden");
  }
}

function tableRow(table, finished) {
  const links = finished ? [el("a", {href: table.url}, t("table"))]
    : [el("button", {type: "button", onclick: () => takeSeat(table)}, t("Take my seat")), " · ", el("a", {href: table.url}, t("watch"))];
  if (table.record) links.push(" · ", el("a", {href: table.record, download: `${table.table_id}.json`}, t("record")));
  if (table.replay) links.push(" · ", el("a", {href: table.replay}, pt("verb", "replay")));
  let result = table.status === "closed" ? statusWords("closed") : (resultWords(table.result) || table.winner || "");
  if (table.rated) result = t("{result} (rated)", {result});
  return el("tr", {"data-table": table.table_id},
    el("td", {}, `${table.title} (${table.rule_set})`),
    el("td", {}, finished ? result : statusWords(table.status)),
    el("td", {}, when(table.updated)),
    el("td", {}, links));
}

function showTables(profile) {
  const recent = clear(document.querySelector("#recent tbody"));
  if (!profile.recent.length) recent.appendChild(el("tr", {}, el("td", {colspan: 4, class: "muted"}, t("None yet."))));
  for (const t of profile.recent) recent.appendChild(tableRow(t, true));
  const panel = document.getElementById("unfinished-panel");
  panel.classList.toggle("hidden", profile.unfinished === null);
  if (profile.unfinished === null) return;
  const body = clear(document.querySelector("#unfinished tbody"));
  if (!profile.unfinished.length) body.appendChild(el("tr", {}, el("td", {colspan: 4, class: "muted"}, t("None."))));
  for (const t of profile.unfinished) body.appendChild(tableRow(t, false));
}

async function start() {
  showWho(start);
  let profile;
  try {
    profile = await api(`/api/profile/${encodeURIComponent(profileName())}`);
  } catch (e) {
    const box = document.getElementById("profile-error");
    box.textContent = e.message;
    box.classList.remove("hidden");
    return;
  }
  document.title = `boneyard: ${profile.name}`;
  document.getElementById("profile-name").textContent = profile.name;
  document.getElementById("profile-summary").textContent =
    nt("Joined {date}. {n} match played to the end; {rated} rated, {won} of them won.",
      "Joined {date}. {n} matches played to the end; {rated} rated, {won} of them won.", profile.played,
      {date: new Date(profile.joined).toLocaleDateString(LANGUAGE), rated: profile.rated_games, won: profile.rated_wins});
  showRatings(profile);
  showHistory(profile);
  showTables(profile);
  document.getElementById("profile").classList.remove("hidden");
}

start();
