// This browser's device id: random, made once and kept in its storage, sent with every join so that a host's
// kick keeps this phone out whatever name it uses (docs/protocol.md, "Moderation").

const DEVICE_KEY = "gamenight.device";
let fallback = null; // storage unavailable: an id for this page only

function fresh() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function deviceId() {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = fresh();
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    fallback = fallback || fresh();
    return fallback;
  }
}

/** Streamer mode's invite, from this page's private link (``?invite=``), or null. */
export function pageInvite() {
  return new URLSearchParams(window.location.search).get("invite");
}

/** What every join carries for the lobby's door: this phone's device id and the private link's invite. */
export function doorArgs() {
  const invite = pageInvite();
  return { device: deviceId(), ...(invite ? { invite } : {}) };
}
