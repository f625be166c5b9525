// Fitting the table screen: no scrolling on a TV. Lists that grow (the feed, each round's points) lose
// their least important entries until their box fits; the stage tells the games its size.

/**
 * Show every ``[data-fit-drop]`` entry inside ``box``, then hide them one by one (the feed's oldest
 * events first, then the oldest rounds' points) while the box's content is taller than the box. A box
 * whose height follows its content (a phone, a narrow window) keeps everything.
 */
export function trimToFit(box) {
  const entries = [...box.querySelectorAll("[data-fit-drop]")];
  for (const entry of entries) entry.hidden = false;
  const order = [
    ...entries.filter((entry) => entry.dataset.fitDrop === "event").reverse(),
    ...entries.filter((entry) => entry.dataset.fitDrop !== "event").reverse(),
  ];
  for (const entry of order) {
    if (box.scrollHeight <= box.clientHeight + 1) break;
    entry.hidden = true;
  }
}

/**
 * Keep the stage's size in CSS variables on it (--stage-width, --stage-height, in px), for a game that
 * computes a layout from them; container units (cqw, cqh) give the same in CSS.
 */
export function watchStage(stage) {
  new ResizeObserver(([entry]) => {
    const { width, height } = entry.contentRect;
    stage.style.setProperty("--stage-width", `${Math.round(width)}px`);
    stage.style.setProperty("--stage-height", `${Math.round(height)}px`);
  }).observe(stage);
}
