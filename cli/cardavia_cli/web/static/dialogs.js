// What the page says about the table (its twins on the server: a deal's
// summary in Connection.state_json, the "choose", "info" and "error"
// answers of web/connection.py): a deal's summary, notices and errors.
// The panel (learn, saves, rules, hints, discards) is panel.js.

import { $, $$, listItem, moveButtonFor } from "./dom.js";
import { playSound } from "./sounds.js";
import { state } from "./state.js";

// ---------------------------------------------------- summary, notices

// A deal's summary stays until the player goes on, as Enter in the
// terminal: the next deal's moves wait meanwhile.
export function showSummary(summary) {
  const box = $("#summary");
  box.hidden = false;
  $("#summary-heading").textContent = summary.heading;
  $("#summary-lines").replaceChildren(...summary.lines.map((line) => listItem(line)));
  const next = $("#summary-next");
  next.textContent = summary.next;
  for (const element of $$("[data-move]")) element.disabled = true;
  next.focus();
  return new Promise((resolve) => {
    state.summaryDone = () => {
      box.hidden = true;
      state.summaryDone = null;
      for (const element of $$("[data-move]")) element.disabled = false;
      resolve();
    };
  });
}

export function closeSummary() {
  if (state.summaryDone) state.summaryDone();
}

export function onError(message) {
  const box = $("#error");
  box.hidden = false;
  box.dataset.kind = message.kind;
  box.textContent = message.text;
  playSound("refused");
  // The table is unchanged: its moves may be tried again.
  for (const element of $$("[data-move]")) element.disabled = false;
}

export function hideError() {
  const box = $("#error");
  box.hidden = true;
  box.textContent = "";
  delete box.dataset.kind;
  $("#notice").hidden = true;
}

export function showNotice(text) {
  const box = $("#notice");
  box.hidden = !text;
  box.textContent = text || "";
}

export function onChoose(message) {
  for (const element of $$(".candidate")) element.classList.remove("candidate");
  for (const choice of message.options) {
    const target = moveButtonFor(choice.move);
    if (target) target.classList.add("candidate");
  }
  showNotice([message.heading, ...message.options.map((o) => o.label)].join(" "));
}
