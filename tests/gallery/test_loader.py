"""The loader's one policy for every source: games with errors are kept, a game two sources
hold is published twice under distinct ids with its source named, a repeated id within one
source is reported, and every diagnostic is filed under its game."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from source_fixtures import write_ge18xx, write_ruby, write_ruby_games, write_yaml

from gallery.game import Game
from gallery.loader import SPREAD_FROM, load_gallery
from gallery.sources import TILE_GAME_SOURCES, GameRef, Loaded


def test_a_game_of_two_sources_is_published_twice_with_its_source_named(tmp_path: Path) -> None:
    world = tmp_path / "world"
    world.mkdir()
    write_ruby(world)  # checkout/ (18xx.games)
    write_ge18xx(world)  # ge/ (GE18XX)
    loaded = load_gallery([world])
    by_id = {g.id: g for g in loaded.games}
    assert sorted(by_id) == ["mini", "mini-ge18xx"]
    assert by_id["mini"].origin == "18xx.games" and by_id["mini-ge18xx"].origin == "GE18XX"
    (renamed,) = [d for d in loaded.diagnostics if d.code == "id-renamed"]
    assert renamed.file == str(world / "ge") and "published, this one as 'mini-ge18xx'" in (
        renamed.message
    )
    # every diagnostic is in the report of the game it belongs to
    reports = {r.game_id: r for r in loaded.reports}
    assert renamed in reports["mini-ge18xx"].diagnostics
    assert all(d.file.startswith(str(world / "checkout")) for d in reports["mini"].diagnostics)
    assert sum(len(r.diagnostics) for r in loaded.reports) == len(loaded.diagnostics)


def test_one_id_twice_in_one_source_is_an_error_and_both_are_kept(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    first = write_yaml(folder)
    (folder / "other.yaml").write_text(first.read_text("utf-8"), encoding="utf-8")
    loaded = load_gallery([folder, tmp_path / "missing"])
    assert [(g.id, g.origin) for g in loaded.games] == [("mini", None), ("mini-2", None)]
    errors = [d for d in loaded.diagnostics if d.code == "address"]
    assert [d.severity for d in errors] == ["error"]
    assert errors[0].file.endswith("other.yaml") and str(first) in errors[0].message
    (folder_report,) = [r for r in loaded.reports if not r.game_id]
    assert folder_report.where == str(tmp_path / "missing")
    assert "games folder not found" in folder_report.diagnostics[0].message


def test_a_memo_reads_only_the_entries_that_changed(tmp_path: Path) -> None:
    import os

    from gallery.loader import LoadMemo

    folder = tmp_path / "games"
    folder.mkdir()
    for name in ("aa", "bb"):
        (folder / f"{name}.yaml").write_text(
            f'id: {name}\ntitle: {name.upper()}\ntiles:\n  "X1": {{count: 1, color: yellow, '
            'code: "path=a:0,b:3"}\n',
            encoding="utf-8",
        )
    memo = LoadMemo()
    first = load_gallery([folder], memo=memo)
    again = load_gallery([folder], memo=memo)
    # nothing changed: the very same game objects, not a second reading
    assert [id(g) for g in again.games] == [id(g) for g in first.games]
    edited = folder / "bb.yaml"
    edited.write_text(edited.read_text(encoding="utf-8").replace("title: BB", "title: Bee"),
                      encoding="utf-8")  # fmt: skip
    stat = edited.stat()
    os.utime(edited, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    third = load_gallery([folder], memo=memo)
    assert third.games[0] is first.games[0]
    assert third.games[1].title == "Bee"


def test_a_game_read_the_same_after_an_edit_is_the_object_read_before(tmp_path: Path) -> None:
    """A comment added to a game file changes the file, not the game: the memo gives the very
    object it gave before (what the gallery keeps is then known unchanged by identity); an
    imported game is the same object build after build too (its source's name is set once)."""
    import os

    from gallery.loader import LoadMemo

    folder = tmp_path / "games"
    folder.mkdir()
    edited = folder / "aa.yaml"
    edited.write_text('id: aa\ntitle: AA\ntiles:\n  "X1": {count: 1, color: yellow, '
                      'code: "path=a:0,b:3"}\n', encoding="utf-8")  # fmt: skip
    memo = LoadMemo()
    first = load_gallery([folder], memo=memo)
    edited.write_text(edited.read_text(encoding="utf-8") + "# a comment\n", encoding="utf-8")
    stat = edited.stat()
    os.utime(edited, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    again = load_gallery([folder], memo=memo)
    assert again.games[0] is first.games[0]
    edited.write_text(edited.read_text(encoding="utf-8").replace("AA", "Aa"), encoding="utf-8")
    os.utime(edited, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2_000_000))
    third = load_gallery([folder], memo=memo)
    assert third.games[0] is not first.games[0] and third.games[0].title == "Aa"
    # imported games: named after their source once, the same object in the next load
    ge = write_ge18xx(tmp_path)
    one, two = load_gallery([], imports=[ge], memo=memo), load_gallery([], imports=[ge], memo=memo)
    assert one.games and all(g.origin for g in one.games)
    assert all(a is b for a, b in zip(one.games, two.games, strict=True))


def test_an_imports_games_go_to_the_reader_in_one_call_and_come_back_in_order(
    tmp_path: Path,
) -> None:
    """A checkout's games are handed to the caller's reader (a cold build's worker pool)
    all at once; what comes back is published as if read here, in the same order."""
    checkout = write_ruby_games(tmp_path, SPREAD_FROM)
    calls: list[tuple[str, int]] = []

    def reader(name: str, refs: Sequence[GameRef]) -> list[Loaded[Game]]:
        calls.append((name, len(refs)))
        source = next(s for s in TILE_GAME_SOURCES if s.name == name)
        return [source.read(ref) for ref in reversed(refs)][::-1]

    spread = load_gallery([], imports=[checkout], reader=reader)
    assert calls == [("18xx", SPREAD_FROM)]
    assert spread == load_gallery([], imports=[checkout])
    assert [g.id for g in spread.games] == [f"mini{n}" for n in range(SPREAD_FROM)]
    few = write_ruby_games(tmp_path / "few", SPREAD_FROM - 1)
    assert load_gallery([], imports=[few], reader=reader).games and len(calls) == 1
