// The card table: card faces drawn with CSS and Unicode (nothing fetched), a
// compass layout (N top, S bottom, W left, E right, the trick in the middle),
// one card per click, the keyboard, and the page's colour settings.
// app.js draws the tabs with these; nothing here talks to the server.
"use strict";

const TABLE_SUITS = ["S", "H", "D", "C"];
const TABLE_SYMBOL = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};
const TABLE_SEATS = ["N", "E", "S", "W"];

function tableEl(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === "") continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// ---------------------------------------------------------------- card faces

// One card face: the rank over the suit symbol, in the suit's colour (class
// suit-S..suit-C: red and black, or four colours with body.fourcolour).
// `opts.onplay` makes it a button (a legal card); `opts.illegal` a greyed,
// disabled button; `opts.value` a small number under the symbol.
function cardFace(card, opts = {}) {
  const rank = card.slice(1).replace("T", "10");
  const label = `${rank} of ${{S: "spades", H: "hearts", D: "diamonds", C: "clubs"}[card[0]]}`;
  const parts = [tableEl("span", {class: "rank"}, rank),
                 tableEl("span", {class: "pip"}, TABLE_SYMBOL[card[0]]),
                 opts.value !== undefined ? tableEl("small", {class: "value"}, opts.value) : ""];
  const cls = `face card suit-${card[0]}` + (opts.best ? " best" : "") +
    (opts.illegal ? " illegal" : "");
  if (!opts.onplay && !opts.illegal) {
    return tableEl("span", {class: cls, "data-card": card, title: label}, parts);
  }
  return tableEl("button", {class: cls, "data-card": card, "aria-label": label,
                            title: opts.illegal ? `${label}: not playable now` : label,
                            disabled: opts.illegal ? "disabled" : null,
                            onclick: opts.illegal ? null : opts.onplay}, parts);
}

// A face-down card (the seats whose cards the player does not see).
function cardBack() {
  return tableEl("span", {class: "face back", "aria-hidden": "true"});
}

// A hand's cards, suit by suit (S H D C), each suit a group of overlapping faces
// that wraps as a whole on a narrow screen. `cards`: ["SA", "SK", ...];
// `faceOf(card)` draws one (default: a plain face).
function handFaces(cards, faceOf = (c) => cardFace(c)) {
  return tableEl("div", {class: "handfaces"}, TABLE_SUITS.map((s) => {
    const mine = cards.filter((c) => c[0] === s);
    return mine.length ? tableEl("span", {class: "suitgroup"}, mine.map(faceOf)) : "";
  }));
}

// `count` face-down cards, overlapping.
function backs(count) {
  return tableEl("div", {class: "handfaces"},
    tableEl("span", {class: "suitgroup backs"}, Array.from({length: count}, cardBack)),
    tableEl("span", {class: "note count"}, `${count} card${count === 1 ? "" : "s"}`));
}

// ---------------------------------------------------------------- the compass

// The table: `seats[seat]` = {label, body} for N E S W, `centre` in the middle,
// `onMove` the seat whose turn it is (highlighted, marked "to play").
// Only the seats given are drawn (Preference's three players sit W, S, E);
// `seats[seat].name` replaces the seat's letter ("player 1").
function compassTable(seats, centre, onMove, extraClass = "") {
  const box = (seat) => {
    const s = seats[seat];
    return tableEl("div", {class: `seatbox seat-${seat}` + (seat === onMove ? " onmove" : ""),
                           "data-seat": seat},
      tableEl("div", {class: "seatname"}, tableEl("b", {}, s.name || seat), s.label ? ` ${s.label}` : "",
        seat === onMove ? tableEl("span", {class: "tomove"}, "to play") : ""),
      s.body || "");
  };
  return tableEl("div", {class: "compass " + extraClass},
    TABLE_SEATS.filter((seat) => seats[seat]).map(box),
    tableEl("div", {class: "centre"}, centre || ""));
}

