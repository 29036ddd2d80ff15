// mjasp's hand analyser: reads the state from the URL, asks the JSON API (the CLI's --json
// answers) and draws the result. The URL always holds the state, so a result can be shared.
"use strict";

const FIELDS = ["melds", "dora", "seat", "round", "rules", "draws", "visible", "form",
  "winby", "win"];
const FORM_NAMES = {standard: "standard 一般形", chiitoitsu: "chiitoitsu 七対子",
  kokushi: "kokushi 国士無双"};
let INFO = {advise: false, rules: [], aliases: {}};

const $ = (id) => document.getElementById(id);

// The number of the state being drawn: a render whose number is no longer this one (a
// second input, a click, back or forward came meanwhile) draws nothing more when its
// answers come, so the screen is always the URL's state.
let drawing = 0;
const current = (token) => token === drawing;

function describe(n) {
  return n === -1 ? "complete 和了" : n === 0 ? "tenpai 聴牌" : `${n}-shanten ${n}向聴`;
}

// The tiles of mpsz text in writing order: ["1m", "2m", "0p", ...] (melds excluded).
function tilesOf(text) {
  const out = [];
  let digits = [];
  for (const ch of text) {
    if (/[0-9]/.test(ch)) digits.push(ch);
    else if (/[mpsz]/.test(ch)) { for (const d of digits) out.push(d + ch); digits = []; }
  }
  return out;
}

function concealedPart(hand) {
  const cut = hand.search(/[[(]/);
  return (cut < 0 ? hand : hand.slice(0, cut)).trim();
}

function meldPart(hand) {
  const cut = hand.search(/[[(]/);
  return cut < 0 ? "" : hand.slice(cut).trim();
}

// mpsz text of a tile list, tenhou-style: digits grouped by suit in m p s z order.
function mpsz(tiles) {
  let out = "";
  for (const suit of "mpsz") {
    const digits = tiles.filter((t) => t[1] === suit).map((t) => t[0])
      .sort((a, b) => (a === "0" ? 5.5 : +a) - (b === "0" ? 5.5 : +b));
    if (digits.length) out += digits.join("") + suit;
  }
  return out;
}

function sameKind(a, b) {
  return a[1] === b[1] && (a[0] === "0" ? "5" : a[0]) === (b[0] === "0" ? "5" : b[0]);
}

function tileImg(tile, small) {
  const img = document.createElement("img");
  img.src = `/tiles/${tile}.svg`;
  img.alt = tile;
  img.className = small ? "tile small" : "tile";
  return img;
}

function tileButton(tile, label, onUse, small) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "tile-button";
  button.dataset.tile = tile;
  button.setAttribute("aria-label", label);
  button.title = label;
  button.appendChild(tileImg(tile, small));
  button.addEventListener("click", onUse);
  return button;
}

function state() {
  const params = new URLSearchParams(location.search);
  const s = {hand: params.get("q") ?? params.get("p") ?? "", standardOnly: params.has("p")};
  for (const f of FIELDS) s[f] = params.get(f) ?? "";
  // the API takes winds in either case; the form's choices are capitals
  s.seat = s.seat.toUpperCase();
  s.round = s.round.toUpperCase();
  s.riichi = ["1", "true", "on"].includes(params.get("riichi") ?? "");
  if (s.standardOnly) s.form = "standard";
  return s;
}

function urlOf(s) {
  const params = new URLSearchParams();
  if (s.hand) params.set(s.standardOnly ? "p" : "q", s.hand);
  for (const f of FIELDS) {
    if (s[f] && !(s.standardOnly && f === "form")) params.set(f, s[f]);
  }
  if (s.riichi) params.set("riichi", "1");
  const text = params.toString();
  return location.pathname + (text ? "?" + text : "");
}

function fillForm(s) {
  $("hand").value = s.hand;
  for (const f of FIELDS) $(f).value = s[f] || ($(f).tagName === "SELECT" ? $(f).options[0].value : "");
  // a preset is named in any case (the API's choice ignores it); an unknown one leaves the
  // select on its first choice, a real value, and renderState says what is wrong
  const rules = [...$("rules").options].find((o) => o.value.toLowerCase() === s.rules.toLowerCase());
  $("rules").value = rules ? rules.value : $("rules").options[0].value;
  $("riichi").checked = s.riichi;
  if (FIELDS.some((f) => s[f] && !["form"].includes(f)) || s.riichi) $("situation").open = true;
}

function readForm() {
  const s = {hand: $("hand").value.trim(), standardOnly: false, riichi: $("riichi").checked};
  for (const f of FIELDS) s[f] = $(f).value.trim();
  if (s.seat === "E") s.seat = "";
  if (s.round === "E") s.round = "";
  if (s.winby === "tsumo") s.winby = "";
  const before = state();
  if (before.standardOnly && s.form === "standard") { s.standardOnly = true; s.form = ""; }
  // the winning tile of the hand before (set by a draw from the table) is not the new
  // hand's: a new hand, its winning tile untouched, is won on its own last tile
  if (s.hand !== before.hand && s.win === before.win) s.win = "";
  return s;
}

async function api(command, params) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== "" && v !== undefined) query.set(k, v);
  const response = await fetch(`/api/${command}?${query}`);
  let data;
  try { data = await response.json(); } catch (e) {
    data = {error: {message: `the server answered ${response.status}`}};
  }
  return {ok: response.ok, status: response.status, data};
}

function showError(message) {
  const box = $("error");
  box.textContent = `mjasp: error: ${message}`;
  box.hidden = false;
}

function clear() {
  $("error").hidden = true;
  $("result").hidden = true;
  for (const id of ["discards", "effective", "waits", "score", "explain"]) $(id).hidden = true;
  $("discards").querySelector("tbody").replaceChildren();
  $("hand-tiles").replaceChildren();
  $("forms").replaceChildren();
  for (const el of document.querySelectorAll(".ev")) el.remove();
}

function go(next, push = true) {
  const url = urlOf(next);
  if (push) history.pushState(null, "", url); else history.replaceState(null, "", url);
  render();
}

function fullHand(s) {
  return [s.hand, s.melds].filter(Boolean).join(" ");
}

// The tenhou.net/2 line of one discard: 打1m 摸[2m3m 8枚]
function tenhouLine(d) {
  return `打${d.discard} 摸[${d.waits.map((w) => w.tile).join("")} ${d.total}枚]`;
}

// Python's repr of a text, as click quotes a value in its messages: single quotes unless
// the text holds one and no double quote; backslashes and control characters escaped.
function pyRepr(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const named = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"};
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0);
    if (named[ch]) out += named[ch];
    else if (ch === quote) out += "\\" + ch;
    else if (code < 0x20 || code === 0x7f) out += "\\x" + code.toString(16).padStart(2, "0");
    else out += ch;
  }
  return quote + out + quote;
}

