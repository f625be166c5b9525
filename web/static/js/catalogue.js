// The installed games (GET /api/games), fetched once per page.

let pending = null;

export function loadCatalogue() {
  if (!pending) {
    pending = fetch("/api/games", { headers: { Accept: "application/json" } })
      .then((response) => {
        if (!response.ok) throw new Error(`games: HTTP ${response.status}`);
        return response.json();
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
