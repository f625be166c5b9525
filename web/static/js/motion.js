// Less motion on this device: the page's own switch (remembered in localStorage), on top of the device's
// prefers-reduced-motion. Either one puts "reduce-motion" on the page: motion.css then stops every animation
// and transition.

const MOTION_KEY = "gamenight.motion";
const SWITCH_ID = "motion-switch";

let memory = null; // the choice when localStorage refuses to keep it

/** True when this device's own switch asks for less motion. */
export function motionSwitchedOff() {
  if (memory !== null) return memory;
  try {
    return localStorage.getItem(MOTION_KEY) === "reduce";
  } catch {
    return false;
  }
}

/** True when the page keeps still: the switch, or the device's own setting. */
export function reducedMotion() {
  return motionSwitchedOff() || Boolean(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches);
}

function apply() {
  document.documentElement.classList.toggle("reduce-motion", motionSwitchedOff());
  document.getElementById(SWITCH_ID)?.setAttribute("aria-pressed", String(motionSwitchedOff()));
}

/** Switch this device's motion off (``true``) or back on, remembered across visits. */
export function setMotionOff(on) {
  try {
    localStorage.setItem(MOTION_KEY, on ? "reduce" : "full");
  } catch {
    // private mode: for this page only
  }
  memory = on;
  document.documentElement.classList.toggle("reduce-motion", on);
  document.getElementById(SWITCH_ID)?.setAttribute("aria-pressed", String(on));
}

/** Wire the page's "less motion" switch, where there is one. */
export function initMotionSwitch() {
  apply();
  document.getElementById(SWITCH_ID)?.addEventListener("click", () => setMotionOff(!motionSwitchedOff()));
}

apply();
