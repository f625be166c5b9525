// Spyfall 2's screen: the secret card behind a press-and-hold, the location list with cross-off marks,
// who asks now, accusations and their votes, the spies' reveal, the final vote and the round's result.
// Rendered by the gamenight shell on every state: render(root, view, api). Text only through api.el / api.t.
//
// A phone lying on the table must give nothing away: the card shows only while it is held, and every
// player has the same buttons at rest (a non-spy who taps "reveal" is told so, on their own screen only).

const memory = new WeakMap();
const ACCUSATION = "accusation";
const NOTE_SECONDS = 4;
const MAX_IMPORT_BYTES = 60 * 1024; // an inbound Socket.IO packet may be 64 KiB at most

// -- small helpers ---------------------------------------------------------------------------------------

/** A location's name in the viewer's language, else in any language it has (custom ones may have one). */
function locationName(api, location) {
  if (!location) return "";
  const names = location.names || {};
  return names[api.lang] || names.en || names.ru || Object.values(names).find(Boolean) || location.id;
}

/** A role ({en, ru}, maybe one language only) in the viewer's language; null when there is none. */
function roleName(api, role) {
  if (!role) return null;
  if (typeof role === "string") return role;
  return role[api.lang] || role.en || role.ru || Object.values(role).find(Boolean) || null;
}

function packName(api, pack) {
  const names = pack.names || {};
  return names[api.lang] || names.en || names.ru || Object.values(names).find(Boolean) || pack.id;
}

function names(api, pids) {
  const list = pids.map((pid) => api.name(pid));
  try {
    return new Intl.ListFormat(api.lang, { style: "long", type: "conjunction" }).format(list);
  } catch {
    return list.join(", ");
  }
}

function sortedLocations(api, locations) {
  return locations.slice().sort((a, b) => locationName(api, a).localeCompare(locationName(api, b), api.lang));
}

/** The newest event of this round with ``key`` (the feed keeps the last 50), and its index. */
function lastEvent(match, key) {
  const events = match.events || [];
  for (let i = events.length - 1; i >= 0; i -= 1) {
    if (events[i].round === match.round && events[i].key === key) return { event: events[i], index: i };
  }
  return null;
}

function section(api, cls, testid, ...children) {
  return api.el("section", { class: ["sf-box", cls], "data-testid": testid }, ...children);
}

/** A button that stays disabled while its move is on the way (the next state re-renders it). */
function actionButton(api, attrs, label, onPress) {
  const button = api.el("button", { type: "button", ...attrs }, label);
  button.addEventListener("click", async () => {
    if (button.disabled) return;
    button.disabled = true;
    try {
      const answer = await onPress();
      if (!answer || !answer.ok) button.disabled = false;
    } catch (error) {
      console.error(error);
      button.disabled = false;
    }
  });
  return button;
}

// -- what the screen remembers between renders -----------------------------------------------------------

function remember(root, view, api) {
  let mem = memory.get(root);
  if (!mem || mem.shell.parentNode !== root) {
    mem = {
      shell: api.el("div", { class: "sf-shell" }),
      cardWrap: api.el("div", { class: "sf-card-wrap", hidden: true }),
      body: api.el("div", { class: "sf-body" }),
      card: null,
      held: false,
      key: null,
      ui: {},
    };
    mem.shell.replaceChildren(mem.cardWrap, mem.body);
    root.replaceChildren(mem.shell);
    root.classList.add("sf");
    memory.set(root, mem);
  }
  root.classList.toggle("sf-on-table", Boolean(api.table));
  const match = view.match;
  const key = `${match.id}:${match.round}`;
  if (mem.key !== key) {
    mem.key = key;
    mem.ui = {}; // a new round: close every picker
  }
  if (match.phase !== "play") {
    mem.ui.accuseOpen = false;
    mem.ui.accuseTarget = null;
    mem.ui.revealOpen = false;
  }
  if (match.phase !== "play" && match.phase !== "spy_reveal") mem.ui.revealTarget = null;
  if (match.phase !== "round_over") mem.ui.removeArmed = null;
  mem.api = api;
  return mem;
}

// -- the secret card: shown only while pressed and held ----------------------------------------------------

