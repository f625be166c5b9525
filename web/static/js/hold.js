// Press and hold to see a secret: a phone lying on the table shows nothing.

/**
 * Make ``element`` (a button) reveal something only while it is held: ``onChange(true)`` when a
 * finger, the mouse button, Space or Enter goes down on it, ``onChange(false)`` as soon as it is
 * let go, loses focus, or the page is hidden.
 */
export function holdToReveal(element, onChange) {
  let held = false;
  const set = (on) => {
    if (held === on) return;
    held = on;
    onChange(on);
  };
  element.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    event.preventDefault();
    try {
      element.setPointerCapture(event.pointerId);
    } catch {
      // the pointer is already gone
    }
    set(true);
  });
  for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) element.addEventListener(type, () => set(false));
  element.addEventListener("keydown", (event) => {
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      if (!event.repeat) set(true);
    }
  });
  element.addEventListener("keyup", (event) => {
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      set(false);
    }
  });
  element.addEventListener("blur", () => set(false));
  element.addEventListener("contextmenu", (event) => event.preventDefault());
  element.addEventListener("click", (event) => event.preventDefault());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") set(false);
  });
  window.addEventListener("blur", () => set(false));
}
