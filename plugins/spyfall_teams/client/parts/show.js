// The show: the variant's scoring script, one step at a time, the newest first.

import { section } from "/plugins/spyfall/kit.js";
import { stageSection } from "./stage.js";
import { stepBody, stepTitle } from "./steps.js";

/** A new step, said on the phone (a screen reader reads it out): its title, and its words unless it is a table
 * (everyone's picks: read by moving through it). */
function sayStep(ctx, step, index, card) {
  const { api, match } = ctx;
  api.announceOnce(`st-step:${match.id}:${match.round}:${index}`, () => {
    const body = card.querySelector("table") ? "" : card.lastChild?.textContent?.replace(/\s+/g, " ").trim();
    return [stepTitle(ctx, step), body].filter(Boolean).join(". ");
  });
}

export function showSection(ctx) {
  const { api, match, mem, host, shown } = ctx;
  const { el, t } = api;
  const steps = shown.steps;
  if (!steps.length) return null;
  const seen = mem.ui.seenSteps || 0;
  mem.ui.seenSteps = steps.length;
  const newestIndex = steps.length - 1;
  const newest = steps[newestIndex];
  const freshNewest = newestIndex >= seen;
  const cards = steps
    .map((step, index) => {
      const fresh = index >= seen;
      return el(
        "article",
        {
          // the newest step is fitted to the TV's stage (the kit's fitTable): a long round shrinks, never spills
          class: ["st-step", `kind-${step.kind}`, index === newestIndex ? "newest sf-fit" : "earlier", fresh ? "enter" : null],
          "data-testid": "st-step",
          "data-kind": step.kind,
          "data-index": String(index),
        },
        el("h3", { class: "st-step-title" }, stepTitle(ctx, step)),
        stepBody(ctx, step, fresh && index === newestIndex),
      );
    })
    .reverse(); // the newest first: on a TV it is where the eyes are
  sayStep(ctx, newest, newestIndex, cards[0]);
  const showing = match.phase === api.phases.reveal; // the show is on: during the break it is read back
  const manual = !match.options?.show_seconds;
  const controls = [];
  if (showing && !api.table) {
    if (host && manual) {
      controls.push(
        api.actionButton({ class: "btn primary big", "data-testid": "st-next-step" }, t("spyfall_teams.screen.next_step"), () =>
          api.send("next_step"),
        ),
      );
    } else {
      controls.push(el("p", { class: "sf-muted" }, manual ? t("spyfall_teams.screen.host_steps") : t("spyfall_teams.screen.auto_steps")));
    }
  }
  return section(
    api,
    "st-show",
    "st-show",
    el("h3", { class: "st-show-title" }, t("spyfall_teams.screen.show_title")),
    showing ? el("p", { class: "sf-muted" }, t("spyfall_teams.screen.no_talking")) : null,
    stageSection(ctx, newest, freshNewest),
    controls.length ? el("div", { class: "sf-row st-controls" }, controls) : null,
    el("div", { class: "st-steps", "data-testid": "st-steps" }, cards),
  );
}
