// The player's record in the side panel (its twin on the server: the "stats"
// answer of web/connection.py, built by web/record_json.py): a table a game,
// each level and all levels, with the rating against the levels. The numbers
// and every word come from the server; this module only lays them out.

import { openExtra } from "./panel.js";
import { heading, paragraph } from "./dom.js";

function cell(tag, text) {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}

function gameTable(game, columns) {
  const table = document.createElement("table");
  table.className = "record";
  table.dataset.game = game.game;
  const caption = document.createElement("caption");
  caption.textContent = game.heading;
  table.append(caption);
  const head = document.createElement("tr");
  for (const [, label] of columns) {
    const th = cell("th", label);
    th.scope = "col";
    head.append(th);
  }
  table.createTHead().append(head);
  const body = table.createTBody();
  for (const row of game.rows) {
    const line = document.createElement("tr");
    if (row.level) line.dataset.level = row.level;
    else line.className = "total";
    for (const [key] of columns) {
      if (key === "level") {
        const th = cell("th", row.label);
        th.scope = "row";
        line.append(th);
      } else {
        const td = cell("td", String(key === "streak" ? row.streak_text : row[key]));
        td.dataset.column = key;
        line.append(td);
      }
    }
    body.append(line);
  }
  return table;
}

export function onStats(message) {
  const body = openExtra("record");
  body.append(heading(message.heading));
  if (message.notice) body.append(paragraph(message.notice, "bad"));
  if (message.empty) body.append(paragraph(message.empty, "muted"));
  for (const game of message.games) {
    const section = document.createElement("section");
    section.className = "record-game";
    const scroller = document.createElement("div");
    scroller.className = "record-scroll";
    scroller.append(gameTable(game, message.columns));
    section.append(scroller);
    const rating = paragraph(game.rating_text, "rating");
    rating.dataset.rating = String(game.rating);
    section.append(rating, paragraph(game.levels_text, "muted"));
    if (game.note) section.append(paragraph(game.note, "muted"));
    body.append(section);
  }
}