// The command line's message for an unknown preset (click's choice names every name it
// knows); null for a known name, or while the names are not known (no /api/info: the API
// then judges).
function unknownRules(name) {
  const known = [...INFO.rules, ...Object.keys(INFO.aliases)];
  if (!name || !known.length || known.includes(name.toLowerCase())) return null;
  return `Invalid value for '--rules': ${pyRepr(name)} is not one of `
    + `${known.map(pyRepr).join(", ")}.`;
}

async function renderState(token) {
  const s = state();
  fillForm(s);
  clear();
  document.title = s.hand ? `${s.hand} — mjasp` : "mjasp — hand analyser";
  const badRules = unknownRules(s.rules);
  if (badRules) {
    showError(badRules);
    return;
  }
  if (!s.hand) return;
  const hand = fullHand(s);
  const common = {rules: s.rules};
  // a dora indicator lies face up: it is no unseen copy either, as for the advice
  const seen = [s.visible, ...(doraTiles(s) ?? [])].join(" ").trim();
  const answer = await api("shanten", {q: hand, visible: seen, form: s.form, ...common});
  if (!current(token)) return;
  if (!answer.ok) {
    // the dora indicators went in with the visible tiles: a fifth copy may be theirs
    const message = answer.data.error.message;
    showError(seen === s.visible ? message
      : message.replace("the visible tiles", "the visible tiles and dora indicators")
        .replace(/^visible tiles:/, "visible tiles and dora indicators:"));
    return;
  }
  const data = answer.data;
  $("result").hidden = false;
  const written = concealedPart(s.hand);
  const tiles = tilesOf(written);
  const discardable = Boolean(data.discards);
  const holder = $("hand-tiles");
  tiles.forEach((tile, i) => {
    if (discardable) {
      holder.appendChild(tileButton(tile, `discard ${tile}`, () => {
        const rest = tiles.filter((_, j) => j !== i);
        go({...s, hand: mpsz(rest) + (meldPart(s.hand) ? " " + meldPart(s.hand) : ""), win: ""});
      }));
    } else {
      holder.appendChild(tileImg(tile));
    }
  });
  const melds = [meldPart(s.hand), s.melds].filter(Boolean).join(" ");
  if (melds) {
    const span = document.createElement("span");
    span.className = "melds";
    span.textContent = melds;
    holder.appendChild(span);
  }
  $("summary").textContent = `${data.hand}: ${describe(data.shanten)}`
    + (s.standardOnly ? " (standard form only)" : "");
  // a chosen form (?p= is the standard form, as on tenhou.net/2) is the table's: it is
  // listed alone, not beside forms the table leaves out
  for (const [form, n] of Object.entries(data.forms)) {
    if (s.form && form !== s.form) continue;
    const li = document.createElement("li");
    li.dataset.form = form;
    li.textContent = `${FORM_NAMES[form] ?? form}: ${describe(n)}`;
    $("forms").appendChild(li);
  }
  if (discardable) {
    fillDiscards(s, data, tiles);
    if (data.shanten === -1) await showScore(s, hand, tiles, token);
    if (INFO.advise && data.shanten <= 2 && current(token)) await showAdvice(s, hand, token);
  } else {
    fillEffective(s, data, tiles);
    if (data.shanten === 0) await showWaits(s, hand, token);
  }
}

