// I'm Not a Human: a picture enlarged (the Human's guess is confirmed here), with its keyboard.

import { paint, token, el, boardMode } from "./common.js";
import { describe, tagsReady } from "./pictures.js";

let zoomOwner = null; // the screen whose enlarged picture the keyboard controls

export function openZoom(s, n) {
  s.zoom = n;
  zoomOwner = s;
  renderZoom(s);
  s.zoomBox.querySelector(".nah-zoom-close")?.focus();
}

function closeZoom(s) {
  const was = s.zoom;
  s.zoom = null;
  renderZoom(s);
  if (was) s.board.querySelector(`[data-number="${was}"]`)?.focus();
}

function stepZoom(s, step) {
  const count = s.ctx.images.length || 9;
  s.zoom = ((s.zoom - 1 + step + count) % count) + 1;
  renderZoom(s);
}

export function renderZoom(s) {
  const ctx = s.ctx;
  const n = s.zoom;
  if (!n || !ctx.images[n - 1]) {
    s.zoom = null;
    s.zoomBox.hidden = true;
    s.keys.zoom = null;
    s.zoomBox.replaceChildren();
    return;
  }
  s.zoomBox.hidden = false;
  const { api, g } = ctx;
  const { t } = api;
  const pick = boardMode(ctx) === "pick";
  paint(s, "zoom", s.zoomBox, [ctx.lang, n, ctx.images[n - 1], pick, g.answer, tagsReady()], () => [
    el(ctx, "div", { class: "nah-zoom-backdrop", onclick: () => closeZoom(s) }),
    el(ctx, "figure", { class: "nah-zoom-card", role: "dialog", "aria-modal": "true", "aria-label": describe(ctx, n) },
      el(ctx, "button", { type: "button", class: "nah-zoom-image", "data-testid": "nah-zoom-image", onclick: () => closeZoom(s), "aria-label": t("notahuman.screen.close") },
        el(ctx, "img", { src: ctx.images[n - 1], alt: describe(ctx, n) }),
      ),
      el(ctx, "figcaption", { class: "nah-zoom-bar" },
        el(ctx, "button", { type: "button", class: "btn icon ghost", "aria-label": t("notahuman.screen.previous"), onclick: () => stepZoom(s, -1) }, "‹"),
        el(ctx, "span", { class: "nah-zoom-number" }, token(api, n, { class: g.answer === n ? "gold" : null }), t("notahuman.screen.picture", { number: n })),
        el(ctx, "button", { type: "button", class: "btn icon ghost", "aria-label": t("notahuman.screen.next"), onclick: () => stepZoom(s, 1) }, "›"),
        el(ctx, "button", { type: "button", class: "btn icon nah-zoom-close", "data-testid": "nah-zoom-close", "aria-label": t("notahuman.screen.close"), onclick: () => closeZoom(s) }, "✕"),
      ),
      pick
        ? api.actionButton({ class: "btn primary big nah-guess-confirm", "data-testid": "nah-guess-confirm" }, t("notahuman.screen.guess_confirm", { number: n }), async () => {
            const answer = await api.send("guess", { image: n });
            if (answer.ok) closeZoom(s);
            return answer;
          })
        : null,
    ),
  ]);
}

document.addEventListener("keydown", (event) => {
  const s = zoomOwner;
  if (!s || !s.zoom || !s.box.isConnected) return;
  if (event.key === "Escape") closeZoom(s);
  else if (event.key === "ArrowLeft") stepZoom(s, -1);
  else if (event.key === "ArrowRight") stepZoom(s, 1);
  else return;
  event.preventDefault();
});
