// The Cardavia table in the browser. The server owns every game: this page
// sends only move strings, typed text and settings, and draws what the
// server answers. Every legal move is a <button data-move="..."> with an
// aria-label in the page's language (a contract: tests and tools use it).

const SETTINGS_KEY = "cardavia.settings";
const GAME_KEY = "cardavia.game"; // the unfinished game of this tab, to resume on reload
const DEFAULTS = { lang: null, level: null, contrast: 50, grain: 35, temperature: 50, pace: 700, hc: false };
const RANGES = { contrast: [0, 100], grain: [0, 100], temperature: [0, 100], pace: [0, 1500] };
const ARROWS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]);

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));

const params = new URLSearchParams(location.search);
const token = params.get("token") || "";

let socket = null;
let strings = {};
let welcome = null; // the server's first message: languages, levels, games
let settings = loadSettings();
let mode = null; // "play" | "learn" | "replay" | null
let lastGame = null; // the kind of the last deal, for "New deal"
let movesPlayed = -1; // of the state on show (a hint belongs to one position)
let keyboardUser = false;

// ------------------------------------------------------------ settings

function loadSettings() {
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
  merged.hc = stored.hc === true;
  return merged;
}

function saveSettings() {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Private windows may refuse storage; the settings still apply now.
  }
}

function applyLook() {
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
}

function bindSettings() {
  for (const name of Object.keys(RANGES)) {
    $(`#set-${name}`).addEventListener("input", (event) => {
      settings[name] = Number(event.target.value);
      saveSettings();
      applyLook();
    });
  }
  $("#set-hc").addEventListener("change", (event) => {
    settings.hc = event.target.checked;
    saveSettings();
    applyLook();
  });
  $("#set-lang").addEventListener("change", (event) => {
    settings.lang = event.target.value;
    saveSettings();
    send({ type: "settings", lang: settings.lang });
  });
  $("#set-level").addEventListener("change", (event) => {
    settings.level = event.target.value;
    saveSettings();
    send({ type: "settings", level: settings.level });
  });
  $("#settings-button").addEventListener("click", () => {
    const box = $("#settings");
    box.hidden = !box.hidden;
    $("#settings-button").setAttribute("aria-expanded", String(!box.hidden));
  });
}

// ---------------------------------------------------------- the socket

