// The table on the page (its twin on the server: table_json in
// web/table_json.py, which sends every card, move and sentence shown here):
// the opponent's hand, the middle (middle.js), the player's hand and the
// move bar, whose turn it is and how the game ended. Every legal move is a
// <button data-move="MOVE"> with an aria-label in the page's language.

import { backElement, cardElement } from "./cards.js";
import { $, $$ } from "./dom.js";
import { renderDurak, renderSchnapsen } from "./middle.js";
import { renderSeats } from "./seats.js";
import { send } from "./socket.js";
import { state, t } from "./state.js";

// playing: the moves are offered; last: the move just made ({seat, card});
// answers: a lesson's cards that answer its question without being moves.
export function renderBoard(view, { playing, last = null, answers = [] }) {
  const board = $("#board");
  const focusWasHere = board.contains(document.activeElement) && document.activeElement !== $("#say-input");
  $("#welcome").hidden = true;
  board.hidden = false;
  board.dataset.game = view.game;
  board.dataset.turn = view.turn || "over";
  $("#table-title").textContent = view.schnapsen ? `${view.title} ${view.schnapsen.deal}` : view.title;
  board.dataset.players = String(view.seats ? view.seats.players : 2);
  renderOpponent(view.opponent);
  renderSeats(view.seats);
  if (view.schnapsen) renderSchnapsen(view);
  else renderDurak(view);
  renderHand(view, playing ? view.moves : [], answers);
  renderBar(playing ? view.moves : []);
  renderStatus(view, playing);
  renderOutcome(view.outcome, playing);
  if (last) markFresh(last);
  if (focusWasHere || (state.keyboardUser && document.activeElement === document.body)) focusFirstMove();
}

export function hideBoard() {
  $("#board").hidden = true;
  $("#welcome").hidden = true;
}

function renderOpponent(opponent) {
  const fan = $("#opponent-hand");
  const cards = opponent.known.map((card) => cardElement(card));
  for (let i = opponent.known.length; i < opponent.count; i += 1) cards.push(backElement());
  fan.replaceChildren(...cards);
  fan.dataset.count = String(opponent.count);
  $("#opponent-text").textContent = opponent.text;
}

// A card's first move is that card in the hand, the others are in the bar:
// the server says which ("place") and of which card ("card").
function renderHand(view, moves, answers) {
  const byCard = new Map(moves.filter((m) => m.place === "hand").map((m) => [m.card, m]));
  const answerIds = new Set(answers.map((card) => card.id));
  const hand = $("#hand");
  hand.replaceChildren(
    ...view.hand.map((card) => {
      const move = byCard.get(card.id);
      if (move) return moveButton(move, cardElement(card, "", "button"));
      if (answerIds.has(card.id)) {
        const answer = cardElement(card, "playable", "button");
        answer.dataset.answer = card.id;
        answer.setAttribute("aria-label", card.label);
        answer.addEventListener("click", () => send({ type: "text", text: card.id }));
        return answer;
      }
      return cardElement(card);
    }),
  );
}

function renderBar(moves) {
  $("#bar").replaceChildren(
    ...moves
      .filter((m) => m.place === "bar")
      .map((m) => {
        const element = document.createElement("button");
        element.type = "button";
        element.className = `move move-${m.kind}`;
        const label = document.createElement("span");
        label.textContent = m.label;
        element.append(label);
        if (m.word && !m.label.toLocaleLowerCase().includes(m.word.toLocaleLowerCase())) {
          // The word that plays it from the box, as the terminal shows it,
          // unless the label says it already ("Karten aufnehmen").
          const word = document.createElement("span");
          word.className = "word";
          word.setAttribute("aria-hidden", "true");
          word.textContent = `· ${m.word}`;
          element.append(word);
        }
        return moveButton(m, element);
      }),
  );
}

function moveButton(move, element) {
  element.classList.add("playable");
  element.dataset.move = move.move;
  element.dataset.number = String(move.number);
  element.setAttribute("aria-label", move.label);
  element.title = move.label;
  const number = document.createElement("span");
  number.className = "number";
  number.setAttribute("aria-hidden", "true");
  number.textContent = String(move.number);
  element.prepend(number);
  element.addEventListener("click", () => {
    if (element.disabled) return;
    for (const other of $$("[data-move]")) other.disabled = true;
    send({ type: "move", move: move.move });
  });
  return element;
}

function renderStatus(view, playing) {
  const turn = $("#turn");
  // A bigger table says which seat is to move (and lights its box).
  const thinking = playing && view.turn === "computer" && state.mode === "play" && !view.seats;
  turn.textContent = thinking ? t("thinking") : view.turn_text || "";
  turn.dataset.turn = view.turn || "over";
  const reminder = $("#reminder");
  reminder.hidden = !view.reminder;
  reminder.textContent = view.reminder || "";
  const tip = $("#tip");
  tip.hidden = !view.tip;
  tip.textContent = view.tip || "";
  $("#hint-button").disabled = !(playing && state.mode === "play" && view.turn === "you");
  $("#say").hidden = !playing || Boolean(view.outcome);
  if (state.mode === "play") {
    const status = view.outcome ? "tab.over" : { you: "tab.you", computer: "tab.computer" }[view.turn];
    if (status) setTabTitle(t(status), view.title);
  } else if (state.mode) {
    setTabTitle(t(state.mode === "learn" ? "learn" : "replay"), view.title);
  }
}

// The browser's tab says whose turn it is, for a player in another tab.
export function setTabTitle(status, game) {
  document.title = [status, game, "Cardavia"].filter(Boolean).join(" · ");
}

function renderOutcome(outcome, playing) {
  const box = $("#outcome");
  box.hidden = !outcome;
  if (!outcome) {
    delete box.dataset.outcome;
    return;
  }
  box.dataset.outcome = outcome.result;
  $("#outcome-text").textContent = outcome.text;
  $("#again").hidden = !(playing && state.mode === "play");
  if (state.keyboardUser && !$("#again").hidden) $("#again").focus();
}

// The card the last move put on the table, as the server names it.
function markFresh(last) {
  if (!last.card) return;
  const element = $(`#play [data-card="${last.card}"]`);
  if (element) element.classList.add(last.seat !== 0 ? "fresh-computer" : "fresh-you");
}

export function focusFirstMove() {
  const first = $("#board [data-move], #board [data-answer]");
  if (first) first.focus();
}
