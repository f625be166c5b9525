// Custom location packs (the lobby's shelf "spyfall.packs"): save one as a file, add one, remove one.

import { section } from "./controls.js";
import { packName } from "./words.js";

const MAX_IMPORT_BYTES = 60 * 1024; // an inbound Socket.IO packet may be 64 KiB at most
export const PACKS = "spyfall.packs";

function exportPack(api, pack) {
  const data = {
    names: pack.names,
    locations: (pack.locations || []).map((location) => ({ names: location.names, roles: location.roles || [] })),
  };
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const file = `${packName(api, pack).replace(/[\\/:*?"<>|\s]+/g, "-") || "pack"}.json`;
  const link = api.el("a", { href: url, download: file, hidden: true });
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A pack file's content as the args of `add_pack` (only the fields the server takes), or null. */
export function packFromFile(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return null;
  if (!data.names || typeof data.names !== "object" || !Array.isArray(data.locations)) return null;
  const pick = (names) => {
    const out = {};
    for (const lang of ["en", "ru"]) if (typeof names?.[lang] === "string" && names[lang].trim()) out[lang] = names[lang];
    return out;
  };
  return {
    names: pick(data.names),
    locations: data.locations.map((location) => ({
      names: pick(location?.names),
      roles: Array.isArray(location?.roles) ? location.roles.map((role) => pick(role)).filter((r) => Object.keys(r).length) : [],
    })),
  };
}

/**
 * The lobby's custom packs: everyone may save one as a file; ``manage`` (the host, where shelf moves can be
 * sent) adds one from a file and removes one. ``note``: a line on whether the packs are in play.
 */
export function packsEditor(api, view, ui, { manage, note, rerender, testid = "sf-packs-box" }) {
  const { el, t } = api;
  const packs = view.lobby?.shelves?.[PACKS]?.packs || [];
  const canChange = Boolean(manage) && typeof api.shelf === "function";
  const problem = el("p", { class: "sf-warn", "data-testid": "sf-pack-problem", hidden: true });
  const parts = [el("h3", {}, t("spyfall.kit.packs_title")), note ? el("p", { class: "sf-muted" }, note) : null];
  parts.push(
    packs.length
      ? el(
          "ul",
          { class: "sf-packs", "data-testid": "sf-packs" },
          packs.map((pack) =>
            el(
              "li",
              { "data-pack": pack.id },
              el(
                "span",
                { class: "sf-pack-name" },
                packName(api, pack),
                " ",
                el("small", { class: "sf-muted" }, t("spyfall.kit.pack_size", { count: (pack.locations || []).length })),
              ),
              el(
                "span",
                { class: "sf-row" },
                el(
                  "button",
                  { type: "button", class: "btn small", "data-testid": "sf-pack-export", onclick: () => exportPack(api, pack) },
                  t("spyfall.kit.pack_export"),
                ),
                canChange
                  ? api.confirmButton({
                      id: `pack:${pack.id}`,
                      attrs: { class: "btn small danger", "data-testid": "sf-pack-remove" },
                      label: t("spyfall.kit.pack_remove"),
                      confirmLabel: t("spyfall.kit.pack_remove_confirm"),
                      onConfirm: () => api.shelf(PACKS, "remove_pack", { pack: pack.id }),
                    })
                  : null,
              ),
            ),
          ),
        )
      : el("p", { class: "sf-muted" }, t("spyfall.kit.no_packs")),
  );
  if (canChange) {
    const input = el("input", {
      type: "file",
      accept: "application/json,.json",
      class: "sf-file",
      "data-testid": "sf-pack-import",
      "aria-label": t("spyfall.kit.pack_import"),
    });
    input.addEventListener("change", async () => {
      const file = input.files?.[0];
      input.value = "";
      if (!file) return;
      problem.hidden = true;
      if (file.size > MAX_IMPORT_BYTES) {
        problem.textContent = t("spyfall.kit.pack_too_big");
        problem.hidden = false;
        return;
      }
      let pack = null;
      try {
        pack = packFromFile(JSON.parse(await file.text()));
      } catch {
        pack = null;
      }
      if (!pack) {
        problem.textContent = t("spyfall.kit.pack_bad_file");
        problem.hidden = false;
        return;
      }
      await api.shelf(PACKS, "add_pack", { pack });
    });
    parts.push(
      el("label", { class: "btn sf-import" }, t("spyfall.kit.pack_import"), input),
      el("p", { class: "sf-muted" }, t("spyfall.kit.pack_import_hint")),
    );
  }
  parts.push(problem);
  return section(api, "sf-packs-box", testid, ...parts);
}
