// The kit's styles are Spyfall's screen.css (classes sf-*).

/** The kit's styles are Spyfall's: load them for any screen that uses the kit. */
export function ensureKitStyles(api) {
  api.useStyles("spyfall");
}
