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
  let panel = setups.get(root);
  if (!panel || panel.box.parentNode !== root) {
    panel = { keys: {}, busy: false, message: null, progress: null };
    panel.list = el("div", { class: "nah-packs", "data-testid": "nah-packs" });
    panel.uploader = el("div", { class: "nah-uploader" });
    panel.head = el("div", {});
    panel.box = el("div", { class: "nah-setup", "data-testid": "nah-setup" }, panel.head, panel.list, panel.uploader);
    root.replaceChildren(panel.box);
    setups.set(root, panel);
  }
  panel.view = view;
  panel.api = api;
  const host = api.host;
  paint(panel, "head", panel.head, [api.lang, host, setupRounds(view)], () => [
    el("h3", {}, t("notahuman.screen.packs_title")),
    host ? el("p", { class: "nah-note" }, t("notahuman.screen.packs_hint", { count: 9 * setupRounds(view) })) : null,
  ]);
  paint(panel, "list", panel.list, [api.lang, packs, host], () =>
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
    panel.uploader.replaceChildren();
    panel.keys.uploader = null;
    panel.form = null;
    return;
  }
  if (!panel.form || panel.form.lang !== api.lang) panel.form = uploadForm(panel, api);
  if (panel.form.node.parentNode !== panel.uploader) panel.uploader.replaceChildren(panel.form.node);
  paintUpload(panel);
}

function uploadForm(panel, api) {
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
    upload(panel);
  });
  return { node, name, files, button, status, lang: api.lang };
}

function paintUpload(panel) {
  const { el, t } = panel.api;
  const form = panel.form;
  form.button.disabled = panel.busy;
  const key = JSON.stringify([panel.api.lang, panel.busy, panel.progress, panel.message]);
  if (form.shown === key) return;
  form.shown = key;
  put(
    form.status,
    panel.busy ? el("progress", { max: "100", value: String(Math.round((panel.progress || 0) * 100)), "data-testid": "nah-upload-progress" }) : null,
    panel.busy ? el("span", { class: "nah-note" }, t("notahuman.screen.pack_uploading")) : null,
    panel.message ? el("p", { class: panel.message.ok ? "nah-ok" : "nah-problem", role: panel.message.ok ? "status" : "alert", "data-testid": "nah-upload-message" }, t(panel.message.key, panel.message.params || {})) : null,
  );
}

function upload(panel) {
  const form = panel.form;
  const chosen = [...(form.files.files || [])];
  if (!chosen.length) {
    panel.message = { ok: false, key: "notahuman.screen.pack_no_files" };
    paintUpload(panel);
    return;
  }
  const data = new FormData();
  data.append("name", form.name.value.trim() || form.name.placeholder);
  for (const file of chosen) data.append("images", file, file.name);
  const finish = (message) => {
    panel.busy = false;
    panel.progress = null;
    panel.message = message;
    paintUpload(panel);
  };
  panel.busy = true;
  panel.progress = 0;
  panel.message = null;
  paintUpload(panel);
  const path = `/l/${encodeURIComponent(panel.view.lobby.code)}/images`;
  panel.api.upload(path, data, (fraction) => {
    panel.progress = fraction;
    paintUpload(panel);
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
