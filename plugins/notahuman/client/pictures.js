// I'm Not a Human: what a picture shows, in words, for its alt text. The built-in scenes carry tags in
// each language (scenes.json, the deck's own file): "Picture 3: winter, night, forest". A picture of an
// uploaded pack has no tags and is said by its number. The tags are loaded once per page; the screen is
// rendered again when they arrive.

const SCENES = "/images/notahuman.scenes/";
let tags = null; // image id → { en: [...], ru: [...] }
let asked = false;

/** Ask for the scenes' tags (once); ``api.refresh()`` repaints the pictures when they arrive. */
export function loadTags(api) {
  if (asked) return;
  asked = true;
  fetch("/plugins/notahuman/scenes.json")
    .then((answer) => (answer.ok ? answer.json() : []))
    .catch(() => [])
    .then((scenes) => {
      tags = new Map(scenes.map((scene) => [scene.id, scene.tags || {}]));
      api.refresh?.();
    });
}

/** True once the tags are in: part of every paint key that describes a picture. */
export function tagsReady() {
  return tags !== null;
}

function tagsOf(ctx, n) {
  const src = ctx.images[n - 1] || "";
  if (!tags || !src.startsWith(SCENES)) return null;
  const words = tags.get(decodeURIComponent(src.slice(SCENES.length)))?.[ctx.lang];
  return words?.length ? words.join(", ") : null;
}

/** The words for picture ``n`` (its alt text), "the answer" said too when ``answer``. */
export function describe(ctx, n, { answer = false } = {}) {
  const { t } = ctx.api;
  const words = tagsOf(ctx, n);
  if (answer) return words ? t("notahuman.screen.picture_answer_tags", { number: n, tags: words }) : t("notahuman.screen.picture_answer", { number: n });
  return words ? t("notahuman.screen.picture_tags", { number: n, tags: words }) : t("notahuman.screen.picture", { number: n });
}
