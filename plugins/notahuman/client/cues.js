// I'm Not a Human: the moments a device marks with a sound (and a phone with a vibration too) through the
// shell's api.cueOnce, each once: a moment is remembered by its round and kind, so a re-render never repeats it.
//   table:  round_start (the associations open), reveal (the Human reveals; the round's result),
//           vote_open, vote_close
//   phone:  your_turn (a word to give; your explanation), reveal_window (on every phone alike: the cue
//           must not tell the Human from the robots)

import { OVER } from "./common.js";

function moments(ctx) {
  const { api, gameView, stage } = ctx;
  const phases = api.phases;
  const round = `${ctx.match.id}:${ctx.match.round}`;
  const out = [];
  if (api.table) {
    if (stage === phases.associations) out.push(["round_start", `${round}:start`]);
    if (stage === phases.guess) out.push(["reveal", `${round}:revealed`]);
    if (stage === phases.voting) out.push(["vote_open", `${round}:vote`]);
    if ((stage === phases.round_over || stage === OVER) && gameView.outcome) {
      if (gameView.outcome.how === "vote") out.push(["vote_close", `${round}:vote`]);
      out.push(["reveal", `${round}:result`]);
    }
  } else if (ctx.seated) {
    if (stage === phases.associations && !gameView.my_word) out.push(["your_turn", `${round}:word`]);
    if (stage === phases.reveal_window) out.push(["reveal_window", `${round}:window`]);
    if (stage === phases.explanations && gameView.speaker === ctx.me) out.push(["your_turn", `${round}:explain`]);
  }
  return out;
}

/** Sound each moment of this render, once (the shell's api.cueOnce). */
export function cueMoments(ctx) {
  for (const [name, key] of moments(ctx)) ctx.api.cueOnce(`${name}:${key}`, name);
}
