"""The accessibility audit of a screen as a checkpoint of the full walk-throughs: axe-core's WCAG 2.0-2.2 A and AA
rules (its own script, vendor/axe-core/axe.min.js, handed to the page through Playwright, so nothing is fetched and
the page's Content-Security-Policy is not involved), and the size of every touch target a phone shows."""

from __future__ import annotations

from pathlib import Path

AXE_SCRIPT = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
BLOCKING = {"serious", "critical"}
TOUCH_PX = 44  # the smallest touch target on a phone, CSS pixels each way

# WCAG rules axe still marks experimental (off unless asked for): a control's name holds its visible label (2.5.3).
EXPERIMENTAL = {"label-content-name-mismatch": {"enabled": True}}
RUN_AXE = """async ({tags, rules}) => {
    // preload: false, or axe copies the style sheets into <style> elements that the page's policy refuses (and
    // reports); the one rule that reads them, css-orientation-lock, is then left undecided, never failed.
    const options = {runOnly: {type: "tag", values: tags}, rules, resultTypes: ["violations"], preload: false};
    const result = await axe.run(document, options);
    // A target the sticky bars cover only at this scroll position is checked again where a player scrolls it to
    // (the middle of the screen); the scroll of the page and of every box around it is then put back.
    for (const rule of result.violations.filter((rule) => rule.id === "target-size")) {
        const kept = [];
        for (const node of rule.nodes) {
            const element = node.failureSummary.includes("obscured") && document.querySelector(node.target[0]);
            if (!element) { kept.push(node); continue; }
            const scrolled = [];
            for (let box = element.parentElement; box; box = box.parentElement) scrolled.push([box, box.scrollLeft, box.scrollTop]);
            element.scrollIntoView({block: "center", behavior: "instant"});
            const again = await axe.run(element, {runOnly: {type: "rule", values: ["target-size"]}, preload: false});
            for (const [box, left, top] of scrolled) { box.scrollLeft = left; box.scrollTop = top; }
            if (again.violations.length) kept.push(again.violations[0].nodes[0]);
        }
        rule.nodes = kept;
    }
    return result.violations.filter((rule) => rule.nodes.length).map((rule) => ({
        rule: rule.id,
        impact: rule.impact,
        nodes: rule.nodes.map((node) => `${node.target.join(" ")} ${node.failureSummary.split("\\n").slice(1, 2).join("")}`),
    }));
}"""

# Every control a phone shows that is not disabled: its box (a checkbox's, a radio's or a visually hidden input's
# is its label's, which is pressed as well).
SMALL_TARGETS = """(least) => {
    const found = [];
    const controls = "button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=checkbox], [role=radio], [role=switch], [role=tab], [tabindex]:not([tabindex='-1'])";
    for (const node of document.querySelectorAll(controls)) {
        if (node.disabled || node.closest("[inert], [aria-hidden=true]")) continue;
        const style = getComputedStyle(node);
        let box = node.getBoundingClientRect();
        const hidden = style.opacity === "0" || box.width <= 1 || box.height <= 1;
        const toggle = node.type === "checkbox" || node.type === "radio";  // its label is pressed too
        if ((hidden || toggle) && node.labels && node.labels.length) box = node.labels[0].getBoundingClientRect();
        else if (!node.getClientRects().length || style.visibility === "hidden" || hidden) continue;
        if (!box.width || !box.height) continue;  // inside something closed (a <details>, a hidden panel)
        if (box.width + 0.5 < least || box.height + 0.5 < least) {
            const name = node.dataset.testid || node.getAttribute("class") || node.tagName;
            found.push(`${name} "${(node.textContent || node.value || "").trim().slice(0, 20)}" ${Math.round(box.width)}x${Math.round(box.height)}`);
        }
    }
    return found.slice(0, 12);
}"""


def axe_violations(page) -> list[dict]:
    """The WCAG A and AA rules axe finds broken on ``page`` as it shows now, each with its impact and nodes."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(f"() => {{ {AXE_SCRIPT.read_text(encoding='utf-8')}\n}}")
    return page.evaluate(RUN_AXE, {"tags": WCAG_AA, "rules": EXPERIMENTAL})


def assert_accessible(page, what: str) -> None:
    """No serious or critical axe violation on ``page``."""
    blocking = [rule for rule in axe_violations(page) if rule["impact"] in BLOCKING]
    assert not blocking, f"{what}: " + "; ".join(f"{r['rule']} ({r['impact']}) on {r['nodes'][:4]}" for r in blocking)


def assert_touch_targets(page, what: str) -> None:
    """Every control a phone shows is at least TOUCH_PX by TOUCH_PX CSS pixels."""
    small = page.evaluate(SMALL_TARGETS, TOUCH_PX)
    assert not small, f"{what}: touch targets smaller than {TOUCH_PX}x{TOUCH_PX}: {small}"
