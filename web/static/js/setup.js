// Choosing the game: the host's form (generated from the option schemas) or everyone else's summary.

import { el, fill } from "./dom.js";
import { lang, t } from "./i18n.js";
import { gameName, heading, optionValueText, variantName } from "./common.js";
import { findGame } from "./catalogue.js";
import { keepingFocus } from "./focus.js";
import { loadScreen, screenApi, showWhenStyled } from "./screens.js";
import { label, optionField, readOption } from "./option_fields.js";

// After the host changes an option, Start waits this long: a tap meant for the next option, landing on the
// Start bar, does not start a match set up halfway.
const SETTLE_MS = 1500;

export class SetupPanel {
  /** ``command(kind, args)`` sends a lobby command; ``refused()`` is called when a choice is refused. */
  constructor(container, { command, refused, table = false }) {
    this.container = container;
    this.command = command;
    this.refused = refused;
    this.key = null;
    this.form = null;
    this.view = null;
    // The form (or everyone else's summary), rebuilt when what it shows changes; below it the game's own
    // setup editors (screen.js's renderSetup), rendered on every state. Neither is ever taken out of the
    // page to rebuild the other: a field being typed in there keeps its focus.
    this.main = el("div", { class: "setup-main" });
    this.extra = el("div", { class: "setup-extra", "data-testid": "setup-extra" });
    container.replaceChildren(this.main, this.extra);
    this.api = screenApi({
      current: () => this.view,
      command,
      table,
      root: () => this.extra,
      refresh: () => {
        if (this.view) this.renderExtra(this.view);
      },
    });
  }

  /** The card is hidden (a match is on): drop the game's editors, so that only the match's screen is in the page. */
  hide() {
    this.view = null;
    this.extraGame = null;
    this.extra.replaceChildren();
  }

  invalidate() {
    this.key = null;
  }

  /** Re-render only when something the panel shows changed (so typing is never interrupted). */
  update(view, catalogue, { host }) {
    // The host's form is the source of truth while they edit it: their own choices coming back
    // must not rebuild it (that would drop what they are typing in another field). It is rebuilt
    // when the game or the variants change (the fields change), or after a refusal (invalidate()).
    const setup = view.lobby.setup;
    const shape = host ? [setup?.game ?? null, setup?.variants ?? null] : setup;
    this.view = view;
    this.last = { catalogue, host };
    // only the summary uses the game's optionApplies: its arrival must not rebuild the host's form mid-typing
    const applies = host ? null : (this.applies?.game ?? null);
    const key = JSON.stringify([lang(), host, shape, Boolean(catalogue), applies]);
    if (key !== this.key) {
      this.key = key;
      this.form = null;
      keepingFocus(this.main, () => fill(this.main, host ? this.hostForm(view, catalogue) : this.summary(view, catalogue)));
    }
    this.renderExtra(view);
  }

  async renderExtra(view) {
    const game = view.lobby.setup?.game;
    const module = game ? await loadScreen(game) : null;
    if (this.view !== view) return; // a newer state is rendering
    if (module?.optionApplies && this.applies?.game !== game) {
      // the game's screen says which options apply to this setup: the summary leaves the others out
      this.applies = { game, fn: module.optionApplies };
      this.update(view, this.last.catalogue, { host: this.last.host });
      return;
    }
    // another game's part never stays in the card, whatever the new game's renderSetup makes of what it finds
    if (this.extraGame !== game) this.extra.replaceChildren();
    this.extraGame = game;
    if (module?.renderSetup) {
      keepingFocus(this.extra, () => {
        try {
          module.renderSetup(this.extra, view, this.api);
        } catch (error) {
          console.error(error);
          this.extra.replaceChildren();
        }
      });
      showWhenStyled(this.extra, () => this.api.refresh());
    } else {
      this.extra.replaceChildren();
    }
  }

  summary(view, catalogue) {
    const setup = view.lobby.setup;
    if (!setup) {
      return [heading(t("setup.title")), el("p", { class: "muted", "data-testid": "setup-waiting" }, t("setup.waiting"))];
    }
    const game = findGame(catalogue, setup.game);
    let options = [...(game?.options || [])];
    for (const variant of game?.variants || []) {
      if (setup.variants.includes(variant.id)) options.push(...variant.options);
    }
    const applies = this.applies?.game === setup.game ? this.applies.fn : null;
    if (applies) options = options.filter((option) => applies(option.name, setup) !== false);
    return [
      heading(t("setup.title")),
      el(
        "div",
        { class: "setup-summary", "data-testid": "setup-summary" },
        el("div", { class: "game-title" }, gameName(setup.game)),
        setup.variants.length
          ? el(
              "div",
              { class: "chips" },
              setup.variants.map((v) => el("span", { class: "chip" }, variantName(v))),
            )
          : null,
        el(
          "dl",
          { class: "options-list" },
          // a pair per <div>: two columns on a phone, a flowing grid of pairs on the table (table.css)
          options.map((option) =>
            el(
              "div",
              { class: "option-pair" },
              el("dt", {}, label(option)),
              el("dd", {}, optionValueText(option, setup.options[option.name])),
            ),
          ),
        ),
        el("a", { href: `/rules/${encodeURIComponent(setup.game)}`, target: "_blank", class: "link" }, t("setup.rules")),
      ),
    ];
  }

