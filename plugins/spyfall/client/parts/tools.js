// My moves in play: accuse someone, or (a spy) reveal and name the location.

import { locationName, section } from "/plugins/spyfall/kit.js";
import { locationsSection } from "./list.js";

export const NOTE_SECONDS = 4;

/**
 * The confirm step of a choice: once something is chosen (``text`` and ``confirm`` given), a bar pinned to the
 * bottom of the phone's screen, so that it is in view wherever the choice was tapped in a long list; before,
 * only the way back (``cancel``), in the flow.
 */
function confirmBar(api, testid, text, confirm, cancel) {
  const { el } = api;
  if (!confirm) return el("div", { class: "sf-row" }, cancel);
  return el(
    "div",
    { class: "sf-confirm-bar", "data-testid": testid, role: "group" },
    text,
    el("div", { class: "sf-row" }, confirm, cancel),
  );
}

export function toolsSection(ctx) {
  const { api, match, game, me, mem } = ctx;
  const { el, t } = api;
  const used = (game.accused || []).includes(me);
  const ui = mem.ui;
  const parts = [];

  if (ui.accuseOpen && !used && !match.paused) {
    const target = ui.accuseTarget;
    parts.push(
      el(
        "div",
        { class: "sf-panel sf-accusing", "data-testid": "sf-accuse-panel" },
        el("h3", { class: "sf-prompt" }, t("spyfall.screen.accuse_whom")),
        el(
          "div",
          { class: "sf-choices" },
          api.present
            .filter((pid) => pid !== me)
            .map((pid) =>
              el(
                "button",
                {
                  type: "button",
                  class: ["btn", "sf-choice", target === pid ? "chosen" : null],
                  "aria-pressed": target === pid ? "true" : "false",
                  "data-player": pid,
                  "data-testid": "sf-accuse-target",
                  onclick: () => {
                    ui.accuseTarget = pid;
                    ctx.rerender();
                  },
                },
                api.who(pid, { size: "s" }),
              ),
            ),
        ),
        target ? null : el("p", { class: "sf-muted" }, t("spyfall.screen.accuse_hint")),
        confirmBar(
          api,
          "sf-accuse-bar",
          target ? el("p", { class: "sf-confirm-text" }, t("spyfall.screen.accuse_confirm_text", { name: api.name(target) })) : null,
          target
            ? api.actionButton({ class: "btn primary", "data-testid": "sf-accuse-confirm" },
                t("spyfall.screen.accuse_confirm", { name: api.name(target) }),
                async () => {
                  const answer = await api.send("accuse", { player: target });
                  if (answer?.ok) {
                    ui.accuseOpen = false;
                    ui.accuseTarget = null;
                  }
                  return answer;
                },
              )
            : null,
          el(
            "button",
            {
              type: "button",
              class: "btn ghost",
              "data-testid": "sf-accuse-cancel",
              onclick: () => {
                ui.accuseOpen = false;
                ui.accuseTarget = null;
                ctx.rerender();
              },
            },
            t("spyfall.screen.cancel"),
          ),
        ),
      ),
    );
  } else {
    parts.push(
      el(
        "button",
        {
          type: "button",
          class: "btn sf-tool",
          disabled: used || match.paused,
          "data-testid": "sf-accuse",
          onclick: () => {
            ui.accuseOpen = true;
            ui.revealOpen = false;
            ctx.rerender();
          },
        },
        used ? t("spyfall.screen.accused_already") : t("spyfall.screen.accuse"),
      ),
    );
  }

  if (!ui.revealOpen) {
    const note = el("p", { class: "sf-note", "data-testid": "sf-not-spy", hidden: true });
    parts.push(
      el(
        "button",
        {
          type: "button",
          class: "btn sf-tool",
          disabled: match.paused,
          "data-testid": "sf-reveal",
          onclick: () => {
            if (game.card?.spy) {
              ui.revealOpen = true;
              ui.accuseOpen = false;
              ui.revealTarget = null;
              ctx.rerender();
              return;
            }
            // Same button for everyone, so that a glance at a phone says nothing; only its owner sees this.
            note.textContent = t("spyfall.screen.not_spy");
            note.hidden = false;
            setTimeout(() => {
              note.hidden = true;
            }, NOTE_SECONDS * 1000);
          },
        },
        t("spyfall.screen.reveal"),
      ),
      note,
    );
  }
  return section(api, "sf-tools", "sf-tools", ...parts);
}

/** The spy names a location: in play (by choice, may cancel) or in spy_reveal (the other spy, must). */
export function revealSection(ctx, forced) {
  const { api, game, mem } = ctx;
  const { el, t } = api;
  const ui = mem.ui;
  const target = ui.revealTarget;
  const location = (game.candidates || []).find((loc) => loc.id === target);
  return section(
    api,
    "sf-reveal",
    "sf-reveal-panel",
    el("h3", {}, forced ? t("spyfall.screen.reveal_forced_title") : t("spyfall.screen.reveal_title")),
    // the list first (the spy's choice on the first screen of a small phone), what follows from it after
    locationsSection(ctx, "pick"),
    location ? null : el("p", { class: "sf-muted" }, t("spyfall.screen.reveal_pick")),
    confirmBar(
      api,
      "sf-reveal-bar",
      location ? el("p", { class: "sf-confirm-text" }, t("spyfall.screen.reveal_confirm_text", { location: locationName(api, location) })) : null,
      location
        ? api.actionButton({ class: "btn primary", "data-testid": "sf-reveal-confirm" },
            t("spyfall.screen.reveal_confirm", { location: locationName(api, location) }),
            async () => {
              const answer = await api.send("reveal", { location: location.id });
              if (answer?.ok) {
                ui.revealOpen = false;
                ui.revealTarget = null;
              }
              return answer;
            },
          )
        : null,
      forced
        ? null
        : el(
            "button",
            {
              type: "button",
              class: "btn ghost",
              "data-testid": "sf-reveal-cancel",
              onclick: () => {
                ui.revealOpen = false;
                ui.revealTarget = null;
                ctx.rerender();
              },
            },
            t("spyfall.screen.cancel"),
          ),
    ),
    el("p", { class: "sf-muted" }, forced ? t("spyfall.screen.reveal_forced_hint") : t("spyfall.screen.reveal_hint")),
  );
}
