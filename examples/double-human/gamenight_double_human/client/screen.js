// Double human (a house rule for I'm Not a Human): a banner above the game's screen (docs/screens.md).
// The shell calls extend(view, root, api) after the game's render, on every state and every refresh.
//
// The banner gives nothing away: it reads only what every recipient's view holds, and it says the same
// on every phone and on the TV, Humans and robots alike. Once a round is over, when every card is on
// the table anyway, it names that round's two Humans (the game's own result names only one of them).

const VARIANT = "double_human";
const CLASS = "dh-banner";

function roundHumans(match, phases) {
  if (!match.over && match.phase !== phases.round_over) return null;
  const outcome = match.game_view?.outcome;
  if (!outcome || outcome.void || !Array.isArray(outcome.humans) || outcome.humans.length < 2) return null;
  return outcome.humans;
}

export function extend(view, root, api) {
  const match = view?.match;
  if (!match) return;
  api.useStyles?.(VARIANT);
  const humans = roundHumans(match, api.phases);
  const line = humans
    ? api.t("double_human.screen.humans_were", { first: api.name(humans[0]), second: api.name(humans[1]) })
    : api.t("double_human.screen.hint");
  const key = JSON.stringify([api.lang, line]);
  // Ours alone, found by its class: created once, kept above the game's own nodes, rebuilt only when its
  // text changes. A game screen that rebuilds its root gets it back on this very call.
  let banner = root.querySelector(`:scope > .${CLASS}`);
  if (!banner) {
    banner = api.el("aside", { class: CLASS, role: "note", "data-testid": "dh-banner" });
    root.prepend(banner);
  }
  if (banner.dataset.key === key) return;
  banner.dataset.key = key;
  banner.replaceChildren(
    api.el("span", { class: "dh-title", "data-testid": "dh-banner-title" }, api.t("double_human.screen.banner")),
    api.el("span", { class: "dh-line", "data-testid": humans ? "dh-humans" : "dh-hint" }, line),
  );
}
