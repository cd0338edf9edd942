// The Vint page: tabs over the server's JSON API (advisor/web/app.py).
// Long work runs as a job on the server; runJob() starts one, shows its
// progress with a Cancel button, and resolves with the result.
"use strict";

const SEATS = ["N", "E", "S", "W"];
const SUITS = ["S", "H", "D", "C"];
const SYMBOL = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};
const EXAMPLE = "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765";

const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function suit(letter) {
  return el("span", {class: letter === "H" || letter === "D" ? "red" : "black"}, SYMBOL[letter]);
}

// "4H" -> 4♥; "3NT", "P", "5G" stay text.
function callNode(call) {
  if (call === "P") return document.createTextNode("Pass");
  const m = /^(\d)([SHDC])$/.exec(call);
  return m ? el("span", {}, m[1], suit(m[2])) : document.createTextNode(call);
}

// One card notation (advisor/render/notation.py): suit symbol, then the rank, ten as 10.
function cardNode(card) {
  return el("span", {class: "cardtext"}, suit(card[0]), card.slice(1).replace("T", "10"));
}

// A sentence with its contracts drawn as callNode draws them: "NS make 5H by N" -> 5♥.
function callsInText(text) {
  const parts = text.split(/\b([1-7](?:NT|[SHDC]))\b/);
  return el("span", {}, parts.map((p, i) => (i % 2 ? callNode(p) : p)));
}

// Every table lists S H D C NT (Skruuvi's grand G as NT), then a game's other strains.
const STRAIN_ORDER = ["S", "H", "D", "C", "NT"];
function displayStrains(strains) {
  const rank = (s) => (s === "G" ? 4 : STRAIN_ORDER.includes(s) ? STRAIN_ORDER.indexOf(s) : 5);
  return strains.map((s, i) => [s, i]).sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1])
    .map(([s]) => s);
}

function showError(text) {
  const box = $("message");
  box.textContent = text;
  box.classList.add("shown");
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => box.classList.remove("shown"), 9000);
}

// The page names itself to the server (which limits the jobs of one page), and
// cancels the jobs it is following when it is closed, so the server does not
// work on for nobody.
const CLIENT = window.crypto && crypto.randomUUID ? crypto.randomUUID()
  : Math.random().toString(36).slice(2) + Date.now().toString(36);
const followedJobs = new Set();
window.addEventListener("pagehide", () => {
  for (const id of followedJobs) navigator.sendBeacon(`/api/jobs/${id}/cancel`);
});

async function api(url, options = {}) {
  options.headers = Object.assign({"X-Vint-Client": CLIENT}, options.headers || {});
  const response = await fetch(url, options);
  let data;
  try { data = await response.json(); } catch (e) { data = {error: `the server answered ${response.status}`}; }
  if (!response.ok && response.status !== 202) throw new Error(data.error || `error ${response.status}`);
  return data;
}

function post(url, body) {
  return api(url, {method: "POST", headers: {"Content-Type": "application/json"},
                   body: JSON.stringify(body)});
}

// Start a job (POST url with body, or a FormData), follow it in `box`, resolve with its result.
async function runJob(box, url, body) {
  const start = body instanceof FormData ? api(url, {method: "POST", body}) : post(url, body);
  let job = await start;
  const bar = el("progress", {max: "1", value: "0"});
  const label = el("span", {class: "note"}, " working...");
  const cancel = el("button", {onclick: () => post(`/api/jobs/${job.id}/cancel`, {})}, "Cancel");
  box.replaceChildren(bar, label, " ", cancel);
  followedJobs.add(job.id);
  try {
    while (job.state === "queued" || job.state === "running") {
      await new Promise((r) => setTimeout(r, 250));
      job = await api(`/api/jobs/${job.id}`);
      const {done, total} = job.progress;
      if (total) { bar.max = total; bar.value = done; label.textContent = ` ${done} of ${total}`; }
    }
  } finally {
    followedJobs.delete(job.id);
    box.replaceChildren();
  }
  if (job.state === "done") return job.result;
  if (job.state === "cancelled") throw new Error("cancelled");
  throw new Error(job.error || "the job failed");
}