function connect() {
  $("#lost").hidden = true;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws?token=${encodeURIComponent(token)}`);
  socket.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    enqueue(message);
  });
  socket.addEventListener("close", () => {
    $("#lost").hidden = false;
  });
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

// Messages are shown in order; the computer's moves each stay on the table
// for at least the chosen pace, so a reply of several moves is seen move by move.
const queue = [];
let pumping = false;
let shownAt = 0;

function enqueue(message) {
  queue.push(message);
  if (!pumping) pump();
}

async function pump() {
  pumping = true;
  while (queue.length) {
    const message = queue.shift();
    if (message.type === "state" && message.last && message.last.seat === 1) {
      const wait = settings.pace - (performance.now() - shownAt);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    try {
      handle(message);
    } catch (error) {
      console.error(error);
    }
    // A deal's summary stays until the player goes on, as Enter in the terminal.
    if (message.type === "state" && message.summary && !message.summary.final) {
      await showSummary(message.summary);
    }
    shownAt = performance.now();
  }
  pumping = false;
}

let summaryDone = null;

function showSummary(summary) {
  const box = $("#summary");
  box.hidden = false;
  $("#summary-heading").textContent = summary.heading;
  $("#summary-lines").replaceChildren(...summary.lines.map((line) => listItem(line)));
  const next = $("#summary-next");
  next.textContent = summary.next;
  // The next deal waits, as at Enter in the terminal: no move until then.
  for (const element of $$("[data-move]")) element.disabled = true;
  next.focus();
  return new Promise((resolve) => {
    summaryDone = () => {
      box.hidden = true;
      summaryDone = null;
      for (const element of $$("[data-move]")) element.disabled = false;
      resolve();
    };
  });
}

function listItem(text) {
  const item = document.createElement("li");
  item.textContent = text;
  return item;
}

function handle(message) {
  const handlers = {
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
  };
  const handler = handlers[message.type];
  if (handler) handler(message);
}

// ------------------------------------------------------------ messages

function onWelcome(message) {
  welcome = message;
  const names = Object.fromEntries(message.languages);
  const wanted = [params.get("lang"), settings.lang, message.language].find((l) => l && l in names);
  const level = [params.get("level"), settings.level, message.level].find((l) => message.levels.includes(l));
  settings.lang = wanted;
  settings.level = level;
  saveSettings();
  const langSelect = $("#set-lang");
  langSelect.replaceChildren(...message.languages.map(([code, name]) => option(code, name, code)));
  langSelect.value = wanted;
  send({ type: "settings", lang: wanted, level });
  const game = params.get("game");
  if (game) {
    send({ type: "new", game });
    // The address keeps its token and language; a reload should not deal again.
    params.delete("game");
    history.replaceState(null, "", `${location.pathname}?${params}`);
  } else {
    const unfinished = sessionStorage.getItem(GAME_KEY);
    if (unfinished) send({ type: "resume", file: unfinished });
  }
}

function option(value, text, lang) {
  const element = document.createElement("option");
  element.value = value;
  element.textContent = text;
  if (lang) element.lang = lang;
  return element;
}

function onStrings(message) {
  strings = message.strings;
  document.documentElement.lang = message.lang;
  for (const element of $$("[data-text]")) element.textContent = t(element.dataset.text);
  for (const element of $$("[data-aria]")) element.setAttribute("aria-label", t(element.dataset.aria));
  const levels = welcome ? welcome.levels : [];
  const levelSelect = $("#set-level");
  levelSelect.replaceChildren(...levels.map((level) => option(level, t(`level.${level}`))));
  levelSelect.value = settings.level;
  $("#set-lang").value = message.lang;
  if (!mode) showWelcome();
}

function t(key) {
  return strings[key] ?? "";
}

function onState(message) {
  mode = "play";
  const view = message.view;
  lastGame = view.game;
  if (message.moves_played !== movesPlayed) clearHint();
  movesPlayed = message.moves_played;
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

function onLesson(message) {
  mode = "learn";
  hideError();
  const box = $("#mode-box");
  box.hidden = false;
  box.replaceChildren();
  if (message.heading) box.append(paragraph(message.heading, "muted"));
  if (message.finished) {
    box.append(paragraph(message.done_text, "good"));
    box.append(button(t(`game.${message.game}`), { "data-new": message.game }));
    renderBoardHidden();
    return;
  }
  box.append(heading(message.title));
  box.append(paragraph(message.text));
  box.append(paragraph(message.question, "question"));
  if (message.success) box.append(paragraph(message.success, "good"));
  const controls = document.createElement("div");
  controls.className = "controls";
  if (message.solved) controls.append(button(t("next_step"), { id: "lesson-next" }, () => send({ type: "next" })));
  else controls.append(button(t("skip"), { id: "lesson-skip" }, () => send({ type: "next" })));
  box.append(controls);
  renderBoard(message.view, { playing: true, answers: message.answers });
  showEvents(message.events);
  if (message.solved && keyboardUser) $("#lesson-next").focus();
}

function onReplay(message) {
  mode = "replay";
  hideError();
  sessionStorage.removeItem(GAME_KEY);
  const box = $("#mode-box");
  box.hidden = false;
  box.replaceChildren(heading(message.heading), paragraph(message.position, "muted"));
  const controls = document.createElement("div");
  controls.className = "controls";
  const steps = [
    ["first", 0],
    ["previous", message.index - 1],
    ["next", message.index + 1],
    ["last", message.total],
  ];
  for (const [name, index] of steps) {
    const control = button(t(name), { "data-step": String(index) }, () => send({ type: "step", index }));
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

function onSaves(message) {
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
      const controls = document.createElement("div");
      controls.className = "controls";
      controls.append(button(t("replay"), { "data-replay": game.file }, () => openMode({ type: "replay", file: game.file })));
      if (!game.finished) {
        controls.append(button(t("resume"), { "data-resume": game.file }, () => openMode({ type: "resume", file: game.file })));
      }
      item.append(controls);
    }
    list.append(item);
  }
  body.append(list);
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

function onRules(message) {
  const body = openExtra("rules");
  const tabs = document.createElement("div");
  tabs.className = "controls";
  for (const game of welcome ? welcome.games : []) {
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

function onHint(message) {
  if (message.moves_played !== movesPlayed) return;
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
    const target = $(`[data-move="${cssEscape(row.move)}"]`);
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

function clearHint() {
  for (const badge of $$(".chance")) badge.remove();
  for (const target of $$("[data-chance]")) delete target.dataset.chance;
  if ($("#extra").dataset.kind === "hint") closeExtra();
}

function onChoose(message) {
  for (const element of $$(".candidate")) element.classList.remove("candidate");
  for (const choice of message.options) {
    const target = $(`[data-move="${cssEscape(choice.move)}"]`);
    if (target) target.classList.add("candidate");
  }
  showNotice([message.heading, ...message.options.map((o) => o.label)].join(" "));
}

function onError(message) {
  const box = $("#error");
  box.hidden = false;
  box.dataset.kind = message.kind;
  box.textContent = message.text;
  // The table is unchanged: its moves may be tried again.
  for (const element of $$("[data-move]")) element.disabled = false;
}

function hideError() {
  const box = $("#error");
  box.hidden = true;
  box.textContent = "";
  delete box.dataset.kind;
  $("#notice").hidden = true;
}

function showNotice(text) {
  const box = $("#notice");
  box.hidden = !text;
  box.textContent = text || "";
}

// --------------------------------------------------------------- views

function showWelcome() {
  mode = null;
  $("#welcome").hidden = false;
  $("#board").hidden = true;
  $("#mode-box").hidden = true;
  $("#table-title").textContent = "Cardavia";
}

function renderBoardHidden() {
  $("#board").hidden = true;
  $("#welcome").hidden = true;
}

function renderBoard(view, { playing, last = null, answers = [] }) {
  const board = $("#board");
  const focusWasHere = board.contains(document.activeElement) && document.activeElement !== $("#say-input");
  $("#welcome").hidden = true;
  board.hidden = false;
  board.dataset.game = view.game;
  board.dataset.turn = view.turn || "over";
  $("#table-title").textContent = view.schnapsen ? `${view.title} ${view.schnapsen.deal}` : view.title;
  renderOpponent(view.opponent);
  if (view.schnapsen) renderSchnapsen(view);
  else renderDurak(view);
  renderHand(view, playing ? view.moves : [], answers);
  renderBar(playing ? view.moves : []);
  renderStatus(view, playing);
  renderOutcome(view.outcome, playing);
  if (last) markFresh(last);
  if (focusWasHere || (keyboardUser && document.activeElement === document.body)) focusFirstMove();
}

function renderOpponent(opponent) {
  const fan = $("#opponent-hand");
  const cards = opponent.known.map((card) => cardElement(card));
  for (let i = opponent.known.length; i < opponent.count; i += 1) cards.push(backElement());
  fan.replaceChildren(...cards);
  fan.dataset.count = String(opponent.count);
  $("#opponent-text").textContent = opponent.text;
}

function renderDurak(view) {
  const durak = view.durak;
  const pile = $("#pile");
  pile.replaceChildren(stockPile(durak.stock, view.trump, false));
  pile.setAttribute("aria-label", `${view.trump.text} · ${durak.pile_text}`);
  pile.title = `${view.trump.text} · ${durak.pile_text}`;
  const play = $("#play");
  play.replaceChildren(
    ...durak.pairs.map(([attack, defence]) => {
      const pair = document.createElement("div");
      pair.className = "pair";
      pair.append(cardElement(attack, "attack"));
      if (defence) pair.append(cardElement(defence, "defence"));
      return pair;
    }),
  );
  play.dataset.empty = String(!durak.pairs.length);
  const side = $("#side");
  side.replaceChildren();
  if (durak.discard) {
    // The discards are public: a click shows them face up.
    const discard = document.createElement("button");
    discard.type = "button";
    discard.className = "discard";
    discard.dataset.discards = String(durak.discard);
    discard.setAttribute("aria-label", durak.pile_text);
    discard.append(backElement(), backElement(), counter(durak.discard));
    discard.addEventListener("click", () => showDiscards(durak.discard_cards));
    side.append(discard);
  }
  $("#facts").textContent = [view.trump.text, durak.pile_text, ...durak.facts].join(" · ");
}

function showDiscards(cards) {
  const body = openExtra("discards");
  body.append(heading(t("discards")));
  const pile = document.createElement("div");
  pile.className = "discards";
  pile.append(...cards.map((card) => cardElement(card, "small")));
  body.append(pile);
}

function renderSchnapsen(view) {
  const s = view.schnapsen;
  const pile = $("#pile");
  pile.replaceChildren(stockPile(s.exhausted ? 0 : s.stock, view.trump, s.closed));
  pile.setAttribute("aria-label", `${view.trump.text} · ${s.talon_text}`);
  pile.title = `${view.trump.text} · ${s.talon_text}`;
  const play = $("#play");
  play.replaceChildren();
  if (s.lead) {
    const trick = document.createElement("div");
    trick.className = "pair trick";
    trick.append(cardElement(s.lead, s.leader === 0 ? "led-by-you" : "led-by-computer"));
    play.append(trick);
  }
  if (s.last_trick) {
    const last = document.createElement("div");
    last.className = "last-trick";
    last.dataset.winner = s.last_trick.winner === 0 ? "you" : "computer";
    for (const card of s.last_trick.cards) last.append(cardElement(card, "small"));
    play.append(last);
  }
  play.dataset.empty = String(!s.lead && !s.last_trick);
  const side = $("#side");
  side.replaceChildren(scoreboard(s));
  $("#facts").textContent = [view.trump.text, s.talon_text, ...s.facts].join(" · ");
}

function scoreboard(s) {
  const board = document.createElement("div");
  board.className = "score";
  board.setAttribute("role", "group");
  board.setAttribute("aria-label", `${s.points_text} · ${s.match_text}`);
  const rows = [
    ["computer", s.points[1], s.pending[1], s.match[1], s.marriages[1]],
    ["you", s.points[0], s.pending[0], s.match[0], s.marriages[0]],
  ];
  for (const [who, points, pending, match, marriages] of rows) {
    const row = document.createElement("div");
    row.className = `score-row score-${who}`;
    const name = document.createElement("span");
    name.className = "who";
    name.textContent = t(who);
    const value = document.createElement("span");
    value.className = "points";
    value.textContent = pending ? `${points} (+${pending})` : String(points);
    const pips = document.createElement("span");
    pips.className = "pips";
    pips.setAttribute("aria-hidden", "true");
    // The match counts down from 7: a filled pip for each point still to lose.
    for (let i = 0; i < 7; i += 1) {
      const pip = document.createElement("i");
      if (i < match) pip.className = "on";
      pips.append(pip);
    }
    const marks = document.createElement("span");
    marks.className = "marriages";
    marks.textContent = marriages.map((m) => m.mark).join(" ");
    row.append(name, value, pips, marks);
    board.append(row);
  }
  const caption = document.createElement("p");
  caption.className = "score-text";
  caption.textContent = `${s.points_text} · ${s.match_text}`;
  board.append(caption);
  return board;
}

function stockPile(count, trump, closed) {
  const pile = document.createElement("div");
  pile.className = "stock";
  if (trump.card) {
    const face = cardElement(trump.card, "trump-card");
    pile.append(face);
  }
  if (count > 0) {
    const back = backElement();
    if (closed) back.classList.add("closed");
    pile.append(back, counter(count));
  }
  if (!trump.card && count === 0) {
    const mark = document.createElement("span");
    mark.className = `trump-mark suit-${trump.suit}`;
    mark.textContent = trump.mark;
    pile.append(mark);
  }
  return pile;
}

function counter(n) {
  const badge = document.createElement("span");
  badge.className = "count";
  badge.textContent = String(n);
  return badge;
}

function renderHand(view, moves, answers) {
  const byCard = new Map(moves.filter((m) => m.place === "hand").map((m) => [m.card, m]));
  const answerIds = new Set(answers.map((card) => card.id));
  const hand = $("#hand");
  hand.replaceChildren(
    ...view.hand.map((card) => {
      const move = byCard.get(card.id);
      if (move) return moveButton(move, cardElement(card, "", "button"));
      if (answerIds.has(card.id)) {
        const answer = cardElement(card, "playable", "button");
        answer.dataset.answer = card.id;
        answer.setAttribute("aria-label", card.label);
        answer.addEventListener("click", () => send({ type: "text", text: card.id }));
        return answer;
      }
      return cardElement(card);
    }),
  );
}

function renderBar(moves) {
  $("#bar").replaceChildren(
    ...moves
      .filter((m) => m.place === "bar")
      .map((m) => {
        const element = document.createElement("button");
        element.type = "button";
        element.className = `move move-${m.kind}`;
        const label = document.createElement("span");
        label.textContent = m.label;
        element.append(label);
        if (m.word) {
          // The word that plays it from the box, as the terminal shows it.
          const word = document.createElement("span");
          word.className = "word";
          word.setAttribute("aria-hidden", "true");
          word.textContent = `· ${m.word}`;
          element.append(word);
        }
        return moveButton(m, element);
      }),
  );
}

function moveButton(move, element) {
  element.classList.add("playable");
  element.dataset.move = move.move;
  element.dataset.number = String(move.number);
  element.setAttribute("aria-label", move.label);
  element.title = move.label;
  const number = document.createElement("span");
  number.className = "number";
  number.setAttribute("aria-hidden", "true");
  number.textContent = String(move.number);
  element.prepend(number);
  element.addEventListener("click", () => {
    if (element.disabled) return;
    for (const other of $$("[data-move]")) other.disabled = true;
    send({ type: "move", move: move.move });
  });
  return element;
}

function renderStatus(view, playing) {
  const turn = $("#turn");
  const thinking = playing && view.turn === "computer" && mode === "play";
  turn.textContent = thinking ? t("thinking") : view.turn_text || "";
  turn.dataset.turn = view.turn || "over";
  const reminder = $("#reminder");
  reminder.hidden = !view.reminder;
  reminder.textContent = view.reminder || "";
  const tip = $("#tip");
  tip.hidden = !view.tip;
  tip.textContent = view.tip || "";
  $("#hint-button").disabled = !(playing && mode === "play" && view.turn === "you");
  $("#say").hidden = !playing || Boolean(view.outcome);
}

function renderOutcome(outcome, playing) {
  const box = $("#outcome");
  box.hidden = !outcome;
  if (!outcome) {
    delete box.dataset.outcome;
    return;
  }
  box.dataset.outcome = outcome.result;
  $("#outcome-text").textContent = outcome.text;
  $("#again").hidden = !(playing && mode === "play");
  if (keyboardUser && !$("#again").hidden) $("#again").focus();
}

function markFresh(last) {
  const card = last.move.split(":")[1];
  if (!card) return;
  const element = $(`#play [data-card="${card}"]`);
  if (element) element.classList.add(last.seat === 1 ? "fresh-computer" : "fresh-you");
}

