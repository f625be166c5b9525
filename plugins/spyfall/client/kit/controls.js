// Boxes and buttons every Spyfall screen uses: a section, a button that waits for its move, an armed button.

const ARM_SECONDS = 4; // an armed button disarms itself after this

export function section(api, cls, testid, ...children) {
  return api.el("section", { class: ["sf-box", cls], "data-testid": testid }, ...children);
}

/** A button that stays disabled while its move is on the way (the next state re-renders it). */
export function actionButton(api, attrs, label, onPress) {
  const button = api.el("button", { type: "button", ...attrs }, label);
  button.addEventListener("click", async () => {
    if (button.disabled) return;
    button.disabled = true;
    try {
      const answer = await onPress();
      if (!answer || !answer.ok) button.disabled = false;
    } catch (error) {
      console.error(error);
      button.disabled = false;
    }
  });
  return button;
}

/**
 * A button that acts on the second tap: the first arms it (``ui.armed = id``, kept between renders);
 * for moves that cannot be taken back (end the round, remove a pack, peel a sticker).
 */
export function armedButton(api, ui, rerender, { id, attrs, label, confirmLabel, onConfirm }) {
  const armed = ui.armed === id;
  const button = api.el(
    "button",
    { type: "button", ...attrs, class: [attrs.class, armed ? "armed" : null].flat().filter(Boolean).join(" ") },
    armed ? confirmLabel : label,
  );
  button.addEventListener("click", async () => {
    if (button.disabled) return;
    if (ui.armed !== id) {
      ui.armed = id;
      rerender();
      setTimeout(() => {
        if (ui.armed !== id) return;
        ui.armed = null;
        rerender();
      }, ARM_SECONDS * 1000);
      return;
    }
    ui.armed = null;
    button.disabled = true;
    try {
      const answer = await onConfirm();
      if (!answer || !answer.ok) button.disabled = false;
    } catch (error) {
      console.error(error);
      button.disabled = false;
    }
  });
  return button;
}
