"""What `diff_paths` finds between two versions of our fixture checkout (see conftest.py), and
which paths make a side."""

from __future__ import annotations

from pathlib import Path

import pytest

from gallery.diff import SideError, diff_paths, read_side
from gallery.diff.model import code_parts, same_tile


def _changes(changes: tuple) -> dict[str, tuple[str, tuple[str, ...]]]:
    return {getattr(c, "coord", None) or c.name: (c.change, tuple(c.fields)) for c in changes}


def test_every_kind_of_change_in_one_game(checkouts) -> None:
    report, _, _ = diff_paths(checkouts.old, checkouts.new)
    assert (report.exit_code, report.same, [g.id for g in report.games]) == (1, 1, ["mini"])
    mini = report.games[0]
    assert mini.status == "changed" and mini.settings == ()
    assert _changes(mini.hexes) == {
        "A1": ("changed", ("name",)),
        "A3": ("changed", ("code",)),
        "A5": ("changed", ("color",)),
        "B2": ("added", ()),
        "B4": ("changed", ("code",)),
        "C1": ("removed", ()),
    }
    assert _changes(mini.tiles) == {
        "8": ("changed", ("count",)),
        "9": ("removed", ()),
        "X1": ("added", ()),
    }
    assert [t.name for t in mini.tiles] == ["8", "9", "X1"]  # numbers first, in number order
    by_coord = {h.coord: h for h in mini.hexes}
    assert by_coord["B4"].same_tile and not by_coord["A3"].same_tile
    assert [(p.sign, p.text) for p in by_coord["A3"].parts] == [("+", "path=a:1,b:4")]
    assert by_coord["A1"].old.name == "Springfield" and by_coord["A1"].new.name == "Shelbyville"


def test_same_checkout_is_no_difference(checkouts) -> None:
    report, _, _ = diff_paths(checkouts.old, checkouts.old)
    assert (report.exit_code, report.games, report.same) == (0, (), 2)


def test_game_folder_and_file_sides_read_that_game_only(checkouts) -> None:
    folder = Path("lib/engine/game/g_mini")
    for old, new in (
        (checkouts.old / folder, checkouts.new / folder),
        (checkouts.old / folder / "game.rb", checkouts.new / folder / "game.rb"),
    ):
        report, _, _ = diff_paths(old, new)
        assert [g.id for g in report.games] == ["mini"] and report.same == 0
        assert len(report.games[0].hexes) == 6


def test_one_game_against_a_whole_checkout(checkouts) -> None:
    folder = checkouts.new / "lib/engine/game/g_mini"
    for old, new in ((checkouts.old, folder), (folder, checkouts.old)):
        report, _, _ = diff_paths(old, new)
        assert [(g.id, g.status) for g in report.games] == [("mini", "changed")]
        assert report.same == 0


def test_wanted_games_and_a_game_neither_side_has(checkouts) -> None:
    report, _, _ = diff_paths(checkouts.old, checkouts.new, wanted=["other"])
    assert (report.exit_code, report.same, report.games) == (0, 1, ())
    report, _, _ = diff_paths(checkouts.old, checkouts.new, wanted=["mini", "nope"])
    assert report.exit_code == 2
    assert [p.message for p in report.problems] == [
        f"no game 'nope' in {checkouts.old} or {checkouts.new}"
    ]


def test_a_game_on_one_side_only(checkouts, tmp_path: Path) -> None:
    import shutil

    shutil.rmtree(checkouts.new / "lib/engine/game/g_other")
    report, _, _ = diff_paths(checkouts.old, checkouts.new, wanted=["other"])
    (other,) = report.games
    assert (other.status, other.new, report.exit_code) == ("removed", None, 1)
    assert [(h.coord, h.change) for h in other.hexes] == [("A1", "removed"), ("A3", "removed")]
    assert [(t.name, t.change) for t in other.tiles] == [("7", "removed")]
    report, _, _ = diff_paths(checkouts.new, checkouts.old, wanted=["other"])
    assert report.games[0].status == "added"


def test_yaml_files_with_other_ids_are_compared(tmp_path: Path) -> None:
    old, new = tmp_path / "a.yaml", tmp_path / "b.yaml"
    text = (
        'id: {id}\ntitle: T\ntiles:\n  "8": {{count: {n}, color: yellow, code: "path=a:0,b:3"}}\n'
    )
    old.write_text(text.format(id="one", n=2), encoding="utf-8")
    new.write_text(text.format(id="two", n=5), encoding="utf-8")
    report, _, _ = diff_paths(old, new)
    (game,) = report.games
    assert game.settings == (("id", "one", "two"),)
    assert [(t.name, t.old.count, t.new.count) for t in game.tiles] == [("8", 2, 5)]


