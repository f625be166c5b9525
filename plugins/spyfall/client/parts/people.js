// Who is who at the table: the dealer, who asks now, who has used their accusation, a failed accusation.

import { askingTracker, names, playerChips, tag } from "/plugins/spyfall/kit.js";
import { ACCUSATION, lastEvent } from "./events.js";

// -- who is who at the table: the dealer, who asks now, who has used their accusation -------------------

export function playersSection(ctx) {
  const { api, match, game, me } = ctx;
  const { t } = api;
  const accused = new Set(game.accused || []);
  return playerChips(api, match.players, {
    me,
    left: match.left || [],
    asking: match.phase === api.phases.play ? game.asker : null,
    tags: (pid) => [
      pid === game.dealer ? tag(api, t("spyfall.screen.dealer_tag"), "dealer", { "data-testid": "sf-dealer" }) : null,
      accused.has(pid) ? tag(api, t("spyfall.screen.accused_tag"), "used", { title: t("spyfall.screen.accused_hint") }) : null,
    ],
  });
}

export function askingSection(ctx) {
  const { api, match, game, me, playing } = ctx;
  return askingTracker(api, {
    players: api.present,
    me,
    playing,
    asker: game.asker,
    askedBy: game.asked_by,
    firstNote: api.t("spyfall.screen.dealer_asks_first", { name: api.name(game.dealer) }),
  });
}

/** After a failed accusation, this round: who was accused and how the vote went (the ballot is closed, so public). */
export function failedNote(ctx) {
  const { api, match } = ctx;
  const { el, t } = api;
  const found = lastEvent(match, "spyfall.event.accusation_failed");
  if (!found) return null;
  const accused = found.event.params?.accused;
  const ballot = match.ballots?.[ACCUSATION];
  let tally = null;
  if (ballot && ballot.closed && ballot.data?.accused === accused && ballot.choices) {
    const yes = Object.keys(ballot.choices).filter((pid) => ballot.choices[pid] === "yes");
    const no = Object.keys(ballot.choices).filter((pid) => ballot.choices[pid] === "no");
    tally = el(
      "span",
      { class: "sf-muted" },
      " ",
      t("spyfall.screen.tally", { yes: yes.length, no: no.length }),
      // the smaller side by name (the larger is "everyone else"): a table of twelve keeps it short
      no.length && no.length <= yes.length ? ` ${t("spyfall.screen.voted_no", { names: names(api, no) })}` : "",
      yes.length && no.length > yes.length ? ` ${t("spyfall.screen.voted_yes", { names: names(api, yes) })}` : "",
    );
  }
  return el(
    "p",
    { class: "sf-note", "data-testid": "sf-accusation-failed" },
    t("spyfall.screen.accusation_failed", { name: api.name(accused) }),
    tally,
  );
}