function guard(fn) {
  return async (...args) => {
    try { await fn(...args); } catch (e) { if (e.message !== "cancelled") showError(e.message); }
  };
}

// ---------------------------------------------------------------- drawing

function handNode(pbn) {
  const suits = pbn.split(".");
  return el("div", {class: "hand"}, SUITS.map((s, i) =>
    el("div", {}, suit(s), " ", suits[i] ? suits[i].replace(/T/g, "10") : "\u2014")));
}

function dealNode(hands, dealer, extra = {}) {
  const cell = (seat) => el("td", {class: extra.onMove === seat ? "onmove" : ""},
    el("span", {class: "seat"}, seat + (dealer === seat ? " (dealer)" : "")),
    extra[seat] || handNode(hands[seat]));
  return el("table", {class: "diagram"},
    el("tr", {}, el("td"), cell("N"), el("td")),
    el("tr", {}, cell("W"), el("td", {}, extra.centre || ""), cell("E")),
    el("tr", {}, el("td"), cell("S"), el("td")));
}

function handsOf(deal) {
  const first = SEATS.indexOf(deal[0]);
  const parts = deal.slice(2).trim().split(/\s+/);
  const out = {};
  parts.forEach((p, i) => { out[SEATS[(first + i) % 4]] = p; });
  return out;
}

function ddTableNode(table) {
  const strains = ["S", "H", "D", "C", "NT"];
  return el("table", {class: "grid dd"},
    el("tr", {}, el("th", {class: "left"}, "declarer"),
       strains.map((s) => el("th", {}, s === "NT" ? "NT" : suit(s)))),
    SEATS.map((seat) => el("tr", {}, el("td", {class: "left"}, seat),
       strains.map((s) => el("td", {}, table[seat][s])))));
}

const signed = (v) => (v > 0 ? "+" : "") + v;

function scoreGridNode(a) {
  const levels = [...new Set(a.contracts.map((c) => c[0]))];
  const strains = displayStrains([...new Set(a.contracts.map((c) => c.slice(1)))]);
  return el("table", {class: "grid scores"},
    el("tr", {}, el("th", {}, "level"), strains.map((s) => ["NS", "EW"].map((side) =>
      el("th", {}, s.length === 1 && SYMBOL[s] ? suit(s) : s, " ", side)))),
    levels.map((lv) => el("tr", {}, el("td", {}, lv), strains.map((s) => ["NS", "EW"].map((side) => {
      const c = lv + s;
      if (!a.scores[c]) return el("td");
      const isPar = a.par.contract === c && a.par.side === side;
      // the side's better declarer, as the analysis chose it
      const o = a.scores[c][a.side_declarer[c][side]];
      // a misère whose ace search ran out of budget: only within bounds
      const rough = Array.isArray(o.aces);
      return el("td", {class: isPar ? "par" : "",
                       title: rough ? `with the aces: ${signed(o.aces[0])} to ${signed(o.aces[1])}` : ""},
                (rough ? "~" : "") + signed(o.score));
    })))));
}

function allPassNode(a) {
  const ap = a.all_pass;
  if (!ap) return "";
  const aces = ap.aces === "exact" ? " with the aces"
    : Array.isArray(ap.aces) ? ` (with the aces: ${signed(ap.aces[0])} to ${signed(ap.aces[1])})` : "";
  return el("p", {}, `All pass: ${ap.contract} in no-trumps, each side taking as few tricks as ` +
    `it can: NS take ${ap.ns_tricks}, EW ${13 - ap.ns_tricks}; ` +
    `NS ${signed(ap.score)}${aces}`);
}

// ---------------------------------------------------------------- analyse

