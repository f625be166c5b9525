// The recap's audience podium: the night's best three of the audience, with their points.

import { el } from "../dom.js";
import { t } from "../i18n.js";

/** The podium of ``recap`` (null when nobody of the audience scored). */
export function audiencePodium(recap) {
  const best = recap?.audience || [];
  if (!best.length) return null;
  return el(
    "section",
    { class: "audience-podium", "data-testid": "recap-audience" },
    el("h2", {}, t("recap.audience.title")),
    el(
      "ol",
      { class: "podium-list" },
      best.map((row, index) =>
        el(
          "li",
          { class: "podium-row", "data-testid": "recap-audience-row", "data-place": index + 1 },
          el("span", { class: "podium-place", "aria-hidden": "true" }, String(index + 1)),
          el("span", { class: "podium-name" }, row.name),
          el("span", { class: "podium-points" }, t("audience.points", { count: row.points })),
        ),
      ),
    ),
  );
}
