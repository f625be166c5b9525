// What this browser remembers: its seat token per lobby, and the name last used.

const SEAT_PREFIX = "gamenight.seat.";
const NAME_KEY = "gamenight.name";

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage unavailable: the seat lasts as long as the page
  }
}

/** {token, player} for lobby ``code``, or null. */
export function getSeat(code) {
  const raw = read(SEAT_PREFIX + code);
  if (!raw) return null;
  try {
    const seat = JSON.parse(raw);
    return seat && typeof seat.token === "string" ? seat : null;
  } catch {
    return null;
  }
}

export function setSeat(code, seat) {
  write(SEAT_PREFIX + code, JSON.stringify({ ...seat, saved: Date.now() }));
}

export function forgetSeat(code) {
  write(SEAT_PREFIX + code, null);
}

/** Codes of the lobbies this browser holds a seat in, most recent first. */
export function seatCodes() {
  const found = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key && key.startsWith(SEAT_PREFIX)) {
        const code = key.slice(SEAT_PREFIX.length);
        const seat = getSeat(code);
        if (seat) found.push({ code, ...seat });
      }
    }
  } catch {
    return [];
  }
  return found.sort((a, b) => (b.saved || 0) - (a.saved || 0));
}

export function rememberedName() {
  return read(NAME_KEY) || "";
}

export function rememberName(name) {
  write(NAME_KEY, name);
}
