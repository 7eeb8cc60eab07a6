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

#: Game cards made by earlier builds, by everything a card shows (`build_games_index`).
GameCards = dict[tuple[object, ...], Markup]


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


def _game_cards(build: GalleryBuild, page: str, games: Sequence[Game], earlier: GameCards,
                kept: GameCards) -> dict[str, Markup]:  # fmt: skip
    """Each game's card on `page`, taken from `earlier` when it would show the same, and noted
    in `kept`: a rebuild after one game changed makes that game's cards only."""
    made = {}
    for game in games:
        slug = tile_slug(game.id)
        href = build.link(rel(page, f"games/{slug}/index.md"))
        img = rel(page, map_thumbnail(build, game))
        lines = (
            game.designer or "",
            f"{game.layout} · {len(game.tiles)} tiles · {len(game.hexes)} hexes"
            + (f" · {game.origin}" if game.origin else ""),
        )
        search = f"{game.title} {game.id} {game.designer or ''} {game.origin or ''}"
        key = (href, img, search, game.title, lines)
        card = earlier.get(key)
        if card is None:
            card = build.templates.fragment(
                "game_card.html.j2", href=href, search=search, img=img, alt="",
                title=game.title, lines=list(lines),
            )  # fmt: skip
        made[game.id] = kept[key] = card
    return made


def _cards_block(build: GalleryBuild, cards: Sequence[Markup]) -> str:
    return build.raw("\n".join(['<div class="game-cards" id="game-cards">', *cards, "</div>"]))


def build_games_index(
    build: GalleryBuild,
    games: list[Game],
    board_games: Sequence[BoardGame] | None = None,
    cards: GameCards | None = None,
) -> None:
    """The games index, games sorted by title, then the board games; on a large site also a
    page per run of games (`gallery.pages.groups`), linked from the index and the nav.
    `cards`: the game cards of an earlier build with the same templates, kept by the caller
    (left holding this build's)."""
    board_games = board_games or []
    earlier = cards if cards is not None else {}
    kept: GameCards = {}
    game_cards = _game_cards(build, PAGE, games, earlier, kept)
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
            build,
            [game_cards[g.id] for g in title_order(games)] + [boards[b.id] for b in board_games],
        ),
    ]
    build.page(PAGE, "\n".join(out) + "\n")
    for group in groups:
        _build_group_page(build, group, games, board_games, earlier, kept)
    if cards is not None:
        cards.clear()
        cards.update(kept)


def _build_group_page(build: GalleryBuild, group: GameGroup, games: Sequence[Game],
                      board_games: Sequence[BoardGame], earlier: GameCards,
                      kept: GameCards) -> None:  # fmt: skip
    """One run of games: their cards, in title order."""
    members = {m.id for m in group.members}
    cards = _game_cards(build, group.page, [g for g in games if g.id in members], earlier, kept)
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
