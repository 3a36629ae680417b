// The page's one state object (no twin in Python: the server's side of it
// is web/connection.py). Every module reads and writes the page's state here
// and keeps none of its own, so what the page knows is in one place.

export const state = {
  // The address the page was opened with: the token, and the language,
  // level and game it may ask for (the game is dropped once dealt).
  params: new URLSearchParams(location.search),
  // The WebSocket and the messages waiting to be shown, in order.
  socket: null,
  queue: [],
  pumping: false,
  shownAt: 0, // when the last message was shown (performance.now())
  // The server's first message (languages, levels, games) and its words.
  welcome: null,
  strings: {},
  // The look and the choices kept in localStorage (settings.js).
  settings: null,
  mode: null, // "play" | "learn" | "replay" | null
  lastGame: null, // the kind of the last deal, for "New deal"
  lastPlayers: 2, // and its number of seats
  // A number of players from the address that the table does not seat: sent
  // with the next deal, once, for the server to refuse (settings.js).
  addressPlayers: null,
  movesPlayed: -1, // of the state on show (a hint belongs to one position)
  keyboardUser: false, // the last input was a key, not a pointer
  summaryDone: null, // closes the deal's summary on show, if any
  // What the "What happened" log shows: the game, lesson or replay (scope)
  // and the position (entry) its last lines came with.
  logScope: null,
  logEntry: null,
  audio: null, // the AudioContext of the card sounds, made when first heard
};

// The page's own words in its language, as the server sent them.
export function t(key) {
  return state.strings[key] ?? "";
}
