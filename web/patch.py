"""Patches: what changed between two views of one recipient, in the format of docs/protocol.md.

An op is ``[path, value]`` (set) or ``[path]`` (delete); a path is a list of object keys
and array indices. ``diff(old, new)`` gives the ops that turn ``old`` into ``new``;
``apply(view, ops)`` applies them (the tests and the benchmark's clients use it, as a
browser does with its own copy in web/static/js/view.js).
"""

from __future__ import annotations

from typing import Any

Path = list[str | int]
Op = list[Any]


def diff(old: Any, new: Any, memo: dict[tuple[int, int], list[Op]] | None = None) -> list[Op]:
    """The ops that turn ``old`` into ``new`` (both JSON-like: dicts, lists, scalars).

    ``memo`` may be shared between the diffs of one delivery: the views of one outcome share
    their public parts (the lobby, a match's clocks), so each such part is compared once.
    """
    ops: list[Op] = []
    if type(old) is dict and type(new) is dict:
        _diff_dicts(old, new, [], ops, memo if memo is not None else {})
    elif old is not new and (old != new or type(old) is not type(new)):
        _diff(old, new, [], ops)
    return ops


def _diff(old: Any, new: Any, path: Path, ops: list[Op]) -> None:
    if type(old) is dict and type(new) is dict:
        _diff_dicts(old, new, path, ops, None)
    elif type(old) is list and type(new) is list:
        _diff_lists(old, new, path, ops)
    else:
        ops.append([path, new])


def _diff_dicts(old: dict, new: dict, path: Path, ops: list[Op], memo: dict | None) -> None:
    """``memo`` only at a view's top level: below it, looking pairs up costs more than comparing them."""
    for key, value in new.items():
        if key not in old:
            ops.append([[*path, key], value])
            continue
        before = old[key]
        # 1 == 1.0 == True, but a client's copy could tell them apart
        if before is value or (before == value and type(before) is type(value)):
            continue
        if memo is None:
            _diff(before, value, [*path, key], ops)
            continue
        found = memo.get((id(before), id(value)))
        if found is None:
            found = memo[(id(before), id(value))] = []
            _diff(before, value, [*path, key], found)
        ops += found
    ops.extend([[*path, key]] for key in old if key not in new)


def _diff_lists(old: list, new: list, path: Path, ops: list[Op]) -> None:
    if len(new) < len(old):
        ops.append([path, new])
        return
    changed = [i for i in range(len(old)) if old[i] != new[i] or type(old[i]) is not type(new[i])]
    if len(changed) * 2 > len(old) and changed:
        ops.append([path, new])  # a sliding window (the newest events) changes every element: send it whole
        return
    for i in changed:
        _diff(old[i], new[i], [*path, i], ops)
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