function fillDiscards(s, data, tiles) {
  const body = $("discards").querySelector("tbody");
  for (const d of data.discards) {
    const row = document.createElement("tr");
    row.dataset.discard = d.discard;
    // a plain five before a red one: the red five is worth a han, and the row says 打5m
    const exact = tiles.indexOf(d.discard);
    const index = exact >= 0 ? exact : tiles.findIndex((t) => sameKind(t, d.discard));
    const shown = index >= 0 ? tiles[index] : d.discard;
    // the tile the row discards: the advice names a red five 0m (the table names kinds)
    row.dataset.tile = shown;
    const rest = tiles.filter((_, j) => j !== index);
    const after = (extra) => mpsz(extra ? [...rest, extra] : rest)
      + (meldPart(s.hand) ? " " + meldPart(s.hand) : "");
    const cells = [
      () => tileButton(shown, `discard ${d.discard}`, () => go({...s, hand: after(), win: ""})),
      () => document.createTextNode(describe(d.shanten)),
      () => {
        const span = document.createElement("span");
        span.className = "draws";
        // a draw after the discard: the hand tenhou.net/2 shows when a tile is clicked
        for (const w of d.waits) {
          span.appendChild(tileButton(w.tile, `discard ${d.discard}, draw ${w.tile}`,
            () => go({...s, hand: after(w.tile), win: w.tile}), true));
        }
        return span;
      },
      () => document.createTextNode(String(d.waits.length)),
      () => document.createTextNode(String(d.total)),
      () => document.createTextNode(tenhouLine(d)),
    ];
    const classes = ["discard", "after", "draw", "kinds", "total", "tenhou"];
    cells.forEach((make, i) => {
      const td = document.createElement("td");
      td.className = classes[i];
      td.appendChild(make());
      row.appendChild(td);
    });
    body.appendChild(row);
  }
  $("discards").hidden = false;
}

function fillEffective(s, data, tiles) {
  const box = $("effective");
  box.replaceChildren();
  const line = document.createElement("p");
  line.className = "tenhou";
  line.textContent = `摸[${data.effective_tiles.map((w) => w.tile).join("")} ${data.total}枚]`;
  const draws = document.createElement("div");
  draws.className = "draws";
  for (const w of data.effective_tiles) {
    const hand = mpsz([...tiles, w.tile]) + (meldPart(s.hand) ? " " + meldPart(s.hand) : "");
    const b = tileButton(w.tile, `draw ${w.tile} (${w.remaining} left)`,
      () => go({...s, hand, win: w.tile}), true);
    const count = document.createElement("span");
    count.className = "count";
    count.textContent = String(w.remaining);
    b.appendChild(count);
    draws.appendChild(b);
  }
  box.append(line, draws);
  box.hidden = false;
}

// The dora indicators as a list of tiles, however written ("7m,3z", "7m 3z", "7m3z"):
// score takes them comma-separated, advise as mpsz; null when the text has anything else,
// which then goes to the API as written, for its message.
function doraTiles(s) {
  return /^[0-9mpsz,\s]*$/.test(s.dora) ? tilesOf(s.dora) : null;
}

function doraFor(s, separator) {
  const tiles = doraTiles(s);
  return tiles ? tiles.join(separator) : s.dora;
}

