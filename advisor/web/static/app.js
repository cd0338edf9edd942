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

// An error stays on the page until a later result arrives (clearError) or the
// player closes it: a banner on a timer once hid the next result.
function showError(text) {
  const box = $("message");
  box.replaceChildren(el("span", {}, text), " ",
    el("button", {class: "close", "aria-label": "close", onclick: clearError}, "\u00d7"));
  box.classList.add("shown");
}

function clearError() {
  const box = $("message");
  box.classList.remove("shown");
  box.replaceChildren();
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
    // A quick job (a card's values) is asked for again soon; a long one every 250 ms.
    let wait = 30;
    while (job.state === "queued" || job.state === "running") {
      await new Promise((r) => setTimeout(r, wait));
      wait = Math.min(250, 2 * wait);
      job = await api(`/api/jobs/${job.id}`);
      const {done, total} = job.progress;
      if (total) { bar.max = total; bar.value = done; label.textContent = ` ${done} of ${total}`; }
    }
  } finally {
    followedJobs.delete(job.id);
    box.replaceChildren();
  }
  if (job.state === "done") { clearError(); return job.result; }
  if (job.state === "cancelled") throw new Error("cancelled");
  throw new Error(job.error || "the job failed");
}

function guard(fn) {
  return async (...args) => {
    try { await fn(...args); } catch (e) { if (e.message !== "cancelled") showError(e.message); }
  };
}

// ---------------------------------------------------------------- drawing

// A hand in PBN ("AK32.AKQJ.T2.A32") as its cards ["SA", "SK", ...].
function cardsOf(pbnHand) {
  return pbnHand.split(".").flatMap((ranks, i) => [...ranks].map((r) => SUITS[i] + r));
}

// The four hands face up on the compass table (the analysis, a finished board).
function dealNode(hands, dealer) {
  const seats = {};
  for (const seat of SEATS) {
    seats[seat] = {label: dealer === seat ? "(dealer)" : "", body: handFaces(cardsOf(hands[seat]))};
  }
  return compassTable(seats, "", null, "static");
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
      // a misère whose ace search, or trick search, ran out of budget: only within bounds
      const rough = Array.isArray(o.aces);
      const proved = Array.isArray(o.tricks_proved);
      const title = [rough ? `with the aces: ${signed(o.aces[0])} to ${signed(o.aces[1])}` : "",
                     proved ? `tricks ${o.tricks_proved[0]}-${o.tricks_proved[1]} proved` : ""];
      return el("td", {class: isPar ? "par" : "", title: title.filter(Boolean).join("; ")},
                (rough || proved ? "~" : "") + signed(o.score));
    })))));
}

function allPassNode(a) {
  const ap = a.all_pass;
  if (!ap) return "";
  const aces = ap.aces === "exact" ? " with the aces"
    : Array.isArray(ap.aces) ? ` (with the aces: ${signed(ap.aces[0])} to ${signed(ap.aces[1])})` : "";
  // A misère search stopped by its budget: the estimate, and the tricks proved.
  const about = ap.tricks_proved ? "about " : "";
  const proved = ap.tricks_proved ? ` (${ap.tricks_proved[0]}-${ap.tricks_proved[1]} proved)` : "";
  return el("p", {}, `All pass: ${ap.contract} in no-trumps, each side taking as few tricks as ` +
    `it can: NS take ${about}${ap.ns_tricks}${proved}, EW ${about}${13 - ap.ns_tricks}; ` +
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
    el("p", {class: "note"}, (a.dd_table_leader && a.dd_table_leader.note)
      || "Declarer's left-hand opponent leads."),
    ddTableNode(a.dd_table),
    el("h3", {}, "Par: ", parText),
    el("p", {}, callsInText(par.explanation)),
    el("p", {class: "note"}, "Bidding: ", par.line.length ? par.line.map((b) =>
      el("span", {}, `${b.side} `, callNode(b.contract), "; ")) : "all pass"),
    el("h3", {}, "Score for NS of every contract (each side's better declarer)"),
    el("div", {class: "scroll"}, scoreGridNode(a)),
    el("p", {class: "note"}, `Bid rank in ${a.rules}, lowest first: `,
       [...new Set(a.contracts.map((c) => c.slice(1)))].map((s) =>
         el("span", {}, SYMBOL[s] ? suit(s) : s, " "))),
    allPassNode(a),
    ...a.notes.map((n) => el("p", {class: "note"}, `Note: ${n}.`)));
}