function drawAnalysis(a) {
  const par = a.par;
  const parText = par.contract ? el("span", {}, callNode(par.contract), ` by ${par.declarer}, ` +
    `${par.tricks} tricks, NS ${par.score > 0 ? "+" : ""}${par.score}`) : "thrown in, 0";
  $("analyse-result").replaceChildren(
    dealNode(handsOf(a.deal), a.dealer),
    el("h3", {}, "Double-dummy tricks"),
    el("p", {class: "note"}, "Declarer's left-hand opponent leads."),
    ddTableNode(a.dd_table),
    el("h3", {}, "Par: ", parText),
    el("p", {}, callsInText(par.explanation)),
    el("p", {class: "note"}, "Bidding: ", par.line.length ? par.line.map((b) =>
      el("span", {}, `${b.side} `, callNode(b.contract), "; ")) : "all pass"),
    el("h3", {}, "Score for NS of every contract (each side's better declarer)"),
    scoreGridNode(a),
    el("p", {class: "note"}, `Bid rank in ${a.rules}, lowest first: `,
       [...new Set(a.contracts.map((c) => c.slice(1)))].map((s) =>
         el("span", {}, SYMBOL[s] ? suit(s) : s, " "))),
    allPassNode(a),
    ...a.notes.map((n) => el("p", {class: "note"}, `Note: ${n}.`)));
}

// ---------------------------------------------------------------- play

const playState = {deal: null, trump: "NT", leader: "E", cards: []};

async function playRefresh() {
  const s = await runJob($("play-job"), "/api/play",
    {deal: playState.deal, trump: playState.trump, leader: playState.leader,
     cards: playState.cards});
  const values = s.values;
  const best = Math.max(...Object.values(values).map((v) => s.declaring_side === sideOf(s.on_move)
    ? v : -v));
  const extra = {onMove: s.on_move};
  if (s.on_move) {
    extra[s.on_move] = el("div", {class: "cards"}, Object.entries(values).map(([card, v]) => {
      const mine = s.declaring_side === sideOf(s.on_move) ? v : -v;
      return el("button", {class: "card" + (mine === best ? " best" : ""), "data-card": card,
                           onclick: guard(async () => { playState.cards.push(card); await playRefresh(); })},
                cardNode(card), el("small", {}, String(v)));
    }));
  }
  const trick = el("div", {class: "trick"}, s.trick.length ? s.trick.map((c) =>
    el("span", {}, cardNode(c), " ")) : "");
  extra.centre = trick;
  $("play-result").replaceChildren(
    el("p", {}, `Declaring side ${s.declaring_side}. Tricks: NS ${s.tricks.NS}, EW ${s.tricks.EW}. ` +
       (s.on_move ? `${s.on_move} to play.` : "All cards played.")),
    dealNode(s.hands, null, extra),
    el("p", {class: "note"}, "Played: ", playState.cards.length
      ? playState.cards.map((c) => el("span", {}, cardNode(c), " ")) : "nothing yet"));
}

function sideOf(seat) { return seat === "N" || seat === "S" ? "NS" : "EW"; }

// ---------------------------------------------------------------- advise

function drawAdvice(r) {
  const rows = r.candidates.map((c) => el("tr", {},
    el("td", {class: "left"}, callNode(c.call)),
    el("td", {class: "left"}, c.contract ? el("span", {}, callNode(c.contract), ` by ${c.declarer}`)
                                         : "thrown in"),
    el("td", {}, (c.mean > 0 ? "+" : "") + Math.round(c.mean)),
    el("td", {}, "\u00b1" + Math.round(c.stderr)),
    el("td", {}, c.p_make === null ? "" : Math.round(100 * c.p_make) + "%")));
  const inferences = (r.inferences || []).map((i) => el("li", {}, `${i.seat} ${i.call}: ${i.why}`));
  $("advise-result").replaceChildren(
    el("p", {class: "call-big"}, callNode(r.call)),
    el("p", {}, r.reason),
    r.warning ? el("p", {class: "error"}, "Warning: " + r.warning) : "",
    el("table", {class: "grid"}, el("tr", {}, ["call", "contract", "mean", "\u00b1 se", "makes"]
      .map((h) => el("th", {}, h))), rows),
    inferences.length ? el("div", {}, el("h3", {}, "What the auction was read to show"),
                           el("ul", {}, inferences)) : "",
    el("p", {class: "note"}, `${r.samples} samples, ${r.seconds} s`));
}

