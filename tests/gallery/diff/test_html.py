"""The standalone HTML page: drawings before and after, the marked maps, text from game data
kept as text, nothing loaded from elsewhere."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from gallery.diff import diff_paths
from gallery.diff.html import render_html

HOSTILE = '<script>alert(1)</script> & "quotes" \u202eevil'


class _Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _parse(page: str) -> _Collect:
    parser = _Collect()
    parser.feed(page)
    return parser


def test_page_draws_each_change_and_marks_the_maps(checkouts) -> None:
    report, _, _ = diff_paths(checkouts.old, checkouts.new)
    page = render_html(report)
    parsed = _parse(page)
    cards = [a for t, a in parsed.tags if t == "article"]
    assert [c["id"] for c in cards][:6] == [
        "g-mini-hex-A1", "g-mini-hex-A3", "g-mini-hex-A5",
        "g-mini-hex-B2", "g-mini-hex-B4", "g-mini-hex-C1",
    ]  # fmt: skip
    assert [c["class"] for c in cards][6:] == ["card changed", "card removed", "card added"]
    # two maps (after, then before), each with one mark per changed hex linking to its card
    marks = [a for t, a in parsed.tags if t == "polygon" and "mark " in (a.get("class") or "")]
    legend = 3
    assert len(marks) == legend + 2 * 6
    links = [a["href"] for t, a in parsed.tags if t == "a" and a.get("href", "").startswith("#g")]
    assert links.count("#g-mini-hex-C1") >= 2
    halos = [a for t, a in parsed.tags if t == "polygon" and a.get("class") == "mark-halo"]
    assert len(halos) == 2 * 6
    # the removed hex is shown where it was: a dashed mark on the after map
    assert 'class="mark removed gone"' in page and 'class="mark added new"' in page
    # a card draws both sides (the added hex: nothing before)
    b2 = page[page.index('id="g-mini-hex-B2"') : page.index('id="g-mini-hex-B4"')]
    assert b2.count("<svg") == 1 and "not on the map" in b2
    assert "Shelbyville" in page and "Springfield" in page


def test_game_text_stays_text_and_nothing_is_fetched(tmp_path: Path) -> None:
    old, new = tmp_path / "old.yaml", tmp_path / "new.yaml"
    text = (
        "id: g\ntitle: {title!r}\nlocation_names: {{A1: {name!r}}}\n"
        "hexes:\n  white:\n    {code!r}: [A1]\n"
    )
    old.write_text(text.format(title="T", name="Plain", code="city=revenue:0"), encoding="utf-8")
    new.write_text(text.format(title=HOSTILE, name=HOSTILE, code="city=revenue:10"),
                   encoding="utf-8")  # fmt: skip
    report, _, _ = diff_paths(old, new)
    page = render_html(report)
    assert "<script" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;quotes&#34;" in page
    assert "<bdi>&lt;script&gt;" in page  # bidirectional text isolated
    # standalone: no script, no external reference of any kind
    assert not re.search(r"""(src|href)=["'](?!#)""", page)
    assert "@import" not in page and "url(" not in page


def test_maps_of_several_games_never_share_a_drawing(checkouts) -> None:
    """Each map's `<use>` shows its own symbols: with ids shared between two maps, a browser
    shows the first map's drawings on the second."""
    for side, revenue in ((checkouts.old, 10), (checkouts.new, 20)):  # `other` differs too
        path = side / "lib/engine/game/g_other/game.rb"
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("=> ''", f"=> 'city=revenue:{revenue}'"), encoding="utf-8")
    report, _, _ = diff_paths(checkouts.old, checkouts.new)
    assert [g.id for g in report.games] == ["mini", "other"]
    page = render_html(report)
    maps = re.findall(r'<svg class="game-map-svg".*?</svg>', page, re.S)
    assert len(maps) == 4
    seen: set[str] = set()
    for svg in maps:
        ids = set(re.findall(r'<symbol id="([^"]+)"', svg))
        assert ids and not ids & seen
        seen |= ids
        assert set(re.findall(r'<use href="#([^"]+)"', svg)) <= ids
