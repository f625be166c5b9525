// This device's own settings, remembered in its localStorage: the sound switch and larger text.

import { audioUnlocked, muted, onSoundChange, setMuted, setSurface, unlockOnGesture } from "./cues.js";
import { ready, t } from "./i18n.js";
import { initMotionSwitch } from "./motion.js";

const TEXT_KEY = "gamenight.text";

export function largerText() {
  try {
    return localStorage.getItem(TEXT_KEY) === "large";
  } catch {
    return false;
  }
}

function applyTextSize(on) {
  document.documentElement.classList.toggle("text-large", on);
}

/** Larger text on this device (every size is in rem: the whole page grows). */
export function setLargerText(on) {
  try {
    localStorage.setItem(TEXT_KEY, on ? "large" : "normal");
  } catch {
    // private mode: for this page only
  }
  applyTextSize(on);
}

applyTextSize(largerText());

function paintSoundSwitch() {
  const button = document.getElementById("sound-switch");
  if (!button) return;
  const silent = muted();
  button.setAttribute("aria-pressed", String(silent));
  // waiting: sound is on but the browser has not been touched yet, so it cannot play
  button.dataset.state = silent ? "muted" : audioUnlocked() ? "on" : "waiting";
  const note = document.getElementById("sound-note");
  if (note) note.hidden = button.dataset.state !== "waiting";
  if (ready()) button.title = silent ? t("sound.muted_hint") : audioUnlocked() ? t("sound.on_hint") : t("sound.waiting_hint");
}

/**
 * Wire this page's device switches: its sound surface ("table" or "phone", see cues.js), the mute switch
 * in the top bar, the first gesture that lets audio play, and the "larger text" switch where there is one.
 */
export function initDevice(surface) {
  setSurface(surface);
  unlockOnGesture();
  document.getElementById("sound-switch")?.addEventListener("click", () => setMuted(!muted()));
  document.getElementById("text-size")?.addEventListener("click", () => {
    setLargerText(!largerText());
    paintDevice();
  });
  onSoundChange(paintSoundSwitch);
  initMotionSwitch();
  paintDevice();
}

/** Paint this device's switches (again after a language switch). */
export function paintDevice() {
  paintSoundSwitch();
  document.getElementById("text-size")?.setAttribute("aria-pressed", String(largerText()));
}
