// After a pick is sent, the focus goes to what the phone then says of it ("You named: ..."), so that a screen
// reader reads it out next. (The shell keeps a focused button across renders by its data-keep key.)

/** Ask for the focus on the node with test id ``testid`` once a render of the current phase draws it. */
export function focusWhenDrawn(ctx, testid) {
  ctx.mem.ui.focusNext = { testid, phase: ctx.match.phase };
  ctx.rerender();
}

/** After a render of ``body``: the confirmation focusWhenDrawn asked for gets the focus, once drawn. */
export function focusConfirmation(body, ui, phase) {
  const next = ui.focusNext;
  if (!next) return;
  if (next.phase !== phase) {
    ui.focusNext = null;
    return;
  }
  const target = body.querySelector(`[data-testid="${CSS.escape(next.testid)}"]`);
  if (!target) return;
  ui.focusNext = null;
  target.focus();
}
