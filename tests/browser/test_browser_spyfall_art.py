"""Spyfall's location pictures, seen on three phones and the table.

The host brings a custom pack, then deals from both built-in packs and it: each agent's held card shows
the location's picture (its alt text the name in the phone's language), the spy's card a picture of the
same size, every list a thumbnail per location, the custom locations the neutral card with their initial.
A thumbnail is never taller than its item would be without it; on a phone it cuts no word of a name in two;
the table, with all 52, still fits 1920x1080 and 1280x720 without scrolling and no name spills out.
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import expect

from .helpers_browser import PHONE_SIZE, TV_SIZES, assert_fits, card_held, create_lobby, join_by_link

ROOT = Path(__file__).resolve().parents[2]
LOCATIONS = ROOT / "plugins" / "spyfall" / "locations"
BUILT_IN = {
    location["id"]: location
    for pack in ("spyfall1", "spyfall2")
    for location in json.loads((LOCATIONS / f"{pack}.json").read_text(encoding="utf-8"))["locations"]
}
PHONE = {"viewport": PHONE_SIZE, "is_mobile": True, "has_touch": True}
CUSTOM_PACK = {
    "names": {"ru": "Дом"},
    "locations": [{"names": {"ru": "Баня"}, "roles": [{"ru": "Банщик"}]}, {"names": {"en": "dacha"}}],
}
CUSTOM_NAMES = {"Баня": "Б", "dacha": "D"}  # each custom location's name and the initial on its card


def pictures_loaded(page, scope: str) -> None:
    """Wait until every drawn picture under ``scope`` has arrived and decoded (a broken one never does)."""
    page.wait_for_function(
        """(scope) => [...document.querySelectorAll(`${scope} img[data-testid=sf-art]`)]
            .every((img) => img.complete && img.naturalWidth > 0)""",
        arg=scope,
    )


def art_of(node) -> dict:
    """What a user sees of a picture: drawn or neutral, its name for a screen reader, its initial, its size
    (its laid-out size: a card turning over as it is first held is measured as it will lie)."""
    return node.evaluate(
        """(art) => {
            const box = {width: art.offsetWidth, height: art.offsetHeight};
            return {
                kind: art.dataset.art,
                name: art.alt ?? art.getAttribute("aria-label"),
                file: art.tagName === "IMG" ? new URL(art.src).pathname : null,
                loaded: art.tagName === "IMG" ? art.complete && art.naturalWidth > 0 : null,
                initial: getComputedStyle(art, "::after").content.replace(/^"|"$/g, ""),
                backdrop: getComputedStyle(art).backgroundImage,
                width: Math.round(box.width), height: Math.round(box.height),
            };
        }"""
    )


def assert_list_pictures(page, lang: str) -> None:
    """52 locations, each with its picture: 50 drawn ones named in ``lang``, the two custom ones neutral."""
    items = page.get_by_test_id("sf-locations").get_by_test_id("sf-location")
    expect(items).to_have_count(52)
    pictures_loaded(page, "[data-testid=sf-locations]")
    seen = {}
    for index in range(52):
        item = items.nth(index)
        art = item.get_by_test_id("sf-art")
        expect(art).to_have_count(1)
        seen[item.get_attribute("data-location")] = (item.inner_text().strip(), art_of(art))
    for location_id, (text, art) in seen.items():
        if location_id in BUILT_IN:
            name = BUILT_IN[location_id]["names"][lang]
            assert art["kind"] == "picture" and art["loaded"], (location_id, art)
            assert art["file"] == f"/plugins/spyfall/art/{location_id}.svg"
            assert (text, art["name"]) == (name, name), "the alt text is the name the item shows"
        else:
            assert art["kind"] == "neutral", (location_id, art)
            assert art["name"] == text and CUSTOM_NAMES[text] == art["initial"], art
            assert "art/neutral.svg" in art["backdrop"]
    assert sorted(text for text, art in seen.values() if art["kind"] == "neutral") == sorted(CUSTOM_NAMES)
    sizes = {(art["width"], art["height"]) for _, art in seen.values()}
    assert len(sizes) == 1 and 24 <= min(sizes)[0] <= 64, f"thumbnails all alike and small: {sizes}"


def taller_for_their_picture(page) -> list[str]:
    """The list's items that a thumbnail would make taller: its picture is higher than the item is without it.

    (Measured at once, between two renders. A name may still wrap sooner beside a picture: how wide the
    list's columns are is the table's layout.)"""
    return page.evaluate(
        """() => {
            const items = [...document.querySelectorAll("[data-testid=sf-locations] [data-testid=sf-location]")];
            const arts = items.map((item) => item.querySelector("[data-testid=sf-art]"));
            const pictures = arts.map((art) => art.getBoundingClientRect().height);
            arts.forEach((art) => art.style.setProperty("display", "none"));
            const room = items.map((item) => {
                const style = getComputedStyle(item);
                const frame = ["paddingTop", "paddingBottom", "borderTopWidth", "borderBottomWidth"]
                    .reduce((sum, side) => sum + parseFloat(style[side]), 0);
                return item.getBoundingClientRect().height - frame;
            });
            arts.forEach((art) => art.style.removeProperty("display"));
            return items.flatMap((item, i) => pictures[i] > room[i] + 0.5
                ? [`${item.innerText}: a ${pictures[i]} px picture in ${room[i]} px`] : []);
        }"""
    )


def words_cut_by_their_picture(page) -> list[str]:
    """The words of the list's names that are cut in two (laid out on two lines) beside their picture but
    whole without it. A line may still break after a hyphen: "Rock-|concert"."""
    return page.evaluate(
        """() => {
            const names = [...document.querySelectorAll("[data-testid=sf-locations] .sf-location-name")];
            const arts = [...document.querySelectorAll("[data-testid=sf-locations] [data-testid=sf-art]")];
            const cut = () => new Set(names.flatMap((name) => {
                const text = name.firstChild;
                return [...text.data.matchAll(/[^\\s-]+-?/g)].filter((word) => {
                    const range = document.createRange();
                    range.setStart(text, word.index);
                    range.setEnd(text, word.index + word[0].length);
                    const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
                    return tops.size > 1;
                }).map((word) => word[0]);
            }));
            const beside = cut();
            arts.forEach((art) => art.style.setProperty("display", "none"));
            const alone = cut();
            arts.forEach((art) => art.style.removeProperty("display"));
            return [...beside].filter((word) => !alone.has(word));
        }"""
    )


def names_spilling_out(page) -> list[str]:
    """The list's names that reach past their item's box (cut off at its edge)."""
    return page.evaluate(
        """() => [...document.querySelectorAll("[data-testid=sf-locations] [data-testid=sf-location]")]
            .filter((item) => {
                const box = item.getBoundingClientRect();
                const name = item.querySelector(".sf-location-name").getBoundingClientRect();
                return name.bottom > box.bottom + 0.5 || name.right > box.right + 0.5;
            })
            .map((item) => item.innerText)"""
    )


def test_location_pictures_on_the_cards_and_in_the_lists(pages, tmp_path):
    ann, code = create_lobby(pages, "Ann", **PHONE)
    boris = join_by_link(pages, code, "Boris", **PHONE)
    chen = join_by_link(pages, code, "Chen", **PHONE)
    boris.get_by_test_id("lang-ru").click()  # Boris plays in Russian
    table = pages.page(f"/l/{code}/table", viewport=TV_SIZES["tv"])
    phones = {"Ann": (ann, "en"), "Boris": (boris, "ru"), "Chen": (chen, "en")}

    ann.get_by_test_id("game-select").select_option("spyfall")
    pack_file = tmp_path / "home.json"
    pack_file.write_text(json.dumps(CUSTOM_PACK, ensure_ascii=False), encoding="utf-8")
    ann.get_by_test_id("sf-pack-import").set_input_files(str(pack_file))
    expect(ann.get_by_test_id("sf-packs")).to_contain_text("Дом")
    packs = ann.get_by_test_id("option-packs")
    for pack in ("spyfall1", "spyfall2", "custom"):
        packs.locator(f"input[value={pack}]").check()
    for option, value in [("rounds", "1"), ("round_minutes", "10")]:
        field = ann.get_by_test_id(f"option-{option}")
        field.fill(value)
        field.press("Tab")
    expect(boris.get_by_test_id("setup-summary")).to_contain_text("Свои наборы этого лобби")
    ann.get_by_test_id("start").click()
    for page, _ in phones.values():
        expect(page.get_by_test_id("sf-card")).to_be_visible()

    # Each player holds their card: an agent sees the location's picture, the spy a picture of their own.
    cards = {}
    for name, (page, lang) in phones.items():
        with card_held(page) as face:
            art = face.get_by_test_id("sf-art")
            expect(art).to_be_visible()
            pictures_loaded(page, "[data-testid=sf-card-face]")
            cards[name] = art_of(art)
            if face.get_by_test_id("sf-card-spy").count():
                assert cards[name]["kind"] == "spy" and cards[name]["loaded"], cards[name]
                assert cards[name]["name"] == ("Вы шпион" if lang == "ru" else "You are the spy")
            else:
                shown = face.get_by_test_id("sf-card-location").inner_text().strip()
                assert cards[name]["name"] == shown, "the picture's alt text is the location's name"
                if shown in CUSTOM_NAMES:  # the deal may pick a custom location (2 in 52)
                    assert cards[name]["kind"] == "neutral" and cards[name]["initial"] == CUSTOM_NAMES[shown]
                else:
                    location_id = next(i for i, loc in BUILT_IN.items() if loc["names"][lang] == shown)
                    assert cards[name]["kind"] == "picture" and cards[name]["loaded"], cards[name]
                    assert cards[name]["file"] == f"/plugins/spyfall/art/{location_id}.svg"
            pages.shot(page, f"spyfall-art-card-{name.lower()}-{cards[name]['kind']}")
    assert sorted(card["kind"] for card in cards.values()).count("spy") == 1, cards
    sizes = {(card["width"], card["height"]) for card in cards.values()}
    assert len(sizes) == 1 and min(sizes)[0] >= 100, f"every card's picture is the same size: {sizes}"

    # Every list shows a thumbnail per location, named in its viewer's language.
    for name, (page, lang) in phones.items():
        assert_list_pictures(page, lang)
        assert taller_for_their_picture(page) == [], name
        assert words_cut_by_their_picture(page) == [], name
    crossed = boris.locator("[data-testid=sf-location][data-location='s2.museum']")
    crossed.click()
    expect(crossed).to_have_attribute("aria-pressed", "true")
    expect(crossed.get_by_test_id("sf-art")).to_have_attribute("alt", "Музей")
    for name, (page, _) in phones.items():
        # in one step in the page: a state arriving between finding the list and scrolling redraws it
        page.get_by_test_id("sf-locations").evaluate("(node) => node.scrollIntoView({ block: 'nearest' })")
        pages.shot(page, f"spyfall-art-list-{name.lower()}")

    # The table lists them too, and still fits the TV.
    assert_list_pictures(table, "en")
    for size in ("tv", "tv720"):
        table.set_viewport_size(TV_SIZES[size])
        assert taller_for_their_picture(table) == [], size
        assert names_spilling_out(table) == [], size
        assert_fits(table, f"the table with 52 location pictures at {size}")
        pages.shot(table, f"spyfall-art-table-{size}")

    # The credit is on the about page.
    about = pages.page("/about")
    expect(about.get_by_test_id("picture-credits")).to_contain_text("Spyfall's location pictures")
    expect(about.get_by_test_id("picture-credits")).to_contain_text("OpenMoji")
