"""The imported-games cache: games read once per content of their files, exactly as read,
never stale after an edit, bounded, and a damaged entry is read again instead of trusted."""

from __future__ import annotations

import os
from pathlib import Path

from source_fixtures import write_ge18xx, write_ruby

from gallery.cachefolder import module_closure, seal
from gallery.importcache import ImportCache, game_from_json, game_to_json
from gallery.loader import load_gallery
from gallery.ruby import import_18xx

TOY = Path(__file__).resolve().parent / "fixtures" / "ruby"


def test_a_game_survives_the_json_form() -> None:
    game = import_18xx(TOY, "toy")
    assert game_from_json(game_to_json(game)) == game


def test_imports_are_read_once_per_content(tmp_path: Path) -> None:
    checkout, ge = write_ruby(tmp_path), write_ge18xx(tmp_path)
    cache = ImportCache(tmp_path / "cache")
    fresh = load_gallery([], imports=[checkout, ge])
    first = load_gallery([], imports=[checkout, ge], cache=cache)
    assert len(list(cache.folder.glob("*.json"))) == 2
    again = load_gallery([], imports=[checkout, ge], cache=cache)
    assert fresh.games == first.games == again.games and fresh.reports == again.reports
    # an edit upstream is a new key: the edited game, never the stored one
    game_rb = checkout / "lib" / "engine" / "game" / "g_mini" / "game.rb"
    key = cache.key("18xx", checkout)
    game_rb.write_text(game_rb.read_text("utf-8").replace("'Mini'", "'Mini II'"), "utf-8")
    assert cache.key("18xx", checkout) != key
    edited = load_gallery([], imports=[checkout], cache=cache)
    assert [g.title for g in edited.games] == ["Mini II"]


def test_a_damaged_entry_is_read_again(tmp_path: Path) -> None:
    checkout = write_ruby(tmp_path)
    cache = ImportCache(tmp_path / "cache")
    good = load_gallery([], imports=[checkout], cache=cache)
    (stored,) = cache.folder.glob("*.json")
    stored.write_text(seal('{"format": 1, "games": [{"game_id": "mini"}]}'), "utf-8")
    assert cache.load(stored.stem) is None
    assert load_gallery([], imports=[checkout], cache=cache).games == good.games


def test_the_cache_is_bounded_least_recently_used_first(tmp_path: Path) -> None:
    cache = ImportCache(tmp_path / "cache", max_bytes=300)
    cache.store("old", [])
    os.utime(cache.folder / "old.json", (1, 1))
    cache.store("mid", [])
    os.utime(cache.folder / "mid.json", (2, 2))
    assert cache.load("old") == []  # used again: now the most recent
    for name in ("a", "b", "c", "d", "e", "f"):
        cache.store(name, [])
    kept = {p.stem for p in cache.folder.glob("*.json")}
    assert sum(p.stat().st_size for p in cache.folder.glob("*.json")) <= 300
    assert "f" in kept and "mid" not in kept


def test_an_import_folder_that_holds_no_games_is_a_warning(tmp_path: Path) -> None:
    loaded = load_gallery([], imports=[tmp_path, tmp_path / "missing"])
    messages = [str(d) for d in loaded.diagnostics]
    assert any("not an 18xx.games checkout" in m for m in messages)
    assert any("import folder not found" in m for m in messages)
    assert all(d.severity == "warning" and d.code == "games-folder" for d in loaded.diagnostics)


def test_a_flipped_or_deeply_nested_entry_is_imported_again(tmp_path: Path) -> None:
    checkout = write_ruby(tmp_path)
    cache = ImportCache(tmp_path / "cache")
    good = load_gallery([], imports=[checkout], cache=cache)
    (stored,) = cache.folder.glob("*.json")
    data = bytearray(stored.read_bytes())
    data[len(data) // 2] ^= 0x04
    stored.write_bytes(bytes(data))
    assert cache.load(stored.stem) is None and not stored.exists()
    assert load_gallery([], imports=[checkout], cache=cache).games == good.games
    (stored,) = cache.folder.glob("*.json")
    stored.write_text(seal("[" * 100_000), "utf-8")
    assert cache.load(stored.stem) is None
    assert load_gallery([], imports=[checkout], cache=cache).games == good.games


def test_the_key_covers_a_game_folder_that_is_a_link(tmp_path: Path) -> None:
    """18xx.games' reader reads a `g_*` folder that is a symbolic link to a folder of the
    checkout: an edit there is a new key (pathlib's `**` alone would not look inside it)."""
    checkout = write_ruby(tmp_path / "a")
    games = checkout / "lib" / "engine" / "game"
    elsewhere = checkout / "shared"
    (games / "g_mini").rename(elsewhere)
    (games / "g_mini").symlink_to(elsewhere, target_is_directory=True)
    (elsewhere / "loop").symlink_to(elsewhere, target_is_directory=True)  # walked once
    cache = ImportCache(tmp_path / "cache")
    first = load_gallery([], imports=[checkout], cache=cache)
    key = cache.key("18xx", checkout)
    game_rb = elsewhere / "game.rb"
    game_rb.write_text(game_rb.read_text("utf-8").replace("'Mini'", "'Mini II'"), "utf-8")
    assert cache.key("18xx", checkout) != key
    edited = load_gallery([], imports=[checkout], cache=cache)
    assert [g.title for g in first.games] == ["Mini"]
    assert [g.title for g in edited.games] == ["Mini II"]


def test_the_code_digest_covers_what_reads_and_checks_the_games() -> None:
    """The cache holds games as read and checked: the readers, the native reader, the tile
    language's checks and the game model are all in its code digest."""
    names = {p.relative_to(p.parents[1]).as_posix() for p in module_closure("gallery.sources")}
    expected = {"tile_lang/check.py", "gallery/native.py", "gallery/game.py", "ruby/importer.py"}
    assert expected - names <= {"ruby/importer.py"}
    assert any(p.as_posix().endswith("gallery/ruby/importer.py")
               for p in module_closure("gallery.sources"))  # fmt: skip
