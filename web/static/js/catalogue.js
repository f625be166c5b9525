// The installed games (GET /api/games), fetched once per page.

let pending = null;
let loaded = null;

export function loadCatalogue() {
  if (!pending) {
    pending = fetch("/api/games", { headers: { Accept: "application/json" } })
      .then((response) => {
        if (!response.ok) throw new Error(`games: HTTP ${response.status}`);
        return response.json();
      })
      .then((games) => {
        loaded = games;
        return games;
      })
      .catch((error) => {
        console.error(error);
        pending = null;
        return null;
      });
  }
  return pending;
}

export function findGame(catalogue, id) {
  return (catalogue || []).find((game) => game.id === id) || null;
}

/** The choices the server declares for option ``name`` of game ``id`` (empty until the catalogue has loaded). */
export function optionChoices(id, name) {
  const option = (findGame(loaded, id)?.options || []).find((field) => field.name === name);
  return option?.choices || [];
}

/** How game ``id`` declares its stat ``key`` (``{best, unit}``; null until the catalogue has loaded). */
export function statOf(id, key) {
  return findGame(loaded, id)?.stats?.[key] || null;
}

const phaseSets = new Map();
const NOT_PHASES = new Set(["then", "toJSON"]); // asked of any object by await and JSON.stringify

/**
 * The phase ids of game ``id`` as the server declares them (its catalogue's ``phases``, with every
 * variant's), as an object whose every key is its own value: ``phases.play === "play"``. Asking for a
 * phase the game does not declare throws, so a screen that tests a renamed or misspelt phase fails at
 * once instead of never matching. Empty until the catalogue has loaded (a screen loads after it).
 */
export function phasesOf(id) {
  const game = findGame(loaded, id);
  if (!game) return Object.freeze({});
  if (!phaseSets.has(id)) {
    const ids = Object.freeze(Object.fromEntries((game.phases || []).map((phase) => [phase, phase])));
    phaseSets.set(
      id,
      new Proxy(ids, {
        get(target, key) {
          if (typeof key !== "string" || key in target || key in Object.prototype || NOT_PHASES.has(key)) {
            return target[key];
          }
          throw new Error(`${id} has no phase ${key}`);
        },
      }),
    );
  }
  return phaseSets.get(id);
}
