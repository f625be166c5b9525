// The box every Spyfall screen's part sits in (its buttons are the shell's: api.actionButton, api.confirmButton).

export function section(api, cls, testid, ...children) {
  return api.el("section", { class: ["sf-box", cls], "data-testid": testid }, ...children);
}