function situation(s) {
  return {seat: s.seat, round: s.round, dora: doraFor(s, ","), rules: s.rules,
    riichi: s.riichi ? "1" : "", tsumo: s.winby === "ron" ? "" : "1"};
}

function scoreHeadline(sc) {
  if (sc.reason) return `0 points: ${sc.reason}`;
  const value = sc.yakuman ? (sc.yakuman === 1 ? "yakuman" : `${sc.yakuman}x yakuman`)
    : `${sc.fu} fu ${sc.han} han${sc.limit && sc.limit !== "yakuman" ? " " + sc.limit : ""}`;
  return `${value}: ${sc.points}`;
}

function payments(sc, tsumo) {
  const p = sc.payments;
  if (!sc.points) return "";
  if (!tsumo) return `ron: ${p.ron}`;
  return p.dealer ? `tsumo: ${p.others}/${p.dealer}` : `tsumo: ${p.others} all`;
}

function scoreBlock(sc, tsumo) {
  const div = document.createElement("div");
  div.className = "score-card";
  const head = document.createElement("p");
  head.className = "headline";
  head.textContent = scoreHeadline(sc);
  div.appendChild(head);
  if (sc.yaku.length) {
    const ul = document.createElement("ul");
    ul.className = "yaku";
    for (const y of sc.yaku) {
      const li = document.createElement("li");
      li.textContent = `${y.name} (${y.japanese}) ${y.han} han`;
      ul.appendChild(li);
    }
    div.appendChild(ul);
  }
  if (sc.fu_details.length) {
    const fu = document.createElement("p");
    fu.className = "fu";
    fu.textContent = "fu: " + sc.fu_details.map((f) => `${f.reason} ${f.fu}`).join(", ");
    div.appendChild(fu);
  }
  const pay = payments(sc, tsumo);
  if (pay) {
    const p = document.createElement("p");
    p.className = "payments";
    p.textContent = pay;
    div.appendChild(p);
  }
  if (sc.reading) {
    const r = document.createElement("p");
    r.className = "reading";
    r.textContent = `reading: ${sc.reading.decomposition.text} (${sc.reading.win_block}, ` +
      `${sc.reading.wait} wait)`;
    div.appendChild(r);
  }
  return div;
}

async function showScore(s, hand, tiles, token) {
  const win = s.win || tiles[tiles.length - 1];
  const params = {q: hand, win, all: "1", ...situation(s)};
  const answer = await api("score", params);
  if (!current(token)) return;
  const body = $("score").querySelector(".body");
  body.replaceChildren();
  if (!answer.ok) {
    const p = document.createElement("p");
    p.className = "score-error";
    p.textContent = `mjasp: error: ${answer.data.error.message}`;
    body.appendChild(p);
  } else {
    const tsumo = params.tsumo === "1";
    const title = document.createElement("p");
    title.textContent = `winning tile ${win} (${tsumo ? "tsumo" : "ron"})`;
    body.append(title, scoreBlock(answer.data, tsumo));
    const all = document.createElement("details");
    all.className = "candidates";
    const summary = document.createElement("summary");
    summary.textContent = `every reading (${answer.data.candidates.length} candidates)`;
    all.appendChild(summary);
    for (const c of answer.data.candidates) all.appendChild(scoreBlock(c, tsumo));
    body.appendChild(all);
  }
  $("score").hidden = false;
}

async function showWaits(s, hand, token) {
  const answer = await api("waits", {q: hand, rules: s.rules});
  if (!current(token) || !answer.ok || !answer.data.waits.length) return;
  const list = $("waits").querySelector(".list");
  list.replaceChildren();
  const concealed = concealedPart(hand);
  const melds = meldPart(hand);
  const scores = await Promise.all(answer.data.waits.map((w) => api("score", {
    q: concealed + w.tile + (melds ? " " + melds : ""), win: w.tile, ...situation(s)})));
  if (!current(token)) return;
  answer.data.waits.forEach((w, i) => {
    const row = document.createElement("div");
    row.className = "wait";
    row.dataset.tile = w.tile;
    row.appendChild(tileImg(w.tile, true));
    const text = document.createElement("span");
    const sc = scores[i];
    text.textContent = ` ${w.shapes.join(", ")} — ` +
      (sc.ok ? `${scoreHeadline(sc.data)} ${sc.data.yaku.map((y) => y.name).join(", ")}`
        : sc.data.error.message);
    row.appendChild(text);
    list.appendChild(row);
  });
  $("waits").hidden = false;
}

