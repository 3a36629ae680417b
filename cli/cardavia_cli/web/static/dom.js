// Small builders of page elements (no twin in Python). Text goes in by
// textContent only, so nothing the server or the player sends is markup.

export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));

export function heading(text) {
  const element = document.createElement("h2");
  element.textContent = text;
  return element;
}

export function paragraph(text, className = "") {
  const element = document.createElement("p");
  element.textContent = text;
  if (className) element.className = className;
  return element;
}

export function listItem(text) {
  const item = document.createElement("li");
  item.textContent = text;
  return item;
}

export function button(text, attributes = {}, onClick = null) {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = text;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  if (onClick) element.addEventListener("click", onClick);
  return element;
}

export function option(value, text, lang) {
  const element = document.createElement("option");
  element.value = value;
  element.textContent = text;
  if (lang) element.lang = lang;
  return element;
}

export function controlsRow() {
  const controls = document.createElement("div");
  controls.className = "controls";
  return controls;
}

export function cssEscape(text) {
  return window.CSS && CSS.escape ? CSS.escape(text) : text.replace(/["\\]/g, "\\$&");
}

// A move string in a selector: the buttons carry it in data-move.
export function moveButtonFor(move) {
  return $(`[data-move="${cssEscape(move)}"]`);
}
