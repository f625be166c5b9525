// The parts both Spyfall screens share (Spyfall 2 and Team Spyfall): served at /plugins/spyfall/kit.js.
//
// One module per concern, in kit/: the secret card behind a press-and-hold (card.js), the location list with
// one's own cross-off marks (locations.js), the asking tracker (asking.js), the players' chips and who is in
// the match (players.js), the custom packs editor (packs.js, shelf "spyfall.packs"), the eight-locations
// board (board.js, shelf "spyfall.board"), the lobby's setup card of both games (setup.js), a screen's
// memory (memory.js), where the parts go on a phone and on the TV (layout.js), the asker's turn as a cue
// (moments.js), the box a part sits in (controls.js) and names in the viewer's language (words.js).
// Text only through api.el / api.t; the kit's own strings are spyfall.kit.* (in Spyfall's strings).
// Styles: Spyfall's screen.css (classes sf-*), which the kit makes sure is loaded.
// A field being typed in keeps its focus across renders by its data-keep key: the shell sees to it.

export * from "./kit/asking.js";
export * from "./kit/board.js";
export * from "./kit/card.js";
export * from "./kit/controls.js";
export * from "./kit/layout.js";
export * from "./kit/locations.js";
export * from "./kit/memory.js";
export * from "./kit/moments.js";
export * from "./kit/packs.js";
export * from "./kit/players.js";
export * from "./kit/setup.js";
export * from "./kit/styles.js";
export * from "./kit/words.js";
