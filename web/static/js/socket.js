// The Socket.IO connection: requests with acknowledgements, refusals shown as toasts.

import { io } from "/static/vendor/socket.io/socket.io.esm.min.js";
import { t } from "./i18n.js";
import { connectionBanner, toast } from "./ui.js";
import { readableParams } from "./common.js";
import { HeldView } from "./view.js";
import { withHiddenShown } from "./hidden_text.js";
import { withAvatars } from "./looks.js";

const ACK_SECONDS = 15;
const MOVES = 6; // a request follows its lobby to another server at most this often
const MOVE_PAUSE_MS = 1000; // between two moves of one request
const MOVE_WAIT_MS = 3000; // the longest a move waits for the answers already on their way
// The requests that find their lobby by its code, asked again on the server it lives on; and a new lobby's
// creation, asked again on the server the cluster would rather have it on.
const FINDS_ITS_LOBBY = new Set(["attach", "watch", "join_lobby", "request_seat", "create_lobby", "join_audience", "attach_audience"]);
// Requests whose refusal the sender shows itself (a screen's inline message): no toast meanwhile.
let quietRequests = 0;
// In a cluster, the server this page's lobby lives on, once a server has sent it there (null: wherever).
let lobbyNodeId = null;

/** The path of an HTTP request about this page's lobby, routed by the proxy to the server it lives on. */
export function toLobbyNode(path) {
  return lobbyNodeId ? `${path}${path.includes("?") ? "&" : "?"}node=${encodeURIComponent(lobbyNodeId)}` : path;
}

/**
 * Connect to the server; ``handlers`` maps server events (state: each new whole view, replaced, removed,
 * connect) to functions, and ``handlers.view()`` (optional) returns the current view, so that a refusal's
 * player ids and cards read as names.
 */
export function connect(handlers = {}) {
  const socket = io({ reconnectionDelayMax: 4000, query: {} });
  let refusedWith = null; // the server's reason for refusing the connection, shown once until it changes
  let resending = false; // a request is following its lobby to another server: it attaches there itself
  socket.connections = 0; // how often it has connected (moves and reconnections)
  socket.on("connect", () => {
    socket.connections += 1;
    refusedWith = null;
    connectionBanner(true);
    if (!resending) handlers.connect?.();
  });
  let moving = null; // the move under way: {node, done}, shared by the requests following the lobby there
  socket.awaiting = new Set(); // the answers this connection waits for (ask): a move lets them come first
  /**
   * In a cluster, reconnect to server ``node`` (through the proxy, which routes ``?node=``); without a node,
   * to whichever server the proxy picks. Resolves once connected. ``quiet``: the caller attaches itself.
   * The answers to requests already sent come first: a disconnect would lose them, and a join pressed while
   * the page moves would read as the server not answering.
   */
  socket.moveTo = (node, { quiet = false } = {}) => {
    if (moving && moving.node === (node || null)) return moving.done;
    lobbyNodeId = node || null;
    const done = (async () => {
      const giveUp = new Promise((resolve) => setTimeout(resolve, MOVE_WAIT_MS));
      for (let round = 0; round < 3 && socket.awaiting.size; round += 1) {
        await Promise.race([Promise.allSettled([...socket.awaiting]), giveUp]);
      }
      const query = { ...socket.io.opts.query };
      if (node) query.node = node;
      else delete query.node;
      socket.io.opts.query = query;
      resending = quiet;
      await new Promise((resolve) => {
        socket.once("connect", () => {
          resending = false;
          if (moving?.done === done) moving = null;
          resolve();
        });
        socket.disconnect();
        socket.connect();
      });
    })();
    moving = { node: node || null, done };
    return done;
  };
  /** The connection reconnected to server ``node`` since ``connections`` (another request followed the lobby
   * there meanwhile): a request sent before then is asked again there without another move. */
  socket.movedSince = (connections, node) => socket.connections > connections && socket.io.opts.query.node === node;
  // This server gave the lobby up (another took it over, or it is shutting down): follow it.
  socket.on("moved", (where) => socket.moveTo(where?.node));
  // The server sends a whole view once, then patches of it: `handlers.state` always gets the whole view.
  const held = new HeldView(
    (view) => handlers.state?.(withHiddenShown(view)),
    () =>
      socket.timeout(ACK_SECONDS * 1000).emit("resync", {}, (err, answer) => {
        if (err || !answer?.ok) held.reset(); // not attached (any more): the next attach sends a state
      }),
  );
  socket.on("state", (view) => held.state(view));
  socket.on("patch", (patch) => held.patch(patch));
  socket.on("disconnect", () => {
    held.reset();
    connectionBanner(false);
  });
  socket.on("connect_error", (err) => {
    connectionBanner(false);
    const refusal = err?.data;
    if (refusal?.key && refusal.key !== refusedWith) {
      refusedWith = refusal.key;
      toast(t(refusal.key, refusal.params || {}), "error");
    }
  });
  // Every refusal also arrives as an `error` event: that is the one place errors are shown.
  socket.on("error", (error) => {
    if (quietRequests > 0) return;
    if (!error || !error.key || error.code === "moved") return; // a request follows the lobby by itself
    const view = handlers.view?.();
    toast(withAvatars(view, error.params, t(error.key, readableParams(view, error.params || {}))), "error");
  });
  for (const event of ["replaced", "removed", "seat_given", "seat_refused", "knock_admitted", "knock_refused"]) {
    if (handlers[event]) socket.on(event, handlers[event]);
  }
  // A phone waking up: reconnect at once instead of waiting for the back-off.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !socket.connected) socket.connect();
  });
  return socket;
}

/** Emit ``event`` and wait for its answer, which a move of the connection lets come first (moveTo). */
async function ask(socket, event, payload) {
  const answered = socket.timeout(ACK_SECONDS * 1000).emitWithAck(event, payload);
  socket.awaiting.add(answered);
  try {
    return await answered;
  } finally {
    socket.awaiting.delete(answered);
  }
}

/**
 * Emit ``event`` and resolve with the server's answer ({ok, ...} or {ok: false, error}).
 * With ``quiet``, a refusal is not shown as a toast: the caller shows it where it belongs.
 */
export async function request(socket, event, payload = {}, { quiet = false } = {}) {
  if (quiet) quietRequests += 1;
  try {
    let sentOn = socket.connections;
    let answer = await ask(socket, event, payload);
    if (answer?.error?.code !== "moved" || !socket.moveTo) return answer;
    if (!FINDS_ITS_LOBBY.has(event)) {
      // A move to a lobby that has just gone to another server: follow it (the page attaches there again);
      // the move itself was not made, and the player makes it again on the view that arrives.
      socket.moveTo(answer.error.params?.node);
      return answer;
    }
    // In a cluster the lobby may live on another server: reconnect there and ask again.
    for (let move = 1; answer?.error?.code === "moved" && move <= MOVES; move += 1) {
      if (move > 1) await new Promise((r) => setTimeout(r, MOVE_PAUSE_MS)); // its old server's lease runs out
      const node = answer.error.params?.node;
      if (!socket.movedSince(sentOn, node)) await socket.moveTo(node, { quiet: true });
      sentOn = socket.connections;
      answer = await ask(socket, event, payload);
    }
    return answer;
  } catch {
    toast(t("error.timeout"), "error");
    return { ok: false, error: { code: "timeout", key: "error.timeout", params: {} } };
  } finally {
    if (quiet) quietRequests -= 1;
  }
}