def test_ge18xx_folders_and_games_folders(tmp_path: Path) -> None:
    from source_fixtures import write_ge18xx, write_yaml

    old, new = write_ge18xx(tmp_path / "a"), write_ge18xx(tmp_path / "b")
    tileset = new / "mini" / "mini-TileSet.xml"
    tileset.write_text(tileset.read_text().replace('quantity="2"', 'quantity="5"'))
    report, _, _ = diff_paths(old, new)
    (game,) = report.games
    assert [(t.name, t.fields, t.new.count) for t in game.tiles] == [("8", ("count",), 5)]
    # a folder of our YAML games
    for folder in ("ya", "yb"):
        (tmp_path / folder).mkdir()
        write_yaml(tmp_path / folder)
    yaml = tmp_path / "yb" / "mini.yaml"
    yaml.write_text(yaml.read_text().replace("{A1: Springfield}", "{A1: Capital City}"))
    report, _, _ = diff_paths(tmp_path / "ya", tmp_path / "yb")
    assert [(g.id, [(h.coord, h.fields) for h in g.hexes]) for g in report.games] == [
        ("mini", [("A1", ("name",))])
    ]


def test_phase_colours_and_names_of_no_hex_are_settings(tmp_path: Path) -> None:
    old, new = tmp_path / "old.yaml", tmp_path / "new.yaml"
    text = (
        "id: g\ntitle: T\nlocation_names: {{A1: Here, {extra}}}\nhexes:\n  white:\n    '': [A1]\n"
    )
    old.write_text(text.format(extra="Z9: Nowhere"), encoding="utf-8")
    new.write_text(text.format(extra="Z9: Somewhere"), encoding="utf-8")
    report, _, _ = diff_paths(old, new)
    (game,) = report.games
    assert game.settings == (("location name of Z9 (no hex there)", "Nowhere", "Somewhere"),)
    assert game.hexes == () and report.exit_code == 1


def test_a_path_that_is_no_side(tmp_path: Path) -> None:
    with pytest.raises(SideError, match="no such file or folder"):
        read_side(tmp_path / "missing")
    (tmp_path / "notes.txt").write_text("hello", encoding="utf-8")
    with pytest.raises(SideError, match="not a game file"):
        read_side(tmp_path / "notes.txt")
    (tmp_path / "empty").mkdir()
    with pytest.raises(SideError, match="no games found"):
        read_side(tmp_path / "empty")


def test_an_unreadable_game_is_trouble_not_dropped(tmp_path: Path) -> None:
    good = tmp_path / "good.yaml"
    good.write_text("id: g\ntitle: T\n", encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"\xff\xfe not text")
    report, _, _ = diff_paths(good, bad)
    (game,) = report.games
    assert game.status == "unreadable" and game.problems
    assert report.exit_code == 2


def test_same_tile_needs_the_nodes_in_the_same_order() -> None:
    assert same_tile("path=a:0,b:3;path=a:1,b:4", "path=a:1,b:4;path=a:0,b:3")
    assert same_tile(
        "city=revenue:20;path=a:0,b:_0;label=Y", "city=revenue:20;label=Y;path=a:0,b:_0"
    )
    # the same parts, but the path now reaches the other city
    assert not same_tile(
        "city=revenue:20;city=revenue:30;path=a:0,b:_0",
        "city=revenue:30;city=revenue:20;path=a:0,b:_0",
    )
    assert not same_tile("citty=revenue:20", "city=revenue:20")


def test_code_parts_lists_only_the_parts_that_differ() -> None:
    parts = code_parts("city=revenue:30;path=a:2,b:_0;upgrade=cost:80,terrain:water",
                       "city=revenue:30;path=a:2,b:_0;upgrade=cost:80")  # fmt: skip
    assert [(p.sign, p.text) for p in parts] == [
        ("-", "upgrade=cost:80,terrain:water"),
        ("+", "upgrade=cost:80"),
    ]
    assert [(p.sign, p.text) for p in code_parts("", "city=revenue:0")] == [("+", "city=revenue:0")]
