// The panel beside the table, a sheet over it on a narrow screen (its
// twins on the server: the "hint", "saves" and "rules" answers of
// web/connection.py): learning, saved games, rules, hints and the discards.

import { cardElement } from "./cards.js";
import { hideError } from "./dialogs.js";
import { $, $$, button, controlsRow, heading, moveButtonFor, paragraph } from "./dom.js";
import { send } from "./socket.js";
import { state, t } from "./state.js";

// The panel answers the player's last request: an older refusal goes.
export function openExtra(kind) {
  hideError();
  const extra = $("#extra");
  extra.hidden = false;
  extra.dataset.kind = kind;
  for (const toggle of $$("[data-panel]")) toggle.setAttribute("aria-expanded", String(toggle.dataset.panel === kind));
  const body = $("#extra-body");
  body.replaceChildren();
  return body;
}

export function closeExtra() {
  const extra = $("#extra");
  extra.hidden = true;
  delete extra.dataset.kind;
  for (const toggle of $$("[data-panel]")) toggle.setAttribute("aria-expanded", "false");
}

// A lesson, a replay or a resumed game takes the table: the list it was
// chosen from makes way.
function openMode(message) {
  closeExtra();
  send(message);
}

export function openLearn() {
  const body = openExtra("learn");
  body.append(heading(t("learn_heading")));
  const controls = controlsRow();
  for (const game of state.welcome ? state.welcome.games : []) {
    controls.append(button(t(`game.${game}`), { "data-learn": game }, () => openMode({ type: "learn", game })));
  }
  body.append(controls);
  // The steps of a bigger table (throwing in, transferring to the next seat).
  const table = controlsRow();
  for (const game of state.welcome ? state.welcome.table_games || [] : []) {
    const label = `${t(`game.${game}`)} ${t("learn_table")}`;
    const attributes = { "data-learn-table": game };
    table.append(button(label, attributes, () => openMode({ type: "learn", game, players: 3 })));
  }
  body.append(table);
}

export function onSaves(message) {
  const body = openExtra("saves");
  body.append(heading(t("saves")));
  if (!message.games.length) {
    body.append(paragraph(t("no_saves"), "muted"));
    return;
  }
  const list = document.createElement("ul");
  list.className = "saves";
  for (const game of message.games) {
    const item = document.createElement("li");
    if (game.error) {
      item.append(paragraph(game.error, "bad"));
    } else {
      const result = game.finished ? t({ win: "won", loss: "lost_game", draw: "draw" }[game.result]) : t("unfinished");
      const when = formatDate(game.updated);
      item.append(paragraph(`${game.title} · ${game.moves_text} · ${when} · ${result}`));
      const controls = controlsRow();
      controls.append(button(t("replay"), { "data-replay": game.file }, () => openMode({ type: "replay", file: game.file })));
      if (!game.finished) {
        controls.append(button(t("resume"), { "data-resume": game.file }, () => openMode({ type: "resume", file: game.file })));
      }
      // Not the game on this very table (modes.js GAME_KEY): it is open here.
      if (!(state.mode === "play" && sessionStorage.getItem("cardavia.game") === game.file)) {
        controls.append(deleteButton(game.file));
      }
      item.append(controls);
    }
    list.append(item);
  }
  body.append(list);
}

// Two clicks: the first asks "for good?", the second deletes.
function deleteButton(file) {
  const control = button(t("delete"), { "data-delete": file }, () => {
    if (control.dataset.armed) {
      send({ type: "delete", file });
    } else {
      control.dataset.armed = "1";
      control.textContent = t("delete_sure");
    }
  });
  return control;
}

function formatDate(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: "medium", timeStyle: "short" }).format(date);
  } catch {
    return date.toISOString();
  }
}

export function onRules(message) {
  const body = openExtra("rules");
  const tabs = controlsRow();
  for (const game of state.welcome ? state.welcome.games : []) {
    const tab = button(t(`game.${game}`), { "data-rules": game }, () => send({ type: "rules", game }));
    tab.setAttribute("aria-pressed", String(game === message.game));
    tabs.append(tab);
  }
  body.append(tabs);
  if (message.note) body.append(paragraph(message.note, "muted"));
  const text = document.createElement("div");
  text.className = "rules";
  text.id = "rules-text";
  text.dataset.game = message.game;
  if (message.lang) text.lang = message.lang;
  // The server renders its own Markdown with raw HTML switched off.
  text.innerHTML = message.html;
  body.append(text);
}

// A search at `hard` takes seconds: the panel says so until the answer.
export function showHintPending() {
  clearHint();
  const body = openExtra("hint");
  const waiting = paragraph(t("thinking"), "muted");
  waiting.id = "hint-thinking";
  waiting.setAttribute("role", "status");
  body.append(waiting);
}

// A refusal ends the wait for a hint or a replay's step.
export function stopWaiting() {
  if ($("#hint-thinking")) closeExtra();
  const stepping = $("#replay-thinking");
  if (stepping) {
    stepping.remove();
    for (const control of $$("[data-step]")) control.disabled = false;
  }
}

export function onHint(message) {
  if (message.moves_played !== state.movesPlayed) return;
  clearHint();
  const body = openExtra("hint");
  if (message.best) body.append(paragraph(message.best, "good"));
  if (message.heading) body.append(paragraph(message.heading, "muted"));
  const list = document.createElement("ol");
  list.className = "hint-list";
  for (const row of message.rows) {
    const item = document.createElement("li");
    item.textContent = row.text;
    item.dataset.hintMove = row.move;
    list.append(item);
    const target = moveButtonFor(row.move);
    // A move the search barely tried has no figure: no badge either.
    if (target && row.percent !== null) {
      const badge = document.createElement("span");
      badge.className = "chance";
      badge.textContent = `${row.percent}%`;
      target.append(badge);
      target.dataset.chance = String(row.percent);
    }
  }
  body.append(list);
}

export function clearHint() {
  for (const badge of $$(".chance")) badge.remove();
  for (const target of $$("[data-chance]")) delete target.dataset.chance;
  if ($("#extra").dataset.kind === "hint") closeExtra();
}

export function showDiscards(cards) {
  const body = openExtra("discards");
  body.append(heading(t("discards")));
  const pile = document.createElement("div");
  pile.className = "discards";
  pile.append(...cards.map((card) => cardElement(card, "small")));
  body.append(pile);
}
