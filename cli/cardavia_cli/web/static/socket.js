// The page's WebSocket (its twin on the server: web/app.py's serve_table and
// web/connection.py). Messages are shown in order; the computer's moves each
// stay on the table for at least the chosen pace, so a reply of several
// moves is seen move by move.

import { $ } from "./dom.js";
import { state, t } from "./state.js";

// deliver(message) shows one message; the next waits until it resolves
// (a deal's summary holds the queue until the player goes on).
export function connect(deliver) {
  showLost(null);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const token = state.params.get("token") || "";
  const socket = new WebSocket(`${scheme}://${location.host}/ws?token=${encodeURIComponent(token)}`);
  state.socket = socket;
  let opened = false;
  let moved = null;
  socket.addEventListener("open", () => {
    opened = true;
  });
  socket.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    // cardavia web was started again and this page holds the old key: the
    // new server says where the table is, and Reconnect would only repeat it.
    if (message.type === "moved") {
      moved = webAddress(message.url);
      return;
    }
    enqueue(message, deliver);
  });
  socket.addEventListener("close", () => {
    if (moved) showLost("moved", moved);
    else showLost(opened ? "lost" : "not_answering");
  });
}

// Only a web address is followed (never a javascript: or data: URL).
function webAddress(url) {
  try {
    const parsed = new URL(url, location.href);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

// The notice of a closed connection: lost (Reconnect), the server not
// answering (Reconnect once it runs again), or moved (a link to the table).
function showLost(key, url = null) {
  $("#lost").hidden = key === null;
  if (key === null) return;
  const text = $("#lost-text");
  text.dataset.text = key;
  text.textContent = t(key);
  const link = $("#moved-link");
  link.hidden = !url;
  if (url) {
    link.href = url;
    link.dataset.text = "moved_open";
    link.textContent = t("moved_open");
  }
  $("#reconnect").hidden = Boolean(url);
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
    // Every computer seat's move stays for the pace (seat 0 is the player).
    if (message.type === "state" && message.last && message.last.seat !== 0) {
      const wait = state.settings.pace - (performance.now() - state.shownAt);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    await deliver(message);
    state.shownAt = performance.now();
  }
  state.pumping = false;
}
