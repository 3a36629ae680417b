// What the page shows beside the table (its twins on the server: the
// "hint", "saves", "rules", "choose", "info" and "error" answers of
// web/connection.py): a deal's summary, notices and errors, and the panel
// for learning, saved games, rules, hints and the discards.

import { cardElement } from "./cards.js";
import { $, $$, button, controlsRow, heading, listItem, moveButtonFor, paragraph } from "./dom.js";
import { send } from "./socket.js";
import { state, t } from "./state.js";

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

// ----------------------------------------------------------- the panel

export function openExtra(kind) {
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
    if (target) {
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