// ---------------------------------------------------------------- play

const playState = {deal: null, trump: "NT", declarer: "N", cards: [],
                   shown: null, showLast: false, run: 0};

// Ask the server for the position after playState.cards, draw it, keep it in
// the URL; resolves with the position.
async function playRefresh() {
  const s = await runJob($("play-job"), "/api/play",
    {deal: playState.deal, trump: playState.trump, declarer: playState.declarer,
     rules: $("rules").value, cards: playState.cards});
  playState.showLast = false;
  drawPlay(s);
  ui.played = true;
  saveState();
  return s;
}

// Play a card on the Play tab: one at a time, taken back if the server refuses it.
function playClick(card) {
  return oneAtATime($("play-result"), guard(async () => {
    playState.cards.push(card);
    try { await playRefresh(); } catch (e) { playState.cards.pop(); throw e; }
  }));
}

// A position's values as the hand on move counts them (the declaring side's
// tricks, or the defenders' as their negative), and the best of them.
function moverValues(s) {
  const ours = (v) => (s.declaring_side === sideOf(s.on_move) ? v : -v);
  const best = Math.max(...Object.values(s.values).map(ours));
  return {ours, best};
}

// The card "Play best to the end" plays: the first of the best cards in the
// server's list, so the same position always gets the same card.
function firstBest(s) {
  const {ours, best} = moverValues(s);
  return Object.keys(s.values).find((c) => ours(s.values[c]) === best);
}

// Play the rest of the deal double-dummy, one /api/play job a card (the table
// redrawn after each, the URL kept): one request at a time, like a click; the
// job's Cancel stops it, and so does a new Start.
const playBestToEnd = oneAtATime($("play-result"), guard(async () => {
  const run = playState.run;
  let s = playState.shown;
  while (s && s.on_move && run === playState.run) {
    playState.cards.push(firstBest(s));
    try { s = await playRefresh(); } catch (e) { playState.cards.pop(); throw e; }
  }
}));

// The four hands face up on the compass; the hand on move shows every card,
// the ones it may play with the declaring side's tricks after each (the best
// marked), the others greyed and not clickable. Once every card is played the
// middle shows the last trick and a list of all thirteen follows.
function drawPlay(s) {
  playState.shown = s;
  const values = s.values;
  const {ours, best} = s.on_move ? moverValues(s) : {};
  const seats = {};
  for (const seat of SEATS) {
    const face = seat !== s.on_move ? (c) => cardFace(c)
      : (c) => (c in values ? cardFace(c, {value: values[c], best: ours(values[c]) === best,
                                           onplay: playClick(c)})
                            : cardFace(c, {illegal: true}));
    seats[seat] = {label: seat === playState.declarer ? "declarer" : "",
                   body: el("div", {class: "cards"}, handFaces(cardsOf(s.hands[seat]), face))};
  }
  const done = playState.cards.length - s.trick.length;
  const last = s.played_tricks[s.played_tricks.length - 1] || null;
  const label = s.trick.length ? `Trick ${Math.floor(done / 4) + 1}`
    : s.on_move ? `${s.on_move} to lead` : "All cards played";
  const centre = (playState.showLast || !s.on_move) && last ? lastTrickCompass(last)
    : trickCompass(trickWithSeats(s.trick, s.trick_leader), label);
  $("play-result").replaceChildren(
    el("p", {}, `Declaring side ${s.declaring_side}. Tricks: NS ${s.tricks.NS}, EW ${s.tricks.EW}. ` +
       (s.on_move ? `${s.on_move} to play.` : "All cards played.")),
    compassTable(seats, centre, s.on_move),
    el("div", {class: "playbuttons"},
      lastTrickButton("play-last", s.on_move ? last : null, playState.showLast,
        () => { playState.showLast = !playState.showLast; drawPlay(playState.shown); }), " ",
      tableEl("button", {id: "play-best", "data-key": "B", onclick: playBestToEnd,
                    disabled: s.on_move ? null : "disabled",
                    title: "every hand plays one of its best cards to the end (B)"},
         "Play best to the end")),
    el("p", {class: "note"}, "Played: ", playState.cards.length
      ? playState.cards.map((c) => el("span", {}, cardNode(c), " ")) : "nothing yet"),
    s.on_move ? "" : tricksNode(s.played_tricks));
}

