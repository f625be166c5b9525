"""Patches: what changed between two views of one recipient, in the format of docs/protocol.md.

An op is ``[path, value]`` (set) or ``[path]`` (delete); a path is a list of object keys
and array indices. ``diff(old, new)`` gives the ops that turn ``old`` into ``new``;
``apply(view, ops)`` applies them (the tests and the benchmark's clients use it, as a
browser does with its own copy in web/static/js/view.js).
"""

from __future__ import annotations

from typing import Any

from gamenight.views import SharedWithOwn

Path = list[str | int]
_ABSENT = object()
_DICTS = (dict, SharedWithOwn)
Op = list[Any]


def diff(old: Any, new: Any, memo: dict[tuple[int, int], list[Op]] | None = None) -> list[Op]:
    """The ops that turn ``old`` into ``new`` (both JSON-like: dicts, lists, scalars).

    ``memo`` may be shared between the diffs of one delivery: the views of one outcome share
    their public parts (the lobby, a match's frame, a game's public view: see ``SharedWithOwn``), so
    each such part is compared once, whichever recipient's view it is in.
    """
    ops: list[Op] = []
    if old is not new and (old != new or type(old) is not type(new)):
        _diff(old, new, [], ops, memo if memo is not None else {})
    return ops


def _diff(old: Any, new: Any, path: Path, ops: list[Op], memo: dict) -> None:
    kind = type(new)
    if kind is SharedWithOwn and type(old) is SharedWithOwn and old.own == new.own:
        _diff_shared_with_own(old, new, path, ops, memo)
    elif kind in _DICTS and type(old) in _DICTS:
        _diff_dicts(old, new, path, ops, memo)
    elif kind is list and type(old) is list:
        _diff_lists(old, new, path, ops, memo)
    else:
        ops.append([path, new])


def _diff_shared_with_own(old: SharedWithOwn, new: SharedWithOwn, path: Path, ops: list[Op], memo: dict) -> None:
    """The shared part's ops once for all recipients (kept relative to it), then this recipient's own keys."""
    own = new.own
    # every recipient's view lays the same shared part at the same path under the same own keys
    placed_key = (id(old.shared), id(new.shared), own, *path)
    placed = memo.get(placed_key)
    if placed is None:
        shared = memo.get((id(old.shared), id(new.shared)))
        if shared is None:
            shared = memo[(id(old.shared), id(new.shared))] = []
            _diff_dicts(old.shared, new.shared, [], shared, memo)
        placed = memo[placed_key] = [[[*path, *op[0]], *op[1:]] for op in shared if op[0][0] not in own]
    ops.extend(placed)
    for key in own:
        before, value = old[key], new[key]
        if before is value:
            continue
        # a part laid over a shared one is not compared whole: most of it is the shared part
        if type(value) is SharedWithOwn or before != value or type(before) is not type(value):
            _diff(before, value, [*path, key], ops, memo)


def _diff_dicts(old: dict, new: dict, path: Path, ops: list[Op], memo: dict) -> None:
    added = False
    for key, value in new.items():
        before = old.get(key, _ABSENT)
        if before is value:
            continue
        if before is _ABSENT:
            ops.append([[*path, key], value])
            added = True
        # 1 == 1.0 == True, but a client's copy could tell them apart
        elif before != value or type(before) is not type(value):
            _diff(before, value, [*path, key], ops, memo)
    if added or len(old) != len(new):  # else every key of ``old`` is in ``new``
        ops.extend([[*path, key]] for key in old if key not in new)


def _diff_lists(old: list, new: list, path: Path, ops: list[Op], memo: dict) -> None:
    if len(new) < len(old):
        ops.append([path, new])
        return
    changed = [i for i in range(len(old)) if old[i] != new[i] or type(old[i]) is not type(new[i])]
    if len(changed) * 2 > len(old) and changed:
        ops.append([path, new])  # a sliding window (the newest events) changes every element: send it whole
        return
    for i in changed:
        _diff(old[i], new[i], [*path, i], ops, memo)
    ops.extend([[*path, i], new[i]] for i in range(len(old), len(new)))


def apply(view: Any, ops: list[Op]) -> Any:
    """Apply ``ops`` to ``view`` in place (and return it)."""
    for op in ops:
        path = op[0]
        parent = view
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        if len(op) == 1:
            del parent[last]
        elif type(parent) is list and last == len(parent):
            parent.append(op[1])
        else:
            parent[last] = op[1]
    return view