function holdCard(mem) {
  const el = (...args) => mem.api.el(...args);
  const back = el("span", { class: "sf-card-back" });
  const face = el("span", { class: "sf-card-face", "data-testid": "sf-card-face", "aria-live": "polite", hidden: true });
  const card = el("button", { type: "button", class: "sf-card", "data-testid": "sf-card" }, back, face);
  const show = () => {
    if (mem.held) return;
    mem.held = true;
    paintCard(mem);
  };
  const hide = () => {
    if (!mem.held) return;
    mem.held = false;
    paintCard(mem);
  };
  card.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    event.preventDefault();
    try {
      card.setPointerCapture(event.pointerId);
    } catch {
      // the pointer is already gone
    }
    show();
  });
  for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) card.addEventListener(type, hide);
  card.addEventListener("keydown", (event) => {
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      show();
    }
  });
  card.addEventListener("keyup", (event) => {
    if (event.key === " " || event.key === "Enter") hide();
  });
  card.addEventListener("blur", hide);
  card.addEventListener("contextmenu", (event) => event.preventDefault());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") hide();
  });
  window.addEventListener("blur", hide);
  mem.card = { card, back, face };
}

function paintCard(mem) {
  const api = mem.api;
  const { el, t } = api;
  const { card, back, face } = mem.card;
  const secret = mem.secret;
  card.classList.toggle("held", mem.held);
  card.setAttribute("aria-label", mem.held ? t("spyfall.screen.card_label") : t("spyfall.screen.card_hold"));
  back.replaceChildren(
    el("span", { class: "sf-card-emblem", "aria-hidden": "true" }, "?"),
    el("span", { class: "sf-card-hint" }, t("spyfall.screen.card_hold")),
    el("span", { class: "sf-card-sub" }, t("spyfall.screen.card_release")),
  );
  back.hidden = mem.held;
  face.hidden = !mem.held;
  if (!mem.held || !secret) {
    face.replaceChildren();
    return;
  }
  face.classList.toggle("spy", Boolean(secret.spy));
  const put = (...children) => face.replaceChildren(...children.filter(Boolean)); // (null would become "null")
  if (secret.spy) {
    const partners = secret.partners || [];
    put(
      el("span", { class: "sf-card-kicker" }, t("spyfall.screen.card_title")),
      el("strong", { class: "sf-card-spy", "data-testid": "sf-card-spy" }, t("spyfall.screen.you_are_spy")),
      el("span", { class: "sf-card-note" }, t("spyfall.screen.spy_goal")),
      partners.length
        ? el(
            "span",
            { class: "sf-card-partners", "data-testid": "sf-card-partners" },
            t("spyfall.screen.partners", { names: names(api, partners), count: partners.length }),
          )
        : null,
    );
    return;
  }
  const role = roleName(api, secret.role);
  put(
    el("span", { class: "sf-card-kicker" }, t("spyfall.screen.location")),
    el("strong", { class: "sf-card-location", "data-testid": "sf-card-location" }, locationName(api, secret.location)),
    role ? el("span", { class: "sf-card-kicker" }, t("spyfall.screen.role")) : null,
    role ? el("span", { class: "sf-card-role", "data-testid": "sf-card-role" }, role) : null,
    el("span", { class: "sf-card-note" }, t("spyfall.screen.agent_goal")),
  );
}

/** The card lives in a node that is never rebuilt: a re-render while it is held must not let it go. */
function paintCardSlot(mem, view, shown) {
  mem.cardWrap.hidden = !shown;
  if (!shown) {
    mem.held = false;
    mem.secret = null;
    if (mem.card) paintCard(mem);
    return;
  }
  if (!mem.card) {
    holdCard(mem);
    mem.cardWrap.replaceChildren(mem.card.card);
  }
  mem.secret = view.match.game_view.card || null;
  mem.card.card.classList.toggle("compact", view.match.phase === "round_over" || Boolean(view.match.over));
  paintCard(mem);
}

// -- who is who at the table: the dealer, who asks now, who has used their accusation -------------------

function playersSection(ctx) {
  const { api, match, game, me } = ctx;
  const { el, t } = api;
  const accused = new Set(game.accused || []);
  const asking = match.phase === "play" ? game.asker : null;
  return el(
    "ul",
    { class: "sf-players", "data-testid": "sf-players" },
    match.players.map((pid) =>
      el(
        "li",
        {
          class: ["sf-player", pid === asking ? "asking" : null, pid === me ? "me" : null],
          "data-player": pid,
        },
        el("span", { class: "sf-player-name" }, api.name(pid)),
        pid === game.dealer ? el("span", { class: "sf-tag dealer", "data-testid": "sf-dealer" }, t("spyfall.screen.dealer_tag")) : null,
        pid === asking ? el("span", { class: "sf-tag asking" }, t("spyfall.screen.asking_tag")) : null,
        accused.has(pid) ? el("span", { class: "sf-tag used", title: t("spyfall.screen.accused_hint") }, t("spyfall.screen.accused_tag")) : null,
      ),
    ),
  );
}

