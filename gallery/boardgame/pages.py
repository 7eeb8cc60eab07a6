"""Page content for board games, as Markdown/HTML strings (no MkDocs here; the plugin wires it).

* `board_game_page(game)` — the whole page of one game: facts, the board drawing, tables of
  streets, stations and utilities with every rent, the other squares, and each deck as card
  faces (the card's own text, an English summary of its actions, and the actions as written
  in the `.tjt` file);
* `games_index_card(game)` — what the games index needs to show a game: title, counts and a
  thumbnail SVG;
* `BOARD_GAME_CSS` — the styles the page's classes (`bg-…`) expect; ship it with the site.

All functions are pure: same game, same string (so builds stay byte-identical). Every text from
the game files is escaped for HTML, and for Markdown where it lands in Markdown (headings).
SVG wrappers carry `data-search-exclude` so square names drawn in the board do not flood the
search index; the tables and cards remain searchable.
"""

from __future__ import annotations

import re
from importlib.resources import files
from typing import TypedDict

from gallery import pagetext
from gallery.boardgame.colors import color_fill
from gallery.boardgame.deck_file import format_actions
from gallery.boardgame.model import (
    Board,
    BoardGame,
    Calle,
    Card,
    Deck,
    Estacion,
    Servicio,
    Tarjeta,
)
from gallery.boardgame.summaries import describe_square, summarise_card
from gallery.boardgame.svg import DECK_FILLS, board_svg, board_thumbnail_svg, deck_colors
from gallery.pagetext import esc, md_text
from gallery.templates import Templates


def default_prefix(game: BoardGame) -> str:
    """The id prefix for a game's SVGs and cards: `bg-<id>-`, safe as an XML id start."""
    return "bg-" + re.sub(r"[^A-Za-z0-9_-]", "-", game.id) + "-"


def deck_title(board: Board, deck: str) -> str:
    """How a deck is called on the board: the name of its first `tarjeta` square, else its
    file name (`caja` -> "Caja de Comunidad" on the Madrid board)."""
    for square in board.squares:
        if isinstance(square, Tarjeta) and square.deck == deck:
            return square.name
    return deck


class Swatch(TypedDict):
    """A street's colour sample: the fill drawn and the colour's name as written."""

    fill: str
    color: str


class PropertyRow(TypedDict):
    """One row of a property table: the square's number and name, then its figures."""

    number: int
    name: str
    swatch: Swatch | None
    cells: list[str]


def _swatch(color: str) -> Swatch:
    return Swatch(fill=color_fill(color) or "#cccccc", color=color)


def _table(templates: Templates, kind: str, columns: list[str], rows: list[PropertyRow]) -> str:
    return templates.render(
        "board_properties.html.j2", kind=kind, columns=columns, rows=rows
    ).strip()


def property_tables(board: Board, templates: Templates | None = None) -> list[tuple[str, str]]:
    """(heading, table HTML) for the board's streets (grouped by colour, in board order),
    stations and utilities with price, every rent and the mortgage; none for a board without."""
    templates = templates or Templates()
    out: list[tuple[str, str]] = []
    streets = board.streets
    if streets:
        order = list(dict.fromkeys(s.color for s in streets))
        ordered = sorted(streets, key=lambda s: (order.index(s.color), s.number))
        columns = [
            "Nº",
            "Street",
            "Price",
            "Rent",
            "1 house",
            "2 houses",
            "3 houses",
            "4 houses",
            "Hotel",
            "House costs",
            "Hotel costs",
            "Mortgage",
        ]
        rows = [
            PropertyRow(
                number=s.number,
                name=s.name,
                swatch=_swatch(s.color),
                cells=[
                    str(v) for v in (s.price, *s.rents, s.house_price, s.hotel_price, s.mortgage)
                ],
            )
            for s in ordered
        ]
        out.append(("Streets", _table(templates, "streets", columns, rows)))
    stations = [s for s in board.squares if isinstance(s, Estacion)]
    if stations:
        columns = [
            "Nº",
            "Station",
            "Price",
            "1 station",
            "2 stations",
            "3 stations",
            "4 stations",
            "Mortgage",
        ]
        rows = [
            PropertyRow(
                number=e.number,
                name=e.name,
                swatch=None,
                cells=[str(v) for v in (e.price, *e.rents, e.mortgage)],
            )
            for e in stations
        ]
        out.append(("Stations", _table(templates, "stations", columns, rows)))
    utilities = [s for s in board.squares if isinstance(s, Servicio)]
    if utilities:
        columns = [
            "Nº",
            "Utility",
            "Price",
            "Rent with 1 utility",
            "Rent with 2 utilities",
            "Mortgage",
        ]
        rows = [
            PropertyRow(
                number=u.number,
                name=u.name,
                swatch=None,
                cells=[
                    str(u.price),
                    f"{u.multiplier_1}× dice",
                    f"{u.multiplier_2}× dice",
                    str(u.mortgage),
                ],
            )
            for u in utilities
        ]
        out.append(("Utilities", _table(templates, "utilities", columns, rows)))
    return out


