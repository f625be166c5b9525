// High Card's screen: my secret card, the dealer, the claims, the claim form, the vote, the reveal.
// Rendered by the gamenight shell on every state: render(root, view, api). Text only through api.el / api.t.

const parts = new WeakMap();
let claimKey = "";

function cardNumber(card) {
  return card ? String(Number(card.slice(1))) : "?";
}

function card(api, value, extra = {}) {
  return api.el(
    "span",
    { class: ["hc-card", extra.class], "data-testid": extra.testid, "aria-label": api.t("highcard.screen.card", { value: cardNumber(value) }) },
    api.el("span", { class: "hc-card-corner" }, cardNumber(value)),
    api.el("span", { class: "hc-card-value" }, cardNumber(value)),
  );
}

/** Persistent sub-containers, so that re-rendering never steals the focus from the claim field. */
function regions(root, api) {
  let found = parts.get(root);
  if (!found || found.info.parentNode !== root) {
    found = {
      info: api.el("div", { class: "hc-info" }),
      action: api.el("div", { class: "hc-action" }),
      after: api.el("div", { class: "hc-after" }),
    };
    root.replaceChildren(found.info, found.action, found.after);
    root.classList.add("hc");
    parts.set(root, found);
    claimKey = "";
  }
  return found;
}

function seatOrderFrom(players, first) {
  const index = Math.max(0, players.indexOf(first));
  return players.slice(index).concat(players.slice(0, index));
}

function claimText(api, match, game, pid) {
  const claims = game.claims || {};
  if (Object.hasOwn(claims, pid)) {
    return claims[pid] === null ? api.t("highcard.screen.silent") : api.t("highcard.screen.claimed", { value: claims[pid] });
  }
  if (match.phase === api.phases.claim && match.turn === pid) return api.t("highcard.screen.thinking");
  return "—";
}

function claimForm(api, view) {
  const input = api.el("input", {
    type: "number",
    min: 1,
    max: 30,
    step: 1,
    inputmode: "numeric",
    class: "hc-claim-input",
    "data-testid": "claim-input",
    "aria-label": api.t("highcard.screen.claim_label"),
  });
  const problem = api.el("p", { class: "hc-problem", hidden: true, "data-testid": "claim-problem" });
  const button = api.el("button", { type: "submit", class: "btn primary big", "data-testid": "claim-submit" }, api.t("highcard.screen.claim_submit"));
  const form = api.el(
    "form",
    {
      class: "hc-claim",
      "data-testid": "claim-form",
      "data-now": "claim",
      novalidate: true,
      onsubmit: async (event) => {
        event.preventDefault();
        const value = Number(input.value);
        if (!Number.isInteger(value) || value < 1 || value > 30) {
          problem.textContent = api.t("highcard.screen.claim_range");
          problem.hidden = false;
          input.focus();
          return;
        }
        problem.hidden = true;
        button.disabled = true;
        const answer = await api.send("claim", { value });
        if (!answer || !answer.ok) button.disabled = false;
      },
    },
    api.el("p", { class: "hc-turn" }, api.t("highcard.screen.your_turn")),
    api.el("label", { class: "hc-claim-label" }, api.t("highcard.screen.claim_label")),
    api.el("div", { class: "hc-claim-row" }, input, button),
    problem,
  );
  return form;
}

function voteSection(api, view, ballot) {
  const me = view.you;
  const { el, t } = api;
  const voted = ballot.voted || [];
  const progress = el(
    "p",
    { class: "hc-progress", "data-testid": "vote-progress" },
    t("highcard.screen.voted", { count: voted.length, total: ballot.voters.length }),
  );
  const whoVoted = el(
    "ul",
    { class: "hc-voters" },
    ballot.voters.map((pid) =>
      el("li", { class: voted.includes(pid) ? "done" : "waiting" }, api.name(pid), voted.includes(pid) ? " ✓" : " …"),
    ),
  );
  if (api.table || !ballot.voters.includes(me)) {
    return [el("h3", {}, t("highcard.ballot.highest")), progress, whoVoted];
  }
  const allowed = ballot.allowed || ballot.candidates.filter((c) => c !== me);
  return [
    el("h3", {}, t("highcard.screen.vote_prompt")),
    el(
      "div",
      { class: "hc-vote-options", "data-testid": "vote-options" },
      allowed.map((pid) =>
        el(
          "button",
          {
            type: "button",
            class: ["btn", "big", "hc-vote", ballot.mine === pid ? "selected" : null],
            "aria-pressed": ballot.mine === pid ? "true" : "false",
            "data-testid": `vote-${pid}`,
            onclick: () => api.send("vote", { ballot: "highest", choice: pid }),
          },
          api.name(pid),
        ),
      ),
    ),
    ballot.mine
      ? el("p", { class: "hc-note", "data-testid": "my-vote" }, t("highcard.screen.you_voted", { name: api.name(ballot.mine) }))
      : el("p", { class: "hc-note" }, t("highcard.screen.vote_hint")),
    progress,
  ];
}

