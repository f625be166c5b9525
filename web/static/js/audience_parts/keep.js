// What this browser keeps of its place in a lobby's audience: the member's token, per lobby code.

const PREFIX = "gamenight.audience.";

/** {token, member, name} for lobby ``code``, or null. */
export function getMembership(code) {
  try {
    const kept = JSON.parse(localStorage.getItem(PREFIX + code) || "null");
    return kept && typeof kept.token === "string" ? kept : null;
  } catch {
    return null;
  }
}

export function keepMembership(code, membership) {
  try {
    localStorage.setItem(PREFIX + code, JSON.stringify(membership));
  } catch {
    // storage unavailable: the membership lasts as long as the page
  }
}

export function forgetMembership(code) {
  try {
    localStorage.removeItem(PREFIX + code);
  } catch {
    // nothing kept
  }
}
