// The crew's part of the night's recap (recap.js): the records broken tonight, each against the one it beat,
// and on a phone the hall of fame's vote (one keepsake of each kind: a drawing, an association).

import { el } from "./dom.js";
import { t } from "./i18n.js";
import { keepsakeCard } from "./crew_parts/fame.js";
import { keepsakeLabel, memberName, newRecordText, previousRecordText } from "./crew_parts/names.js";

/** Tonight's new records ("A new record: the spy won in 1:35, Boris; before: 1:50, Dina"), or null. */
export function nightRecords(view) {
  const crew = view.lobby.crew;
  if (!crew?.night_records?.length) return null;
  return el(
    "section",
    { class: "crew-night-records", "data-testid": "crew-night-records-recap" },
    el("h3", {}, t("crew.new_records")),
    el(
      "ul",
      { class: "crew-lines" },
      crew.night_records.map((record) =>
        el(
          "li",
          { class: "crew-line", "data-testid": "crew-new-record", "data-stat": record.stat },
          el("span", { class: "crew-line-what" }, newRecordText(crew, record)),
          el(
            "span",
            { class: "muted crew-line-when" },
            record.previous ? previousRecordText(crew, record) : t("crew.first_record"),
          ),
        ),
      ),
    ),
  );
}

/** The hall of fame's vote on a member's phone while the night is closed, or null when none is open. */
export function fameVote(view, { command }) {
  const crew = view.lobby.crew;
  const vote = crew?.fame_vote;
  if (!vote || !view.crew_you) return null;
  const ballot = view.crew_you.fame_ballot || {};
  const candidates = crew.keepsakes.filter((k) => vote.candidates.includes(k.id));
  const kinds = ["drawing", "association"].filter((kind) => candidates.some((k) => k.kind === kind));
  return el(
    "section",
    { class: "crew-vote", "data-testid": "crew-fame-vote" },
    el("h3", {}, t("crew.vote_title")),
    el("p", { class: "muted small" }, t("crew.vote_hint")),
    kinds.map((kind) =>
      el(
        "div",
        { class: "crew-vote-kind", role: "group", "aria-label": t(`crew.vote_${kind}`), "data-testid": `crew-vote-${kind}` },
        el("h4", {}, t(`crew.vote_${kind}`)),
        el(
          "div",
          { class: "crew-fame" },
          candidates
            .filter((k) => k.kind === kind)
            .map((keepsake) => {
              const chosen = ballot[kind] === keepsake.id;
              const button = el(
                "button",
                {
                  type: "button",
                  class: ["btn", chosen ? "primary" : null],
                  "aria-pressed": String(chosen),
                  "aria-label": t(chosen ? "crew.voted_named" : "crew.vote_for_named", {
                    what: keepsakeLabel(keepsake) || memberName(crew, keepsake.by),
                  }),
                  "data-testid": "crew-vote-for",
                  onclick: () => command("fame_vote", { keepsake: keepsake.id }),
                },
                chosen ? t("crew.voted") : t("crew.vote_for"),
              );
              return keepsakeCard(view, crew, keepsake, { extra: button, testid: "crew-candidate" });
            }),
        ),
      ),
    ),
  );
}
