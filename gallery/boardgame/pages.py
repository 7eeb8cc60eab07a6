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


def _swatch(color: str) -> str:
    fill = color_fill(color) or "#cccccc"
    return f'<span class="bg-swatch" style="background:{fill}" title="{esc(color)}"></span>'


def properties_html(board: Board) -> str:
    """Tables of the board's streets (grouped by colour, in board order), stations and
    utilities with price, every rent and the mortgage; empty string for a board without."""
    out: list[str] = []
    streets = board.streets
    if streets:
        order = list(dict.fromkeys(s.color for s in streets))
        rows = sorted(streets, key=lambda s: (order.index(s.color), s.number))
        out.append(
            '<table class="bg-properties bg-streets"><thead><tr><th>Nº</th><th>Street</th>'
            "<th>Price</th><th>Rent</th><th>1 house</th><th>2 houses</th><th>3 houses</th>"
            "<th>4 houses</th><th>Hotel</th><th>House costs</th><th>Hotel costs</th>"
            "<th>Mortgage</th></tr></thead><tbody>"
        )
        for s in rows:
            cells = [s.price, *s.rents, s.house_price, s.hotel_price, s.mortgage]
            out.append(
                f"<tr><td>{s.number}</td><td>{_swatch(s.color)} {esc(s.name)}</td>"
                + "".join(f"<td>{v}</td>" for v in cells)
                + "</tr>"
            )
        out.append("</tbody></table>")
    stations = [s for s in board.squares if isinstance(s, Estacion)]
    if stations:
        out.append(
            '<table class="bg-properties bg-stations"><thead><tr><th>Nº</th><th>Station</th>'
            "<th>Price</th><th>1 station</th><th>2 stations</th><th>3 stations</th>"
            "<th>4 stations</th><th>Mortgage</th></tr></thead><tbody>"
        )
        for e in stations:
            cells = [e.price, *e.rents, e.mortgage]
            out.append(
                f"<tr><td>{e.number}</td><td>{esc(e.name)}</td>"
                + "".join(f"<td>{v}</td>" for v in cells)
                + "</tr>"
            )
        out.append("</tbody></table>")
    utilities = [s for s in board.squares if isinstance(s, Servicio)]
    if utilities:
        out.append(
            '<table class="bg-properties bg-utilities"><thead><tr><th>Nº</th><th>Utility</th>'
            "<th>Price</th><th>Rent with 1 utility</th><th>Rent with 2 utilities</th>"
            "<th>Mortgage</th></tr></thead><tbody>"
        )
        for u in utilities:
            out.append(
                f"<tr><td>{u.number}</td><td>{esc(u.name)}</td><td>{u.price}</td>"
                f"<td>{u.multiplier_1}× dice</td><td>{u.multiplier_2}× dice</td>"
                f"<td>{u.mortgage}</td></tr>"
            )
        out.append("</tbody></table>")
    return "\n".join(out)


def other_squares_html(board: Board) -> str:
    """The squares that are not for sale (start, taxes, cards, jail, parking) and what they do."""
    rows = [s for s in board.squares if not isinstance(s, Calle | Estacion | Servicio)]
    if not rows:
        return ""
    out = [
        '<table class="bg-properties bg-others"><thead><tr><th>Nº</th><th>Square</th>'
        "<th>What happens</th></tr></thead><tbody>"
    ]
    for s in rows:
        what = describe_square(s).split(": ", 1)[1]
        out.append(f"<tr><td>{s.number}</td><td>{esc(s.name)}</td><td>{esc(what)}</td></tr>")
    out.append("</tbody></table>")
    return "\n".join(out)


def card_html(
    card: Card,
    deck: Deck,
    board: Board | None = None,
    *,
    color: str = DECK_FILLS[-1],
    id_prefix: str = "bg-",
    element_id: str | None = None,
) -> str:
    """One card face: the deck and number, the card's text, an English summary of what it
    does, and its actions as written in the `.tjt` file. Its id is `element_id`, by default
    `<id_prefix>card-<deck>-<numero>`."""
    code = format_actions(card)
    anchor = element_id if element_id is not None else card_id(card, deck, id_prefix)
    return (
        f'<figure class="bg-card" id="{esc(anchor)}" '
        f'style="--bg-deck:{color}">'
        f'<figcaption class="bg-card-deck">{esc(deck.name)} · {card.numero}</figcaption>'
        f'<p class="bg-card-text">{esc(card.text)}</p>'
        f'<p class="bg-card-effect">{esc(summarise_card(card, board))}</p>'
        f'<code class="bg-card-code">{esc(code)}</code>'
        "</figure>"
    )


def card_id(card: Card, deck: Deck, id_prefix: str = "bg-") -> str:
    """The anchor of a card face: `<id_prefix>card-<deck>-<numero>`."""
    return f"{id_prefix}card-{deck.name}-{card.numero}"


def deck_html(
    deck: Deck, board: Board | None = None, *, id_prefix: str = "bg-", used: set[str] | None = None
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
        faces.append(
            card_html(card, deck, board, color=color, id_prefix=id_prefix, element_id=anchor)
        )
    return f'<div class="bg-cards">{"".join(faces)}</div>'


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
    game: BoardGame, *, id_prefix: str | None = None, front_matter: bool = True
) -> str:
    """The Markdown page of one board game (front matter with the title unless
    `front_matter` is False). `id_prefix` (default `bg-<id>-`) starts every id on the page."""
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
    properties = properties_html(board)
    if properties:
        out += ["## Properties", "", properties, ""]
    others = other_squares_html(board)
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
            out += [deck_html(deck, board, id_prefix=prefix, used=used), ""]
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


BOARD_GAME_CSS = """\
.bg-description { font-size: 1.05em; }
.bg-board-wrap { max-width: 52rem; margin: 1rem auto; }
.bg-board-wrap svg { width: 100%; height: auto; display: block; }
.bg-swatch { display: inline-block; width: .9em; height: .9em; border: 1px solid #0005;
  vertical-align: -.1em; border-radius: 2px; }
.bg-properties td:not(:nth-child(2)), .bg-properties th:not(:nth-child(2)) {
  text-align: right; }
.bg-others td:nth-child(3), .bg-others th:nth-child(3) { text-align: left; }
.bg-cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  gap: .8rem; margin: 1rem 0; }
.bg-card { margin: 0; padding: .7rem .8rem; border-radius: .5rem; border: 1px solid #0003;
  border-top: .5rem solid var(--bg-deck, #888); background: var(--md-default-bg-color, #fff);
  box-shadow: 0 1px 3px #0002; display: flex; flex-direction: column; gap: .4rem; }
.bg-card-deck { font-size: .7rem; text-transform: uppercase; letter-spacing: .05em;
  opacity: .7; }
.bg-card-text { margin: 0; font-weight: 600; }
.bg-card-effect { margin: 0; font-size: .85em; }
.bg-card-code { font-size: .7rem; margin-top: auto; word-break: break-word; }
"""
"""Styles for the classes used by `board_game_page` (Material for MkDocs variables when
present, plain fallbacks otherwise)."""