function showEvents(events) {
  $("#latest").textContent = (events || []).join(" ");
  const log = $("#log");
  for (const event of events || []) {
    const item = document.createElement("li");
    item.textContent = event;
    log.append(item);
  }
  while (log.children.length > 60) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
}

// -------------------------------------------------------------- pieces

function cardElement(card, extra = "", tag = "div") {
  const element = document.createElement(tag);
  if (tag === "button") element.type = "button";
  element.className = `card suit-${card.suit} ${extra}`.trim();
  element.dataset.card = card.id;
  if (tag !== "button") {
    element.setAttribute("role", "img");
    element.setAttribute("aria-label", card.label);
  }
  const corner = document.createElement("span");
  corner.className = "corner";
  corner.setAttribute("aria-hidden", "true");
  const rank = document.createElement("b");
  rank.textContent = card.rank;
  const suit = document.createElement("i");
  suit.textContent = card.mark;
  corner.append(rank, suit);
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.setAttribute("aria-hidden", "true");
  pip.textContent = card.mark;
  element.append(corner, pip);
  return element;
}

function backElement() {
  const element = document.createElement("div");
  element.className = "card back";
  element.setAttribute("role", "img");
  element.setAttribute("aria-label", t("face_down"));
  return element;
}

function heading(text) {
  const element = document.createElement("h2");
  element.textContent = text;
  return element;
}

