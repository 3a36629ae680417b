// The page's WebSocket (its twin on the server: web/app.py's serve_table and
// web/connection.py). Messages are shown in order; the computer's moves each
// stay on the table for at least the chosen pace, so a reply of several
// moves is seen move by move.

import { $ } from "./dom.js";
import { state } from "./state.js";

// deliver(message) shows one message; the next waits until it resolves
// (a deal's summary holds the queue until the player goes on).
export function connect(deliver) {
  $("#lost").hidden = true;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const token = state.params.get("token") || "";
  const socket = new WebSocket(`${scheme}://${location.host}/ws?token=${encodeURIComponent(token)}`);
  state.socket = socket;
  socket.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    enqueue(message, deliver);
  });
  socket.addEventListener("close", () => {
    $("#lost").hidden = false;
  });
}

export function send(message) {
  const socket = state.socket;
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function enqueue(message, deliver) {
  state.queue.push(message);
  if (!state.pumping) pump(deliver);
}

async function pump(deliver) {
  state.pumping = true;
  while (state.queue.length) {
    const message = state.queue.shift();
    if (message.type === "state" && message.last && message.last.seat === 1) {
      const wait = state.settings.pace - (performance.now() - state.shownAt);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    await deliver(message);
    state.shownAt = performance.now();
  }
  state.pumping = false;
}
