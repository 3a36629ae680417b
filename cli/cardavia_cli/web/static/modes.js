// What takes the table (its twins on the server: Connection.state_json in
// web/connection.py, Lesson.as_json in web/lesson.py, Replay.as_json in
// web/replays.py): a game against the computer, a lesson's step, a replay's
// position, or the welcome when none is on.

import { hideBoard, renderBoard, showEvents } from "./board.js";
import { $, button, controlsRow, heading, listItem, paragraph } from "./dom.js";
import { clearHint, hideError } from "./dialogs.js";
import { send } from "./socket.js";
import { state, t } from "./state.js";

// The unfinished game of this tab, to resume on reload.
export const GAME_KEY = "cardavia.game";

export function showWelcome() {
  state.mode = null;
  $("#welcome").hidden = false;
  $("#board").hidden = true;
  $("#mode-box").hidden = true;
  $("#table-title").textContent = "Cardavia";
}

export function onState(message) {
  state.mode = "play";
  const view = message.view;
  state.lastGame = view.game;
  if (message.moves_played !== state.movesPlayed) clearHint();
  state.movesPlayed = message.moves_played;
  if (view.outcome || !message.file) sessionStorage.removeItem(GAME_KEY);
  else sessionStorage.setItem(GAME_KEY, message.file);
  hideError();
  $("#mode-box").hidden = true;
  renderBoard(view, { playing: true, last: message.last });
  showEvents(message.events);
  const final = message.summary && message.summary.final ? message.summary : null;
  $("#outcome-heading").textContent = final ? final.heading : "";
  $("#outcome-lines").replaceChildren(...(final ? final.lines.map((line) => listItem(line)) : []));
}

export function onLesson(message) {
  state.mode = "learn";
  hideError();
  const box = $("#mode-box");
  box.hidden = false;
  box.replaceChildren();
  if (message.heading) box.append(paragraph(message.heading, "muted"));
  if (message.finished) {
    box.append(paragraph(message.done_text, "good"));
    box.append(button(t(`game.${message.game}`), { "data-new": message.game }));
    hideBoard();
    return;
  }
  box.append(heading(message.title));
  box.append(paragraph(message.text));
  box.append(paragraph(message.question, "question"));
  if (message.success) box.append(paragraph(message.success, "good"));
  const controls = controlsRow();
  if (message.solved) controls.append(button(t("next_step"), { id: "lesson-next" }, () => send({ type: "next" })));
  else controls.append(button(t("skip"), { id: "lesson-skip" }, () => send({ type: "next" })));
  box.append(controls);
  renderBoard(message.view, { playing: true, answers: message.answers });
  showEvents(message.events);
  if (message.solved && state.keyboardUser) $("#lesson-next").focus();
}

export function onReplay(message) {
  state.mode = "replay";
  hideError();
  sessionStorage.removeItem(GAME_KEY);
  const box = $("#mode-box");
  box.hidden = false;
  box.replaceChildren(heading(message.heading), paragraph(message.position, "muted"));
  const controls = controlsRow();
  const steps = [
    ["first", 0],
    ["previous", message.index - 1],
    ["next", message.index + 1],
    ["last", message.total],
  ];
  for (const [name, index] of steps) {
    const control = button(t(name), { "data-step": String(index) }, () => stepTo(box, index));
    control.disabled = index < 0 || index > message.total || index === message.index;
    controls.append(control);
  }
  box.append(controls);
  if (message.note) box.append(paragraph(message.note, "muted"));
  if (message.analysis) box.append(paragraph(message.analysis, "analysis"));
  if (message.unfinished) box.append(paragraph(message.unfinished, "muted"));
  renderBoard(message.view, { playing: false });
  showEvents(message.events);
}

// The server analyses the move stepped to (seconds at `hard`): until the
// answer, the box says that the computer is thinking.
function stepTo(box, index) {
  for (const control of box.querySelectorAll("[data-step]")) control.disabled = true;
  const waiting = paragraph(t("thinking"), "muted");
  waiting.id = "replay-thinking";
  waiting.setAttribute("role", "status");
  box.append(waiting);
  send({ type: "step", index });
}
