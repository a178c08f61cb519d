// The browser's half of test_every_screen.py: two functions, each given to page.evaluate as the
// text between its markers.

// ---- play until
// The person's moves, played by the page: its first play, else its first move, until the hand
// is over or `target` moves have been made.
(target) => new Promise((resolve, reject) => {
  const started = Date.now();
  let sent = null;
  const timer = setInterval(() => {
    if (typeof state === "undefined" || state === null) return;
    if (state.status !== "playing" || state.move >= target) {
      clearInterval(timer);
      resolve(state.move);
      return;
    }
    if (Date.now() - started > 60000) {
      clearInterval(timer);
      reject(new Error(`the hand stood still at move ${state.move}`));
      return;
    }
    const at = `${state.hand}:${state.move}`;
    if (mine() && state.moves.length && sent !== at) {
      sent = at;
      sendMove(state.moves.find((m) => m.action.kind === "play") || state.moves[0]);
    }
  }, 15);
})

// ---- look
// What is wrong with the page as it is drawn now (an empty list: nothing).
([phone]) => {
  const bad = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth) bad.push(`the page is ${doc.scrollWidth} px wide in ${doc.clientWidth}`);
  const shown = (e) => e.getClientRects().length > 0;
  const box = (e) => e.getBoundingClientRect();
  // No two things of the table overlap.
  const things = [...document.querySelectorAll(
    "#line [data-tile], #line .end, #line .marker, #line .train-name")].filter(shown);
  const rects = things.map((e) => [e.dataset.tile || e.dataset.end || e.dataset.marker || e.textContent, box(e)]);
  for (let i = 0; i < rects.length; i++) for (let j = i + 1; j < rects.length; j++) {
    const [a, r] = rects[i], [b, q] = rects[j];
    const w = Math.min(r.right, q.right) - Math.max(r.left, q.left);
    const h = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
    if (w > 1 && h > 1) bad.push(`${a} over ${b} by ${w.toFixed(0)}x${h.toFixed(0)} px`);
  }
  // An end's label inside its marker.
  for (const end of document.querySelectorAll("#line .end")) {
    const r = box(end.querySelector("rect")), t = box(end.querySelector("text"));
    if (t.left < r.left - 0.5 || t.right > r.right + 0.5 || t.top < r.top - 0.5 || t.bottom > r.bottom + 0.5)
      bad.push(`the label ${end.textContent} leaves its marker`);
  }
  // Tiles large enough to read.
  const least = phone ? 14 : 20;
  for (const t of document.querySelectorAll("#line .placed, #line .tile-wrap svg")) {
    const r = box(t);
    const half = Math.min(r.width, r.height / 2, Math.max(r.width / 2, r.height / 2));
    const side = Math.min(r.width, r.height);
    if (side < least - 0.5) bad.push(`a tile's half is ${side.toFixed(1)} px`);
  }
  // The hand and the open ends on the screen, uncovered, without scrolling.
  const seen = (e) => {
    const r = box(e);
    if (r.top < 0 || r.bottom > innerHeight + 0.5 || r.left < 0 || r.right > innerWidth + 0.5) return false;
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return at !== null && (at === e || e.contains(at) || at.contains(e));
  };
  if (document.body.dataset.role === "player" && document.body.dataset.status === "playing") {
    for (const t of document.querySelectorAll("#hand .tile")) if (!seen(t)) bad.push(`your tile ${t.dataset.tile} is off the screen`);
    for (const e of document.querySelectorAll("#line .end:not(.closed)")) if (!seen(e)) bad.push(`the end ${e.dataset.end} is off the screen`);
  }
  // No text cut.
  for (const e of document.querySelectorAll("body *")) {
    if (!shown(e) || e.closest(".hidden") || ["INPUT", "SELECT", "TEXTAREA", "svg"].includes(e.tagName) || e.closest("svg")) continue;
    const text = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (text && e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
      bad.push(`cut text: ${e.tagName.toLowerCase()}.${e.className} "${e.textContent.slice(0, 30)}" (${e.scrollWidth} in ${e.clientWidth})`);
  }
  return bad;
}
