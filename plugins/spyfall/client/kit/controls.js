// The box every Spyfall screen's part sits in (its buttons are the shell's: api.actionButton, api.confirmButton).

let headings = 0;

/** A part's box; a part with a heading is a region named by it, which a screen reader can jump to. */
export function section(api, cls, testid, ...children) {
  const box = api.el("section", { class: ["sf-box", cls], "data-testid": testid }, ...children);
  const heading = [...box.children].find((child) => /^H[2-4]$/.test(child.tagName));
  if (heading) {
    heading.id ||= `sf-heading-${++headings}`;
    box.setAttribute("aria-labelledby", heading.id);
  }
  return box;
}