// Preference's table: three players, `me` at the bottom, the next player
// (on his left) at the left, the widow in the middle. `hands[p]`: a card list.
function threeTable(hands, widow, me = 0, dealer = null, onMove = null, players = [0, 1, 2]) {
  // `players`: the three who hold cards, in turn (the four-player form leaves
  // the dealer out); `me` at the bottom, or the first of them if I sit out.
  const k = Math.max(0, players.indexOf(me));
  const place = {S: players[k], W: players[(k + 1) % 3], E: players[(k + 2) % 3]};
  const seats = {};
  for (const [seat, p] of Object.entries(place)) {
    seats[seat] = {name: `player ${p}`, label: p === dealer ? "(dealer)" : "",
                   body: handFaces(hands[p] || [])};
  }
  const centre = tableEl("div", {class: "widow"}, tableEl("div", {class: "tricklabel note"}, "widow"),
    widow && widow.length ? handFaces(widow) : backs(2));
  const moving = Object.keys(place).find((seat) => place[seat] === onMove) || null;
  return compassTable(seats, centre, moving, "three");
}

// The trick in the middle: each card at its player's side of the table, with
// the player's letter, under a line of text (`label`). `cards`: [{seat, card}].
function trickCompass(cards, label) {
  const at = {};
  for (const c of cards) at[c.seat] = c.card;
  return tableEl("div", {class: "trick"},
    label ? tableEl("div", {class: "tricklabel note"}, label) : "",
    tableEl("div", {class: "trickgrid"}, TABLE_SEATS.map((seat) =>
      tableEl("div", {class: `slot slot-${seat}`},
        at[seat] ? [tableEl("span", {class: "who"}, seat), cardFace(at[seat])] : ""))));
}

// A complete trick (the server's {number, winner, cards: [{seat, card}]}) in
// the middle, labelled with its number and who won it: practice's and the Play
// tab's "Last trick".
function lastTrickCompass(trick) {
  return trickCompass(trick.cards, `Last trick (${trick.number}), won by ${trick.winner}`);
}

// The button that shows the last trick in the middle and back (key L).
// `showing`: the last trick is shown now; `toggle` redraws the table.
function lastTrickButton(id, trick, showing, toggle) {
  return tableEl("button", {id, "data-key": "L", onclick: toggle, disabled: trick ? null : "disabled",
                            title: "the last complete trick: who played each card, who won it (L)"},
    showing ? "Back to this trick" : "Last trick");
}

// The trick's cards with their players, from the leader round the table.
function trickWithSeats(cards, leader) {
  const first = TABLE_SEATS.indexOf(leader);
  return cards.map((card, i) => ({seat: TABLE_SEATS[(first + i) % 4], card}));
}

// ---------------------------------------------------------------- one card a click

// Wrap a card (or call) action so that while its request is out every other
// click is ignored and the table's buttons are disabled: a fast double click
// sends one card. `box` is the element whose buttons are held.
const pending = {busy: false};
function oneAtATime(box, action) {
  return async (...args) => {
    if (pending.busy) return;
    pending.busy = true;
    const held = box ? [...box.querySelectorAll("button:not([disabled])")] : [];
    for (const b of held) b.disabled = true;
    if (box) box.classList.add("pending");
    try {
      await action(...args);
    } finally {
      pending.busy = false;
      // The answer usually redraws the table; if not (an error), free the old buttons.
      for (const b of held) if (b.isConnected) b.disabled = false;
      if (box) box.classList.remove("pending");
    }
  };
}

// ---------------------------------------------------------------- the keyboard

// Outside a text field: type a card ("SA", "H10" or "HT") or a call ("1H",
// "2NT", "P"); arrow keys move between the playable cards and calls, Enter
// plays the one chosen (a button's own Enter), Escape forgets what was typed.
// A button of the tab shown with a `data-key` (L: last trick, B: play best to
// the end) is clicked by its letter, when no card or call begins with it.
const keys = {typed: ""};

function shortcut(key, buttons) {
  if (keys.typed || key.length !== 1) return null;
  const letter = key.toUpperCase();
  if (buttons.some((b) => (b.dataset.card || b.dataset.call).startsWith(letter))) return null;
  const tab = document.querySelector(".tab.active");
  return tab && tab.querySelector(`button[data-key="${letter}"]:not([disabled])`);
}

