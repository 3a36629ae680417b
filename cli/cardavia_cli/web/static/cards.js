// A card as the page draws it (its twin on the server: card_json in
// web/table_json.py, which sends the rank, the suit's mark and the label in
// the player's language; the page adds nothing).

import { t } from "./state.js";

export function cardElement(card, extra = "", tag = "div") {
  const element = document.createElement(tag);
  if (tag === "button") element.type = "button";
  element.className = `card suit-${card.suit} ${extra}`.trim();
  element.dataset.card = card.id;
  if (tag !== "button") {
    element.setAttribute("role", "img");
    element.setAttribute("aria-label", card.label);
  }
  const corner = document.createElement("span");
  corner.className = "corner";
  corner.setAttribute("aria-hidden", "true");
  const rank = document.createElement("b");
  rank.textContent = card.rank;
  const suit = document.createElement("i");
  suit.textContent = card.mark;
  corner.append(rank, suit);
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.setAttribute("aria-hidden", "true");
  pip.textContent = card.mark;
  element.append(corner, pip);
  return element;
}

export function backElement() {
  const element = document.createElement("div");
  element.className = "card back";
  element.setAttribute("role", "img");
  element.setAttribute("aria-label", t("face_down"));
  return element;
}

// How many cards a pile holds, on its top card.
export function counter(n) {
  const badge = document.createElement("span");
  badge.className = "count";
  badge.textContent = String(n);
  return badge;
}
