// What takes the table (its twins on the server: Connection.state_json in
// web/connection.py, Lesson.as_json in web/lesson.py, Replay.as_json in
// web/replays.py): a game against the computer, a lesson's step, a replay's
// position, or the welcome when none is on.

import { hideBoard, renderBoard, setTabTitle } from "./board.js";
import { $, button, controlsRow, heading, listItem, paragraph } from "./dom.js";
import { hideError, showSummary } from "./dialogs.js";
import { logEvents } from "./log.js";
import { clearHint } from "./panel.js";
import { send } from "./socket.js";
import { playSound } from "./sounds.js";
import { state, t } from "./state.js";

// The unfinished game of this tab, to resume on reload.
export const GAME_KEY = "cardavia.game";

export function showWelcome() {
  state.mode = null;
  $("#welcome").hidden = false;
  $("#board").hidden = true;
  $("#mode-box").hidden = true;
  $("#level-text").hidden = true;
  $("#table-title").textContent = "Cardavia";
  setTabTitle("", "");
}

// A game's state; its events were shown already if the state ended a deal.
export function onState(message) {
  const view = message.view;
  enterGame(message);
  if (message.moves_played !== state.movesPlayed) clearHint();
  state.movesPlayed = message.moves_played;
  if (view.outcome || !message.file) sessionStorage.removeItem(GAME_KEY);
  else sessionStorage.setItem(GAME_KEY, message.file);
  renderBoard(view, { playing: true, last: message.last });
  logGame(message);
  if (message.last && !message.summary) playSound(message.last.card ? "card" : "gather");
  const final = message.summary && message.summary.final ? message.summary : null;
  $("#outcome-heading").textContent = final ? final.heading : "";
  $("#outcome-lines").replaceChildren(...(final ? final.lines.map((line) => listItem(line)) : []));
}

// The move that ended a Schnapsen deal: the deal as it ended, its last
// trick on the table, then its summary; the next deal (the message's view)
// only once the player goes on, as Enter in the terminal.
export async function onDealEnd(message) {
  const summary = message.summary;
  if (summary.table) {
    enterGame(message);
    clearHint();
    renderBoard(summary.table, { playing: false, last: message.last });
    logGame(message);
    playSound("gather");
    setTabTitle(summary.heading, summary.table.title);
    const trick = $("#play");
    if (trick.scrollIntoView) trick.scrollIntoView({ block: "nearest" });
    // The trick alone first, for as long as the computer's moves stay.
    await new Promise((resolve) => setTimeout(resolve, state.settings.pace));
  }
  await showSummary(summary);
  onState(message);
}

function enterGame(message) {
  state.mode = "play";
  state.lastGame = message.view.game;
  state.lastPlayers = message.view.seats ? message.view.seats.players : 2;
  hideError();
  $("#mode-box").hidden = true;
  const level = $("#level-text");
  level.hidden = !message.level_text;
  level.textContent = message.level_text || "";
}

function logGame(message) {
  const scope = `game ${message.file}`;
  // A game is saved from its first move: the file it gets by a move is
  // still the same game (a resumed one comes without a move).
  if (state.logScope === "game null" && message.file && message.last) state.logScope = scope;
  logEvents(message.events, { scope, entry: message.moves_played, fresh: message.moves_played === 0 });
}

export function onLesson(message) {
  state.mode = "learn";
  hideError();
  $("#level-text").hidden = true;
  const box = $("#mode-box");
  box.hidden = false;
  box.replaceChildren();
  if (message.heading) box.append(paragraph(message.heading, "muted"));
  const entry = `${message.index}:${message.finished ? "done" : message.solved}`;
  const fresh = message.index === 0 && !message.solved;
  if (message.finished) {
    box.append(paragraph(message.done_text, "good"));
    box.append(button(t(`game.${message.game}`), { "data-new": message.game }));
    hideBoard();
    logEvents([], { scope: `lesson ${message.game}`, entry });
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
  logEvents(message.events, { scope: `lesson ${message.game}`, entry, fresh });
  if (message.solved && state.keyboardUser) $("#lesson-next").focus();
}

export function onReplay(message) {
  state.mode = "replay";
  hideError();
  $("#level-text").hidden = true;
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
  const scope = `replay ${message.file}`;
  logEvents(message.events, { scope, entry: message.index, fresh: message.index === 0 });
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