function activeButtons() {
  const tab = document.querySelector(".tab.active");
  return tab ? [...tab.querySelectorAll("button[data-card]:not([disabled]), " +
                                        "button[data-call]:not([disabled])")] : [];
}

function normaliseTyped(text) {
  return text.toUpperCase().replace(/10/g, "T").replace(/^PASS$/, "P");
}

function keyTarget(typed, buttons) {
  const names = buttons.map((b) => b.dataset.card || b.dataset.call);
  const exact = buttons[names.indexOf(typed)];
  const longer = names.some((n) => n !== typed && n.startsWith(typed));
  return {exact, longer, any: exact || longer};
}

function showTyped() {
  const box = document.getElementById("typed");
  if (box) box.textContent = keys.typed ? `typed: ${keys.typed}` : "";
}

function onKey(event) {
  const t = event.target;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
  const buttons = activeButtons();
  if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
    if (!buttons.length) return;
    const here = buttons.indexOf(document.activeElement);
    const step = event.key === "ArrowRight" ? 1 : -1;
    const next = here < 0 ? (step > 0 ? 0 : buttons.length - 1)
      : (here + step + buttons.length) % buttons.length;
    buttons[next].focus();
    event.preventDefault();
    return;
  }
  if (event.key === "Escape") { keys.typed = ""; showTyped(); return; }
  if (event.key === "Enter") {
    if (!keys.typed) return;                     // a focused button handles its own Enter
    const {exact} = keyTarget(keys.typed, buttons);
    keys.typed = "";
    showTyped();
    if (exact) { exact.click(); event.preventDefault(); }
    return;
  }
  if (event.key.length !== 1 || !/[0-9a-zA-Z]/.test(event.key)) return;
  const button = shortcut(event.key, buttons);
  if (button) {
    button.click();
    event.preventDefault();
    return;
  }
  // What was typed so far still names something (or is "H1" on its way to "H10").
  const names = (t) => keyTarget(t, buttons).any ||
    (/^[SHDC]1$/.test(t) && keyTarget(t[0] + "T", buttons).exact);
  let typed = normaliseTyped(keys.typed + event.key);
  if (!names(typed)) typed = normaliseTyped(event.key);      // start again from this key
  if (!names(typed)) {
    keys.typed = "";
    showTyped();
    return;
  }
  keys.typed = typed;
  const {exact, longer} = keyTarget(typed, buttons);
  if (exact && !longer) {
    keys.typed = "";
    exact.click();
  }
  showTyped();
}

// ---------------------------------------------------------------- colours

// Dark mode follows the system (prefers-color-scheme, watched for changes)
// until the player picks one with the toggle; the choice and the four-colour deck are kept in this
// browser (localStorage), not on the server.
const systemDark = window.matchMedia("(prefers-color-scheme: dark)");

function applyLooks() {
  const theme = localStorage.getItem("vint-theme") || "auto";
  const dark = theme === "dark" || (theme === "auto" && systemDark.matches);
  document.documentElement.classList.toggle("dark", dark);
  const four = localStorage.getItem("vint-fourcolour") === "1";
  document.body.classList.toggle("fourcolour", four);
  const button = document.getElementById("theme-toggle");
  if (button) {
    button.textContent = {auto: "Theme: system", dark: "Theme: dark", light: "Theme: light"}[theme];
  }
  const box = document.getElementById("fourcolour");
  if (box) box.checked = four;
}

function setupLooks() {
  const button = document.getElementById("theme-toggle");
  if (button) {
    button.addEventListener("click", () => {
      const order = ["auto", "dark", "light"];
      const now = localStorage.getItem("vint-theme") || "auto";
      localStorage.setItem("vint-theme", order[(order.indexOf(now) + 1) % 3]);
      applyLooks();
    });
  }
  const box = document.getElementById("fourcolour");
  if (box) {
    box.addEventListener("change", () => {
      localStorage.setItem("vint-fourcolour", box.checked ? "1" : "0");
      applyLooks();
    });
  }
  systemDark.addEventListener("change", applyLooks);       // the system switched
  applyLooks();
  document.addEventListener("keydown", onKey);
}
