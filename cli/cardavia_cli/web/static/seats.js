// The seats around the felt at a table of three to six (its twin on the
// server: seats_json in web/seats_json.py, which sends every name, count,
// badge and sentence shown here). Each computer seat is a box along the top,
// clockwise from the player's left: its name, its cards fanned face down with
// those known to be in its hand face up, and its role badges; the seat to
// move is lit. A duel has no seats: its computer's hand is drawn by board.js.

import { backElement, cardElement, counter } from "./cards.js";
import { $ } from "./dom.js";

export function renderSeats(seats) {
  const box = $("#seats");
  const duel = !seats;
  box.hidden = duel;
  $(".seat-opponent").hidden = !duel;
  const mine = $("#you-badges");
  mine.hidden = duel || !seats.you.length;
  if (duel) {
    box.replaceChildren();
    mine.replaceChildren();
    delete box.dataset.others;
    return;
  }
  box.dataset.others = String(seats.others.length);
  box.replaceChildren(...seats.others.map((seat, i) => seatBox(seat, i, seats.others.length)));
  mine.replaceChildren(...seats.you.map(badge));
}

function seatBox(seat, index, others) {
  const element = document.createElement("div");
  element.className = "other";
  element.setAttribute("role", "listitem");
  element.setAttribute("aria-label", seat.text);
  element.dataset.seat = String(seat.seat);
  element.dataset.turn = String(seat.turn);
  if (seat.badges.some((b) => b.key === "out")) element.dataset.out = "true";
  // Round the table: the seats at the ends sit lower, nearer the player.
  const middle = (others - 1) / 2;
  element.style.setProperty("--arc", String(Math.abs(index - middle) / Math.max(middle, 1)));
  const head = document.createElement("div");
  head.className = "other-head";
  head.setAttribute("aria-hidden", "true");
  const name = document.createElement("span");
  name.className = "other-name";
  // "Computer 3" on one line (style.css sizes it to the box).
  name.textContent = seat.name;
  name.style.setProperty("--len", String(Math.max(seat.name.length, 6)));
  head.append(name);
  element.append(head, ...fan(seat));
  const marks = document.createElement("div");
  marks.className = "badges";
  marks.setAttribute("aria-hidden", "true");
  marks.append(...seat.badges.map(badge));
  element.append(marks);
  return element;
}

// The cards face down, overlapping as much as the box needs (style.css:
// --n), with their count; below them, face up and small, those known to be
// in the hand (picked up, or the six-seat trump), overlapping less so that
// each corner shows.
function fan(seat) {
  const hidden = seat.count - seat.known.length;
  const backs = document.createElement("div");
  backs.className = "mini-fan";
  backs.setAttribute("aria-hidden", "true");
  backs.style.setProperty("--n", String(Math.max(hidden, 1)));
  for (let i = 0; i < hidden; i += 1) backs.append(backElement());
  if (!seat.known.length) {
    if (seat.count) backs.append(counter(seat.count));
    return [backs];
  }
  const known = document.createElement("div");
  known.className = "known-cards";
  known.setAttribute("aria-hidden", "true");
  known.append(...seat.known.map((card) => cardElement(card, "known")));
  // Every card known (a hand shown at the end): the count ends that row.
  if (!hidden) {
    known.append(counter(seat.count));
    return [known];
  }
  backs.append(counter(seat.count));
  return [backs, known];
}

function badge(mark) {
  const element = document.createElement("span");
  element.className = `badge badge-${mark.key}`;
  element.dataset.badge = mark.key;
  element.textContent = mark.text;
  return element;
}
