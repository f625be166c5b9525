// I'm Not a Robot: the moments a device marks with a sound (a phone vibrates too) through the shell's
// api.cueOnce, each once: a moment is remembered by its turn and kind, so a re-render never repeats it.
//   phone: your_turn (the artist's phone, when it is time to uncover a tile)
//   table: reveal (the masks come off)

function moments(ctx) {
  const turn = `${ctx.match.id}:${ctx.match.round}:${ctx.artist || ""}`;
  const P = ctx.api.phases;
  if (ctx.table && ctx.stage === P.reveal) return [["reveal", turn]];
  if (ctx.playing && ctx.isArtist && ctx.stage === P.uncover) return [["your_turn", turn]];
  return [];
}

/** Sound each moment of this render, once (the shell's api.cueOnce). */
export function cueMoments(ctx) {
  for (const [name, key] of moments(ctx)) ctx.api.cueOnce(`${name}:${key}`, name);
}