// Every trick of a finished play: its number, the cards from the leader with
// who played each, and who won it.
function tricksNode(tricks) {
  return el("div", {class: "scroll"}, el("table", {class: "grid tricklist"},
    el("tr", {}, ["trick", "cards, from the leader", "won by"].map((h) => el("th", {class: "left"}, h))),
    tricks.map((t) => el("tr", {}, el("td", {}, t.number),
      el("td", {class: "left"}, t.cards.map((c) => el("span", {}, `${c.seat} `, cardNode(c.card), " "))),
      el("td", {class: "left"}, t.winner)))));
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

// Each call's reason as text under the auction (a tooltip alone is invisible on
// a phone): the computer's calls, and the player's where the advisor differs.
function reasonsNode(s) {
  const items = s.auction.filter((c) => (c.player ? c.advice : c.reason)).map((c) =>
    el("li", {}, el("b", {}, `${c.seat} `), callNode(c.call), ": ",
       c.player ? el("span", {}, "the advisor would call ", callNode(c.advice.call),
                     ` \u2014 ${c.advice.reason}`) : c.reason));
  // Open while the auction goes on; folded (one click away) during the play.
  return items.length ? el("details", Object.assign({class: "reasons"},
                                                    s.phase === "auction" ? {open: ""} : {}),
    el("summary", {}, "Why each call"), el("ol", {}, items)) : "";
}

function bidBox(s) {
  if (!s.legal.length) return "";
  const act = (call) => oneAtATime($("practice-result"), guard(async () =>
    drawPractice(await runJob($("practice-job"), `/api/practice/${practice.sid}/call`, {call}))));
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

// The card table: the player's whole hand at his seat (the cards he may play
// to click, the others greyed), the other seats' cards face down (Vint has no
// dummy), the trick in the middle with who played each card, and the last
// trick on request.
function playedBy(play, seat) {
  return play.cards.filter((c) => c.seat === seat).length;
}

function playAct(what, body = {}) {
  return guard(async () => drawPractice(await runJob($("practice-job"),
    `/api/practice/${practice.sid}/${what}`, body)));
}

function cardTable(s) {
  const p = s.play;
  // Who each seat is in the play, beside its letter.
  const seatLabel = (seat) => [seat === s.seat ? "you" : "", seat === p.declarer ? "declarer" : ""]
    .filter(Boolean).join(", ");
  const seats = {};
  const total = cardsOf(p.hand).length;
  for (const seat of SEATS) {
    if (seat !== s.seat) seats[seat] = {label: seatLabel(seat), body: backs(total - playedBy(p, seat))};
  }
  const legal = new Set(p.legal);
  const face = (c) => (legal.has(c)
    ? cardFace(c, {onplay: oneAtATime($("practice-result"), playAct("card", {card: c}))})
    : cardFace(c, {illegal: true}));
  seats[s.seat] = {label: seatLabel(s.seat),
                   body: el("div", {class: "cards mine"}, handFaces(cardsOf(p.left), face))};
  const showLast = practice.showLast && p.last_trick;
  const centre = showLast
    ? lastTrickCompass(p.last_trick)
    : trickCompass(p.trick, p.trick.length ? `Trick ${Math.floor(p.cards.length / 4) + 1}` :
      (p.on_move ? `${p.on_move} to lead` : ""));
  const trumps = p.misere ? "misère" : p.trumps === "NT" ? "no trumps" : el("span", {}, "trumps ", suit(p.trumps));
  return el("div", {class: "cardtable"},
    el("p", {}, p.contract ? el("span", {}, callNode(p.contract), ` by ${p.declarer}, `) : "All pass, ",
      trumps, `. Tricks: NS ${p.tricks.NS}, EW ${p.tricks.EW}. `,
      p.on_move ? (p.on_move === s.seat ? "Your card." : `${p.on_move} to play.`) : ""),
    compassTable(seats, centre, p.on_move),
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
      lastTrickButton("practice-last", p.last_trick, showLast,
        () => { practice.showLast = !practice.showLast; drawPractice(practice.state); })),
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
  if (s.rules === "preference") return drawPreferencePractice(s);
  $("practice-save").setAttribute("download", "practice.pbn");
  practice.sid = s.session;
  if (!practice.state || practice.state.board !== s.board ||
      (s.play && practice.state.play && s.play.cards.length !== practice.state.play.cards.length)) {
    practice.showLast = false;
  }
  practice.state = s;
  saveState();
  $("practice-save").href = `/api/practice/${s.session}/pbn`;
  const mine = s.auction.filter((c) => c.player && c.advice);
  const last = s.auction.length && s.auction.filter((c) => c.player).slice(-1)[0];
  const feedback = last && last.advice ? el("p", {class: "error"}, `You called `, callNode(last.call),
    "; the advisor would have called ", callNode(last.advice.call), ` \u2014 ${last.advice.reason}`) : "";
  const parts = [el("h3", {}, `Board ${s.board}, dealer ${s.dealer}, you are ${s.seat}`),
                 el("div", {class: "myhand"}, handFaces(cardsOf(s.hand))), auctionGrid(s),
                 reasonsNode(s), feedback];
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
      Object.assign({rules: $("rules").value, seat: $("practice-seat").value,
                     seed: $("practice-seed").value, partners: $("practice-partners").checked},
                    isPreference() ? {players: Number($("practice-players").value)} : {})));
  }));
  $("practice-next").addEventListener("click", guard(async () => {
    if (!practice.sid) throw new Error("start a session first");
    drawPractice(await runJob($("practice-job"), `/api/practice/${practice.sid}/next`, {}));
  }));
};

