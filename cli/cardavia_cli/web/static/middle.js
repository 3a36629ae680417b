// The middle of the table, game by game (its twins on the server:
// durak_json and schnapsen_json in web/table_json.py): the stock under the
// trump, the cards in play, and beside them the discards (Durak) or the
// score (Schnapsen). Every sentence comes from the server.

import { backElement, cardElement, counter } from "./cards.js";
import { $ } from "./dom.js";
import { showDiscards } from "./panel.js";
import { t } from "./state.js";

export function renderDurak(view) {
  const durak = view.durak;
  const pile = $("#pile");
  pile.replaceChildren(stockPile(durak.stock, view.trump, false));
  pile.setAttribute("aria-label", `${view.trump.text} · ${durak.pile_text}`);
  pile.title = `${view.trump.text} · ${durak.pile_text}`;
  const play = $("#play");
  play.replaceChildren(
    ...durak.pairs.map(([attack, defence]) => {
      const pair = document.createElement("div");
      pair.className = "pair";
      pair.append(cardElement(attack, "attack"));
      if (defence) pair.append(cardElement(defence, "defence"));
      return pair;
    }),
  );
  play.dataset.empty = String(!durak.pairs.length);
  const side = $("#side");
  side.replaceChildren();
  if (durak.discard) {
    // The discards are public: a click shows them face up.
    const discard = document.createElement("button");
    discard.type = "button";
    discard.className = "discard";
    discard.dataset.discards = String(durak.discard);
    discard.setAttribute("aria-label", durak.pile_text);
    discard.append(backElement(), backElement(), counter(durak.discard));
    discard.addEventListener("click", () => showDiscards(durak.discard_cards));
    side.append(discard);
  }
  $("#facts").textContent = [view.trump.text, durak.pile_text, ...durak.facts].join(" · ");
}

export function renderSchnapsen(view) {
  const s = view.schnapsen;
  const pile = $("#pile");
  pile.replaceChildren(stockPile(s.exhausted ? 0 : s.stock, view.trump, s.closed));
  pile.setAttribute("aria-label", `${view.trump.text} · ${s.talon_text}`);
  pile.title = `${view.trump.text} · ${s.talon_text}`;
  const play = $("#play");
  play.replaceChildren();
  if (s.trick) {
    // A whole trick: the deal's last, as the deal ended or the match.
    const whole = document.createElement("div");
    whole.className = "pair whole-trick";
    whole.dataset.winner = s.trick.winner === 0 ? "you" : "computer";
    const [lead, follow] = s.trick.cards;
    whole.append(cardElement(lead, "attack"), cardElement(follow, "defence"));
    play.append(whole);
  }
  if (s.lead) {
    const trick = document.createElement("div");
    trick.className = "pair trick";
    trick.append(cardElement(s.lead, s.leader === 0 ? "led-by-you" : "led-by-computer"));
    play.append(trick);
  }
  if (s.last_trick) {
    const last = document.createElement("div");
    last.className = "last-trick";
    last.dataset.winner = s.last_trick.winner === 0 ? "you" : "computer";
    for (const card of s.last_trick.cards) last.append(cardElement(card, "small"));
    play.append(last);
  }
  play.dataset.empty = String(!s.trick && !s.lead && !s.last_trick);
  const side = $("#side");
  side.replaceChildren(scoreboard(s));
  $("#facts").textContent = [view.trump.text, s.talon_text, ...s.facts].join(" · ");
}

// The points of this deal and the match counted down from 7, each column
// named, the match as a number beside its pips.
function scoreboard(s) {
  const board = document.createElement("div");
  board.className = "score";
  board.setAttribute("role", "group");
  board.setAttribute("aria-label", `${s.points_text} · ${s.match_text}`);
  const head = document.createElement("div");
  head.className = "score-row score-head";
  head.setAttribute("aria-hidden", "true");
  head.append(cell("who", ""), cell("points-label", t("score.points")), cell("match-label", t("score.match")));
  board.append(head);
  const rows = [
    ["computer", s.points[1], s.pending[1], s.match[1], s.marriages[1]],
    ["you", s.points[0], s.pending[0], s.match[0], s.marriages[0]],
  ];
  for (const [who, points, pending, match, marriages] of rows) {
    const row = document.createElement("div");
    row.className = `score-row score-${who}`;
    const value = cell("points", pending ? `${points} (+${pending})` : String(points));
    const left = cell("match", "");
    const number = document.createElement("b");
    number.textContent = String(match);
    const pips = document.createElement("span");
    pips.className = "pips";
    pips.setAttribute("aria-hidden", "true");
    // The match counts down from 7: a filled pip for each point still to lose.
    for (let i = 0; i < 7; i += 1) {
      const pip = document.createElement("i");
      if (i < match) pip.className = "on";
      pips.append(pip);
    }
    left.append(number, pips);
    const marks = cell("marriages", marriages.map((m) => m.mark).join(" "));
    row.append(cell("who", t(who)), value, left, marks);
    board.append(row);
  }
  const caption = document.createElement("p");
  caption.className = "score-text";
  caption.textContent = `${s.points_text} · ${s.match_text}`;
  board.append(caption);
  return board;
}

function cell(className, text) {
  const element = document.createElement("span");
  element.className = className;
  element.textContent = text;
  return element;
}

function stockPile(count, trump, closed) {
  const pile = document.createElement("div");
  pile.className = "stock";
  if (trump.card) {
    const face = cardElement(trump.card, "trump-card");
    pile.append(face);
  }
  if (count > 0) {
    const back = backElement();
    if (closed) back.classList.add("closed");
    pile.append(back, counter(count));
  }
  if (!trump.card && count === 0) {
    const mark = document.createElement("span");
    mark.className = `trump-mark suit-${trump.suit}`;
    mark.textContent = trump.mark;
    pile.append(mark);
  }
  return pile;
}
