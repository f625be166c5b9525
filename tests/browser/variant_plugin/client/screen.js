// "Table talk": a variant's addition to High Card's screen (docs/screens.md), for the browser tests.
// The shell calls extend(view, root, api) after High Card's render, on every state and every refresh.

export function extend(view, root, api) {
  const match = view.match;
  const claims = Object.keys(match.game_view?.claims || {}).length;
  let box = root.querySelector(".tt-box");
  if (!box) {
    // Its own part, added once and kept: High Card's screen keeps its regions, so this stays too; a screen
    // that rebuilds its root gets it added again on the next call.
    box = api.el("section", { class: "tt-box", "data-testid": "tt-box" });
    root.appendChild(box);
  }
  const note = api.el(
    "p",
    { class: "tt-note", "data-testid": "tt-note" },
    api.t("table_talk.screen.note", { round: match.round, count: claims }),
  );
  const field = api.el("input", {
    type: "text",
    "data-keep": "tt-remark",
    "data-testid": "tt-remark",
    placeholder: api.t("table_talk.screen.remark"),
    "aria-label": api.t("table_talk.screen.remark"),
  });
  // Rebuilt on every call (a new node each time): the shell keeps the focus, the text and the caret.
  box.replaceChildren(note, field);
  box.dataset.calls = String(Number(box.dataset.calls || 0) + 1);
}