// ---------------------------------------------------------------- Preference

// Preference (seed 001): three players 0, 1, 2, ten cards each from a 32-card
// pack and a widow of two. Its advice, practice (the auction; the board is
// then played double-dummy) and review have their own drawings here.
const threeHanded = new Set();
const isPreference = () => threeHanded.has($("rules").value);
const SUIT_NAME = {S: "spades", H: "hearts", D: "diamonds", C: "clubs"};

// A Preference call: a suit named ("H" -> ♥ hearts), Pass, or as it comes.
function prefCallNode(call) {
  if (call === "P") return document.createTextNode("Pass");
  if (SYMBOL[call]) return el("span", {}, suit(call), ` ${SUIT_NAME[call]}`);
  return document.createTextNode(call);
}

// "H0 H1 H2 / W1 W2" -> {hands: [[cards] x 3], widow: [cards]}
function preferenceDeal(text) {
  const [hands, widow] = text.split("/");
  return {hands: hands.trim().split(/\s+/).map(cardsOf),
          widow: widow ? widow.trim().split(/\s+/).filter(Boolean) : []};
}

function drawPreferenceAdvice(r) {
  const rows = r.candidates.map((c) => el("tr", {class: c.call === r.call ? "chosen" : ""},
    el("td", {class: "left"}, prefCallNode(c.call)),
    el("td", {}, signed(Math.round(100 * c.value) / 100)),
    el("td", {}, "\u00b1" + (Math.round(100 * c.se) / 100))));
  $("advise-result").replaceChildren(
    el("p", {class: "call-big"}, prefCallNode(r.call)),
    el("p", {}, r.reason),
    el("table", {class: "grid"}, el("tr", {}, ["call", "pays on average", "\u00b1 se"]
      .map((h) => el("th", {}, h))), rows),
    el("p", {class: "note"}, `Preference, player ${r.player}, ${r.round} round; ` +
      `${r.samples} samples of the two unseen hands and the widow.`));
}