// ---------------------------------------------------------------- practice

const practice = {sid: null, state: null, showLast: false};

// The auction in four columns, W N E S, as bridge and Vint diagrams draw it.
const AUCTION_COLUMNS = ["W", "N", "E", "S"];

function auctionGrid(s) {
  const cells = Array(AUCTION_COLUMNS.indexOf(s.first_caller)).fill(null);
  s.auction.forEach((c) => cells.push(c));
  const rows = [];
  for (let i = 0; i < cells.length; i += 4) rows.push(cells.slice(i, i + 4));
  return el("table", {class: "grid auction"}, el("tr", {}, AUCTION_COLUMNS.map((x) =>
    el("th", {}, x === s.seat ? `${x} (you)` : x))),
    rows.map((row) => el("tr", {}, AUCTION_COLUMNS.map((_, k) => {
      const c = row[k];
      if (!c) return el("td");
      const title = c.player ? (c.advice ? `advisor: ${c.advice.call}` : "") : (c.reason || "");
      return el("td", {title, class: c.advice ? "disagree" : ""}, callNode(c.call));
    }))));
}

function bidBox(s) {
  if (!s.legal.length) return "";
  const act = (call) => guard(async () => drawPractice(await runJob($("practice-job"),
    `/api/practice/${practice.sid}/call`, {call})));
  return el("div", {class: "bidbox"},
    el("div", {}, s.legal.filter((c) => !/^\d/.test(c)).map((c) =>
      el("button", {"data-call": c, onclick: act(c)}, c === "P" ? "Pass" : c))),
    [1, 2, 3, 4, 5, 6, 7].map((lv) => {
      const row = s.legal.filter((c) => c[0] === String(lv));
      return row.length ? el("div", {}, row.map((c) =>
        el("button", {"data-call": c, onclick: act(c)}, callNode(c)))) : "";
    }),
    el("button", {onclick: guard(async () => {
      const h = (await runJob($("practice-job"), `/api/practice/${practice.sid}/hint`, {})).hint;
      $("practice-hint").replaceChildren("Advisor: ", callNode(h.call), ` \u2014 ${h.reason}`);
    })}, "Hint"),
    " ", el("button", {onclick: guard(async () => drawPractice(await runJob($("practice-job"),
      `/api/practice/${practice.sid}/undo`, {})))}, "Undo"),
    el("p", {id: "practice-hint", class: "note"}));
}

// ---------------------------------------------------------------- practice: the play

// The card table: the player's cards left (the legal ones to click, the others
// greyed), the other seats' cards face down (Vint has no dummy), the trick in
// the middle with who played each card, and the last trick on request.
function cardsOf(pbnHand) {
  return pbnHand.split(".").flatMap((ranks, i) => [...ranks].map((r) => SUITS[i] + r));
}

function playedBy(play, seat) {
  return play.cards.filter((c) => c.seat === seat).length;
}

function trickNode(cards, label) {
  return el("div", {class: "trick"}, label ? el("div", {class: "note"}, label) : "",
    el("table", {class: "tricktable"}, cards.length ? cards.map((c) => el("tr", {},
      el("td", {class: "left seat"}, c.seat), el("td", {class: "left"}, cardNode(c.card)))) : ""));
}

function playAct(what, body = {}) {
  return guard(async () => drawPractice(await runJob($("practice-job"),
    `/api/practice/${practice.sid}/${what}`, body)));
}

