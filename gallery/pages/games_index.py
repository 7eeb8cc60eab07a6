"""`games/`: a card per game (map thumbnail, title, designer, size) and per board game, with a
filter on title and designer; and each board game's own page."""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from gallery.boardgame import BoardGame, board_game_page, games_index_card
from gallery.game import Game
from gallery.pages.context import GalleryBuild, GeneratedFile
from gallery.pages.groups import GameGroup, game_groups, title_order
from gallery.pages.map_page import map_thumbnail
from gallery.pages.paths import rel, tile_slug
from gallery.pagetext import esc, front_matter, md_text

PAGE = "games/index.md"


def build_board_game_pages(build: GalleryBuild, board_games: Sequence[BoardGame]) -> None:
    """A page per board-and-card game (board, property table, card faces)."""
    for game in board_games:
        build.page(f"games/{tile_slug(game.id)}/index.md", board_game_page(game))


def _board_game_cards(build: GalleryBuild, page: str,
                      board_games: Sequence[BoardGame]) -> dict[str, Markup]:  # fmt: skip
    cards = {}
    for game in board_games:
        card = games_index_card(game)
        slug = tile_slug(card["id"])
        thumb = f"assets/games/{slug}-board.svg"
        if thumb not in build.written:
            build.written.add(thumb)
            build.files.append(GeneratedFile(thumb, card["thumbnail_svg"] + "\n"))
        cards[game.id] = build.templates.fragment(
            "game_card.html.j2",
            href=build.link(rel(page, f"games/{slug}/index.md")),
            search=card["search"],
            img=rel(page, thumb),
            alt="",
            title=card["title"],
            lines=[
                card["description"],
                f"board game · {card['squares']} squares · {card['cards']} cards",
            ],
        )
    return cards


def _game_cards(build: GalleryBuild, page: str, games: Sequence[Game]) -> dict[str, Markup]:
    cards = {}
    for game in games:
        slug = tile_slug(game.id)
        cards[game.id] = build.templates.fragment(
            "game_card.html.j2",
            href=build.link(rel(page, f"games/{slug}/index.md")),
            search=f"{game.title} {game.id} {game.designer or ''} {game.origin or ''}",
            img=rel(page, map_thumbnail(build, game)),
            alt="",
            title=game.title,
            lines=[
                game.designer or "",
                f"{game.layout} · {len(game.tiles)} tiles · {len(game.hexes)} hexes"
                + (f" · {game.origin}" if game.origin else ""),
            ],
        )
    return cards


def _cards_block(build: GalleryBuild, cards: Sequence[Markup]) -> str:
    return build.raw("\n".join(['<div class="game-cards" id="game-cards">', *cards, "</div>"]))


def build_games_index(
    build: GalleryBuild, games: list[Game], board_games: Sequence[BoardGame] | None = None
) -> None:
    """The games index, games sorted by title, then the board games; on a large site also a
    page per run of games (`gallery.pages.groups`), linked from the index and the nav."""
    board_games = board_games or []
    cards = _game_cards(build, PAGE, games)
    boards = _board_game_cards(build, PAGE, board_games)
    out = [
        "---\ntitle: Games\nhide: [toc]\n---\n",
        "# Games",
        "",
    ]
    groups = game_groups([*games, *board_games])
    if groups:
        runs = " · ".join(f"[{md_text(g.label)}]({rel(PAGE, g.page)})" for g in groups)
        out += [f"{len(games) + len(board_games)} games. By title: {runs}", ""]
    out += [
        build.templates.fragment("games_filter.html.j2", target="game-cards"),
        "",
        _cards_block(
            build, [cards[g.id] for g in title_order(games)] + [boards[b.id] for b in board_games]
        ),
    ]
    build.page(PAGE, "\n".join(out) + "\n")
    for group in groups:
        _build_group_page(build, group, games, board_games)


def _build_group_page(build: GalleryBuild, group: GameGroup, games: Sequence[Game],
                      board_games: Sequence[BoardGame]) -> None:  # fmt: skip
    """One run of games: their cards, in title order."""
    members = {m.id for m in group.members}
    cards = _game_cards(build, group.page, [g for g in games if g.id in members])
    cards |= _board_game_cards(build, group.page, [b for b in board_games if b.id in members])
    out = [
        front_matter({"title": f"Games {esc(group.label)}", "hide": ["toc"]}),
        f"# Games {md_text(group.label)}",
        "",
        f"{len(group.members)} of the [games]({rel(group.page, PAGE)}), by title.",
        "",
        _cards_block(build, [cards[m.id] for m in group.members]),
    ]
    build.page(group.page, "\n".join(out) + "\n")