function preferenceResult(s) {
  const r = s.result;
  const what = r.contract ? el("span", {}, `player ${r.declarer} plays `, prefCallNode(r.contract),
    `: ${r.tricks} tricks, ` + (r.made ? "made" : "not made")) : "thrown in (nobody bid)";
  return [el("h3", {}, "Result: ", what),
    r.widow_bid ? el("p", {}, `Widow bid ${r.widow_bid}` +
      (r.discard ? `; laid off ${r.discard.map((c) => c.replace("T", "10")).join(" ")}` : "")) : "",
    el("ul", {}, (r.items || []).map((i) => el("li", {}, i))),
    threeTable(s.hands, s.widow, s.seat, s.dealer, null, s.players)];
}

function drawPreferencePractice(s) {
  practice.sid = s.session;
  practice.state = s;
  saveState();
  $("practice-save").href = `/api/practice/${s.session}/pbn`;
  $("practice-save").setAttribute("download", "practice.json");
  const calls = s.auction.map((c) => el("li", {class: c.mine ? "mine" : ""},
    el("b", {}, c.mine ? `player ${c.player} (you) ` : `player ${c.player} `), prefCallNode(c.call),
    c.reason ? ` \u2014 ${c.reason}` : ""));
  const out = s.sitting_out;                 // the four-player form's dealer (else null)
  const parts = [el("h3", {}, `Preference, board ${s.board}, dealer player ${s.dealer}, ` +
                     `you are player ${s.seat}` +
                     (out === s.seat ? " (you deal and sit this one out)" :
                      out !== null && out !== undefined ? `; player ${out} deals and sits out` : "")),
                 el("div", {class: "myhand"}, handFaces(s.hand)),
                 el("h4", {}, "The auction, with each call's reason"),
                 calls.length ? el("ol", {class: "reasons prefauction"}, calls)
                              : el("p", {class: "note"}, "no call yet")];
  if (s.finished) {
    parts.push(...preferenceResult(s));
  } else if (s.legal.length) {
    const act = (call) => oneAtATime($("practice-result"), guard(async () =>
      drawPractice(await runJob($("practice-job"), `/api/practice/${practice.sid}/call`, {call}))));
    parts.push(el("div", {class: "bidbox"},
      el("div", {}, s.legal.map((c) => el("button", {"data-call": c, onclick: act(c)}, prefCallNode(c)))),
      el("button", {onclick: guard(async () => {
        const h = (await runJob($("practice-job"), `/api/practice/${practice.sid}/hint`, {})).hint;
        $("practice-hint").replaceChildren("Advisor: ", prefCallNode(h.call), ` \u2014 ${h.reason}`);
      })}, "Hint"), " ",
      el("button", {onclick: oneAtATime($("practice-result"), guard(async () => drawPractice(
        await runJob($("practice-job"), `/api/practice/${practice.sid}/undo`, {}))))}, "Undo"),
      el("p", {id: "practice-hint", class: "note"})));
  }
  const b = s.sheet.balance;
  parts.push(el("h3", {}, "Score sheet"),
    el("p", {}, `Balances: ${Object.entries(b).map(([p, v]) => `player ${p} ${signed(v)}`).join(", ")}; ` +
      `pool ${s.sheet.pool}; boards played: ${s.boards_done}`));
  $("practice-result").replaceChildren(...parts);
}

