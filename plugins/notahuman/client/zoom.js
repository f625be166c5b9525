// I'm Not a Human: a picture enlarged (the Human's guess is confirmed here), with its keyboard.

import { paint, token, el, boardMode } from "./common.js";
import { describe, tagsReady } from "./pictures.js";

let zoomOwner = null; // the screen whose enlarged picture the keyboard controls

export function openZoom(screen, n) {
  screen.zoom = n;
  zoomOwner = screen;
  renderZoom(screen);
  screen.zoomBox.querySelector(".nah-zoom-close")?.focus();
}

function closeZoom(screen) {
  const was = screen.zoom;
  screen.zoom = null;
  renderZoom(screen);
  if (was) screen.board.querySelector(`[data-number="${was}"]`)?.focus();
}

function stepZoom(screen, step) {
  const count = screen.ctx.images.length || 9;
  screen.zoom = ((screen.zoom - 1 + step + count) % count) + 1;
  renderZoom(screen);
}

export function renderZoom(screen) {
  const ctx = screen.ctx;
  const n = screen.zoom;
  if (!n || !ctx.images[n - 1]) {
    screen.zoom = null;
    screen.zoomBox.hidden = true;
    screen.keys.zoom = null;
    screen.zoomBox.replaceChildren();
    return;
  }
  screen.zoomBox.hidden = false;
  const { api, gameView } = ctx;
  const { t } = api;
  const pick = boardMode(ctx) === "pick";
  paint(screen, "zoom", screen.zoomBox, [ctx.lang, n, ctx.images[n - 1], pick, gameView.answer, tagsReady()], () => [
    el(ctx, "div", { class: "nah-zoom-backdrop", onclick: () => closeZoom(screen) }),
    el(ctx, "figure", { class: "nah-zoom-card", role: "dialog", "aria-modal": "true", "aria-label": describe(ctx, n) },
      el(ctx, "button", { type: "button", class: "nah-zoom-image", "data-testid": "nah-zoom-image", onclick: () => closeZoom(screen), "aria-label": t("notahuman.screen.close") },
        el(ctx, "img", { src: ctx.images[n - 1], alt: describe(ctx, n) }),
      ),
      el(ctx, "figcaption", { class: "nah-zoom-bar" },
        el(ctx, "button", { type: "button", class: "btn icon ghost", "aria-label": t("notahuman.screen.previous"), onclick: () => stepZoom(screen, -1) }, "‹"),
        el(ctx, "span", { class: "nah-zoom-number" }, token(api, n, { class: gameView.answer === n ? "gold" : null }), t("notahuman.screen.picture", { number: n })),
        el(ctx, "button", { type: "button", class: "btn icon ghost", "aria-label": t("notahuman.screen.next"), onclick: () => stepZoom(screen, 1) }, "›"),
        el(ctx, "button", { type: "button", class: "btn icon nah-zoom-close", "data-testid": "nah-zoom-close", "aria-label": t("notahuman.screen.close"), onclick: () => closeZoom(screen) }, "✕"),
      ),
      pick
        ? api.actionButton({ class: "btn primary big nah-guess-confirm", "data-testid": "nah-guess-confirm" }, t("notahuman.screen.guess_confirm", { number: n }), async () => {
            const answer = await api.send("guess", { image: n });
            if (answer.ok) closeZoom(screen);
            return answer;
          })
        : null,
    ),
  ]);
}

document.addEventListener("keydown", (event) => {
  const screen = zoomOwner;
  if (!screen || !screen.zoom || !screen.box.isConnected) return;
  if (event.key === "Escape") closeZoom(screen);
  else if (event.key === "ArrowLeft") stepZoom(screen, -1);
  else if (event.key === "ArrowRight") stepZoom(screen, 1);
  else return;
  event.preventDefault();
});
