// Who is in the match and who is at the table: presence, departures, the players' chips.

/** True when ``pid`` left the match or was kicked: shown as gone, never asked, accused or pointed at. */
export function gone(match, pid) {
  return (match.left || []).includes(pid);
}

/** "Round void: Boris left": a round that ended because the holder of its secret left. */
export function voidNote(api, outcome, testid = "sf-void") {
  return api.el(
    "p",
    { class: "sf-warn sf-void", "data-testid": testid },
    outcome.left ? api.t("match.round_void", { name: api.name(outcome.left) }) : api.t("match.round_void_nobody"),
  );
}

/** A small label next to a player's name. */
export function tag(api, text, cls, attrs = {}) {
  return api.el("span", { class: ["sf-tag", cls], ...attrs }, text);
}

/**
 * The players as chips: ``asking`` is highlighted, ``tags(pid)`` adds labels. Those in ``left`` (they left
 * the match or were kicked) are struck through with a "left" label and get no other tag.
 */
export function playerChips(
  api,
  players,
  { me = null, asking = null, tags = () => [], testid = "sf-players", left = [] } = {},
) {
  const { el } = api;
  const departed = new Set(left);
  return el(
    "ul",
    { class: "sf-players", "data-testid": testid },
    players.map((pid) =>
      el(
        "li",
        {
          class: ["sf-player", pid === asking ? "asking" : null, pid === me ? "me" : null, departed.has(pid) ? "left" : null],
          "data-player": pid,
          "data-left": departed.has(pid) ? "true" : null,
        },
        el("span", { class: "sf-player-name" }, api.who(pid, { size: "s" })),
        departed.has(pid)
          ? tag(api, api.t("match.left_badge"), "gone", { "data-testid": "sf-left" })
          : [pid === asking ? tag(api, api.t("spyfall.kit.asking_tag"), "asking") : null, tags(pid)],
      ),
    ),
  );
}