function drawPreferenceReview(r) {
  return r.reviews.map((rv, k) => {
    const deal = preferenceDeal(rv.deal);
    return el("div", {class: "prefreview"},
      el("h3", {}, `Deal ${k + 1}: player ${rv.declarer} declares `, prefCallNode(rv.trump)),
      el("p", {}, `Double-dummy at the start: ${rv.dd_start} tricks (pays ${signed(rv.paid_dd)}); ` +
        (rv.tricks_taken === null ? "the play is not complete."
          : `taken: ${rv.tricks_taken} (pays ${signed(rv.paid)}), ` +
            `${signed(rv.tricks_taken - rv.dd_start)} against double-dummy.`)),
      threeTable(deal.hands, deal.widow, rv.declarer));
  });
}

// The seat fields: N E S W for the four-hand games, players 0 1 2 for Preference.
function fitSeatsToGame() {
  const three = isPreference();
  $("practice-players-box").hidden = !three;
  const four = three && $("practice-players").value === "4";
  for (const id of ["advise-seat", "advise-dealer", "practice-seat"]) {
    const values = !three ? SEATS : four && id === "practice-seat" ? ["0", "1", "2", "3"]
      : ["0", "1", "2"];
    const select = $(id);
    if ([...select.options].map((o) => o.value).join() === values.join()) continue;
    const was = select.value;
    select.replaceChildren(...values.map((v) => el("option", {value: v}, three ? `player ${v}` : v)));
    select.value = values.includes(was) ? was
      : id === "advise-dealer" ? (three ? "2" : "N") : (three ? "0" : "S");
  }
  // A 13-card example hand is no Preference hand (10 cards of a 32-card pack).
  const hand = $("advise-hand");
  if (three && hand.value === ui.defaults["advise-hand"]) hand.value = PREFERENCE_EXAMPLE;
  if (!three && hand.value === PREFERENCE_EXAMPLE) hand.value = ui.defaults["advise-hand"];
  // Nor is the example auction "1H P" a Preference one (its calls name suits: P S C D H).
  const auction = $("advise-auction");
  if (three && auction.value === ui.defaults["advise-auction"]) auction.value = "";
  if (!three && fitSeatsToGame.three && auction.value === "") {
    auction.value = ui.defaults["advise-auction"];
  }
  fitSeatsToGame.three = three;
}
const PREFERENCE_EXAMPLE = "AKQJ.AKQJ.7.7";

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
  const three = data.three_handed || [];
  if (three.length) {
    $("rules").append(el("optgroup", {label: "three players"},
      three.map((name) => el("option", {value: name}, name))));
  }
  three.forEach((name) => threeHanded.add(name));
  $("rules").value = ui.defaultRules = data.default;
  $("rules").addEventListener("change", fitSeatsToGame);
  $("practice-players").addEventListener("change", fitSeatsToGame);
  // Only Skruuvi scores misère aces: its field shows for that game alone.
  const acesField = () => { $("analyse-aces").parentElement.hidden = !$("rules").value.startsWith("skruuvi"); };
  $("rules").addEventListener("change", acesField);
  acesField();
}

// ---------------------------------------------------------------- the state in the URL

// The tab, the game and the inputs live in the URL's fragment
// (#tab=play&pdeal=...&cards=SA,S2), so a reload or a shared link shows the
// same view: the page reruns the analysis, the play and the advice it had
// shown. Nothing about it is kept on the server. A practice session lives on
// the server (for two hours unused); the link holds its id (psid), so a reload
// draws the session where it was; an expired one is said so, and its seat and
// seed stay in the link for a new one.
const URL_FIELDS = {deal: "analyse-deal", dealer: "analyse-dealer", aces: "analyse-aces",
                    pdeal: "play-deal", trump: "play-trump", decl: "play-declarer",
                    hand: "advise-hand", seat: "advise-seat", adealer: "advise-dealer",
                    auction: "advise-auction", samples: "advise-samples", seed: "advise-seed",
                    pseat: "practice-seat", pseed: "practice-seed"};
