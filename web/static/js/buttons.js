// The two buttons every screen needs, the shell's and the games' alike (screens get them as api.actionButton
// and api.confirmButton): one that waits for its move, and one that acts on a second tap.

import { el } from "./dom.js";

const ARM_SECONDS = 4; // an armed button disarms itself after this
const armed = new Map(); // id → until when (ms): kept by id, not on the node, so a re-render keeps it armed

/** Run ``onPress`` with ``button`` disabled until its answer; a refusal (or no answer) enables it again. */
async function pressing(button, onPress) {
  button.disabled = true;
  try {
    const answer = await onPress();
    if (answer && answer.ok === false) button.disabled = false;
    else if (!answer) button.disabled = false;
  } catch (error) {
    console.error(error);
    button.disabled = false;
  }
}

/**
 * A button for a move: disabled while the move is on its way (the next state re-renders it); ``onPress``
 * returns the server's answer (a Promise of {ok, ...}).
 */
export function actionButton(attrs, label, onPress) {
  const button = el("button", { type: "button", ...attrs }, label);
  button.addEventListener("click", () => {
    if (!button.disabled) pressing(button, onPress);
  });
  return button;
}

/**
 * A button that acts on the second tap, for what cannot be taken back (end a match, remove a player or a
 * pack): the first tap arms it (``confirmLabel``, class ``armed``) for a few seconds. ``id`` names it across
 * re-renders.
 */
export function confirmButton({ id, label, confirmLabel, onConfirm, attrs = {} }) {
  const isArmed = () => (armed.get(id) || 0) > Date.now();
  const button = el("button", { type: "button", ...attrs });
  const paint = () => {
    const on = isArmed();
    button.textContent = on ? confirmLabel : label;
    button.classList.toggle("armed", on);
  };
  button.addEventListener("click", () => {
    if (button.disabled) return;
    if (isArmed()) {
      armed.delete(id);
      paint();
      pressing(button, onConfirm);
      return;
    }
    armed.set(id, Date.now() + ARM_SECONDS * 1000);
    paint();
    setTimeout(() => {
      if (!isArmed() && button.isConnected) paint();
    }, ARM_SECONDS * 1000 + 50);
  });
  paint();
  return button;
}