function cardTable(s) {
  const p = s.play;
  // dealNode names each seat; under it: who the seat is in the play.
  const seatLabel = (seat) => [seat === s.seat ? "you" : "", seat === p.declarer ? "declarer" : ""]
    .filter(Boolean).join(", ");
  const extra = {onMove: p.on_move};
  const total = cardsOf(p.hand).length;
  for (const seat of SEATS) {
    if (seat === s.seat) continue;
    const left = total - playedBy(p, seat);
    extra[seat] = el("div", {class: "hidden-hand note"}, seatLabel(seat) ? el("div", {}, seatLabel(seat)) : "",
      el("div", {}, `${left} card${left === 1 ? "" : "s"}`));
  }
  const legal = new Set(p.legal);
  extra[s.seat] = el("div", {}, el("div", {class: "note"}, seatLabel(s.seat)),
    el("div", {class: "cards mine"}, cardsOf(p.left).map((c) => el("button",
      Object.assign({class: "card" + (legal.has(c) ? "" : " illegal"), "data-card": c,
                     onclick: playAct("card", {card: c})},
                    legal.has(c) ? {} : {disabled: "disabled"}), cardNode(c)))));
  const showLast = practice.showLast && p.last_trick;
  extra.centre = showLast
    ? trickNode(p.last_trick.cards, `Last trick (${p.last_trick.number}), won by ${p.last_trick.winner}`)
    : trickNode(p.trick, p.trick.length ? `Trick ${Math.floor(p.cards.length / 4) + 1}` :
      (p.on_move ? `${p.on_move} to lead` : ""));
  const trumps = p.misere ? "misère" : p.trumps === "NT" ? "no trumps" : el("span", {}, "trumps ", suit(p.trumps));
  return el("div", {class: "cardtable"},
    el("p", {}, p.contract ? el("span", {}, callNode(p.contract), ` by ${p.declarer}, `) : "All pass, ",
      trumps, `. Tricks: NS ${p.tricks.NS}, EW ${p.tricks.EW}. `,
      p.on_move ? (p.on_move === s.seat ? "Your card." : `${p.on_move} to play.`) : ""),
    dealNode({}, null, extra),
    el("div", {class: "playbuttons"},
      el("button", {onclick: guard(async () => {
        const r = await runJob($("practice-job"), `/api/practice/${practice.sid}/card-hint`, {});
        drawPractice(r);
        $("practice-hint").replaceChildren(cardHintNode(r.card_hint));
      })}, "Hint"), " ",
      el("button", {onclick: playAct("undo")}, "Undo"), " ",
      el("button", {onclick: guard(async () => {
        const r = await runJob($("practice-job"), `/api/practice/${practice.sid}/claim`, {});
        drawPractice(r);
        if (!r.claim.granted) $("practice-hint").replaceChildren(r.claim.words + ".");
      })}, "Claim"), " ",
      el("button", {onclick: playAct("auto")}, "Auto"), " ",
      el("button", Object.assign({id: "practice-last",
                                  onclick: () => { practice.showLast = !practice.showLast; drawPractice(practice.state); }},
                                 p.last_trick ? {} : {disabled: "disabled"}),
        showLast ? "Back to this trick" : "Last trick")),
    el("div", {id: "practice-hint", class: "note"}));
}

function cardHintNode(h) {
  const num = (v, se, digits) => v === null ? "" :
    v.toFixed(digits) + (se !== null && isFinite(se) ? ` \u00b1 ${se.toFixed(digits)}` : "");
  return el("div", {},
    el("p", {}, "The computer would play ", cardNode(h.choice),
      ` (over ${h.samples} deal${h.samples === 1 ? "" : "s"} that fit what you have seen` +
      (h.relaxed ? `; readings dropped: ${h.relaxed}` : "") + ")"),
    el("table", {class: "grid cardhint"}, el("tr", {}, el("th", {}, "card"),
      el("th", {}, "points"), el("th", {}, "tricks")),
      h.cards.map((c) => el("tr", {}, el("td", {class: "left"}, cardNode(c.card)),
        el("td", {}, num(c.points, c.points_se, 1)), el("td", {}, num(c.tricks, c.tricks_se, 2))))));
}

function judgedCardsNode(r) {
  if (!r.cards || !r.cards.length) return "";
  return el("div", {}, el("h3", {}, "Your cards"), el("p", {class: "note"}, r.judged || ""),
    el("table", {class: "grid judged"}, el("tr", {}, ["trick", "card", "double-dummy", "verdict"]
      .map((x) => el("th", {class: "left"}, x))),
      r.cards.map((c) => el("tr", {class: c.kind || ""}, el("td", {}, c.trick),
        el("td", {class: "left"}, cardNode(c.card)),
        el("td", {class: "left"}, c.tricks_lost ? `cost ${c.tricks_lost} trick(s); best ` : "no cost",
           c.tricks_lost ? c.best.map((b) => el("span", {}, cardNode(b), " ")) : ""),
        el("td", {class: "left"}, c.comment || "")))));
}

