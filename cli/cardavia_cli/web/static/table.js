// The Cardavia table in the browser: this module wires the others (its twin
// on the server: web/connection.py). The server owns every game: the page
// sends only move strings, typed text and settings, and draws what the
// server answers; it reads no move string, the server sends each move's
// kind, card and label. The modules: state.js (the one state object),
// socket.js, settings.js, board.js and middle.js (the table), cards.js,
// dialogs.js (summary, notices, errors), panel.js (learn, saves, rules,
// hints, discards), elsewhere.js (a game open in another place), log.js
// (what happened), sounds.js, modes.js (play, learn, replay), record.js
// (the player's record), dom.js (element builders).

import { $, $$ } from "./dom.js";
import { closeSummary, hideError, onChoose, onError, showNotice } from "./dialogs.js";
import { onOpenElsewhere, onTakenOver } from "./elsewhere.js";
import { GAME_KEY, onDealEnd, onLesson, onReplay, onState, showWelcome } from "./modes.js";
import {
  closeExtra,
  onHint,
  onRules,
  onSaves,
  openLearn,
  showHintPending,
  stopWaiting,
} from "./panel.js";
import { onStats } from "./record.js";
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
  stats: onStats,
  rules: onRules,
  hint: onHint,
  choose: onChoose,
  info: (m) => showNotice(m.text),
  error: (message) => {
    onError(message);
    stopWaiting();
  },
  open_elsewhere: onOpenElsewhere,
  taken_over: onTakenOver,
};

// One message from the server, shown; the socket's queue waits for it (a
// deal's end until the player goes on to the next deal).
async function deliver(message) {
  try {
    if (message.type === "state" && message.summary && !message.summary.final) {
      await onDealEnd(message);
      return;
    }
    const handler = HANDLERS[message.type];
    if (handler) handler(message);
  } catch (error) {
    console.error(error);
  }
}

function onWelcome(message) {
  state.welcome = message;
  const { lang, level } = chooseSettings(message);
  send({ type: "settings", lang, level });
  const params = state.params;
  const game = params.get("game");
  if (game) {
    // ?players=N with ?game=G: N goes with any game, so that a count
    // given for Schnapsen is refused, not silently dropped.
    const message = dealMessage(game);
    if (!("players" in message) && params.has("players")) message.players = state.settings.players;
    send(message);
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

// A deal of ``game``: at a Durak table with the players chosen (or the
// address's number the table would refuse, once); Schnapsen is a duel.
export function dealMessage(game, players = null) {
  const message = { type: "new", game };
  if (state.addressPlayers !== null) {
    message.players = state.addressPlayers;
    state.addressPlayers = null;
  } else if (players !== null) {
    message.players = players;
  } else if (state.welcome && (state.welcome.table_games || []).includes(game)) {
    message.players = state.settings.players;
  }
  return message;
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
    // A held key repeats some 30 times a second: one press is one move.
    if (event.repeat) return;
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
  } else if (kind === "record") {
    send({ type: "stats" });
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
      send(dealMessage(target.dataset.new));
    }
  });
  // The same game at the same table again.
  $("#again").addEventListener("click", () => {
    const players = state.welcome && (state.welcome.table_games || []).includes(state.lastGame) ? state.lastPlayers : null;
    send(dealMessage(state.lastGame, players));
  });
  $("#summary-next").addEventListener("click", closeSummary);
  $("#say").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("#say-input");
    const text = input.value.trim();
    if (!text) return;
    send({ type: "text", text });
    input.value = "";
  });
  $("#hint-button").addEventListener("click", () => {
    showHintPending();
    send({ type: "hint" });
  });
  $("#reconnect").addEventListener("click", () => connect(deliver));
  $("#extra-close").addEventListener("click", closeExtra);
  // Over the hand on a narrow screen: a tap puts a message away.
  $("#error").addEventListener("click", hideError);
  $("#notice").addEventListener("click", () => showNotice(""));
  for (const toggle of $$("[data-panel]")) {
    toggle.addEventListener("click", () => togglePanel(toggle.dataset.panel));
  }
  connect(deliver);
}

start();
