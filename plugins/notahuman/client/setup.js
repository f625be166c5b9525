// I'm Not a Human: the lobby's setup card: the host's picture packs.

import { put, paint } from "./common.js";

const setups = new WeakMap();

/** The rounds the chosen setup will play (Defragmentation sets them; the rulebook plays 6). */
function setupRounds(view) {
  const setup = view.lobby.setup;
  if (setup?.variants?.includes("defragmentation") && Number.isInteger(setup.options?.rounds)) return setup.options.rounds;
  return 6;
}

export function renderSetup(root, view, api) {
  const { el, t } = api;
  const packs = view.lobby.shelves?.["images.uploads"]?.packs || [];
  if (!api.host && packs.length === 0) {
    root.replaceChildren(); // nothing to show: the setup card keeps its whole width for the summary
    return;
  }
  let s = setups.get(root);
  if (!s || s.box.parentNode !== root) {
    s = { keys: {}, busy: false, message: null, progress: null };
    s.list = el("div", { class: "nah-packs", "data-testid": "nah-packs" });
    s.uploader = el("div", { class: "nah-uploader" });
    s.head = el("div", {});
    s.box = el("div", { class: "nah-setup", "data-testid": "nah-setup" }, s.head, s.list, s.uploader);
    root.replaceChildren(s.box);
    setups.set(root, s);
  }
  s.view = view;
  s.api = api;
  const host = api.host;
  paint(s, "head", s.head, [api.lang, host, setupRounds(view)], () => [
    el("h3", {}, t("notahuman.screen.packs_title")),
    host ? el("p", { class: "nah-note" }, t("notahuman.screen.packs_hint", { count: 9 * setupRounds(view) })) : null,
  ]);
  paint(s, "list", s.list, [api.lang, packs, host], () =>
    packs.length
      ? el("ul", { class: "nah-pack-list" },
          packs.map((pack) =>
            el("li", { class: "nah-pack", "data-testid": "nah-pack", "data-pack": pack.id },
              el("span", { class: "nah-pack-thumbs", "aria-hidden": "true" },
                pack.images.slice(0, 4).map((image) => el("img", { src: `/images/${encodeURIComponent(pack.id)}/${encodeURIComponent(image)}`, alt: "", loading: "lazy" })),
              ),
              el("span", { class: "nah-pack-name" }, pack.name, el("small", {}, t("notahuman.screen.pack_size", { count: pack.images.length }))),
              host
                ? el("button", {
                    type: "button",
                    class: "btn small ghost danger",
                    "data-testid": "nah-pack-remove",
                    onclick: () => api.shelf("images.uploads", "remove", { pack: pack.id }),
                  }, t("notahuman.screen.pack_remove"))
                : null,
            ),
          ),
        )
      : null,
  );
  if (!host) {
    s.uploader.replaceChildren();
    s.keys.uploader = null;
    s.form = null;
    return;
  }
  if (!s.form || s.form.lang !== api.lang) s.form = uploadForm(s, api);
  if (s.form.node.parentNode !== s.uploader) s.uploader.replaceChildren(s.form.node);
  paintUpload(s);
}

function uploadForm(s, api) {
  const { el, t } = api;
  const name = el("input", { type: "text", maxlength: "40", "data-testid": "nah-pack-name", placeholder: t("notahuman.screen.pack_name_placeholder") });
  const files = el("input", { type: "file", multiple: true, accept: "image/*", "data-testid": "nah-pack-files" });
  const button = el("button", { type: "submit", class: "btn", "data-testid": "nah-pack-upload" }, t("notahuman.screen.pack_upload"));
  const status = el("div", { class: "nah-upload-status", "aria-live": "polite" });
  const node = el("form", { class: "nah-upload", "data-testid": "nah-upload", novalidate: true },
    el("label", { class: "field" }, el("span", { class: "field-label" }, t("notahuman.screen.pack_name")), name),
    el("label", { class: "field" }, el("span", { class: "field-label" }, t("notahuman.screen.pack_files")), files),
    el("div", { class: "actions" }, button),
    status,
  );
  node.addEventListener("submit", (event) => {
    event.preventDefault();
    upload(s);
  });
  return { node, name, files, button, status, lang: api.lang };
}

function paintUpload(s) {
  const { el, t } = s.api;
  const form = s.form;
  form.button.disabled = s.busy;
  const key = JSON.stringify([s.api.lang, s.busy, s.progress, s.message]);
  if (form.shown === key) return;
  form.shown = key;
  put(
    form.status,
    s.busy ? el("progress", { max: "100", value: String(Math.round((s.progress || 0) * 100)), "data-testid": "nah-upload-progress" }) : null,
    s.busy ? el("span", { class: "nah-note" }, t("notahuman.screen.pack_uploading")) : null,
    s.message ? el("p", { class: s.message.ok ? "nah-ok" : "nah-problem", role: s.message.ok ? "status" : "alert", "data-testid": "nah-upload-message" }, t(s.message.key, s.message.params || {})) : null,
  );
}

function upload(s) {
  const form = s.form;
  const chosen = [...(form.files.files || [])];
  if (!chosen.length) {
    s.message = { ok: false, key: "notahuman.screen.pack_no_files" };
    paintUpload(s);
    return;
  }
  const data = new FormData();
  data.append("name", form.name.value.trim() || form.name.placeholder);
  for (const file of chosen) data.append("images", file, file.name);
  const finish = (message) => {
    s.busy = false;
    s.progress = null;
    s.message = message;
    paintUpload(s);
  };
  s.busy = true;
  s.progress = 0;
  s.message = null;
  paintUpload(s);
  const path = `/l/${encodeURIComponent(s.view.lobby.code)}/images`;
  s.api.upload(path, data, (fraction) => {
    s.progress = fraction;
    paintUpload(s);
  }).then((answer) => {
    if (answer.ok) {
      form.files.value = "";
      form.name.value = "";
      finish({ ok: true, key: "notahuman.screen.pack_uploaded", params: { name: answer.pack.name, count: answer.pack.images.length } });
    } else {
      finish({ ok: false, key: answer.error.key, params: answer.error.params });
    }
  });
}