function drawPractice(s) {
  practice.sid = s.session;
  if (!practice.state || practice.state.board !== s.board ||
      (s.play && practice.state.play && s.play.cards.length !== practice.state.play.cards.length)) {
    practice.showLast = false;
  }
  practice.state = s;
  $("practice-save").href = `/api/practice/${s.session}/pbn`;
  const mine = s.auction.filter((c) => c.player && c.advice);
  const last = s.auction.length && s.auction.filter((c) => c.player).slice(-1)[0];
  const feedback = last && last.advice ? el("p", {class: "error"}, `You called `, callNode(last.call),
    "; the advisor would have called ", callNode(last.advice.call), ` \u2014 ${last.advice.reason}`) : "";
  const parts = [el("h3", {}, `Board ${s.board}, dealer ${s.dealer}, you are ${s.seat}`),
                 el("div", {class: "myhand"}, handNode(s.hand)), auctionGrid(s), feedback];
  if (s.finished) {
    const r = s.result;
    const how = r.played ? `${r.tricks} tricks taken (double-dummy: ${r.dd_tricks})`
      : `${r.tricks} tricks double-dummy`;
    const what = r.contract ? el("span", {}, callNode(r.contract),
      ` by ${r.declarer}: ${how}`) : (r.note || "no contract");
    parts.push(el("h3", {}, "Result: ", what),
      r.note && r.contract ? el("p", {class: "note"}, r.note) : "",
      r.score ? el("p", {}, `Score for the deal: NS ${r.score.NS}, EW ${r.score.EW}` +
        ` (NS net ${r.score.net_ns > 0 ? "+" : ""}${r.score.net_ns})`) : "",
      el("p", {}, "Par: ", r.par.contract ? el("span", {}, callNode(r.par.contract),
        ` by ${r.par.declarer}, NS ${r.par.score > 0 ? "+" : ""}${r.par.score}`) : "thrown in, 0"),
      r.events.length ? el("p", {}, r.events.join("; ")) : "",
      dealNode(s.hands, s.dealer),
      el("p", {class: "note"}, `Your calls the advisor would have made otherwise: ${mine.length}`),
      judgedCardsNode(r));
  } else if (s.phase === "play") {
    parts.push(cardTable(s));
  } else {
    parts.push(bidBox(s));
  }
  const sheet = s.sheet;
  parts.push(el("h3", {}, "Score sheet"), el("p", {},
    `Totals: NS ${sheet.totals.NS}, EW ${sheet.totals.EW}` +
    (sheet.games ? `; games: ${sheet.games.join(", ") || "none yet"}` : "") +
    (sheet.rubbers ? `; rubbers: ${sheet.rubbers.join(", ") || "none yet"}` : "") +
    `; boards scored: ${s.boards_done}`));
  const p = sheet.partners;
  if (p) {
    parts.push(el("p", {}, `Changing partners: partnership ${p.partnership} of ${p.of} ` +
      `(${p.seating.N} & ${p.seating.S} against ${p.seating.E} & ${p.seating.W}); ` +
      "players' totals: " + Object.entries(p.totals).map(([n, v]) => `${n} ${v > 0 ? "+" : ""}${v}`)
        .join(", ") + (p.finished ? " (session over)" : "")));
  }
  $("practice-result").replaceChildren(...parts);
}

window.setupPractice = () => {
  $("practice-new").addEventListener("click", guard(async () => {
    drawPractice(await runJob($("practice-job"), "/api/practice/new",
      {rules: $("rules").value, seat: $("practice-seat").value, seed: $("practice-seed").value,
       partners: $("practice-partners").checked}));
  }));
  $("practice-next").addEventListener("click", guard(async () => {
    if (!practice.sid) throw new Error("start a session first");
    drawPractice(await runJob($("practice-job"), `/api/practice/${practice.sid}/next`, {}));
  }));
};

