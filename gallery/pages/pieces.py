"""Pieces of a game's pages that do not depend on its title, kept between the builds of one
`mkdocs serve`.

A game's pages are one part (`gallery.parts`), made again whenever anything in the game's file
changes. Most of a big map's part is work its title has no say in: the upgrade tables, the
tile manifest, the hexes page's cards and viewer data, the upgrade chart, the map and its
thumbnail (18_oe, 1,492 hexes: 0.3 s of a 0.35 s part). A renamed game, or one whose file is
saved again with nothing but its title changed, takes those pieces from the previous build:
each is kept with the drawings it added to its build and the placeholder icons it drew, by
the digest of the game without its title (and the build's settings), so a piece is taken
only where making it again would give the same. The memo keeps one game's pieces per game id
(the pieces of the last build that made that game here); `gallery.parts.PartsCache` owns it
and the parts built in the MkDocs process use it. A first build's workers do not (each game
is made once there): while `mkdocs serve` waits for the first edit, `gallery.parts.warm_pieces`
makes them in the MkDocs process, so the first renamed game is as quick as the next.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, fields, is_dataclass, replace

from gallery.game import Game
from gallery.pages.generated import GeneratedFile


@dataclass(frozen=True)
class Piece:
    """A piece's value, with what making it added to its build: files (drawings), drawings
    by render inputs, files written once per build (a thumbnail), and the placeholder icons
    it drew (name, count)."""

    value: object
    files: tuple[GeneratedFile, ...]
    svgs: tuple[tuple[tuple[object, ...], str], ...]
    written: tuple[str, ...]
    icons: tuple[tuple[str, int], ...]

    @property
    def chars(self) -> int:
        """The text the piece holds (its drawing files are the build's own, not counted)."""
        return text_size(self.value)


@dataclass
class GamePieces:
    """One game's pieces, all made from the game and settings whose digest is `key`
    (`GalleryBuild.piece` takes and keeps them)."""

    key: str
    pieces: dict[str, Piece] = field(default_factory=dict)
    #: Whether the game's whole part was built with these pieces, so every piece it has is
    #: here (`gallery.parts.warm_pieces` leaves such a game be).
    whole: bool = False

    @property
    def chars(self) -> int:
        """The text the game's pieces hold (`Piece.chars`)."""
        return sum(p.chars for p in self.pieces.values())


@dataclass
class PieceMemo:
    """The pieces of each game made in this process, by game id."""

    games: dict[str, GamePieces] = field(default_factory=dict)
    #: Each game's key with the game object and settings it was computed from: a game read
    #: again only when its file changed is the very same object, and a big map's digest (the
    #: repr of 1,500 hexes) is not computed again for every game after every rebuild.
    keys: dict[str, tuple[Game, object, str]] = field(default_factory=dict)

    def of(self, game: Game, settings: object) -> GamePieces:
        """The pieces of `game` built with `settings`: those kept when they were made from the
        same game but for its title, else none (the old ones are dropped)."""
        seen = self.keys.get(game.id)
        if seen is not None and seen[0] is game and seen[1] == settings:
            key = seen[2]
        else:
            key = title_free_key(game, settings)
            self.keys[game.id] = (game, settings, key)
        known = self.games.get(game.id)
        if known is None or known.key != key:
            known = self.games[game.id] = GamePieces(key)
        return known

    @property
    def chars(self) -> int:
        """The text all kept pieces hold (`Piece.chars`)."""
        return sum(g.chars for g in self.games.values())


def text_size(value: object) -> int:
    """The characters of the text in `value`: a string, or the strings among a dataclass's
    fields, nested ones too (a piece's value; other values count nothing)."""
    if isinstance(value, str):
        return len(value)
    if is_dataclass(value):
        return sum(text_size(getattr(value, f.name)) for f in fields(value))
    return 0


def title_free_key(game: Game, settings: object) -> str:
    """A digest of everything in `game` but its title, and of `settings` (frozen dataclasses'
    reprs are complete and stable)."""
    return hashlib.sha256(repr((replace(game, title=""), settings)).encode()).hexdigest()
