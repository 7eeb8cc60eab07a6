"""`games/`: a card per game (map thumbnail, title, designer, size) and per board game, with a
filter on title and designer; and each board game's own page."""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from gallery.boardgame import BoardGame, board_game_page, games_index_card
from gallery.game import Game
from gallery.pages.context import GalleryBuild, GeneratedFile
from gallery.pages.map_page import map_thumbnail
from gallery.pages.paths import rel, tile_slug

PAGE = "games/index.md"


def build_board_game_pages(build: GalleryBuild, board_games: Sequence[BoardGame]) -> None:
    """A page per board-and-card game (board, property table, card faces)."""
    for game in board_games:
        build.page(f"games/{tile_slug(game.id)}/index.md", board_game_page(game))


def _board_game_cards(build: GalleryBuild, board_games: Sequence[BoardGame]) -> list[Markup]:
    cards = []
    for game in board_games:
        card = games_index_card(game)
        slug = tile_slug(card["id"])
        thumb = f"assets/games/{slug}-board.svg"
        build.files.append(GeneratedFile(thumb, card["thumbnail_svg"] + "\n"))
        cards.append(
            build.templates.fragment(
                "game_card.html.j2",
                href=build.link(f"{slug}/index.md"),
                search=card["search"],
                img=rel(PAGE, thumb),
                alt="",
                title=card["title"],
                lines=[
                    card["description"],
                    f"board game · {card['squares']} squares · {card['cards']} cards",
                ],
            )
        )
    return cards


def build_games_index(
    build: GalleryBuild, games: list[Game], board_games: Sequence[BoardGame] | None = None
) -> None:
    """The games index, games sorted by title, then the board games."""
    out = [
        "---\ntitle: Games\nhide: [toc]\n---\n",
        "# Games",
        "",
        build.templates.fragment("games_filter.html.j2", target="game-cards"),
        "",
        '<div class="game-cards" id="game-cards">',
    ]
    for game in sorted(games, key=lambda g: g.title.lower()):
        slug = tile_slug(game.id)
        out.append(
            build.templates.fragment(
                "game_card.html.j2",
                href=build.link(f"{slug}/index.md"),
                search=f"{game.title} {game.id} {game.designer or ''} {game.origin or ''}",
                img=rel(PAGE, map_thumbnail(build, game)),
                alt="",
                title=game.title,
                lines=[
                    game.designer or "",
                    f"{game.layout} · {len(game.tiles)} tiles · {len(game.hexes)} hexes"
                    + (f" · {game.origin}" if game.origin else ""),
                ],
            )
        )
    out.extend(_board_game_cards(build, board_games or []))
    out.append("</div>")
    build.page(PAGE, "\n".join(out) + "\n")