function revealSection(api, view) {
  const { el, t } = api;
  const match = view.match;
  const game = match.game_view;
  const hands = game.hands || {};
  const holders = Object.keys(hands);
  const best = holders.reduce((top, pid) => (top === null || hands[pid] > hands[top] ? pid : top), null);
  const ballot = match.ballots?.highest;
  const choices = ballot?.choices || {};
  return el(
    "div",
    { class: "hc-reveal", "data-testid": "hands" },
    el("h3", {}, t("highcard.screen.hands")),
    best ? el("p", { class: "hc-best", "data-testid": "best" }, t("highcard.screen.best", { name: api.name(best), value: cardNumber(hands[best]) })) : null,
    el(
      "ul",
      { class: "hc-hands" },
      seatOrderFrom(match.players, game.dealer)
        .filter((pid) => hands[pid])
        .map((pid) =>
          el(
            "li",
            { class: pid === best ? "best" : null, "data-player": pid },
            card(api, hands[pid], { class: "small" }),
            el("span", { class: "hc-hand-name" }, api.name(pid)),
            choices[pid] ? el("span", { class: "hc-hand-vote" }, t("highcard.screen.voted_for", { name: api.name(choices[pid]) })) : null,
          ),
        ),
    ),
    game.server ? el("p", { class: "hc-note" }, t("highcard.screen.server", { value: cardNumber(game.server) })) : null,
  );
}

export function render(root, view, api) {
  const { el, t } = api;
  const match = view.match;
  const game = match.game_view || {};
  const me = view.you;
  const isHost = !api.table && me !== null && view.lobby.host === me;
  const { info, action, after } = regions(root, api);

  const banned = (view.lobby.shelves?.["highcard.bans"]?.cards || []).slice().sort();

  // What everyone sees: my card (phones only), the dealer and the claims in turn order.
  const order = seatOrderFrom(match.players, game.dealer);
  info.replaceChildren(
    el(
      "div",
      { class: "hc-top" },
      !api.table && game.my_card
        ? el("div", { class: "hc-mine", "data-testid": "my-card" }, el("div", { class: "hc-label" }, t("highcard.screen.your_card")), card(api, game.my_card, { testid: "my-card-value" }))
        : null,
      el(
        "div",
        { class: "hc-claims-box" },
        el("p", { class: "hc-dealer", "data-testid": "dealer" }, t("highcard.screen.dealer", { name: api.name(game.dealer) })),
        banned.length
          ? el("p", { class: "hc-note", "data-testid": "banned" }, t("highcard.screen.banned", { cards: banned.map(cardNumber).join(", ") }))
          : null,
        el("h3", {}, t("highcard.screen.claims")),
        el(
          "ol",
          { class: "hc-claims", "data-testid": "claims" },
          order.map((pid) =>
            el(
              "li",
              { class: [match.turn === pid && match.phase === api.phases.claim ? "turn" : null, pid === me ? "me" : null], "data-player": pid },
              el("span", { class: "hc-claim-name" }, api.name(pid)),
              el("span", { class: "hc-claim-value" }, claimText(api, match, game, pid)),
            ),
          ),
        ),
      ),
    ),
  );

  // The one thing to do now.
  if (match.phase === api.phases.claim && match.turn === me && !api.table) {
    const key = `${match.id}:${match.round}:${match.turn}`;
    const current = action.querySelector("form.hc-claim");
    if (!(current && claimKey === key && current.dataset.lang === api.lang)) {
      const previous = claimKey === key ? action.querySelector("input.hc-claim-input")?.value || "" : "";
      const form = claimForm(api, view);
      form.dataset.lang = api.lang;
      action.replaceChildren(form);
      form.querySelector("input.hc-claim-input").value = previous;
    }
    claimKey = key;
  } else {
    claimKey = "";
    let content = null;
    const ballot = match.ballots?.highest;
    if (match.phase === api.phases.claim) {
      content = el("p", { class: "hc-wait", "data-testid": "waiting-claim" }, t("highcard.screen.waiting_claim", { name: api.name(match.turn) }));
    } else if (match.phase === api.phases.vote && ballot && !ballot.closed) {
      content = el("div", { class: "hc-vote-box", "data-testid": "vote", "data-now": "vote" }, voteSection(api, view, ballot));
    } else if (match.phase === api.phases.round_over) {
      const last = match.round >= (match.options?.rounds ?? 0);
      content = isHost
        ? el(
            "button",
            { type: "button", class: "btn primary big", "data-testid": "next-round", onclick: () => api.send("next") },
            last ? t("highcard.screen.finish") : t("highcard.screen.next"),
          )
        : el("p", { class: "hc-wait", "data-testid": "waiting-host" }, t("highcard.screen.waiting_host"));
    }
    action.replaceChildren(...(content ? [content] : []));
  }

  after.replaceChildren(...(game.revealed ? [revealSection(api, view)] : []));
}
