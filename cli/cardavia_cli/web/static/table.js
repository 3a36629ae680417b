// The Cardavia table in the browser: this module wires the others (its twin
// on the server: web/connection.py). The server owns every game: the page
// sends only move strings, typed text and settings, and draws what the
// server answers; it reads no move string, the server sends each move's
// kind, card and label. The modules: state.js (the one state object),
// socket.js, settings.js, board.js and middle.js (the table), cards.js,
// dialogs.js (summary, notices, errors, the panel), elsewhere.js (a game
// open in another place), modes.js (play, learn, replay), dom.js (element
// builders).

import { $, $$ } from "./dom.js";
import {
  closeExtra,
  closeSummary,
  onChoose,
  onError,
  onHint,
  onRules,
  onSaves,
  openLearn,
  showNotice,
  showSummary,
} from "./dialogs.js";
import { onOpenElsewhere, onTakenOver } from "./elsewhere.js";
import { GAME_KEY, onLesson, onReplay, onState, showWelcome } from "./modes.js";
import { applyLook, applyStrings, bindSettings, chooseSettings, loadSettings } from "./settings.js";
import { connect, send } from "./socket.js";
import { state } from "./state.js";

const ARROWS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]);

const HANDLERS = {
  welcome: onWelcome,
  strings: onStrings,
  state: onState,
  lesson: onLesson,
  lesson_closed: showWelcome,
  replay: onReplay,
  saves: onSaves,
  rules: onRules,
  hint: onHint,
  choose: onChoose,
  info: (m) => showNotice(m.text),
  error: onError,
  open_elsewhere: onOpenElsewhere,
  taken_over: onTakenOver,
};

// One message from the server, shown; the socket's queue waits for it.
async function deliver(message) {
  try {
    const handler = HANDLERS[message.type];
    if (handler) handler(message);
  } catch (error) {
    console.error(error);
  }
  // A deal's summary stays until the player goes on, as Enter in the terminal.
  if (message.type === "state" && message.summary && !message.summary.final) {
    await showSummary(message.summary);
  }
}

function onWelcome(message) {
  state.welcome = message;
  const { lang, level } = chooseSettings(message);
  send({ type: "settings", lang, level });
  const params = state.params;
  const game = params.get("game");
  if (game) {
    send({ type: "new", game });
    // The address keeps its token and language; a reload should not deal again.
    params.delete("game");
    history.replaceState(null, "", `${location.pathname}?${params}`);
  } else {
    // This tab's own game, after a reload: the old page's hold on it may
    // not have been let go yet, and it is this player's game to go on with.
    const unfinished = sessionStorage.getItem(GAME_KEY);
    if (unfinished) send({ type: "resume", file: unfinished, take_over: true });
  }
}

function onStrings(message) {
  applyStrings(message);
  if (!state.mode) showWelcome();
}

// ------------------------------------------------------------ keyboard

function onKey(event) {
  state.keyboardUser = true;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest("input, select, textarea")) return;
  if (/^[1-9]$/.test(event.key)) {
    const target = $(`[data-number="${event.key}"]`);
    if (target && !target.disabled) {
      event.preventDefault();
      target.click();
    }
    return;
  }
  if (ARROWS.has(event.key)) {
    const moves = $$("#board [data-move], #board [data-answer]");
    if (!moves.length) return;
    const at = moves.indexOf(document.activeElement);
    const step = event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 1;
    const next = at < 0 ? 0 : (at + step + moves.length) % moves.length;
    event.preventDefault();
    moves[next].focus();
  }
}

// --------------------------------------------------------------- start

function togglePanel(kind) {
  if ($("#extra").dataset.kind === kind) {
    closeExtra();
  } else if (kind === "learn") {
    openLearn();
  } else if (kind === "saves") {
    send({ type: "saves" });
  } else if (kind === "rules") {
    send({ type: "rules", game: state.lastGame || (state.welcome ? state.welcome.games[0] : "durak") });
  }
}

function start() {
  state.settings = loadSettings();
  applyLook();
  bindSettings();
  document.addEventListener("keydown", onKey);
  document.addEventListener("pointerdown", () => {
    state.keyboardUser = false;
  });
  document.addEventListener("click", (event) => {
    const target = event.target.closest("[data-new]");
    if (target) {
      closeExtra();
      send({ type: "new", game: target.dataset.new });
    }
  });
  $("#again").addEventListener("click", () => send({ type: "new", game: state.lastGame }));
  $("#summary-next").addEventListener("click", closeSummary);
  $("#say").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("#say-input");
    const text = input.value.trim();
    if (!text) return;
    send({ type: "text", text });
    input.value = "";
  });
  $("#hint-button").addEventListener("click", () => send({ type: "hint" }));
  $("#reconnect").addEventListener("click", () => connect(deliver));
  $("#extra-close").addEventListener("click", closeExtra);
  for (const toggle of $$("[data-panel]")) {
    toggle.addEventListener("click", () => togglePanel(toggle.dataset.panel));
  }
  connect(deliver);
}

start();
