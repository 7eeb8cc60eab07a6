"""The catalog's game-dependent parts kept between the builds of one `mkdocs serve`.

A catalog tile page is built from the tile alone (a part, `gallery.parts`), and its "Used by"
table, which names the games using the tile, is filled in for every build; likewise the tiles
index's cards are kept while the games using each tile are the same, and its filter's game
menu (every game's title) is filled in for every build; the conflicts page is kept while the
conflicts and the titles of the games in them are the same. All of them depend on the games
only through a few facts (ids, titles, counts, conflicting tiles), so a rebuild after one game
file changed redoes only what names that game: a renamed game refills a few tables and the
menu, not 476 cards or the conflicts of every game. Beside them the memo keeps two game-level
things a rebuild would otherwise redo for every game: each game made writable
(`gallery.site.writable_game`) and each game's card on the games index.
The caller owns the memo and passes it down (`gallery.site.build_gallery`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from gallery.boardgame import BoardGame
from gallery.conflicts import Conflict
from gallery.conflicts_page import (
    Rows,
    build_conflicts_page,
    conflict_drawings,
    page_conflicts,
)
from gallery.game import Game, TileEntry
from gallery.pages.catalog import (
    INDEX,
    Usage,
    UsedByRows,
    build_tiles_index_page,
    fill_game_filter,
    fill_used_by,
)
from gallery.pages.context import GalleryBuild, GeneratedFile
from gallery.pages.games_index import GameCards, build_games_index
from tile_lang import catalog

#: How many "Used by" rows are kept at most (a whole world has some 7,000).
USED_BY_ROWS = 50_000


@dataclass
class _Kept:
    """Files a page builder added to a build (the page and the drawings it made first), with
    the facts they were built from."""

    key: tuple[object, ...]
    files: list[GeneratedFile]
    svgs: dict[tuple[object, ...], str]


@dataclass
class CatalogMemo:
    """Filled tile pages by path (with the unfilled page and the facts they were filled
    from); the tiles index without its game menu, and with it; the conflicts page."""

    used_by: dict[str, tuple[GeneratedFile, tuple[object, ...], GeneratedFile]] = field(
        default_factory=dict
    )
    index: _Kept | None = None
    #: The index's unfilled page, the games' (id, title) its menu was filled with, the result.
    menu: tuple[GeneratedFile, tuple[tuple[str, str], ...], GeneratedFile] | None = None
    conflicts: _Kept | None = None
    #: The conflicts page's rows, kept while each shows the same (`build_conflicts_page`).
    conflict_rows: Rows = field(default_factory=dict)
    #: The "Used by" tables' rows, likewise (`fill_used_by`).
    used_by_rows: UsedByRows = field(default_factory=dict)
    #: Each game as read and as `writable_game` made it, by id (the last build's games only).
    writable: dict[str, tuple[Game, Game]] = field(default_factory=dict)
    #: The games index's cards (`gallery.pages.games_index.GameCards`), and the templates and
    #: icons they were made with (`gallery.parts.BuildSettings.state`).
    cards: GameCards = field(default_factory=dict)
    cards_state: str = ""
    #: Each game's tiles as the conflicts see them (`_tile_facts`), with the game they were
    #: read from; and the last conflicts found, with the facts they were found from.
    tile_facts: dict[str, tuple[Game, TileFacts]] = field(default_factory=dict)
    found: tuple[tuple[bool, tuple[TileFacts, ...]], list[Conflict]] | None = None
    #: The templates and icons everything above was filled with (`BuildSettings.state`).
    state: str = ""

    def keyed_on(self, state: str) -> None:
        """Forget what was filled with other templates or icons than `state` says (a site's
        override added, edited or deleted during `mkdocs serve`)."""
        if state == self.state:
            return
        self.used_by, self.used_by_rows, self.conflict_rows = {}, {}, {}
        self.index = self.menu = self.conflicts = None
        self.cards, self.cards_state, self.state = {}, "", state

    def filled(self, build: GalleryBuild, file: GeneratedFile,
               usage: list[tuple[Game, TileEntry]]) -> GeneratedFile:  # fmt: skip
        """`fill_used_by(build, file, usage)`, reused when the page (the very part's file)
        and what its table shows are those of the previous build."""
        key = (
            build.set_aside,
            build.directory_urls,
            tuple((game.id, game.title, entry.name, entry.count) for game, entry in usage),
        )
        known = self.used_by.get(file.path)
        if known is not None and known[0] is file and known[1] == key:
            return known[2]
        if len(self.used_by_rows) > USED_BY_ROWS:  # games renamed again and again
            self.used_by_rows.clear()
        done = fill_used_by(build, file, usage, self.used_by_rows)
        self.used_by[file.path] = (file, key, done)
        return done

    def games_index(self, build: GalleryBuild, games: list[Game],
                    board_games: Sequence[BoardGame] | None, state: str) -> None:  # fmt: skip
        """`build_games_index` with the cards of the previous build, while the templates and
        icons they were made with are the same (`state`: their fingerprints)."""
        if self.cards_state != state:
            self.cards, self.cards_state = {}, state
        build_games_index(build, games, board_games, self.cards)

    def tiles_index(self, build: GalleryBuild, games: list[Game], usage: Usage,
                    state: str) -> None:  # fmt: skip
        """`build_tiles_index`: its cards taken from the previous build when the tiles' users
        are the same (`state`: icon and template fingerprints), its game menu filled in again
        only when the games' ids or titles changed."""
        key = (
            state,
            build.set_aside,
            build.directory_urls,
            build.svg_scripts,
            tuple(sorted((name, tuple(g.id for g, _ in users)) for name, users in usage.items())),
        )
        if self.index is None or self.index.key != key:
            self.index = _keep(build, key, lambda: build_tiles_index_page(build, usage))
        else:
            _adopt(build, self.index)
        # the index's files are the last ones added: its page is filled with the game menu
        at = len(build.files) - len(self.index.files)
        at += next(i for i, f in enumerate(self.index.files) if f.path == INDEX)
        page = build.files[at]
        titles = tuple((game.id, game.title) for game in games)
        if self.menu is None or self.menu[0] is not page or self.menu[1] != titles:
            self.menu = (page, titles, fill_game_filter(build, page, games))
        build.files[at] = self.menu[2]
        for t in catalog.all_tiles():  # a drawing another page made first is still made
            build.svg_asset(t.code, t.color, "flat")

    def conflicts_page(self, build: GalleryBuild, games: list[Game], state: str) -> None:
        """`build_conflicts_page`, taken from the previous build when the conflicts and the
        titles of the games in them are the same (`state`: icon and template fingerprints)."""
        conflicts = self._conflicts(build, games)
        users = {u for c in conflicts for v in c.variants for u in v.users}
        key = (
            state,
            build.set_aside,
            build.directory_urls,
            build.svg_scripts,
            build.catalog_pages,
            tuple(conflicts),
            tuple((g.id, g.title) for g in games if g.id in users),
        )
        if self.conflicts is not None and self.conflicts.key == key:
            _adopt(build, self.conflicts)
            conflict_drawings(build, conflicts)
            return
        self.conflicts = _keep(
            build, key, lambda: build_conflicts_page(build, games, conflicts, self.conflict_rows)
        )

    def _conflicts(self, build: GalleryBuild, games: list[Game]) -> list[Conflict]:
        """`page_conflicts(build, games)`, the last build's while every game's tiles are the
        same (a renamed game's are: finding them again took 25-45 ms of each rebuild)."""
        facts = {}
        for game in games:
            known = self.tile_facts.get(game.id)
            if known is None or known[0] is not game:
                known = (game, _tile_facts(game))
            facts[game.id] = known
        self.tile_facts = facts
        key = (build.catalog_pages, tuple(f for _, f in facts.values()))
        if self.found is None or self.found[0] != key:
            self.found = (key, page_conflicts(build, games))
        return self.found[1]


#: What the conflicts depend on in a game: its id and each tile's number, code and colour.
TileFacts = tuple[str, tuple[tuple[str, str, str], ...]]


def _tile_facts(game: Game) -> TileFacts:
    return game.id, tuple((e.name, e.code, e.color) for e in game.tiles.values())


def _keep(build: GalleryBuild, key: tuple[object, ...], make: Callable[[], None]) -> _Kept:
    """Run `make` (which adds files to `build`) and keep what it added."""
    start, before = len(build.files), build.svg_paths()
    make()
    svgs = {k: path for k, path in build.svg_paths().items() if k not in before}
    return _Kept(key, build.files[start:], svgs)


def _adopt(build: GalleryBuild, kept: _Kept) -> None:
    build.adopt(kept.files, kept.svgs, set())
