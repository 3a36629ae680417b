// A game open in another tab or terminal (its twins on the server: the
// "open_elsewhere" and "taken_over" answers of web/connection.py, the lock
// of play/game_lock.py): a dialog that offers to take the game over, and
// the notice that this table's game was taken over elsewhere.

import { $, button, controlsRow, heading, paragraph } from "./dom.js";
import { GAME_KEY, showWelcome } from "./modes.js";
import { send } from "./socket.js";
import { t } from "./state.js";

function dialog(id) {
  let box = document.getElementById(id);
  if (!box) {
    box = document.createElement("dialog");
    box.id = id;
    box.className = "elsewhere";
    box.setAttribute("aria-labelledby", `${id}-heading`);
    document.body.append(box);
  }
  return box;
}

function titled(id, text) {
  const title = heading(text);
  title.id = `${id}-heading`;
  return title;
}

export function onOpenElsewhere(message) {
  const box = dialog("open-elsewhere");
  const controls = controlsRow();
  controls.append(
    button(message.take_over, { id: "take-over" }, () => {
      box.close();
      send({ type: "resume", file: message.file, take_over: true });
    }),
    button(message.cancel, { id: "leave-there" }, () => box.close()),
  );
  box.replaceChildren(titled(box.id, t("open_elsewhere_heading")), paragraph(message.text), controls);
  if (!box.open) box.showModal();
  $("#take-over").focus();
}

// The game went on in another place: this table lets it go (and a reload
// of this tab must not take it back).
export function onTakenOver(message) {
  if (sessionStorage.getItem(GAME_KEY) === message.file) sessionStorage.removeItem(GAME_KEY);
  showWelcome();
  const box = dialog("taken-over");
  const controls = controlsRow();
  controls.append(button(t("close"), { id: "taken-over-close" }, () => box.close()));
  box.replaceChildren(titled(box.id, t("taken_over_heading")), paragraph(message.text), controls);
  if (!box.open) box.showModal();
}
