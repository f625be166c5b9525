"""Long names (core/names.py allows 20 characters): the name fields say their limit while it is typed, and
a player's name in a button (api.who, looks.js) is read whole on the smallest phones, going onto a second
line at a space instead of being cut, in both languages."""

from __future__ import annotations

from playwright.sync_api import expect

from .helpers_browser import PHONE_SIZE, SMALL_PHONE, create_lobby, join_by_link, settle

NAMES = ["Konstantin Konstanti", "Светлана Александров", "Maximilian Oberhofer", "Wolfeschlegelsteinha"]


def test_the_name_fields_say_their_limit_while_typing(pages):
    landing = pages.page("/", viewport=SMALL_PHONE, is_mobile=True, has_touch=True)
    field = landing.get_by_test_id("create-name")
    counter = landing.get_by_test_id("create-form").get_by_test_id("name-counter")
    field.fill("")
    expect(counter).to_have_text("0 / 20")
    field.press_sequentially("Konstantin")
    expect(counter).to_have_text("10 / 20")
    field.press_sequentially(" Konstantinovich")  # more than the field takes: the counter says why it stops
    expect(field).to_have_value("Konstantin Konstanti")
    expect(counter).to_have_text("20 characters: the longest a name can be")
    expect(counter).to_be_visible()
    join_counter = landing.get_by_test_id("join-form").get_by_test_id("name-counter")
    expect(join_counter).to_be_visible()
    landing.get_by_test_id("lang-ru").click()
    expect(counter).to_have_text("20 знаков — длиннее имя быть не может")

    _, code = create_lobby(pages, "Ann")
    phone = pages.page(f"/l/{code}", viewport=SMALL_PHONE, is_mobile=True, has_touch=True, locale="ru-RU")
    field = phone.get_by_test_id("join-name")
    field.fill("")
    field.press_sequentially("Светлана")
    counter = phone.get_by_test_id("join-form").get_by_test_id("name-counter")
    expect(counter).to_have_text("8 / 20")
    field.press_sequentially(" Александровна")
    expect(field).to_have_value("Светлана Александров")
    expect(counter).to_have_text("20 знаков — длиннее имя быть не может")


BROKEN_NAMES = """(root) => {
    // each player's name inside a button: cut (an ellipsis, or clipped), or a word broken across lines
    // although it fits the button on a line of its own
    const found = [];
    for (const name of root.querySelectorAll("button .who-name")) {
        const text = name.textContent;
        const box = name.getBoundingClientRect();
        if (name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1) {
            found.push(`${text}: cut (${name.scrollWidth}x${name.scrollHeight} in ${name.clientWidth}x${name.clientHeight})`);
        }
        const button = name.closest("button");
        const clip = button.getBoundingClientRect();
        if (box.right > clip.right + 1 || box.bottom > clip.bottom + 1) found.push(`${text}: past its button`);
        const node = name.firstChild;
        let at = 0;
        for (const word of text.split(" ")) {
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + word.length);
            at += word.length + 1;
            const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            const probe = document.createElement("span");
            probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap;font:inherit";
            probe.textContent = word;
            name.appendChild(probe);
            const wide = probe.getBoundingClientRect().width;
            probe.remove();
            if (tops.size > 1 && wide <= box.width) found.push(`${text}: "${word}" broken although it fits`);
        }
    }
    return found;
}"""


def test_names_in_buttons_are_read_whole_on_small_phones_in_both_languages(pages):
    """Spyfall's grid of whom to ask (its buttons show api.who): four 20-character names."""
    host, code = create_lobby(pages, NAMES[0], viewport=PHONE_SIZE, is_mobile=True, has_touch=True)
    phones = [host] + [
        join_by_link(pages, code, name, viewport=PHONE_SIZE, is_mobile=True, has_touch=True) for name in NAMES[1:]
    ]
    host.get_by_test_id("game-select").select_option("spyfall")
    host.get_by_test_id("start").click()
    asker = None
    for phone in phones:
        expect(phone.get_by_test_id("match-phase")).to_be_visible()
    for _ in range(40):
        asker = next((p for p in phones if p.locator(".sf-choices button").count()), None)
        if asker:
            break
        phones[0].wait_for_timeout(250)
    assert asker, "nobody has the grid of whom to ask"
    for size in (PHONE_SIZE, SMALL_PHONE):
        asker.set_viewport_size(size)
        for lang in ("en", "ru"):
            asker.get_by_test_id(f"lang-{lang}").click()
            expect(asker.locator("html")).to_have_attribute("lang", lang)
            grid = asker.locator(".sf-choices").first
            expect(grid.locator("button .who-name")).to_have_count(3)
            settle(asker)
            problems = grid.evaluate(BROKEN_NAMES)
            assert not problems, f"{size['width']}x{size['height']} in {lang}: {problems}"
            pages.shot(asker, f"names-ask-{size['width']}-{lang}", full_page=False)
