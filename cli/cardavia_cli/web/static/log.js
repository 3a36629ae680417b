// The "What happened" log (its twins on the server: the events of each
// state, lesson and replay message, made by words/narration.py). It starts
// empty for each game, lesson and replay, keeps all of one, and its box
// ends on whole lines, so no line is cut at its top.

import { $ } from "./dom.js";
import { state } from "./state.js";

// More than any game, lesson or replay says; a bound all the same.
const KEPT = 1000;

// scope: the game, lesson or replay the events belong to; entry: the
// position they came with (the same message sent again, as after a change
// of language, adds nothing); fresh: the position is the scope's start, so
// reaching it again (a new game of an unsaved kind, a replay's first move)
// starts the log again.
export function logEvents(events, { scope, entry, fresh = false }) {
  const lines = events || [];
  $("#latest").textContent = lines.join(" ");
  const log = $("#log");
  const again = scope === state.logScope && entry === state.logEntry;
  if (scope !== state.logScope || (fresh && !again)) log.replaceChildren();
  state.logScope = scope;
  state.logEntry = entry;
  if (!again) {
    for (const line of lines) {
      const item = document.createElement("li");
      item.textContent = line;
      log.append(item);
    }
  }
  while (log.children.length > KEPT) log.firstElementChild.remove();
  fitLog(log);
}

// The box is as tall as the newest lines that fit in its largest size
// (style.css), scrolled to the first of them: it shows whole lines only.
// Scrolling goes by whole pixels and lines are not as tall: the box starts
// at the pixel nearest its first line (style.css leaves a pixel below the
// last line, so that one can be scrolled to) and ends with the last line.
function fitLog(log) {
  log.style.height = "";
  const last = log.lastElementChild;
  if (!last || log.scrollHeight <= log.clientHeight) return;
  const room = log.clientHeight - 1;
  const origin = log.getBoundingClientRect().top + log.clientTop - log.scrollTop;
  const end = last.getBoundingClientRect().bottom - origin;
  let start = last.getBoundingClientRect().top - origin;
  for (let item = last.previousElementSibling; item; item = item.previousElementSibling) {
    const top = item.getBoundingClientRect().top - origin;
    if (end - top > room) break;
    start = top;
  }
  const from = Math.round(start);
  log.style.height = `${end - from}px`;
  log.scrollTop = from;
}