function askingSection(ctx) {
  const { api, match, game, me, playing } = ctx;
  const { el, t } = api;
  const asker = game.asker;
  const mine = playing && !api.table && asker === me;
  const lines = [
    el(
      "p",
      { class: "sf-asker", "data-testid": "sf-asker" },
      mine ? t("spyfall.screen.you_ask") : t("spyfall.screen.asks_now", { name: api.name(asker) }),
    ),
    el(
      "p",
      { class: "sf-muted", "data-testid": "sf-asked-by" },
      game.asked_by
        ? t("spyfall.screen.asked_by", { name: api.name(asker), by: api.name(game.asked_by) })
        : t("spyfall.screen.dealer_asks_first", { name: api.name(game.dealer) }),
    ),
  ];
  if (mine) {
    lines.push(
      el("p", { class: "sf-prompt" }, t("spyfall.screen.whom_asked")),
      el(
        "div",
        { class: "sf-choices", "data-testid": "sf-ask-targets" },
        match.players
          .filter((pid) => pid !== me)
          .map((pid) => {
            const back = pid === game.asked_by;
            return actionButton(
              api,
              {
                class: ["btn", "sf-choice"],
                disabled: back,
                "data-player": pid,
                "data-testid": "sf-asked",
                title: back ? t("spyfall.screen.no_asking_back") : null,
              },
              [
                el("span", {}, t("spyfall.screen.i_asked", { name: api.name(pid) })),
                back ? el("small", { class: "sf-choice-note" }, t("spyfall.screen.no_asking_back")) : null,
              ],
              () => api.send("asked", { player: pid }),
            );
          }),
      ),
    );
  }
  return section(api, "sf-asking", "sf-asking", ...lines);
}

/** After a failed accusation, this round: who was accused and how the vote went (the ballot is closed, so public). */
function failedNote(ctx) {
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
      no.length ? ` ${t("spyfall.screen.voted_no", { names: names(api, no) })}` : "",
    );
  }
  return el(
    "p",
    { class: "sf-note", "data-testid": "sf-accusation-failed" },
    t("spyfall.screen.accusation_failed", { name: api.name(accused) }),
    tally,
  );
}

// -- the location list ----------------------------------------------------------------------------------

/** mode: "cross" (my own marks), "pick" (the spy names one), "show" (the table, or no marks). */
function locationsSection(ctx, mode) {
  const { api, game, mem } = ctx;
  const { el, t } = api;
  const marks = new Set(game.marks || []);
  const pending = mem.ui.pending || (mem.ui.pending = new Map()); // my marks on their way to the server
  const answer = game.outcome?.location?.id || null;
  const items = sortedLocations(api, game.candidates || []);
  const chosen = mem.ui.revealTarget;
  const head =
    mode === "pick"
      ? null
      : el(
          "div",
          { class: "sf-head" },
          el("h3", {}, t("spyfall.screen.locations", { count: items.length })),
          mode === "cross" ? el("small", { class: "sf-muted" }, t("spyfall.screen.cross_hint")) : null,
        );
  const list = el(
    mode === "show" ? "ul" : "div",
    { class: ["sf-locations", mode], "data-testid": mode === "pick" ? "sf-pick-list" : "sf-locations" },
    items.map((location) => {
      const crossed = pending.has(location.id) ? pending.get(location.id) : marks.has(location.id);
      const cls = [
        "sf-location",
        crossed && mode !== "show" ? "crossed" : null,
        location.id === answer ? "answer" : null,
        mode === "pick" && chosen === location.id ? "chosen" : null,
      ];
      const label = el("span", { class: "sf-location-name" }, locationName(api, location));
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
            "data-testid": "sf-pick",
            "aria-pressed": chosen === location.id ? "true" : "false",
            onclick: () => {
              mem.ui.revealTarget = location.id;
              ctx.rerender();
            },
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
          "data-testid": "sf-location",
          "data-pending": pending.has(location.id) ? "1" : null,
          "aria-pressed": crossed ? "true" : "false",
          title: crossed ? t("spyfall.screen.uncross") : t("spyfall.screen.cross"),
          onclick: () => {
            // Show the mark at once; the server keeps it (so it survives a refresh) and the next state has it.
            const now = !crossed;
            pending.set(location.id, now);
            ctx.rerender();
            api.send("cross", { location: location.id, crossed: now }).finally(() => {
              if (pending.get(location.id) === now) pending.delete(location.id);
              ctx.rerender();
            });
          },
        },
        label,
      );
    }),
  );
  if (mode === "pick") return el("div", { class: "sf-pick-box", "data-testid": "sf-pick-box" }, list); // inside the reveal box
  return section(api, "sf-list", "sf-list", head, list);
}