def properties_html(board: Board, templates: Templates | None = None) -> str:
    """Every property table of the board, one after another (empty string for none)."""
    return "\n\n".join(html for _, html in property_tables(board, templates))


def other_squares_html(board: Board, templates: Templates | None = None) -> str:
    """The squares that are not for sale (start, taxes, cards, jail, parking) and what they do."""
    squares = [s for s in board.squares if not isinstance(s, Calle | Estacion | Servicio)]
    if not squares:
        return ""
    rows = [
        PropertyRow(
            number=s.number, name=s.name, swatch=None, cells=[describe_square(s).split(": ", 1)[1]]
        )
        for s in squares
    ]
    return _table(templates or Templates(), "others", ["Nº", "Square", "What happens"], rows)


class CardFace(TypedDict):
    """What one card face shows (raw text: the template escapes it)."""

    id: str
    deck: str
    numero: int
    color: str
    text: str
    effect: str
    code: str


def _face(card: Card, deck: Deck, board: Board | None, color: str, anchor: str) -> CardFace:
    return CardFace(
        id=anchor,
        deck=deck.name,
        numero=card.numero,
        color=color,
        text=card.text,
        effect=summarise_card(card, board),
        code=format_actions(card),
    )


def card_html(
    card: Card,
    deck: Deck,
    board: Board | None = None,
    *,
    color: str = DECK_FILLS[-1],
    id_prefix: str = "bg-",
    element_id: str | None = None,
    templates: Templates | None = None,
) -> str:
    """One card face: the deck and number, the card's text, an English summary of what it
    does, and its actions as written in the `.tjt` file. Its id is `element_id`, by default
    `<id_prefix>card-<deck>-<numero>`."""
    anchor = element_id if element_id is not None else card_id(card, deck, id_prefix)
    html = (templates or Templates()).render(
        "board_cards.html.j2", cards=[_face(card, deck, board, color, anchor)]
    )
    return html.strip().removeprefix('<div class="bg-cards">').removesuffix("</div>")


def card_id(card: Card, deck: Deck, id_prefix: str = "bg-") -> str:
    """The anchor of a card face: `<id_prefix>card-<deck>-<numero>`."""
    return f"{id_prefix}card-{deck.name}-{card.numero}"


def deck_html(
    deck: Deck,
    board: Board | None = None,
    *,
    id_prefix: str = "bg-",
    used: set[str] | None = None,
    templates: Templates | None = None,
) -> str:
    """Every card of a deck as card faces, in file order, in one block of HTML.

    Card numbers are unique in a deck read from a file (a repeat is an error), but a `Deck`
    built in code may repeat one: the second face then gets `-2` appended (and so on), so
    the page never has two elements with one id. Pass the page's `used` ids when several
    decks share a page (deck `a` card 1's second copy must not take deck `a-1` card 2's id).
    """
    color = deck_colors(board).get(deck.name, DECK_FILLS[-1]) if board else DECK_FILLS[-1]
    used = set() if used is None else used
    faces = []
    for card in deck.cards:
        base = anchor = card_id(card, deck, id_prefix)
        copy = 1
        while anchor in used:
            copy += 1
            anchor = f"{base}-{copy}"
        used.add(anchor)
        faces.append(_face(card, deck, board, color, anchor))
    return (templates or Templates()).render("board_cards.html.j2", cards=faces).strip()