const ui = {tab: "analyse", analysed: false, played: false, advised: false, defaults: {},
            restoring: false};

function saveState() {
  if (ui.restoring) return;
  const q = new URLSearchParams();
  if (ui.tab !== "analyse") q.set("tab", ui.tab);
  if ($("rules").value) q.set("rules", $("rules").value);
  for (const [key, id] of Object.entries(URL_FIELDS)) {
    if ($(id).value !== ui.defaults[id]) q.set(key, $(id).value);
  }
  if (practice.sid) q.set("psid", practice.sid);
  if (ui.analysed) q.set("analysed", "1");
  if (ui.advised) q.set("advised", "1");
  if (ui.played && playState.deal) {
    q.set("pdeal", playState.deal);
    q.set("trump", playState.trump);
    q.set("decl", playState.declarer);
    q.set("cards", playState.cards.join(","));
  }
  const hash = q.toString();
  history.replaceState(null, "", hash ? "#" + hash : location.pathname + location.search);
}

function showTab(name) {
  const button = document.querySelector(`#tabs button[data-tab="${name}"]`);
  if (!button) return;
  document.querySelectorAll("#tabs button").forEach((b) => b.classList.toggle("active", b === button));
  document.querySelectorAll(".tab").forEach((t) => t.classList.toggle("active", t.id === name));
  ui.tab = name;
  if (name === "play" && !$("play-deal").value) $("play-deal").value = $("analyse-deal").value;
  saveState();
}

// Read the fragment back: fields first, then the tab, then rerun what was shown.
async function restoreState() {
  const q = new URLSearchParams(location.hash.slice(1));
  ui.restoring = true;
  try {
    // The game first: it decides the seat fields' choices (players for Preference).
    // A link without a game is the default game's.
    const game = q.get("rules") || ui.defaultRules;
    if (game && game !== $("rules").value &&
        [...$("rules").options].some((o) => o.value === game)) {
      $("rules").value = game;
      $("rules").dispatchEvent(new Event("change"));
    }
    for (const [key, id] of Object.entries(URL_FIELDS)) if (q.has(key)) $(id).value = q.get(key);
    showTab(q.get("tab") || "analyse");
  } finally {
    ui.restoring = false;
  }
  const runs = [];
  if (q.get("analysed") === "1") runs.push(analyseNow);
  if (q.get("advised") === "1") runs.push(adviseNow);
  if (q.has("cards")) {
    runs.push(() => startPlay(q.get("cards").split(",").filter(Boolean)));
  }
  const psid = q.get("psid");
  if (psid && /^[0-9a-f]{32}$/.test(psid)) runs.push(() => resumePractice(psid));
  saveState();
  for (const run of runs) await guard(run)();
}

function setupTabs() {
  for (const button of document.querySelectorAll("#tabs button")) {
    button.addEventListener("click", () => showTab(button.dataset.tab));
  }
}

// ---------------------------------------------------------------- setup

async function analyseNow() {
  // A deal the server refuses leaves no earlier analysis on the page.
  $("analyse-result").replaceChildren();
  ui.analysed = false;
  saveState();
  if (isPreference()) {
    throw new Error("Preference (three hands) has advice, practice and review on this page; " +
                    "its analysis is 'vint analyse --rules preference' on the command line");
  }
  const a = await runJob($("analyse-job"), "/api/analyse",
    {deal: $("analyse-deal").value, dealer: $("analyse-dealer").value, rules: $("rules").value,
     aces_seconds: $("analyse-aces").parentElement.hidden ? "" : $("analyse-aces").value});
  drawAnalysis(a);
  $("play-deal").value = $("analyse-deal").value;
  ui.analysed = true;
  saveState();
}