// -- my moves in play: accuse, reveal ----------------------------------------------------------------------

function toolsSection(ctx) {
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
        { class: "sf-panel", "data-testid": "sf-accuse-panel" },
        el("p", { class: "sf-prompt" }, t("spyfall.screen.accuse_whom")),
        el(
          "div",
          { class: "sf-choices" },
          match.players
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
                api.name(pid),
              ),
            ),
        ),
        target
          ? el("p", { class: "sf-confirm-text" }, t("spyfall.screen.accuse_confirm_text", { name: api.name(target) }))
          : el("p", { class: "sf-muted" }, t("spyfall.screen.accuse_hint")),
        el(
          "div",
          { class: "sf-row" },
          target
            ? actionButton(
                api,
                { class: "btn primary", "data-testid": "sf-accuse-confirm" },
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
function revealSection(ctx, forced) {
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
    el("p", { class: "sf-muted" }, forced ? t("spyfall.screen.reveal_forced_hint") : t("spyfall.screen.reveal_hint")),
    locationsSection(ctx, "pick"),
    location
      ? el("p", { class: "sf-confirm-text" }, t("spyfall.screen.reveal_confirm_text", { location: locationName(api, location) }))
      : el("p", { class: "sf-muted" }, t("spyfall.screen.reveal_pick")),
    el(
      "div",
      { class: "sf-row" },
      location
        ? actionButton(
            api,
            { class: "btn primary", "data-testid": "sf-reveal-confirm" },
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
  );
}

// -- votes: an accusation, or one candidate at a time when the clock ran out ----------------------------

function voteSection(ctx, ballotId, { accuser, accused, title, question }) {
  const { api, match, me } = ctx;
  const { el, t } = api;
  const ballot = match.ballots?.[ballotId];
  if (!ballot || ballot.closed) return null;
  const voted = ballot.voted || [];
  const voter = !api.table && ballot.voters.includes(me);
  const parts = [
    el("h3", {}, title),
    el(
      "p",
      { class: "sf-big", "data-testid": "sf-vote-subject" },
      accuser
        ? t("spyfall.screen.accuses", { accuser: api.name(accuser), accused: api.name(accused) })
        : t("spyfall.screen.final_subject", { name: api.name(accused) }),
    ),
    accuser ? null : el("p", { class: "sf-muted" }, t("spyfall.screen.final_hint")),
  ];
  if (!api.table && me === accused) {
    parts.push(el("p", { class: "sf-warn", "data-testid": "sf-you-accused" }, t("spyfall.screen.you_are_accused")));
  }
  if (voter) {
    parts.push(
      el("p", { class: "sf-prompt" }, question),
      el(
        "div",
        { class: "sf-row sf-vote-buttons", "data-testid": "sf-vote-buttons" },
        ["yes", "no"].map((choice) =>
          actionButton(
            api,
            {
              class: ["btn", "big", "sf-vote", choice, ballot.mine === choice ? "chosen" : null],
              "aria-pressed": ballot.mine === choice ? "true" : "false",
              "data-testid": `sf-vote-${choice}`,
            },
            choice === "yes" ? t("spyfall.screen.vote_yes") : t("spyfall.screen.vote_no"),
            () => api.send("vote", { ballot: ballotId, choice }),
          ),
        ),
      ),
      el(
        "p",
        { class: "sf-muted", "data-testid": "sf-my-vote" },
        ballot.mine
          ? t(ballot.mine === "yes" ? "spyfall.screen.you_voted_yes" : "spyfall.screen.you_voted_no") +
              (me === accuser ? ` ${t("spyfall.screen.accuser_voted")}` : "") +
              ` ${t("spyfall.screen.can_change")}`
          : t("spyfall.screen.vote_hint"),
      ),
    );
  }
  if (typeof ctx.game.spy_count === "number") {
    parts.push(
      el(
        "p",
        { class: "sf-muted" },
        ctx.game.spy_count === 2 ? t("spyfall.screen.threshold_two") : t("spyfall.screen.threshold_one"),
      ),
    );
  }
  parts.push(
    el(
      "p",
      { class: "sf-progress", "data-testid": "sf-vote-progress" },
      t("spyfall.screen.voted_count", { count: voted.length, total: ballot.voters.length }),
    ),
    el(
      "ul",
      { class: "sf-voters" },
      ballot.voters.map((pid) =>
        el(
          "li",
          { class: voted.includes(pid) ? "done" : "waiting", "data-player": pid },
          api.name(pid),
          voted.includes(pid) ? " ✓" : " …",
        ),
      ),
    ),
  );
  return section(api, "sf-vote-box", "sf-vote", ...parts);
}

// -- reveals and the round's result ------------------------------------------------------------------------

function revealedList(ctx) {
  const { api, game } = ctx;
  const { el, t } = api;
  const revealed = game.revealed || {};
  const spies = Object.keys(revealed);
  if (!spies.length) return null;
  return el(
    "ul",
    { class: "sf-revealed", "data-testid": "sf-revealed" },
    spies.map((spy) =>
      el(
        "li",
        { "data-player": spy },
        t("spyfall.screen.revealed", { name: api.name(spy), location: locationName(api, revealed[spy]) }),
      ),
    ),
  );
}

function spyRevealSection(ctx) {
  const { api, match, me } = ctx;
  const { el, t } = api;
  const mine = !api.table && match.turn === me;
  return [
    section(
      api,
      "sf-reveal-news",
      "sf-spy-reveal",
      el("h3", {}, t("spyfall.screen.spy_revealed_title")),
      revealedList(ctx),
      mine ? null : el("p", { class: "sf-muted", "data-testid": "sf-waiting-spy" }, t("spyfall.screen.waiting_other_spy", { name: api.name(match.turn) })),
    ),
    mine ? revealSection(ctx, true) : null,
  ];
}

function howText(ctx, outcome) {
  const { api } = ctx;
  const { t } = api;
  const spyConvicted = outcome.convicted && outcome.spies.includes(outcome.convicted);
  switch (outcome.how) {
    case "accusation":
      return t(spyConvicted ? "spyfall.screen.how_accusation_spy" : "spyfall.screen.how_accusation_innocent", {
        name: api.name(outcome.convicted),
      });
    case "final_vote":
      return t(spyConvicted ? "spyfall.screen.how_final_spy" : "spyfall.screen.how_final_innocent", {
        name: api.name(outcome.convicted),
      });
    case "clock":
      return t("spyfall.screen.how_clock");
    case "reveal":
      return t(outcome.correct.length ? "spyfall.screen.how_reveal_right" : "spyfall.screen.how_reveal_wrong");
    default:
      return null;
  }
}

function resultSection(ctx) {
  const { api, match, game, host } = ctx;
  const { el, t } = api;
  const outcome = game.outcome;
  if (!outcome) return null;
  const spies = outcome.spies || [];
  const guesses = Object.entries(outcome.guesses || {});
  const parts = [
    el(
      "p",
      { class: ["sf-winner", outcome.winner], "data-testid": "sf-winner" },
      outcome.winner === "spies" ? t("spyfall.screen.spies_win") : t("spyfall.screen.agents_win"),
    ),
    el("p", { class: "sf-how", "data-testid": "sf-how" }, howText(ctx, outcome)),
    el(
      "dl",
      { class: "sf-facts" },
      el("dt", {}, t("spyfall.screen.location")),
      el("dd", { "data-testid": "sf-result-location" }, locationName(api, outcome.location)),
      el("dt", {}, t("spyfall.screen.spies_were", { count: spies.length })),
      el(
        "dd",
        { "data-testid": "sf-result-spies" },
        spies.length ? names(api, spies) : t("spyfall.screen.no_spy"),
      ),
    ),
    guesses.length
      ? el(
          "ul",
          { class: "sf-guesses", "data-testid": "sf-guesses" },
          guesses.map(([spy, location]) =>
            el(
              "li",
              { class: outcome.correct.includes(spy) ? "right" : "wrong", "data-player": spy },
              location
                ? t(outcome.correct.includes(spy) ? "spyfall.screen.guess_right" : "spyfall.screen.guess_wrong", {
                    name: api.name(spy),
                    location: locationName(api, location),
                  })
                : t("spyfall.screen.guess_none", { name: api.name(spy) }),
            ),
          ),
        )
      : null,
    el("p", { class: "sf-muted" }, t("spyfall.screen.points_below")),
  ];
  if (!api.table && !match.over) {
    if (host) {
      const last = match.round >= (game.rounds ?? match.options?.rounds ?? 0);
      const reshuffled = wasReshuffled(match);
      const board = (match.variants || []).includes("eight_locations");
      parts.push(
        el(
          "div",
          { class: "sf-row" },
          actionButton(
            api,
            { class: "btn primary big", "data-testid": "sf-next" },
            last ? t("spyfall.screen.finish") : t("spyfall.screen.next"),
            () => api.send("next"),
          ),
        ),
        board
          ? null
          : el(
              "div",
              { class: "sf-row" },
              actionButton(
                api,
                { class: "btn", disabled: reshuffled, "data-testid": "sf-reshuffle" },
                reshuffled ? t("spyfall.screen.reshuffled") : t("spyfall.screen.reshuffle"),
                () => api.send("reshuffle"),
              ),
            ),
        board ? null : el("p", { class: "sf-muted" }, t("spyfall.screen.reshuffle_hint")),
      );
    } else {
      parts.push(el("p", { class: "sf-muted", "data-testid": "sf-waiting-host" }, t("spyfall.screen.waiting_host")));
    }
  }
  return section(api, "sf-result", "sf-result", el("h3", {}, t("spyfall.screen.result_title")), ...parts);
}

function wasReshuffled(match) {
  const over = lastEvent(match, "event.round_over");
  const shuffled = lastEvent(match, "spyfall.event.reshuffled");
  return Boolean(over && shuffled && shuffled.index > over.index);
}

// -- custom location packs (the lobby's shelf "spyfall.packs"), for the host between rounds ---------------

const SHELF = "spyfall.packs";

function exportPack(api, pack) {
  const data = {
    names: pack.names,
    locations: (pack.locations || []).map((location) => ({ names: location.names, roles: location.roles || [] })),
  };
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const file = `${packName(api, pack).replace(/[\\/:*?"<>|\s]+/g, "-") || "pack"}.json`;
  const link = api.el("a", { href: url, download: file, hidden: true });
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A pack file's content as the args of `add_pack` (only the fields the server takes), or null. */
function packFromFile(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return null;
  if (!data.names || typeof data.names !== "object" || !Array.isArray(data.locations)) return null;
  const pick = (names) => {
    const out = {};
    for (const lang of ["en", "ru"]) if (typeof names?.[lang] === "string" && names[lang].trim()) out[lang] = names[lang];
    return out;
  };
  return {
    names: pick(data.names),
    locations: data.locations.map((location) => ({
      names: pick(location?.names),
      roles: Array.isArray(location?.roles) ? location.roles.map((role) => pick(role)).filter((r) => Object.keys(r).length) : [],
    })),
  };
}

function packsSection(ctx, view) {
  const { api, match, mem } = ctx;
  const { el, t } = api;
  const packs = view.lobby?.shelves?.[SHELF]?.packs || [];
  const canChange = typeof api.shelf === "function"; // a shell that lets a screen send shelf moves
  const inPlay = (match.options?.packs || []).includes("custom");
  const problem = el("p", { class: "sf-warn", "data-testid": "sf-pack-problem", hidden: true });
  const parts = [
    el("h3", {}, t("spyfall.screen.packs_title")),
    el("p", { class: "sf-muted" }, inPlay ? t("spyfall.screen.packs_in_play") : t("spyfall.screen.packs_not_in_play")),
  ];
  parts.push(
    packs.length
      ? el(
          "ul",
          { class: "sf-packs", "data-testid": "sf-packs" },
          packs.map((pack) =>
            el(
              "li",
              { "data-pack": pack.id },
              el(
                "span",
                { class: "sf-pack-name" },
                packName(api, pack),
                " ",
                el("small", { class: "sf-muted" }, t("spyfall.screen.pack_size", { count: (pack.locations || []).length })),
              ),
              el(
                "span",
                { class: "sf-row" },
                el(
                  "button",
                  { type: "button", class: "btn small", "data-testid": "sf-pack-export", onclick: () => exportPack(api, pack) },
                  t("spyfall.screen.pack_export"),
                ),
                canChange
                  ? el(
                      "button",
                      {
                        type: "button",
                        class: ["btn", "small", "danger", mem.ui.removeArmed === pack.id ? "armed" : null],
                        "data-testid": "sf-pack-remove",
                        onclick: async () => {
                          if (mem.ui.removeArmed !== pack.id) {
                            mem.ui.removeArmed = pack.id;
                            ctx.rerender();
                            return;
                          }
                          mem.ui.removeArmed = null;
                          await api.shelf(SHELF, "remove_pack", { pack: pack.id });
                        },
                      },
                      mem.ui.removeArmed === pack.id ? t("spyfall.screen.pack_remove_confirm") : t("spyfall.screen.pack_remove"),
                    )
                  : null,
              ),
            ),
          ),
        )
      : el("p", { class: "sf-muted" }, t("spyfall.screen.no_packs")),
  );
  if (canChange) {
    const input = el("input", {
      type: "file",
      accept: "application/json,.json",
      class: "sf-file",
      "data-testid": "sf-pack-import",
      "aria-label": t("spyfall.screen.pack_import"),
    });
    input.addEventListener("change", async () => {
      const file = input.files?.[0];
      input.value = "";
      if (!file) return;
      problem.hidden = true;
      if (file.size > MAX_IMPORT_BYTES) {
        problem.textContent = t("spyfall.screen.pack_too_big");
        problem.hidden = false;
        return;
      }
      let pack = null;
      try {
        pack = packFromFile(JSON.parse(await file.text()));
      } catch {
        pack = null;
      }
      if (!pack) {
        problem.textContent = t("spyfall.screen.pack_bad_file");
        problem.hidden = false;
        return;
      }
      await api.shelf(SHELF, "add_pack", { pack });
    });
    parts.push(
      el("label", { class: "btn sf-import" }, t("spyfall.screen.pack_import"), input),
      el("p", { class: "sf-muted" }, t("spyfall.screen.pack_import_hint")),
    );
  }
  parts.push(problem);
  return section(api, "sf-packs-box", "sf-packs-box", ...parts);
}

// -- the eight-locations board (variant eight_locations; the lobby's shelf "spyfall.board") -----------------

const BOARD = "spyfall.board";
const BOARD_SIZE = 8;

/** The proposal field is kept between renders, so that a state arriving while someone types keeps their text. */
function proposeForm(ctx) {
  const { api, mem } = ctx;
  if (mem.propose && mem.propose.lang === api.lang) return mem.propose.form;
  const { el, t } = api;
  const input = el("input", {
    type: "text",
    maxlength: 40,
    class: "sf-propose-input",
    "data-testid": "sf-board-name",
    placeholder: t("spyfall.screen.board_placeholder"),
    "aria-label": t("spyfall.screen.board_placeholder"),
    enterkeyhint: "send",
  });
  const button = el("button", { type: "submit", class: "btn primary", "data-testid": "sf-board-propose" }, t("spyfall.screen.board_propose"));
  const form = el(
    "form",
    {
      class: "sf-propose",
      novalidate: true,
      onsubmit: async (event) => {
        event.preventDefault();
        const name = input.value.trim();
        if (!name || button.disabled) return;
        button.disabled = true;
        try {
          const answer = await mem.api.shelf(BOARD, "propose", { name });
          if (answer?.ok) input.value = "";
        } finally {
          button.disabled = false;
        }
      },
    },
    input,
    button,
  );
  mem.propose = { form, input, lang: api.lang };
  return form;
}

function boardSection(ctx, view) {
  const { api, host, playing } = ctx;
  const { el, t } = api;
  const data = view.lobby?.shelves?.[BOARD] || {};
  const stickers = data.stickers || Array(BOARD_SIZE).fill(null);
  const proposals = data.proposals || [];
  const gaps = stickers.filter((sticker) => !sticker).length;
  const canChange = !api.table && typeof api.shelf === "function"; // a shell that lets a screen send shelf moves
  return section(
    api,
    "sf-board",
    "sf-board",
    el("h3", {}, t("spyfall.screen.board_title", { filled: stickers.length - gaps, size: stickers.length })),
    el(
      "ol",
      { class: "sf-stickers" },
      stickers.map((sticker) =>
        el("li", { class: sticker ? null : "empty" }, sticker ? sticker.name : t("spyfall.screen.board_empty")),
      ),
    ),
    el(
      "p",
      { class: gaps ? "sf-warn" : "sf-muted", "data-testid": "sf-board-missing" },
      gaps ? t("spyfall.screen.board_missing", { count: gaps }) : t("spyfall.screen.board_ready"),
    ),
    proposals.length
      ? el(
          "ul",
          { class: "sf-proposals", "data-testid": "sf-proposals" },
          proposals.map((proposal) =>
            el(
              "li",
              { "data-proposal": proposal.id },
              el("span", {}, el("strong", {}, proposal.name), " ", el("small", { class: "sf-muted" }, t("spyfall.screen.board_by", { name: api.name(proposal.by) }))),
              canChange && host
                ? el(
                    "span",
                    { class: "sf-row" },
                    actionButton(api, { class: "btn small primary", disabled: !gaps }, t("spyfall.screen.board_confirm"), () =>
                      api.shelf(BOARD, "confirm", { proposal: proposal.id }),
                    ),
                    actionButton(api, { class: "btn small" }, t("spyfall.screen.board_reject"), () =>
                      api.shelf(BOARD, "reject", { proposal: proposal.id }),
                    ),
                  )
                : null,
            ),
          ),
        )
      : null,
    canChange && playing && gaps ? proposeForm(ctx) : null,
  );
}

/** Render again after a local change (a picker opened); not once the shell has given the root to another screen. */
function rerender(root, mem) {
  if (mem.shell.parentNode === root && memory.get(root) === mem) render(root, mem.view, mem.api);
}

// -- the screen ---------------------------------------------------------------------------------------------

export function render(root, view, api) {
  const mem = remember(root, view, api);
  const { el, t } = api;
  const match = view.match;
  const game = match.game_view || {};
  const me = api.table ? null : view.you;
  const playing = Boolean(me && match.players.includes(me));
  const host = Boolean(me && view.lobby?.host === me);
  const ctx = { api, match, game, me, mem, playing, host, rerender: () => rerender(root, mem) };
  mem.view = view;

  const parts = [];
  paintCardSlot(mem, view, playing && Boolean(game.card));
  if (!game.candidates) {
    mem.body.replaceChildren(el("p", { class: "sf-muted" }, t("spyfall.screen.dealing")));
    return;
  }

  const phase = match.phase;
  const over = phase === "round_over" || match.over;
  parts.push(
    el(
      "div",
      { class: "sf-top" },
      el(
        "p",
        { class: "sf-round", "data-testid": "sf-round" },
        t("spyfall.screen.round_of", { round: match.round, rounds: game.rounds ?? match.options?.rounds ?? match.round }),
        " · ",
        t("spyfall.screen.dealer", { name: api.name(game.dealer) }),
      ),
      playersSection(ctx),
    ),
  );

  if (phase === "play" && !match.over) {
    parts.push(askingSection(ctx));
    const failed = failedNote(ctx);
    if (failed) parts.push(section(api, "sf-failed", "sf-failed", failed));
    if (match.paused) parts.push(el("p", { class: "sf-warn", "data-testid": "sf-paused" }, t("spyfall.screen.paused")));
    if (playing && mem.ui.revealOpen && game.card?.spy) {
      parts.push(revealSection(ctx, false));
    } else if (playing) {
      parts.push(toolsSection(ctx));
    }
  } else if (phase === ACCUSATION) {
    const accusation = game.accusation || match.ballots?.[ACCUSATION]?.data || {};
    parts.push(
      voteSection(ctx, ACCUSATION, {
        accuser: accusation.accuser,
        accused: accusation.accused,
        title: t("spyfall.screen.accusation_title"),
        question: t("spyfall.screen.accusation_question", { name: api.name(accusation.accused) }),
      }),
    );
  } else if (phase === "spy_reveal") {
    parts.push(...spyRevealSection(ctx));
  } else if (phase === "final_vote" && game.final_candidate) {
    parts.push(
      voteSection(ctx, `final:${game.final_candidate}`, {
        accuser: null,
        accused: game.final_candidate,
        title: t("spyfall.screen.final_title"),
        question: t("spyfall.screen.final_question", { name: api.name(game.final_candidate) }),
      }),
    );
  } else if (over) {
    parts.push(resultSection(ctx));
  }

  const board = (match.variants || []).includes("eight_locations");
  if (board && over && !match.over) parts.push(boardSection(ctx, view));
  if (host && over && !match.over && !board) parts.push(packsSection(ctx, view));
  const picking = phase === "play" && mem.ui.revealOpen && game.card?.spy;
  const forcedPick = phase === "spy_reveal" && !api.table && match.turn === me;
  if (!picking && !forcedPick) {
    parts.push(locationsSection(ctx, playing && !over ? "cross" : "show"));
  }

  // The card node stays (it may be held right now); the rest is rebuilt, and a field being typed in keeps the focus.
  const typing = document.activeElement;
  const keep = typing && mem.body.contains(typing) && typing.tagName === "INPUT" && typing.type === "text";
  const selection = keep ? [typing.selectionStart, typing.selectionEnd] : null;
  mem.body.replaceChildren(...parts.filter(Boolean));
  if (keep && mem.body.contains(typing)) {
    typing.focus();
    typing.setSelectionRange(...selection);
  }
}