  hostForm(view, catalogue) {
    const setup = view.lobby.setup;
    if (!catalogue) return [heading(t("setup.title")), el("p", { class: "muted" }, t("common.loading"))];
    if (!catalogue.length) return [heading(t("setup.title")), el("p", { class: "muted" }, t("setup.no_games"))];
    const game = setup ? findGame(catalogue, setup.game) : null;
    const select = el(
      "select",
      {
        id: "game-select",
        "data-testid": "game-select",
        onchange: () => {
          if (select.value) this.choose({ game: select.value, variants: [], options: {} });
        },
      },
      setup ? null : el("option", { value: "", selected: true, disabled: true }, t("setup.choose_game")),
      catalogue.map((g) =>
        el(
          "option",
          { value: g.id, selected: setup?.game === g.id },
          // the name alone: on a phone a closed picker has no room for more (the range shows below)
          gameName(g.id),
        ),
      ),
    );
    const parts = [
      heading(t("setup.title")),
      el(
        "div",
        { class: "game-pick" },
        el("label", { class: "field grow", for: "game-select" }, el("span", { class: "field-label" }, t("setup.game")), select),
        setup
          ? el(
              "a",
              {
                href: `/rules/${encodeURIComponent(setup.game)}`,
                target: "_blank",
                class: "btn ghost",
                "data-testid": "rules-link",
              },
              t("setup.rules"),
            )
          : null,
      ),
    ];
    if (!setup || !game) {
      parts.push(el("p", { class: "muted" }, t("setup.pick_hint")));
      return parts;
    }
    parts.push(
      el(
        "small",
        { class: "hint", "data-testid": "setup-players" },
        t("setup.players_range", { min: game.players[0], max: game.players[1] }),
      ),
    );
    const form = el("form", {
      class: "setup-form",
      "data-testid": "setup-form",
      onsubmit: (event) => event.preventDefault(),
      onchange: (event) => {
        if (event.target !== select) this.choose(this.collect());
      },
    });
    if (game.options.length) {
      form.appendChild(
        el(
          "fieldset",
          { class: "options", "data-scope": "game" },
          el("legend", {}, t("setup.options")),
          game.options.map((option) => optionField(option, setup.options[option.name] ?? option.default, "game")),
        ),
      );
    }
    if (game.variants.length) {
      const chosen = new Set(setup.variants);
      const excluded = new Set();
      for (const variant of game.variants) {
        if (chosen.has(variant.id)) for (const other of variant.excludes) excluded.add(other);
        if (variant.excludes.some((other) => chosen.has(other))) excluded.add(variant.id);
      }
      form.appendChild(
        el(
          "fieldset",
          { class: "variants" },
          el("legend", {}, t("setup.variants")),
          game.variants.map((variant) =>
            el(
              "div",
              { class: "variant" },
              el(
                "label",
                { class: "check" },
                el("input", {
                  type: "checkbox",
                  "data-variant": variant.id,
                  "data-testid": `variant-${variant.id}`,
                  checked: chosen.has(variant.id),
                  disabled: !chosen.has(variant.id) && excluded.has(variant.id),
                }),
                el("span", {}, variantName(variant.id)),
              ),
              chosen.has(variant.id) && variant.options.length
                ? el(
                    "div",
                    { class: "variant-options", "data-scope": variant.id },
                    variant.options.map((option) =>
                      optionField(option, setup.options[option.name] ?? option.default, variant.id),
                    ),
                  )
                : null,
            ),
          ),
        ),
      );
    }
    this.form = form;
    this.game = setup.game;
    parts.push(form);
    return parts;
  }

  /** The form's current choice, as the args of a `choose` command. */
  collect() {
    if (!this.form) return null;
    const variants = [...this.form.querySelectorAll("input[data-variant]")]
      .filter((box) => box.checked)
      .map((box) => box.dataset.variant);
    const options = {};
    for (const node of this.form.querySelectorAll("[data-option]")) {
      const scope = node.closest("[data-scope]")?.dataset.scope;
      if (scope !== "game" && !variants.includes(scope)) continue;
      const value = readOption(node);
      if (value !== undefined) options[node.dataset.option] = value;
    }
    return { game: this.game, variants, options };
  }

  /**
   * True for a moment after the host changed an option (Start is disabled meanwhile); ``done`` is called when
   * that moment is over (to render Start enabled again).
   */
  settling(done) {
    const left = (this.changedAt || 0) + SETTLE_MS - Date.now();
    if (left <= 0) return false;
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(done, left + 20);
    return true;
  }

  async choose(args) {
    this.changedAt = Date.now();
    const answer = await this.command("choose", args);
    if (!answer.ok) {
      this.invalidate();
      this.refused?.();
    }
    return answer;
  }
}