async function adviseNow() {
  $("advise-result").replaceChildren();
  ui.advised = false;
  saveState();
  const r = await runJob($("advise-job"), "/api/advise", {
    hand: $("advise-hand").value, seat: $("advise-seat").value, dealer: $("advise-dealer").value,
    auction: $("advise-auction").value, samples: Number($("advise-samples").value),
    seed: $("advise-seed").value, rules: $("rules").value});
  if (r.rules === "preference") drawPreferenceAdvice(r); else drawAdvice(r);
  ui.advised = true;
  saveState();
}

// A reloaded page's practice session, drawn where it was (GET /api/practice/<id>).
async function resumePractice(sid) {
  try {
    drawPractice(await api(`/api/practice/${sid}`));
  } catch (e) {
    practice.sid = null;
    saveState();
    throw new Error(`${e.message} (the practice session in this link)`);
  }
}

async function startPlay(cards = []) {
  playState.deal = $("play-deal").value;
  playState.trump = $("play-trump").value;
  playState.declarer = $("play-declarer").value;
  playState.cards = cards;
  playState.run += 1;                    // stops a "play best to the end" under way
  ui.played = false;
  $("play-result").replaceChildren();
  await playRefresh();
}

async function setup() {
  setupLooks();
  setupTabs();
  fillSeats();
  $("analyse-deal").value = EXAMPLE;
  for (const id of Object.values(URL_FIELDS)) {
    ui.defaults[id] = $(id).value;
    $(id).addEventListener("change", saveState);
  }
  $("rules").addEventListener("change", saveState);
  $("analyse-example").addEventListener("click", () => { $("analyse-deal").value = EXAMPLE; saveState(); });
  $("analyse-random").addEventListener("click", guard(async () => {
    $("analyse-deal").value = (await api("/api/deal/random")).deal;
    saveState();
  }));
  $("analyse-go").addEventListener("click", guard(analyseNow));
  // Ignored while a card or "play best to the end" is on its way (as the cards are).
  $("play-start").addEventListener("click", oneAtATime($("play-result"), guard(() => startPlay([]))));
  $("play-undo").addEventListener("click", oneAtATime($("play-result"), guard(async () => {
    if (!playState.deal || !playState.cards.length) return;
    const card = playState.cards.pop();
    try { await playRefresh(); } catch (e) { playState.cards.push(card); throw e; }
  })));
  $("advise-go").addEventListener("click", guard(adviseNow));
  $("review-form").addEventListener("submit", guard(async (event) => {
    event.preventDefault();
    if (!$("review-file").files.length) throw new Error("choose a file to review first");
    const form = new FormData($("review-form"));
    form.append("rules", $("rules").value);
    $("review-result").replaceChildren();
    const r = await runJob($("review-job"), "/api/review", form);
    const blob = new Blob([r.html], {type: "text/html"});
    $("review-result").replaceChildren(
      el("p", {}, `${r.deals} deal(s) reviewed` + (r.errors ? `, ${r.errors} could not be read` : "") + ". ",
         el("a", {href: URL.createObjectURL(blob), download: "review.html"}, "Download the report")),
      r.hint ? el("p", {class: "error"}, r.hint) : "",
      ...(r.reviews ? drawPreferenceReview(r) : []),
      el("iframe", {class: "report", srcdoc: r.html, title: "review report"}));
  }));
  if (window.setupPractice) window.setupPractice();
  // The linked tab at once; its fields and results once the games are known.
  ui.restoring = true;
  showTab(new URLSearchParams(location.hash.slice(1)).get("tab") || "analyse");
  ui.restoring = false;
  try {
    await fillRules();
  } catch (e) {
    showError(e.message);
  }
  await restoreState();
  // A link pasted into this page's address bar (only the fragment changes: no reload).
  window.addEventListener("hashchange", guard(restoreState));
}

document.addEventListener("DOMContentLoaded", setup);
