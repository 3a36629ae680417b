// Card sounds, made in the page with WebAudio (no twin in Python): every
// sound is synthesised on the spot, nothing is fetched, and they are off
// unless the player turns them on under Display.

import { state } from "./state.js";

// A card laid on the cloth is a short bright snap of noise; cards gathered
// (taken, discarded, a word move) a longer, lower swish: [seconds, the
// band's centre in Hz, loudness].
const NOISES = { card: [0.07, 2600, 0.55], gather: [0.24, 900, 0.4] };

// kind: "card", "gather" or "refused" (a move or words the table refused).
export function playSound(kind) {
  if (!state.settings || !state.settings.sound) return;
  const audio = context();
  if (!audio) return;
  if (kind === "refused") tone(audio);
  else noise(audio, NOISES[kind] || NOISES.card);
}

function context() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (!state.audio) state.audio = new Context();
  // A context made before the player touched the page starts suspended.
  if (state.audio.state === "suspended") state.audio.resume().catch(() => {});
  return state.audio;
}

function noise(audio, [seconds, centre, loudness]) {
  const frames = Math.ceil(audio.sampleRate * seconds);
  const buffer = audio.createBuffer(1, frames, audio.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i += 1) {
    data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 3;
  }
  const source = audio.createBufferSource();
  source.buffer = buffer;
  const band = audio.createBiquadFilter();
  band.type = "bandpass";
  band.frequency.value = centre;
  band.Q.value = 0.8;
  const gain = audio.createGain();
  gain.gain.value = loudness;
  source.connect(band).connect(gain).connect(audio.destination);
  source.start();
}

// Two falling notes, soft and short: "not that".
function tone(audio) {
  const now = audio.currentTime;
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = "triangle";
  oscillator.frequency.setValueAtTime(330, now);
  oscillator.frequency.setValueAtTime(247, now + 0.09);
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(0.25, now + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.22);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(now);
  oscillator.stop(now + 0.24);
}
