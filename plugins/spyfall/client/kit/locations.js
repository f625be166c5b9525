// The location list: every location of the round, with one's own cross-off marks or a pick.

import { locationPicture } from "../art.js";
import { section } from "./controls.js";
import { locationName, longestWord, sortedLocations } from "./words.js";

/**
 * Every location of the round, sorted by name. mode: "cross" (my own marks, kept by the server: the move
 * "cross"), "pick" (choose: ``chosen`` ids, ``onChoose(id)``), "show" (read only: the table, a result).
 * ``answers``: ids to highlight (the location once it is known). ``ui.pending`` keeps marks on their way.
 */
export function locationList(
  api,
  ui,
  { locations, mode, marks = [], answers = [], chosen = [], onChoose = null, rerender = () => {}, title = null },
) {
  const { el, t } = api;
  const marked = new Set(marks);
  const pending = ui.pending || (ui.pending = new Map()); // my marks on their way to the server
  const answer = new Set(answers);
  const picked = new Set(chosen);
  const items = sortedLocations(api, locations || []);
  const head =
    mode === "pick"
      ? null
      : el(
          "div",
          { class: "sf-head" },
          el("h3", {}, title || t("spyfall.kit.locations", { count: items.length })),
          mode === "cross" ? el("small", { class: "sf-muted" }, t("spyfall.kit.cross_hint")) : null,
        );
  const list = el(
    mode === "show" ? "ul" : "div",
    { class: ["sf-locations", mode], "data-testid": mode === "pick" ? "sf-pick-list" : "sf-locations" },
    items.map((location) => {
      const crossed = pending.has(location.id) ? pending.get(location.id) : marked.has(location.id);
      const cls = [
        "sf-location",
        crossed && mode !== "show" ? "crossed" : null,
        answer.has(location.id) ? "answer" : null,
        mode === "pick" && picked.has(location.id) ? "chosen" : null,
      ];
      // the name beside the thumbnail says it: a screen reader reads each location once
      const thumb = locationPicture(api, location, { size: "thumb" });
      thumb.setAttribute("aria-hidden", "true");
      const label = [
        thumb,
        el(
          "span",
          { class: "sf-location-name", style: { "--sf-word": longestWord(locationName(api, location)) } },
          locationName(api, location),
        ),
      ];
      if (mode === "show") {
        return el("li", { class: cls, "data-location": location.id, "data-testid": "sf-location" }, label);
      }
      if (mode === "pick") {
        return el(
          "button",
          {
            type: "button",
            class: cls,
            "data-location": location.id,
            "data-keep": `sf-pick-${location.id}`,
            "data-testid": "sf-pick",
            "aria-pressed": picked.has(location.id) ? "true" : "false",
            onclick: () => onChoose?.(location.id),
          },
          label,
        );
      }
      return el(
        "button",
        {
          type: "button",
          class: cls,
          "data-location": location.id,
          "data-keep": `sf-mark-${location.id}`,
          "data-testid": "sf-location",
          "data-pending": pending.has(location.id) ? "1" : null,
          "aria-pressed": crossed ? "true" : "false",
          title: crossed ? t("spyfall.kit.uncross") : t("spyfall.kit.cross"),
          onclick: () => {
            // Show the mark at once; the server keeps it (so it survives a refresh) and the next state has it.
            const now = !crossed;
            pending.set(location.id, now);
            rerender();
            api.send("cross", { location: location.id, crossed: now }).finally(() => {
              if (pending.get(location.id) === now) pending.delete(location.id);
              rerender();
            });
          },
        },
        label,
      );
    }),
  );
  if (mode === "pick") return el("div", { class: "sf-pick-box", "data-testid": "sf-pick-box" }, list);
  return section(api, "sf-list", "sf-list", head, list);
}
