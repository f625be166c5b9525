// I'm Not a Human: what every part of the screen shares: the constants, the render's context, small builders.

export const SERVER = "server";
export const BALLOT = "human";
export const SERVER_SLOT = 9; // "#9" at the bottom of the association list: nobody, a glitch (the server)
export const MAX_LETTERS = 32;
export const ART = "/plugins/notahuman/art";
export const OVER = "over"; // the screen's stage once the match has ended (not a phase of the game)

export function put(node, ...children) {
  node.replaceChildren();
  const add = (child) => {
    if (child === null || child === undefined || child === false) return;
    if (Array.isArray(child)) child.forEach(add);
    else if (child instanceof Node) node.appendChild(child);
    else node.appendChild(document.createTextNode(String(child)));
  };
  children.forEach(add);
  return node;
}

/** Rebuild ``node`` with ``build()`` only when ``key`` changed since its last build (kept in ``state.keys[name]``). */
export function paint(state, name, node, key, build) {
  const text = JSON.stringify(key);
  if (state.keys[name] === text) return;
  state.keys[name] = text;
  put(node, build());
}

export function stars(api, count) {
  return api.el(
    "span",
    { class: ["nah-stars", count ? null : "none"], "aria-label": api.t("notahuman.screen.stars", { count }) },
    count ? "★".repeat(count) : "—",
  );
}

export function token(api, number, extra = {}) {
  return api.el("span", { class: ["nah-token", extra.class], "aria-hidden": "true" }, String(number));
}

export function who(ctx, pid) {
  if (pid === SERVER) return ctx.api.t("notahuman.screen.server");
  return pid === ctx.me && ctx.seated ? ctx.api.t("notahuman.screen.you_name", { name: ctx.api.name(pid) }) : ctx.api.name(pid);
}

/** The "left" label of a player who left the match or was kicked. */
export function leftBadge(ctx) {
  return ctx.api.el("span", { class: "nah-badge gone", "data-testid": "nah-left" }, ctx.api.t("match.left_badge"));
}

export function choiceLabel(ctx, choice) {
  if (choice === SERVER) return ctx.api.t("notahuman.screen.choice_server", { number: SERVER_SLOT });
  const entry = ctx.gameView.associations?.[Number(choice) - 1];
  if (!entry) return `#${choice}`;
  return ctx.api.t("notahuman.screen.choice", { number: choice, word: entry.word });
}

export function context(view, api) {
  const match = view.match;
  const gameView = match.game_view || {};
  const me = view.you;
  const present = api.present;
  const left = new Set(match.left || []);
  const seated = api.playing; // a seat not in the match (a late arrival, or back after leaving) sees the table
  const associations = gameView.associations || [];
  return {
    present,
    left,
    // the words the round waits for: one per player still in, plus those given before their player left
    expected: present.length + associations.filter((a) => left.has(a.player)).length,
    view,
    api,
    match,
    gameView,
    me,
    seated,
    stage: match.over ? OVER : match.phase, // the server's phase, or OVER once the match has ended
    host: api.host,
    lang: api.lang,
    names: match.names,
    associations: gameView.associations || [],
    images: gameView.images || [],
  };
}

export function el(ctx, ...args) {
  return ctx.api.el(...args);
}

export function boardMode(ctx) {
  const { api, stage, match } = ctx;
  if (stage === api.phases.guess && ctx.seated && match.turn === ctx.me) return "pick";
  return "look";
}
