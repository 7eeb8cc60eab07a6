"""A game's title-free pieces across rebuilds: a renamed game takes them, and its pages are
what a build knowing nothing makes."""

from __future__ import annotations

import threading
from dataclasses import replace

from game_fixtures import small_game

from gallery.game import Game, MapHex
from gallery.pages.context import GeneratedFile
from gallery.pages.pieces import GamePieces, PieceMemo, title_free_key
from gallery.parts import BuildSettings, PartsCache, warm_pieces
from gallery.site import build_gallery
from gallery.templates import Templates
from tile_lang.render_cache import RenderCache


def _files(files: list[GeneratedFile]) -> dict[str, tuple[str, tuple[tuple[str, str], ...]]]:
    return {f.path: (f.content, f.blocks) for f in files}


def _build(games: list[Game], parts: PartsCache,
           renders: RenderCache | None = None) -> list[GeneratedFile]:  # fmt: skip
    return build_gallery(games, catalog_pages=False, set_aside=True, parts=parts,
                         renders=renders)  # fmt: skip


def _game() -> Game:
    game = small_game("aa")
    # a hex drawn only by the hexes page's cards (and an unknown icon: a placeholder)
    hexes = {**game.hexes, "C3": MapHex("C3", "gray", "icon=image:nobody_has_it;path=a:0,b:3")}
    return replace(game, hexes=hexes)


def test_a_renamed_game_takes_its_pieces_and_makes_what_a_fresh_build_makes() -> None:
    parts = PartsCache()
    game, other = _game(), small_game("bb")
    _build([game, other], parts)
    assert parts.pieces.games == {}  # a first build keeps none
    renamed = replace(game, title="Renamed <&> game")
    _build([renamed, other], parts)  # a rebuild: the pieces of aa are made and kept
    kept = parts.pieces.games["aa"].pieces
    assert set(kept) == {
        "manifest",
        "hexes",
        "upgrade tables aa",
        "upgrade chart",
        "map",
        "where",
        "thumbnail",
    }
    again = replace(game, title="Again & again")
    renders = RenderCache()
    taken = _build([again, other], parts, renders)
    assert parts.pieces.games["aa"].pieces == kept  # taken, not made again
    fresh_renders = RenderCache()
    fresh = _build([again, other], PartsCache(), fresh_renders)
    assert _files(taken) == _files(fresh)
    assert [f.path for f in taken] == [f.path for f in fresh]
    # the placeholder icon its hexes piece drew still counts
    assert renders.missing_icons == fresh_renders.missing_icons
    assert "nobody_has_it" in renders.missing_icons
    # nothing of the title the pieces were made with is left
    texts = [content + " ".join(b for _, b in blocks) for content, blocks in _files(taken).values()]
    assert not any("Renamed" in text for text in texts)
    assert "Again" in _files(taken)["games/aa/hexes/index.md"][0]


def test_any_other_change_makes_the_pieces_again() -> None:
    parts = PartsCache()
    game = _game()
    _build([game], parts)
    _build([replace(game, title="Two")], parts)
    first = parts.pieces.games["aa"]
    moved = replace(game, title="Three", layout="pointy")
    built = _build([moved], parts)
    now = parts.pieces.games["aa"]
    assert now.key != first.key and all(
        now.pieces[name] is not piece for name, piece in first.pieces.items()
    )
    assert _files(built) == _files(_build([moved], PartsCache()))


def test_the_key_leaves_out_the_title_alone() -> None:
    game, settings = _game(), BuildSettings()
    key = title_free_key(game, settings)
    assert title_free_key(replace(game, title="Other"), settings) == key
    assert title_free_key(replace(game, designer="Someone"), settings) != key
    assert title_free_key(game, BuildSettings(directory_urls=False)) != key
    memo = PieceMemo()
    pieces = memo.of(game, settings)
    assert memo.of(replace(game, title="Other"), settings) is pieces
    assert memo.of(replace(game, layout="pointy"), settings) is not pieces


def test_pieces_made_while_idle_serve_the_first_rename() -> None:
    """`warm_pieces` makes, after a first build (which keeps none), the pieces of every game,
    the biggest first; the first rename then takes them, and its pages are a fresh build's."""
    parts = PartsCache()
    game, other = _game(), small_game("bb")
    # the other game's map is bigger: it is made first
    more = {f"F{i}": MapHex(f"F{i}", "white", "") for i in range(1, 40, 2)}
    other = replace(other, hexes={**other.hexes, **more})
    _build([game, other], parts)
    assert parts.pieces.games == {}
    made: list[str] = []
    memo_of = parts.pieces.of

    def noting(g: Game, settings: object) -> GamePieces:
        made.append(g.id)
        return memo_of(g, settings)

    parts.pieces.of = noting  # type: ignore[method-assign]
    renders, templates = RenderCache(), Templates(())
    assert warm_pieces(parts, renders, templates) == 2
    assert made == ["bb", "aa"]
    warmed = {gid: dict(p.pieces) for gid, p in parts.pieces.games.items()}
    assert set(warmed["aa"]) >= {"manifest", "hexes", "map", "thumbnail"}
    assert warm_pieces(parts, renders, templates) == 0  # every game has its pieces
    renamed = replace(game, title="Renamed")
    built = _build([renamed, other], parts, renders)
    assert all(parts.pieces.games["aa"].pieces[n] is p for n, p in warmed["aa"].items())
    assert _files(built) == _files(_build([renamed, other], PartsCache()))


def test_warming_stops_when_asked() -> None:
    """A build about to start sets `stop`: no game is made after it."""
    parts = PartsCache()
    _build([_game(), small_game("bb")], parts)
    stop = threading.Event()
    stop.set()
    assert warm_pieces(parts, RenderCache(), Templates(()), stop=stop) == 0
    assert parts.pieces.games == {}
    assert warm_pieces(PartsCache(), RenderCache(), Templates(())) == 0  # nothing built yet


def test_warming_stops_once_the_pieces_hold_their_budget() -> None:
    """The pieces made ahead hold at most about `budget` characters: the biggest game is
    made, and the next would pass the budget."""
    parts = PartsCache()
    more = {f"F{i}": MapHex(f"F{i}", "white", "") for i in range(1, 40, 2)}
    big = replace(_game(), hexes={**_game().hexes, **more})
    _build([big, small_game("bb")], parts)
    assert warm_pieces(parts, RenderCache(), Templates(()), budget=1) == 1
    assert list(parts.pieces.games) == ["aa"]
    held = parts.pieces.chars
    assert held > 1000  # its map, cards, chart and manifest
    assert warm_pieces(parts, RenderCache(), Templates(()), budget=held + 1) == 1
    assert set(parts.pieces.games) == {"aa", "bb"}
