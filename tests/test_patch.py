"""Patches (docs/protocol.md, "Patches"): applying ``diff(old, new)`` to a copy of ``old`` gives exactly ``new``."""

from __future__ import annotations

import copy
import json

import orjson
from gamenight.views import SharedWithOwn
from gamenight.web.patch import apply, diff
from hypothesis import given, settings
from hypothesis import strategies as st

# No booleans among numbers: a view's field keeps its type (docs/protocol.md), and true == 1 in Python.
scalars = st.one_of(st.none(), st.integers(-3, 3), st.sampled_from([0.0, 1.0, 2.5]), st.text(max_size=3))
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(["a", "b", "c", "d"]), inner, max_size=4)
    ),
    max_leaves=20,
)


def exact(value) -> str:
    """The view as a browser holds it: 1 and 1.0 are one number there, but a key's order is not compared."""
    return json.dumps(as_js(value), sort_keys=True)


def as_js(value):
    if type(value) is int:
        return float(value)
    if type(value) is list:
        return [as_js(v) for v in value]
    if isinstance(value, dict):  # a SharedWithOwn view part too
        return {k: as_js(v) for k, v in value.items()}
    return value


views = st.dictionaries(st.sampled_from(["now", "lobby", "match", "you"]), values, max_size=4)


@settings(max_examples=400, deadline=None)
@given(old=views, new=views)
def test_a_patch_turns_the_old_view_into_the_new_one(old, new):
    assert exact(apply(copy.deepcopy(old), diff(old, new))) == exact(new)


@settings(max_examples=200, deadline=None)
@given(old=values, new=values)
def test_a_patch_of_one_change_inside_a_view_says_only_that(old, new):
    before = {"lobby": {"seats": ["a", "b"], "version": 1}, "part": old}
    after = {"lobby": {"seats": ["a", "b"], "version": 2}, "part": new}
    ops = diff(before, after)
    assert [["lobby", "version"], 2] in ops
    assert all(op[0][0] == "part" for op in ops if op != [["lobby", "version"], 2])
    assert exact(apply(copy.deepcopy(before), ops)) == exact(after)


def test_views_sharing_parts_get_the_same_patches_with_a_shared_memo():
    lobby_old, lobby_new = {"version": 1, "seats": ["a"]}, {"version": 2, "seats": ["a", "b"]}
    shared_old, shared_new = {"lobby": lobby_old}, {"lobby": lobby_new}
    old = [SharedWithOwn(shared_old, {"you": p, "marks": []}) for p in "ab"]
    new = [SharedWithOwn(shared_new, {"you": p, "marks": [p]}) for p in "ab"]
    memo: dict = {}
    shared = [diff(o, n, memo) for o, n in zip(old, new, strict=True)]
    assert shared == [diff(dict(o), dict(n)) for o, n in zip(old, new, strict=True)]
    assert shared[1] == [[["lobby", "version"], 2], [["lobby", "seats", 1], "b"], [["marks", 0], "b"]]
    # the shared part was compared once, and its ops placed at the recipients' path once, for both
    assert [len(key) for key in memo] == [2, 3]


small = st.dictionaries(st.sampled_from(["a", "b", "c", "d", "e"]), values, max_size=5)


@settings(max_examples=300, deadline=None)
@given(
    shared=st.tuples(small, small),
    own=st.lists(st.tuples(small, small), min_size=1, max_size=3),
    same_keys=st.booleans(),
)
def test_views_sharing_a_part_patch_like_plain_ones(shared, own, same_keys):
    """Views made of one shared part and each recipient's own: own keys may hide shared ones, change, come and go."""
    memo: dict = {}
    for own_old, own_new in own:
        if same_keys:  # the usual case: a recipient's own keys stay the same, their values change
            own_new = {key: own_new.get(key, 0) for key in own_old}
        old, new = SharedWithOwn(shared[0], own_old), SharedWithOwn(shared[1], own_new)
        assert old == {**shared[0], **own_old} and orjson.loads(orjson.dumps(new)) == {**shared[1], **own_new}
        view = {"match": SharedWithOwn({"frame": 1}, {"game_view": old})}
        after = {"match": SharedWithOwn({"frame": 2}, {"game_view": new})}
        assert exact(apply(copy.deepcopy(old), diff(old, new, memo))) == exact(new)
        assert exact(apply(copy.deepcopy(view), diff(view, after, memo))) == exact(after)


@given(flags=st.lists(st.booleans(), min_size=1, max_size=6), flips=st.sets(st.integers(0, 5)))
def test_flags_that_flip_are_patched(flags, flips):
    old = {"match": {"seats": [{"ready": flag, "n": 1} for flag in flags]}}
    new = copy.deepcopy(old)
    for i in flips & set(range(len(flags))):
        new["match"]["seats"][i]["ready"] = not flags[i]
    assert apply(copy.deepcopy(old), diff(old, new)) == new
