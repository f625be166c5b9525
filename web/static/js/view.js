// The view this connection holds: a `state` replaces it, a `patch` changes it (docs/protocol.md, "Patches").
// A patched view is a new object: the containers along each changed path are copied, the rest is shared,
// so a screen holding the previous view still sees it unchanged.

/** The view ``view`` becomes under ``ops`` ([path, value] sets, [path] deletes). */
export function applyPatch(view, ops) {
  const root = { ...view };
  const copied = new Set([root]);
  for (const op of ops) {
    const path = op[0];
    let parent = root;
    for (let i = 0; i < path.length - 1; i += 1) {
      let child = parent[path[i]];
      if (!copied.has(child)) {
        child = Array.isArray(child) ? child.slice() : { ...child };
        parent[path[i]] = child;
        copied.add(child);
      }
      parent = child;
    }
    const last = path[path.length - 1];
    if (op.length === 1) delete parent[last];
    else parent[last] = op[1]; // in an array, the index after the last element appends
  }
  return root;
}

/**
 * Keeps a connection's view from its `state` and `patch` events and calls ``onView(view)`` with each new one;
 * ``resync()`` is called (once until the next state) when a patch was missed.
 */
export class HeldView {
  constructor(onView, resync) {
    this.onView = onView;
    this.resync = resync;
    this.view = null;
    this.waiting = false; // a resync was asked for: patches wait for its state
  }

  state(view) {
    this.view = view;
    this.waiting = false;
    this.onView(view);
  }

  patch(patch) {
    if (this.waiting) return;
    const version = this.view?.lobby?.version;
    if (this.view && patch.to <= version) return; // old news: a state overtook it
    if (!this.view || patch.from !== version) {
      this.waiting = true;
      this.resync();
      return;
    }
    this.view = applyPatch(this.view, patch.ops);
    this.onView(this.view);
  }

  /** The connection closed: the server forgets what it held, so must we. */
  reset() {
    this.view = null;
    this.waiting = false;
  }
}
