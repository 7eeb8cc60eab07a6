"""Page content: the board-game page and the games-index card, escaped and deterministic."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import markdown
import yaml

from gallery.boardgame.game_file import load_board_game
from gallery.boardgame.model import Action, Board, BoardGame, Calle, Card, Deck, Salida, Tarjeta
from gallery.boardgame.pages import (
    BOARD_GAME_CSS,
    board_game_page,
    deck_html,
    games_index_card,
    md_text,
)
from gallery.boardgame.svg import deck_colors

ROOT = Path(__file__).resolve().parents[3]
GAME = load_board_game(ROOT / "games" / "madrid")
EVIL = "<script>alert(1)</script> *bold* [link](x) #"


def render(page: str) -> str:
    body = page.split("---\n", 2)[2] if page.startswith("---\n") else page
    return str(markdown.markdown(body, extensions=["tables", "md_in_html", "toc", "attr_list"]))


def test_madrid_page() -> None:
    page = board_game_page(GAME)
    front = yaml.safe_load(page.split("---\n")[1])
    assert front == {"title": "Madrid"}
    assert "\n# Madrid\n" in page
    assert "**Squares:** 40 · **Streets:** 22 · **Stations:** 4 · **Utilities:** 2" in page
    for heading in (
        "## Board",
        "## Properties",
        "## Other squares",
        "## Cards",
        "### Suerte",
        "### Caja de Comunidad",
    ):
        assert f"\n{heading}\n" in page
    board_line = next(line for line in page.splitlines() if "<svg" in line)
    assert board_line.startswith('<div class="bg-board-wrap" data-search-exclude><svg')
    assert board_line.endswith("</svg></div>")
    for street in GAME.board.streets:
        assert f"{street.name}</th>" in page
    assert page.count('<figure class="bg-card"') == 32
    assert "Advance to square 34 (Gran Vía), collecting salary if you pass Salida." in page
    assert "{avanzarA 34 cobrarSalida 1}" in page
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert len(ids) == len(set(ids)) and all(i.startswith("bg-madrid-") for i in ids)
    assert page == board_game_page(GAME)


def test_page_renders_through_markdown() -> None:
    html = render(board_game_page(GAME))
    assert '<div class="bg-board-wrap" data-search-exclude><svg' in html
    assert html.count("<table") == 4 and html.count('<figure class="bg-card"') == 32
    assert '<h2 id="properties">Properties</h2>' in html


def test_tables_are_styled_by_the_theme() -> None:
    """Material styles only `table:not([class])`: our class sits on a wrapper, each table has
    its heading, and square names are row headers."""
    page = board_game_page(GAME)
    assert "<table>" in page and "<table " not in page
    for kind in ("streets", "stations", "utilities", "others"):
        assert f'<div class="bg-properties bg-{kind}">' in page
    for heading in ("### Streets", "### Stations", "### Utilities"):
        assert f"\n{heading}\n" in page
    assert '<th scope="row"><span class="bg-swatch" style="background:' in page


def test_a_site_template_overrides_the_cards(tmp_path: Path) -> None:
    from gallery.templates import Templates

    (tmp_path / "board_cards.html.j2").write_text(
        '<ol class="my-cards">{% for c in cards %}<li>{{ c.text }}</li>{% endfor %}</ol>',
        encoding="utf-8",
    )
    page = board_game_page(GAME, templates=Templates([tmp_path]))
    assert page.count('<ol class="my-cards">') == 2 and 'class="bg-card"' not in page
    assert "<table>" in page  # the other templates are still the package's own


def test_rents_table_row() -> None:
    page = board_game_page(GAME)
    row = next(line for line in page.splitlines() if "Gran Vía</th>" in line)
    cells = re.findall(r"<td>(\d+)</td>", row)
    assert cells == ["34", "320", "28", "150", "450", "1000", "1200", "1400", "200", "200", "160"]


def evil_game() -> BoardGame:
    board = Board(
        (
            Salida(0, EVIL, "S", 200),
            Tarjeta(1, EVIL, "T", "d"),
            Calle(2, EVIL, "C", "rojo", 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
        )
    )
    deck = Deck("d", (Card(EVIL.replace("]", ")"), 0, (Action("pagar", 5),)),))
    return BoardGame("evil.1", EVIL, board, (deck,), description=EVIL)


def test_everything_from_game_files_is_escaped() -> None:
    page = board_game_page(evil_game())
    assert "<script" not in page
    html = render(page)
    assert "<script" not in html and "&lt;script&gt;" in html
    assert "<a href" not in html and "<strong>" not in html.split("</h1>")[0]
    front = yaml.safe_load(page.split("---\n")[1])
    assert front["title"].startswith("&lt;script&gt;")
    assert '<h1 id="' in html and "*bold*" in html.split("</h1>")[0]
    assert 'id="bg-evil-1-svg"' in page


def test_md_text() -> None:
    assert md_text("a*b_c [d](e) #1 <x>") == r"a\*b\_c \[d\]\(e\) \#1 &lt;x&gt;"


def test_without_front_matter_and_own_prefix() -> None:
    page = board_game_page(GAME, front_matter=False, id_prefix="p-")
    assert page.startswith("# Madrid\n") and 'id="p-svg"' in page and "bg-madrid-" not in page


def test_deck_html_uses_the_deck_colour() -> None:
    deck = GAME.deck("suerte")
    assert deck is not None
    html = deck_html(deck, GAME.board)
    assert html.count(f"--bg-deck:{deck_colors(GAME.board)['suerte']}") == 16
    ET.fromstring(html)  # well-formed


def test_games_index_card() -> None:
    card = games_index_card(GAME)
    assert {k: card[k] for k in ("id", "title", "squares", "streets", "decks", "cards")} == {
        "id": "madrid",
        "title": "Madrid",
        "squares": 40,
        "streets": 22,
        "decks": 2,
        "cards": 32,
    }
    root = ET.fromstring(card["thumbnail_svg"])
    assert root.get("id") == "bg-madrid-thumb-svg" and root.get("width") == "160"
    assert card["search"] == "Madrid madrid Suerte Caja de Comunidad"
    assert card == games_index_card(GAME)


def test_css_covers_the_classes() -> None:
    page = board_game_page(GAME)
    classes = set(re.findall(r'class="(bg-[a-z-]+)', page)) - {"bg-square", "bg-deck", "bg-board"}
    for name in classes:
        assert f".{name}" in BOARD_GAME_CSS, name


def test_repeated_card_numero_never_produces_duplicate_html_ids() -> None:
    """A deck built in code may repeat a number (a file may not): ids stay unique per page,
    across decks too (deck `a` card 1's copy must not take deck `a-1` card 2's id)."""
    pay = (Action("pagar", 5),)
    board = Board((Salida(0, "S", "S", 200),))
    decks = (
        Deck("a", (Card("x", 1, pay), Card("y", 1, pay), Card("z", 1, pay))),
        Deck("a-1", (Card("w", 2, pay),)),
    )
    page = board_game_page(BoardGame("g", "G", board, decks))
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert len(ids) == len(set(ids))
    assert page.count('<figure class="bg-card"') == 4


def test_markdown_link_control_characters_and_line_breaks_stay_text() -> None:
    """Names, titles and card texts with `[x](javascript:…)`, a line break, a blank line or
    control characters: the page renders no link, the board SVG stays well-formed XML."""
    text = "[x](javascript:alert(1))\n\n<b>\x01\x00\ud800 --8<-- 'x'"
    board = Board(
        (
            Salida(0, text, text, 200),
            Tarjeta(1, text, text, "d"),
            Calle(2, text, text, "rojo", 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
        )
    )
    deck = Deck("d", (Card(text.replace("]", ")"), 0, (Action("pagar", 5),)),))
    game = BoardGame("evil", text, board, (deck,), description=text)
    page = board_game_page(game)
    page.encode("utf-8")
    front = yaml.safe_load(page.split("---\n")[1])
    assert list(front) == ["title"]
    html = render(page)
    assert "<a " not in html.replace('<a class="headerlink"', "") and "<b>" not in html
    assert "\n--8<--" not in page
    svg = re.search(r"<svg.*?</svg>", page, re.S)
    assert svg is not None
    ET.fromstring(svg.group())
    ET.fromstring(games_index_card(game)["thumbnail_svg"])