async function showAdvice(s, hand, token) {
  const answer = await api("advise", {q: hand, dora: doraFor(s, ""), seat: s.seat,
    round: s.round, draws: s.draws, visible: s.visible, rules: s.rules || "tenhou"});
  if (!current(token)) return;
  if (!answer.ok) {
    // the table stands without its expected values; say why (bad draws, the time limit)
    const note = document.createElement("p");
    note.className = "ev advice-error";
    note.setAttribute("role", "status");
    note.textContent = `expected values: mjasp: error: ${answer.data.error.message}`;
    $("discards").after(note);
    return;
  }
  const head = $("discards-head");
  for (const name of ["points", "win %", "tenpai %", "riichi", ""]) {
    const th = document.createElement("th");
    th.className = "ev";
    th.textContent = name;
    head.appendChild(th);
  }
  const byDiscard = new Map(answer.data.candidates.map((c) => [c.discard, c]));
  for (const row of $("discards").querySelectorAll("tbody tr")) {
    const c = byDiscard.get(row.dataset.tile);
    const values = c && c.expected_points.length ? [c.expected_points[0].toFixed(1),
      (100 * c.win_prob[0]).toFixed(2), (100 * c.tenpai_prob[0]).toFixed(2), c.decision]
      : ["", "", "", ""];
    values.forEach((v, i) => {
      const td = document.createElement("td");
      td.className = "ev " + ["points", "win", "tenpai", "decision"][i];
      td.textContent = v;
      row.appendChild(td);
    });
    const td = document.createElement("td");
    td.className = "ev";
    const why = document.createElement("button");
    why.type = "button";
    why.textContent = "why?";
    why.addEventListener("click", async () => {
      const e = await api("advise", {q: hand, explain: row.dataset.tile,
        dora: doraFor(s, ""), seat: s.seat, round: s.round, draws: s.draws,
        visible: s.visible, rules: s.rules || "tenhou"});
      if (!current(token)) return;  // the page shows another state now
      $("explain").querySelector(".body").textContent = e.ok
        ? explanation(e.data) : `mjasp: error: ${e.data.error.message}`;
      $("explain").hidden = false;
    });
    td.appendChild(why);
    row.appendChild(td);
  }
}

// mjasp advise --explain as text (the command line's layout); its JSON where a part is missing
function explanation(e) {
  try {
    const pct = (p) => (100 * p).toFixed(2) + "%";
    const lines = [`${e.hand}: discard ${e.discard} — expected ${e.expected_points.toFixed(1)} ` +
      `points, win ${pct(e.win_prob)}, P(>= mangan) ${pct(e.p_mangan_or_more)}`, "by riichi/dama:"];
    for (const [k, v] of Object.entries(e.by_riichi)) lines.push(`  ${k}: ${v.toFixed(1)}`);
    lines.push("by winning hand (points, share, probability, yaku):");
    for (const r of e.by_hand.slice(0, 12)) {
      lines.push(`  ${r.points}  ${r.share.toFixed(1)}  p=${r.prob.toFixed(4)}  ${r.yaku}`);
    }
    lines.push("by wait:");
    for (const [k, v] of Object.entries(e.by_wait)) lines.push(`  ${k}: ${v.toFixed(1)}`);
    lines.push("score distribution:");
    for (const [points, p] of e.distribution) lines.push(`  ${points}  ${pct(p)}`);
    lines.push("likeliest lines of play:");
    for (const l of e.lines) lines.push(`  ${pct(l.prob)}  ${l.line}`);
    return lines.join("\n");
  } catch (error) {
    return JSON.stringify(e, null, 1);
  }
}

async function start() {
  try {
    const response = await fetch("/api/info");
    INFO = await response.json();
  } catch (e) { /* the page still works without the extras */ }
  const select = $("rules");
  for (const name of [...INFO.rules, ...Object.keys(INFO.aliases)]) {
    if (name === "standard") continue;
    const option = document.createElement("option");
    option.value = name;
    option.textContent = INFO.aliases[name] ? `${name} (= ${INFO.aliases[name]})` : name;
    select.appendChild(option);
  }
  $("controls").addEventListener("submit", (event) => {
    event.preventDefault();
    go(readForm());
  });
  window.addEventListener("popstate", render);
  await render();
}

// data-ready is 1 once the URL's state is drawn (tests wait for it)
async function render() {
  const token = ++drawing;
  document.body.dataset.ready = "0";
  try { await renderState(token); } finally {
    if (current(token)) document.body.dataset.ready = "1";
  }
}

start();