def _counts(game: BoardGame) -> str:
    board = game.board
    facts = [f"**Squares:** {len(board)}", f"**Streets:** {len(board.streets)}"]
    stations = len(board.of_kind(Estacion))
    utilities = len(board.of_kind(Servicio))
    if stations:
        facts.append(f"**Stations:** {stations}")
    if utilities:
        facts.append(f"**Utilities:** {utilities}")
    for deck in game.decks:
        facts.append(f"**{md_text(deck_title(board, deck.name))}:** {len(deck.cards)} cards")
    return " · ".join(facts)


def board_game_page(
    game: BoardGame,
    *,
    id_prefix: str | None = None,
    front_matter: bool = True,
    templates: Templates | None = None,
) -> str:
    """The Markdown page of one board game (front matter with the title unless
    `front_matter` is False). `id_prefix` (default `bg-<id>-`) starts every id on the page;
    `templates` (default: the package's own) draws the tables and cards."""
    templates = templates or Templates()
    prefix = id_prefix if id_prefix is not None else default_prefix(game)
    board = game.board
    out: list[str] = []
    if front_matter:
        out += [pagetext.front_matter({"title": esc(game.title)})]
    out += [f"# {md_text(game.title)}", ""]
    if game.description:
        out += [f'<p class="bg-description">{esc(game.description)}</p>', ""]
    out += [_counts(game), ""]
    svg = board_svg(board, title=game.title, id_prefix=prefix)
    out += ["## Board", "", f'<div class="bg-board-wrap" data-search-exclude>{svg}</div>', ""]
    tables = property_tables(board, templates)
    if tables:
        out += ["## Properties", ""]
        for heading, html in tables:
            out += [f"### {heading}", "", html, ""]
    others = other_squares_html(board, templates)
    if others:
        out += ["## Other squares", "", others, ""]
    if game.decks:
        out += ["## Cards", ""]
        used: set[str] = set()
        for deck in game.decks:
            title = deck_title(board, deck.name)
            out += [f"### {md_text(title)}", ""]
            if title != deck.name:
                out += [f"Deck `{esc(deck.name)}` · {len(deck.cards)} cards", ""]
            out += [deck_html(deck, board, id_prefix=prefix, used=used, templates=templates), ""]
    return "\n".join(out)


class BoardGameCard(TypedDict):
    """What the games index shows for one board game."""

    id: str
    title: str
    description: str
    squares: int
    streets: int
    decks: int
    cards: int
    thumbnail_svg: str
    search: str


def games_index_card(
    game: BoardGame, *, id_prefix: str | None = None, width: float = 160
) -> BoardGameCard:
    """The games-index entry of a board game; `thumbnail_svg` is a standalone `<svg>`
    (`width` px wide) with ids starting `<id_prefix>thumb-`; `search` is plain text to filter
    on. Values are raw text: escape them where they go into HTML."""
    prefix = (id_prefix if id_prefix is not None else default_prefix(game)) + "thumb-"
    board = game.board
    deck_names = " ".join(deck_title(board, d.name) for d in game.decks)
    return BoardGameCard(
        id=game.id,
        title=game.title,
        description=game.description,
        squares=len(board),
        streets=len(board.streets),
        decks=len(game.decks),
        cards=sum(len(d.cards) for d in game.decks),
        thumbnail_svg=board_thumbnail_svg(board, id_prefix=prefix, width=width, title=game.title),
        search=" ".join(f"{game.title} {game.id} {deck_names}".split()),
    )


BOARD_GAME_CSS = (files("gallery") / "assets" / "boardgame.css").read_text(encoding="utf-8")
"""Styles for the classes used by `board_game_page` (shipped as `assets/boardgame.css`;
Material for MkDocs variables when present, plain fallbacks otherwise)."""