// ---------------------------------------------------------------- setup

function fillSeats() {
  for (const select of document.querySelectorAll("select.seat")) {
    for (const s of SEATS) select.append(el("option", {value: s}, s));
  }
  $("advise-seat").value = "S";
  $("practice-seat").value = "S";
  for (const t of ["NT", "S", "H", "D", "C"]) $("play-trump").append(el("option", {value: t}, t));
}

async function fillRules() {
  const data = await api("/api/rules");
  for (const name of data.rules) $("rules").append(el("option", {value: name}, name));
  $("rules").value = data.default;
  // Only Skruuvi scores misère aces: its field shows for that game alone.
  const acesField = () => { $("analyse-aces").parentElement.hidden = !$("rules").value.startsWith("skruuvi"); };
  $("rules").addEventListener("change", acesField);
  acesField();
}

function setupTabs() {
  for (const button of document.querySelectorAll("#tabs button")) {
    button.addEventListener("click", () => {
      document.querySelectorAll("#tabs button").forEach((b) => b.classList.remove("active"));
      document.querySelectorAll(".tab").forEach((t) => t.classList.remove("active"));
      button.classList.add("active");
      $(button.dataset.tab).classList.add("active");
      if (button.dataset.tab === "play" && !$("play-deal").value) $("play-deal").value = $("analyse-deal").value;
    });
  }
}

function setup() {
  setupTabs();
  fillSeats();
  fillRules().catch((e) => showError(e.message));
  $("analyse-deal").value = EXAMPLE;
  $("analyse-example").addEventListener("click", () => { $("analyse-deal").value = EXAMPLE; });
  $("analyse-random").addEventListener("click", guard(async () => {
    $("analyse-deal").value = (await api("/api/deal/random")).deal;
  }));
  $("analyse-go").addEventListener("click", guard(async () => {
    const a = await runJob($("analyse-job"), "/api/analyse",
      {deal: $("analyse-deal").value, dealer: $("analyse-dealer").value, rules: $("rules").value,
       aces_seconds: $("analyse-aces").parentElement.hidden ? "" : $("analyse-aces").value});
    drawAnalysis(a);
    $("play-deal").value = $("analyse-deal").value;
  }));
  $("play-start").addEventListener("click", guard(async () => {
    playState.deal = $("play-deal").value;
    playState.trump = $("play-trump").value;
    playState.leader = SEATS[(SEATS.indexOf($("play-declarer").value) + 1) % 4];
    playState.cards = [];
    await playRefresh();
  }));
  $("play-undo").addEventListener("click", guard(async () => {
    if (!playState.deal || !playState.cards.length) return;
    playState.cards.pop();
    await playRefresh();
  }));
  $("advise-go").addEventListener("click", guard(async () => {
    const r = await runJob($("advise-job"), "/api/advise", {
      hand: $("advise-hand").value, seat: $("advise-seat").value, dealer: $("advise-dealer").value,
      auction: $("advise-auction").value, samples: Number($("advise-samples").value),
      seed: $("advise-seed").value, rules: $("rules").value});
    drawAdvice(r);
  }));
  $("review-form").addEventListener("submit", guard(async (event) => {
    event.preventDefault();
    if (!$("review-file").files.length) throw new Error("choose a file to review first");
    const form = new FormData($("review-form"));
    form.append("rules", $("rules").value);
    const r = await runJob($("review-job"), "/api/review", form);
    const blob = new Blob([r.html], {type: "text/html"});
    $("review-result").replaceChildren(
      el("p", {}, `${r.deals} deal(s) reviewed` + (r.errors ? `, ${r.errors} could not be read` : "") + ". ",
         el("a", {href: URL.createObjectURL(blob), download: "review.html"}, "Download the report")),
      r.hint ? el("p", {class: "error"}, r.hint) : "",
      el("iframe", {class: "report", srcdoc: r.html, title: "review report"}));
  }));
  if (window.setupPractice) window.setupPractice();
}

document.addEventListener("DOMContentLoaded", setup);
