// What a sound or a vibration says, written: each cue this device plays (cues.js) shows a short caption
// line for a few seconds, on the table as on a phone, whether the sound is heard or muted. Cues played
// together show together, one line each; a cue played again keeps its one line up longer.

import { has, t } from "./i18n.js";

const SHOWN_MS = 4000;
const MOST_LINES = 3;

let box = null;
const hideTimers = new Map();

function captionBox() {
  if (box?.isConnected) return box;
  box = document.createElement("div");
  box.className = "cue-captions";
  box.dataset.testid = "cue-captions";
  document.body.append(box);
  return box;
}

/** Show the caption of cue ``name`` ("The vote is open") for a few seconds. */
export function showCaption(name) {
  if (!document.body) return;
  const key = `cue.${name}`;
  const lines = captionBox();
  let line = [...lines.children].find((node) => node.dataset.cue === name);
  if (!line) {
    line = document.createElement("div");
    line.className = "cue-caption";
    line.dataset.testid = "cue-caption";
    line.dataset.cue = name;
    lines.append(line);
    while (lines.children.length > MOST_LINES) lines.firstElementChild.remove();
  }
  line.textContent = has(key) ? t(key) : name;
  clearTimeout(hideTimers.get(name));
  hideTimers.set(
    name,
    setTimeout(() => {
      line.remove();
      hideTimers.delete(name);
    }, SHOWN_MS),
  );
}
