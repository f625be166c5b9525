// Sound and vibration cues, synthesized in the browser with the Web Audio API: no files, no network.
//
// A cue belongs to a surface. The table's cues (round_start, last_seconds, time_up, vote_open, vote_close,
// reveal) play on the table screen; a phone's (your_turn, reveal_window) play on a player's phone, which
// also vibrates where it can. A cue asked for on the other surface is ignored, so a screen rendered on both
// may ask for it from its shared code. Every cue this device plays is appended to window.gamenightCues as
// {name, time, muted, unlocked}, whether it is heard or not (the browser tests read it).
//
// One state, one sound of each cue: the shell's moments (moments.js) and the game's render both see the
// same state and may both ask for its cue (a ballot closing is the shell's vote_close and the game's).
// Only the clock's tick repeats within a state.

import { showCaption } from "./captions.js";

const MUTE_KEY = "gamenight.muted";
const GESTURES = ["pointerdown", "keydown", "touchend"];

/**
 * Each cue: its surface, its notes [frequency Hz, start s, length s, glide-to Hz?], the wave, the loudness,
 * and a phone's vibration pattern (ms).
 */
const CUES = {
  round_start: { surface: "table", wave: "triangle", gain: 0.22, notes: [[523.25, 0, 0.14], [659.25, 0.12, 0.14], [783.99, 0.24, 0.34]] },
  last_seconds: { surface: "table", wave: "square", gain: 0.06, notes: [[1567.98, 0, 0.045]], ticks: true },
  time_up: { surface: "table", wave: "sawtooth", gain: 0.12, notes: [[392, 0, 0.2], [261.63, 0.2, 0.55, 220]] },
  vote_open: { surface: "table", wave: "sine", gain: 0.25, notes: [[392, 0, 0.13], [587.33, 0.11, 0.32]] },
  vote_close: { surface: "table", wave: "sine", gain: 0.25, notes: [[587.33, 0, 0.13], [392, 0.11, 0.32]] },
  reveal: { surface: "table", wave: "triangle", gain: 0.2, notes: [[261.63, 0, 0.5, 1046.5], [1046.5, 0.45, 0.12], [1318.51, 0.55, 0.12], [1567.98, 0.65, 0.4]] },
  your_turn: { surface: "phone", wave: "sine", gain: 0.3, notes: [[1318.51, 0, 0.1], [1760, 0.14, 0.2]], vibrate: [70, 60, 120] },
  reveal_window: { surface: "phone", wave: "square", gain: 0.1, notes: [[880, 0, 0.08], [880, 0.14, 0.08], [1174.66, 0.28, 0.2]], vibrate: [150, 70, 150, 70, 250] },
};

export const CUE_NAMES = Object.keys(CUES);

let surface = null;
let context = null;
let memory = null; // the mute choice when localStorage refuses to keep it
let shownState = null; // the version of the state this page shows
const soundedInState = new Set();
const listeners = new Set();
window.gamenightCues = window.gamenightCues || [];

/** Where this page plays: "table" (the table screen) or "phone" (a player's page). */
export function setSurface(name) {
  surface = name;
}

/** This page now shows the state of lobby version ``version``: each cue may sound once for it. */
export function showingState(version) {
  if (version === shownState) return;
  shownState = version;
  soundedInState.clear();
}

/** True when this device's sound is switched off. */
export function muted() {
  if (memory !== null) return memory;
  try {
    return localStorage.getItem(MUTE_KEY) === "1";
  } catch {
    return false;
  }
}

/** Mute or unmute this device (remembered in localStorage). */
export function setMuted(on) {
  try {
    localStorage.setItem(MUTE_KEY, on ? "1" : "0");
  } catch {
    // private mode: the choice lasts for this page only
  }
  memory = on;
  for (const listener of listeners) listener();
}

/** Called when the mute switch or the audio's readiness changes. */
export function onSoundChange(listener) {
  listeners.add(listener);
}

/** True once a tap, click or key has let this page play sound. */
export function audioUnlocked() {
  return Boolean(context && context.state === "running");
}

/** Browsers play sound only after a user gesture: the first tap, click or key creates (or wakes) the audio. */
export function unlockOnGesture() {
  const unlock = () => {
    const Audio = window.AudioContext || window.webkitAudioContext;
    if (!Audio) return;
    try {
      context = context || new Audio();
      const resumed = context.state === "suspended" ? context.resume() : Promise.resolve();
      resumed.then(() => {
        if (context.state !== "running") return;
        for (const name of GESTURES) window.removeEventListener(name, unlock, true);
        for (const listener of listeners) listener();
      }, () => {});
    } catch (error) {
      console.error(error);
    }
  };
  for (const name of GESTURES) window.addEventListener(name, unlock, true);
}

function play(spec) {
  if (!audioUnlocked()) return;
  const start = context.currentTime + 0.01;
  const out = context.createGain();
  out.gain.value = spec.gain;
  out.connect(context.destination);
  for (const [frequency, at, length, glide] of spec.notes) {
    const oscillator = context.createOscillator();
    const envelope = context.createGain();
    oscillator.type = spec.wave;
    oscillator.frequency.setValueAtTime(frequency, start + at);
    if (glide) oscillator.frequency.exponentialRampToValueAtTime(glide, start + at + length);
    envelope.gain.setValueAtTime(0.0001, start + at);
    envelope.gain.exponentialRampToValueAtTime(1, start + at + 0.012);
    envelope.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
    oscillator.connect(envelope).connect(out);
    oscillator.start(start + at);
    oscillator.stop(start + at + length + 0.02);
  }
}

/**
 * Play the cue ``name`` on this device, if it belongs to this device's surface; a phone's cue also
 * vibrates (even when muted: a silenced phone still buzzes).
 */
export function cue(name) {
  const spec = CUES[name];
  if (!spec) {
    console.warn(`unknown cue: ${name}`);
    return;
  }
  if (spec.surface !== surface) return;
  if (!spec.ticks) {
    if (soundedInState.has(name)) return;
    soundedInState.add(name);
  }
  const now = Date.now();
  const silent = muted();
  window.gamenightCues.push({ name, time: now, muted: silent, unlocked: audioUnlocked() });
  if (window.gamenightCues.length > 500) window.gamenightCues.splice(0, 100);
  showCaption(name); // seen as well as heard (or felt): a caption line on this device
  if (spec.vibrate && typeof navigator.vibrate === "function") {
    try {
      navigator.vibrate(spec.vibrate);
    } catch {
      // a browser may refuse before the first tap
    }
  }
  if (!silent) {
    try {
      play(spec);
    } catch (error) {
      console.error(error);
    }
  }
}
