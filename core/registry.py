"""Loading plugins, and building the hook stack of a match.

Plugins come from the ``gamenight.plugins`` entry-point group (built-in games
use it too) and from importable modules named by the command (``--plugin``, or
``GAMENIGHT_PLUGINS``: a comma-separated list), handy while writing a plugin.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import pluggy
from gamenight.awards import Award, Night
from gamenight.core_rules import CORE_PHASES, CoreRules
from gamenight.declared import DeclaredGame
from gamenight.errors import ActionError
from gamenight.game import ANY_PHASE, ClientAssets, Game, Move, Phase, Shelf, Variant
from gamenight.hookspecs import PROJECT, GameHooks, PlatformHooks, hookimpl
from gamenight.images import UPLOADS, UPLOADS_SHELF, ImagePack
from gamenight.options import TIME_FACTOR, describe_options, time_factor
from gamenight.recap import core_awards
from marshmallow import Schema, fields

ENTRY_POINT_GROUP = "gamenight.plugins"
UPLOADS_LABEL = "option.image_packs.uploads"  # the i18n key of the "pictures uploaded in this lobby" choice


class PluginError(Exception):
    """A plugin is broken: duplicate ids, a variant of an unknown game, a misspelled hook."""


class CorePlatform:
    """The platform's own contributions, registered like a plugin: the shelf of uploaded pictures, the night's
    own awards."""

    @hookimpl
    def gamenight_shelves(self) -> list[Shelf]:
        return [UPLOADS_SHELF]

    @hookimpl
    def gamenight_awards(self, night: Night) -> list[Award]:
        return core_awards(night)


class GameStack:
    """The hooks of one combination of a game and variants, with its merged options and phases."""

    def __init__(self, game: Game, variants: Sequence[Variant], registry: Plugins | None = None) -> None:
        self.game = game
        self.registry = registry
        self.variants = tuple(variants)
        pm = pluggy.PluginManager(PROJECT)
        pm.add_hookspecs(GameHooks)
        if game.hookspecs is not None:
            pm.add_hookspecs(game.hookspecs)
        pm.register(CoreRules(), "gamenight.core")
        pm.register(DeclaredGame(game), f"game:{game.id}")
        for index, layer in enumerate(game.hook_layers):
            pm.register(layer, f"game:{game.id}:hooks" + (f":{index}" if index else ""))
        for variant in variants:
            if variant.hooks is not None:
                pm.register(variant.hooks, f"variant:{variant.id}")
        try:
            pm.check_pending()
        except pluggy.PluginValidationError as exc:
            raise PluginError(f"{game.id}: {exc}") from exc
        self.pm = pm
        self.hook = pm.hook
        # What each layer declares as data, the core's first, then the game's, then each variant's in the order
        # chosen: a later option replaces an earlier one of the same name, a later phase is merged into its id's.
        layers: list[tuple[Mapping[str, fields.Field], Sequence[Phase]]] = [
            ({}, CORE_PHASES),
            (game.options, game.phases),
            *((variant.options, variant.phases) for variant in variants),
        ]
        self.option_fields: dict[str, fields.Field] = {}
        for options, _ in layers:
            self.option_fields.update(options)
        self.option_fields.setdefault(TIME_FACTOR, time_factor())  # every game's, last on the form
        self.options_schema: Schema = Schema.from_dict(self.option_fields, name="Options")()
        self.declared: dict[str, Phase] = {}
        for _, phases in layers:
            for phase in phases:
                earlier = self.declared.get(phase.id)
                self.declared[phase.id] = phase if earlier is None else earlier.merged(phase)
        for phase in self.declared.values():
            for target in phase.leads_to:
                if target not in self.declared:
                    raise PluginError(f"{game.id}: phase {phase.id!r} leads to {target!r}, which no phase declares")
        self.first_phase = next((pid for pid in self.declared if pid != ANY_PHASE), None)
        """The phase a match enters after its ``setup``: the first the game declares."""
        anywhere = self.declared.get(ANY_PHASE)
        self.leads_anywhere: tuple[str, ...] = anywhere.leads_to if anywhere else ()
        """The phases every phase may lead to (``next`` of the phase ``"*"``)."""
        self.phases: dict[str, Mapping[str, Move]] = {pid: phase.moves for pid, phase in self.declared.items()}
        self._any = self.phases.get(ANY_PHASE, {})
        self._timers = {p.timer: p for p in reversed(self.declared.values()) if p.timer}

    def phase(self, phase_id: str) -> Phase | None:
        """The merged declaration of phase ``phase_id``."""
        return self.declared.get(phase_id)

    def phase_with_timer(self, timer: str) -> Phase | None:
        """The (first declared) phase whose clock is the countdown ``timer``."""
        return self._timers.get(timer)

    def move(self, phase: str, move_id: str) -> Move | None:
        """The move ``move_id`` as declared for ``phase`` (or for every phase)."""
        moves = self.phases.get(phase)
        if moves is not None and move_id in moves:
            return moves[move_id]
        return self._any.get(move_id)

    def move_anywhere(self, move_id: str) -> bool:
        return any(move_id in moves for moves in self.phases.values())

    def load_options(self, raw: Any, installed: dict[str, list[dict[str, Any]]] | None = None) -> dict[str, Any]:
        """Validate match options against the game's and variants' schemas; with ``installed`` (the
        registry's ``dynamic_choices()``), an option that takes its choices from what is installed
        (``metadata["choices_from"]``) must name installed ones."""
        from marshmallow import ValidationError

        if raw is None:
            raw = {}
        try:
            loaded = self.options_schema.load(raw)
        except ValidationError as exc:
            raise ActionError("invalid_options", errors=exc.messages) from None
        repeated = {
            name: ["Each choice at most once."]
            for name, value in loaded.items()
            if isinstance(value, list) and len({json.dumps(v, sort_keys=True) for v in value}) < len(value)
        }
        if repeated:
            raise ActionError("invalid_options", errors=repeated)
        unknown = {}
        for name, field in self.option_fields.items():
            source = field.metadata.get("choices_from")
            if installed is None or source not in installed or name not in loaded:
                continue
            known = {choice["value"] for choice in installed[source]}
            chosen = loaded[name] if isinstance(loaded[name], list) else [loaded[name]]
            missing = [value for value in chosen if value not in known]
            if missing:
                unknown[name] = [f"Not installed: {', '.join(map(str, missing))}."]
        if unknown:
            raise ActionError("invalid_options", errors=unknown)
        return loaded


class Plugins:
    """The installed games and variants."""

    def __init__(self, modules: Iterable[str] = (), *, entry_points: bool = True) -> None:
        self.pm = pluggy.PluginManager(PROJECT)
        self.pm.add_hookspecs(PlatformHooks)
        self.pm.register(CorePlatform(), "gamenight.core")
        if entry_points:
            self.pm.load_setuptools_entrypoints(ENTRY_POINT_GROUP)
        for name in modules:
            try:
                module = importlib.import_module(name)
            except ImportError as exc:
                raise PluginError(f"plugin module {name!r} cannot be imported: {exc}") from exc
            # a module installed as a package is registered already, under its entry point's name
            if self.pm.get_plugin(name) is None and not self.pm.is_registered(module):
                self.pm.register(module, name)
        try:
            self.pm.check_pending()
        except pluggy.PluginValidationError as exc:
            raise PluginError(str(exc)) from exc
        packages = {self.pm.get_name(plugin): dist.project_name for plugin, dist in self.pm.list_plugin_distinfo()}
        self.games: dict[str, Game] = {}
        self.variants: dict[str, Variant] = {}
        for impl in self.pm.hook.gamenight_games.get_hookimpls():
            package = packages.get(impl.plugin_name, impl.plugin_name)
            for game in impl.function() or []:
                if game.id in self.games:
                    raise PluginError(f"game {game.id!r} is provided twice")
                self.games[game.id] = replace(game, package=game.package or package)
        for impl in self.pm.hook.gamenight_variants.get_hookimpls():
            package = packages.get(impl.plugin_name, impl.plugin_name)
            for variant in impl.function() or []:
                if variant.game not in self.games:
                    raise PluginError(f"variant {variant.id!r} targets unknown game {variant.game!r}")
                if variant.id in self.variants:
                    raise PluginError(f"variant {variant.id!r} is provided twice")
                self.variants[variant.id] = replace(variant, package=variant.package or package)
        self.shelves: dict[str, Shelf] = {}
        for shelf in (s for found in self.pm.hook.gamenight_shelves() for s in found or []):
            if shelf.id in self.shelves:
                raise PluginError(f"shelf {shelf.id!r} is declared twice")
            self.shelves[shelf.id] = shelf
        self.image_packs: dict[str, ImagePack] = {}
        for pack in (p for found in self.pm.hook.gamenight_image_packs() for p in found or []):
            self.add_image_pack(pack)
        self.client_assets: dict[str, ClientAssets] = {}
        for assets in (a for found in self.pm.hook.gamenight_client_assets() for a in found or []):
            if assets.id not in self.games and assets.id not in self.variants:
                raise PluginError(f"client assets for unknown game or variant {assets.id!r}")
            self.client_assets[assets.id] = assets
        self._stacks: dict[tuple[str, tuple[str, ...]], GameStack] = {}
        for game in self.games.values():  # build every hook early so a misspelled one fails at start-up
            self.stack(game.id, [v.id for v in self.variants_of(game.id)], check_conflicts=False)

    def add_image_pack(self, pack: ImagePack) -> None:
        """Make a picture pack available (plugins' packs, and the server's ``--image-pack`` folders)."""
        if pack.id in self.image_packs or pack.id == UPLOADS:
            raise PluginError(f"picture pack {pack.id!r} is provided twice")
        self.image_packs[pack.id] = pack

    def dynamic_choices(self) -> dict[str, list[dict[str, Any]]]:
        """Choices that depend on what is installed, for option fields with ``metadata["choices_from"]``.

        Each is ``{"value", "names"}`` (an installed pack's own names, {lang: name}) or
        ``{"value", "key"}`` (the i18n key of the engine's own label for it).
        """
        packs: list[dict[str, Any]] = [{"value": p.id, "names": dict(p.names)} for p in self.image_packs.values()]
        packs.append({"value": UPLOADS, "key": UPLOADS_LABEL})
        return {"image_packs": packs}

    def variants_of(self, game_id: str) -> list[Variant]:
        return [v for v in self.variants.values() if v.game == game_id]

    def stack(self, game_id: str, variant_ids: Sequence[str], *, check_conflicts: bool = True) -> GameStack:
        """The hook stack for ``game_id`` with ``variant_ids`` (in that order); cached."""
        key = (game_id, tuple(variant_ids))
        stack = self._stacks.get(key)
        if stack is not None:
            return stack
        game = self.games.get(game_id)
        if game is None:
            raise ActionError("unknown_game", game=game_id)
        variants = []
        for vid in variant_ids:
            variant = self.variants.get(vid)
            if variant is None or variant.game != game_id:
                raise ActionError("unknown_variant", variant=vid, game=game_id)
            if variant in variants:
                raise ActionError("unknown_variant", variant=vid, game=game_id)
            variants.append(variant)
        if check_conflicts:
            chosen = set(variant_ids)
            for variant in variants:
                clash = chosen.intersection(variant.excludes)
                if clash:
                    raise ActionError("variants_conflict", variant=variant.id, other=sorted(clash)[0])
        stack = GameStack(game, variants, self)
        self._stacks[key] = stack
        return stack

    def phase_ids(self, game_id: str) -> list[str]:
        """Every phase a match of ``game_id`` can be in, with any of its variants: the game's, then the variants'."""
        ids = list(self.stack(game_id, []).declared)
        for variant in self.variants_of(game_id):
            ids += [pid for pid in self.stack(game_id, [variant.id]).declared if pid not in ids]
        return [pid for pid in ids if pid != ANY_PHASE]

    def catalogue(self) -> list[dict[str, Any]]:
        """Installed games with their variants, options and providing packages, JSON-ready."""
        return [
            {
                "id": game.id,
                "names": dict(game.names),
                "players": [game.min_players, game.max_players],
                "package": game.package,
                "phases": self.phase_ids(game.id),
                "options": describe_options(self.stack(game.id, []).option_fields, self.dynamic_choices()),
                # the stats a crew keeps of it (its variants' too): how screens name and show each
                "stats": {
                    key: {"best": stat.best, "unit": stat.unit}
                    for source in (game, *self.variants_of(game.id))
                    for key, stat in source.stats.items()
                },
                "variants": [
                    {
                        "id": v.id,
                        "names": dict(v.names),
                        "package": v.package,
                        "excludes": list(v.excludes),
                        "options": describe_options(
                            {
                                k: f
                                for k, f in self.stack(game.id, [v.id]).option_fields.items()
                                if k not in self.stack(game.id, []).option_fields
                            },
                            self.dynamic_choices(),
                        ),
                    }
                    for v in self.variants_of(game.id)
                ],
            }
            for game in self.games.values()
        ]
