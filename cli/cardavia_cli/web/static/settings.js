// The settings panel and the page's look (no twin in Python; the server
// hears only the language and the level, as a "settings" message, checked
// by web/protocol.py). The choices are kept in localStorage; the address
// wins over them.

import { $, $$, option } from "./dom.js";
import { send } from "./socket.js";
import { state, t } from "./state.js";

const SETTINGS_KEY = "cardavia.settings";
// Card sounds are off until the player asks for them.
const DEFAULTS = {
  lang: null, level: null, players: null, contrast: 50, grain: 35, temperature: 50, pace: 700, hc: false, sound: false,
};
const RANGES = { contrast: [0, 100], grain: [0, 100], temperature: [0, 100], pace: [0, 1500] };

export function loadSettings() {
  let stored = {};
  try {
    stored = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") || {};
  } catch {
    stored = {};
  }
  const merged = { ...DEFAULTS };
  for (const [name, [low, high]] of Object.entries(RANGES)) {
    const value = Number(stored[name]);
    if (Number.isFinite(value)) merged[name] = Math.min(high, Math.max(low, value));
  }
  if (typeof stored.lang === "string") merged.lang = stored.lang;
  if (typeof stored.level === "string") merged.level = stored.level;
  if (Number.isInteger(stored.players)) merged.players = stored.players;
  merged.hc = stored.hc === true;
  merged.sound = stored.sound === true;
  return merged;
}

function saveSettings() {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(state.settings));
  } catch {
    // Private windows may refuse storage; the settings still apply now.
  }
}

export function applyLook() {
  const settings = state.settings;
  const root = document.documentElement;
  root.dataset.theme = settings.hc ? "high-contrast" : "default";
  // 50 is neutral: contrast 0.7..1.3, grain up to a faint film, and the
  // temperature a warm (amber) or cool (blue) wash over the whole table.
  root.style.setProperty("--contrast", (0.7 + (settings.contrast / 100) * 0.6).toFixed(2));
  root.style.setProperty("--grain", ((settings.grain / 100) * 0.45).toFixed(3));
  const warmth = (settings.temperature - 50) / 50;
  const tint = warmth >= 0 ? `rgba(255, 146, 40, ${(warmth * 0.22).toFixed(3)})`
    : `rgba(60, 140, 255, ${(-warmth * 0.22).toFixed(3)})`;
  root.style.setProperty("--tint", tint);
  $("#set-contrast").value = settings.contrast;
  $("#set-grain").value = settings.grain;
  $("#set-temperature").value = settings.temperature;
  $("#set-pace").value = settings.pace;
  $("#set-hc").checked = settings.hc;
  $("#set-sound").checked = settings.sound;
}

export function bindSettings() {
  for (const name of Object.keys(RANGES)) {
    $(`#set-${name}`).addEventListener("input", (event) => {
      state.settings[name] = Number(event.target.value);
      saveSettings();
      applyLook();
    });
  }
  for (const name of ["hc", "sound"]) {
    $(`#set-${name}`).addEventListener("change", (event) => {
      state.settings[name] = event.target.checked;
      saveSettings();
      applyLook();
    });
  }
  $("#set-lang").addEventListener("change", (event) => {
    state.settings.lang = event.target.value;
    saveSettings();
    send({ type: "settings", lang: state.settings.lang });
  });
  $("#set-level").addEventListener("change", (event) => {
    state.settings.level = event.target.value;
    saveSettings();
    send({ type: "settings", level: state.settings.level });
  });
  $("#set-players").addEventListener("change", (event) => {
    // Only the next deal hears of it (a game keeps its table).
    state.settings.players = Number(event.target.value);
    saveSettings();
  });
  $("#settings-button").addEventListener("click", () => {
    const box = $("#settings");
    box.hidden = !box.hidden;
    $("#settings-button").setAttribute("aria-expanded", String(!box.hidden));
  });
}

// The server's languages and levels: the address's choice, else the
// remembered one, else the server's default. Returns the chosen pair.
export function chooseSettings(welcome) {
  const params = state.params;
  const names = Object.fromEntries(welcome.languages);
  const lang = [params.get("lang"), state.settings.lang, welcome.language].find((l) => l && l in names);
  const level = [params.get("level"), state.settings.level, welcome.level].find((l) => welcome.levels.includes(l));
  state.settings.lang = lang;
  state.settings.level = level;
  choosePlayers(welcome.players || [2], welcome.default_players);
  saveSettings();
  const langSelect = $("#set-lang");
  langSelect.replaceChildren(...welcome.languages.map(([code, name]) => option(code, name, code)));
  langSelect.value = lang;
  return { lang, level };
}

// How many sit at the next Durak table: the address's number, else the
// remembered one, else the server's default (`cardavia web --players`, or
// the players setting), else two. A number the table does not seat
// (?players=9, or not a number) is kept to be sent with the next deal,
// once, so that the server refuses it in the player's language; the choice
// stays as it was.
function choosePlayers(counts, fallback) {
  const params = state.params;
  const raw = params.get("players");
  const asked = raw !== null && /^[0-9]{1,3}$/.test(raw.trim()) ? Number(raw) : raw;
  if (counts.includes(asked)) state.settings.players = asked;
  else if (raw !== null) state.addressPlayers = asked;
  if (!counts.includes(state.settings.players)) {
    state.settings.players = counts.includes(fallback) ? fallback : counts[0];
  }
  const select = $("#set-players");
  select.replaceChildren(...counts.map((n) => option(String(n), String(n))));
  select.value = String(state.settings.players);
}

// The page's own words in the language just chosen.
export function applyStrings(message) {
  state.strings = message.strings;
  document.documentElement.lang = message.lang;
  for (const element of $$("[data-text]")) element.textContent = t(element.dataset.text);
  for (const element of $$("[data-aria]")) element.setAttribute("aria-label", t(element.dataset.aria));
  const levels = state.welcome ? state.welcome.levels : [];
  const levelSelect = $("#set-level");
  levelSelect.replaceChildren(...levels.map((level) => option(level, t(`level.${level}`))));
  levelSelect.value = state.settings.level;
  $("#set-lang").value = message.lang;
  $("#set-players").title = t("players_note");
}