function paragraph(text, className = "") {
  const element = document.createElement("p");
  element.textContent = text;
  if (className) element.className = className;
  return element;
}

function button(text, attributes = {}, onClick = null) {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = text;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  if (onClick) element.addEventListener("click", onClick);
  return element;
}

function cssEscape(text) {
  return window.CSS && CSS.escape ? CSS.escape(text) : text.replace(/["\\]/g, "\\$&");
}

function openExtra(kind) {
  const extra = $("#extra");
  extra.hidden = false;
  extra.dataset.kind = kind;
  for (const toggle of $$("[data-panel]")) toggle.setAttribute("aria-expanded", String(toggle.dataset.panel === kind));
  const body = $("#extra-body");
  body.replaceChildren();
  return body;
}

// A lesson, a replay or a resumed game takes the table: the list it was
// chosen from makes way.
function openMode(message) {
  closeExtra();
  send(message);
}

function closeExtra() {
  const extra = $("#extra");
  extra.hidden = true;
  delete extra.dataset.kind;
  for (const toggle of $$("[data-panel]")) toggle.setAttribute("aria-expanded", "false");
}

function openLearn() {
  const body = openExtra("learn");
  body.append(heading(t("learn_heading")));
  const controls = document.createElement("div");
  controls.className = "controls";
  for (const game of welcome ? welcome.games : []) {
    controls.append(button(t(`game.${game}`), { "data-learn": game }, () => openMode({ type: "learn", game })));
  }
  body.append(controls);
}

// ------------------------------------------------------------ keyboard

function focusFirstMove() {
  const first = $("#board [data-move], #board [data-answer]");
  if (first) first.focus();
}

function onKey(event) {
  keyboardUser = true;
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

function start() {
  applyLook();
  bindSettings();
  document.addEventListener("keydown", onKey);
  document.addEventListener("pointerdown", () => {
    keyboardUser = false;
  });
  document.addEventListener("click", (event) => {
    const target = event.target.closest("[data-new]");
    if (target) {
      closeExtra();
      send({ type: "new", game: target.dataset.new });
    }
  });
  $("#again").addEventListener("click", () => send({ type: "new", game: lastGame }));
  $("#summary-next").addEventListener("click", () => {
    if (summaryDone) summaryDone();
  });
  $("#say").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("#say-input");
    const text = input.value.trim();
    if (!text) return;
    send({ type: "text", text });
    input.value = "";
  });
  $("#hint-button").addEventListener("click", () => send({ type: "hint" }));
  $("#reconnect").addEventListener("click", connect);
  $("#extra-close").addEventListener("click", closeExtra);
  for (const toggle of $$("[data-panel]")) {
    toggle.addEventListener("click", () => {
      const kind = toggle.dataset.panel;
      if ($("#extra").dataset.kind === kind) {
        closeExtra();
      } else if (kind === "learn") {
        openLearn();
      } else if (kind === "saves") {
        send({ type: "saves" });
      } else if (kind === "rules") {
        send({ type: "rules", game: lastGame || (welcome ? welcome.games[0] : "durak") });
      }
    });
  }
  connect();
}

start();
