"""The 18xx.games importer on small Ruby fixtures shaped like real game directories."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gallery import import_18xx as import_from_package
from gallery.game import Axes
from gallery.native import dump_game, load_game, resolve_catalog
from gallery.ruby import (
    RubyCheckout,
    import_18xx,
    import_18xx_checkout,
    import_all_18xx,
    list_18xx_games,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "ruby"
GAMES = FIXTURES / "lib" / "engine" / "game"


def _import(game_id: str) -> tuple[Any, list[Any]]:
    return import_18xx(FIXTURES, game_id, with_diagnostics=True)


def catalog_code(name: str) -> str:
    found = resolve_catalog(name)
    assert found is not None
    return found[1]


def test_games_of_a_checkout() -> None:
    assert list_18xx_games(FIXTURES) == ["toy", "toy_shared", "toy_shared_a", "toy_variant"]
    assert import_from_package is import_18xx


def test_title_designer_layout_and_meta() -> None:
    game, _ = _import("toy")
    assert (game.id, game.title, game.designer) == ("toy", "Toy: The Game", "A. Tester")
    assert (game.layout, game.axes) == ("pointy", Axes("number", "letter"))
    assert game.meta == {
        "location": "Nowhere",
        "publisher": "Toy Games",  # :toy_games through Engine::Publisher::INFO
        "rules": "Rules: https://example.invalid/rules.pdf",
    }
    assert game.source is not None and game.source.endswith("g_toy")


def test_tiles_with_catalog_names_resolved() -> None:
    game, _ = _import("toy")
    tiles = game.tiles
    assert list(tiles) == ["57", "9", "119", "T1", "T2", "T3"]
    assert (tiles["57"].count, tiles["57"].color, tiles["57"].catalog) == (4, "yellow", True)
    assert tiles["57"].code == catalog_code("57")
    assert tiles["9"].count is None
    assert tiles["119"].color == "green" and tiles["119"].code.startswith("stripes=color:brown;")
    assert tiles["T1"].code == "town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;label=T"
    assert tiles["T2"].code == catalog_code("57") + ";label=Z" and tiles["T2"].hidden
    assert tiles["T3"].count is None
    assert tiles["T3"].code == "city=revenue:40,slots:2;path=a:0,b:_0;path=a:3,b:_0"
    assert not tiles["T1"].catalog


def test_hexes_by_colour_with_percent_w_keys_and_continuations() -> None:
    game, _ = _import("toy")
    hexes = game.hexes
    assert {c for c, h in hexes.items() if h.code == ""} == {"A3", "A5", "B4"}
    assert hexes["A1"].code == "city=revenue:0;upgrade=cost:40,terrain:water"
    assert hexes["A1"].name == "Port Town" and game.location_names["B2"] == "O'Hare"
    # a catalog name in HEXES: the catalog's code and colour, as the engine's Tile.for
    assert (hexes["B2"].code, hexes["B2"].tile) == ("town=revenue:0", "town")
    assert (hexes["C5"].color, hexes["C5"].tile) == ("yellow", "57")
    assert hexes["D2"].code == hexes["D4"].code == "upgrade=cost:40,terrain:water"
    assert {h.color for h in hexes.values()} == {"white", "yellow", "red", "blue", "gray"}
    assert hexes["a2"].color == "red"  # a lowercase letter: a column left of A
    assert hexes["D6"].code == "icon=image:port,sticky:1"


def test_phase_colours_are_every_colour_a_phase_allows() -> None:
    game, _ = _import("toy")
    assert game.phase_colors == ("yellow", "green", "brown")
    shared, _ = _import("toy_shared")
    assert shared.phase_colors is None  # no PHASES: every supply colour is offered


def test_phase_colours_survive_the_yaml_import_writes(tmp_path: Path) -> None:
    """`tile-atlas import 18xx` writes our YAML: the phases' colours are kept in it (and left
    out when the game has no readable PHASES)."""
    game, _ = _import("toy")
    text = dump_game(game)
    assert "phase_colors: [yellow, green, brown]\n" in text
    (tmp_path / "toy.yaml").write_text(text, encoding="utf-8")
    assert load_game(tmp_path / "toy.yaml").phase_colors == ("yellow", "green", "brown")
    shared, _ = _import("toy_shared")
    assert "phase_colors" not in dump_game(shared)


def test_only_needed_constants_are_evaluated() -> None:
    _, diagnostics = _import("toy")
    assert diagnostics == []  # HELPER (a method call) is never needed, so never evaluated


def test_inheritance_merge_reject_and_mutations() -> None:
    game, _ = _import("toy_variant")
    assert (game.title, game.designer) == ("Toy Variant", "A. Tester")  # Meta includes GToy's
    assert "9" not in game.tiles and "T3" not in game.tiles  # .reject { |k, _| %w[…] … }
    assert game.tiles["X9"].code == "path=a:0,b:3;label=X"
    assert game.tiles["T1"].count == 2  # from the parent game's TILES
    assert game.location_names == {
        "A1": "Port Town",
        "B2": "Midway",  # LOCATION_NAMES.update(…) after the .dup
        "C3": "Central",
        "D4": "Lakeside",  # LOCATION_NAMES['D4'] = …
    }
    assert game.hexes["E1"].code == "path=a:0,b:3;path=a:1,b:4"  # .merge(gray: …)
    assert game.hexes["D4"].name == "Lakeside"
    assert game.axes == Axes("number", "letter")  # AXES through `include GToy::Map`


def test_a_constant_that_cannot_be_evaluated_is_reported_with_file_and_line() -> None:
    game, diagnostics = _import("toy_variant")
    messages = [str(d) for d in diagnostics]
    assert messages == [
        f"{GAMES / 'g_toy_variant' / 'game.rb'}:14: warning: LAYOUT: cannot evaluate a call of "
        "the method `compute_layout` statically"
    ]
    assert game.layout == "flat"  # unknown, so the default; everything else imported
    assert game.tiles and game.hexes


def test_constants_through_the_ancestors_of_the_defining_module() -> None:
    game, diagnostics = _import("toy_shared_a")
    assert diagnostics == []
    assert game.hexes["B2"].code == "town=revenue:10;label=O"  # TILE_O of the included Map
    assert game.hexes["A1"].color == "gray"
    assert list(game.tiles) == ["7", "O1"] and game.title == "Toy Shared A"


def test_a_map_module_the_game_class_does_not_include_is_not_used() -> None:
    game, diagnostics = _import("toy_shared")
    assert game.tiles == {} and game.hexes == {}  # as the engine: the Game class sees no TILES
    assert len(diagnostics) == 1
    assert str(diagnostics[0]).startswith(f"{GAMES / 'g_toy_shared' / 'map.rb'}:10: warning:")
    assert "does not include it" in diagnostics[0].message


def test_unknown_game() -> None:
    with pytest.raises(FileNotFoundError, match="no game 'nope'"):
        import_18xx(FIXTURES, "nope")


def test_import_all_shares_one_parse() -> None:
    games = {game.id: game for game, _ in import_all_18xx(FIXTURES)}
    assert set(games) == {"toy", "toy_shared", "toy_shared_a", "toy_variant"}
    assert games["toy"] == import_18xx(RubyCheckout(FIXTURES), "toy")


def test_checkout_import_writes_yaml_that_loads_back(tmp_path: Path) -> None:
    diagnostics = import_18xx_checkout(FIXTURES, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".yaml") == [
        "toy.yaml",
        "toy_shared.yaml",
        "toy_shared_a.yaml",
        "toy_variant.yaml",
    ]
    assert [d.field for d in diagnostics] == ["TILES", "LAYOUT"]
    for game, _ in import_all_18xx(FIXTURES):
        loaded = load_game(tmp_path / f"{game.id}.yaml")
        assert (loaded.title, loaded.designer, loaded.layout, loaded.axes, loaded.meta) == (
            game.title,
            game.designer,
            game.layout,
            game.axes,
            game.meta,
        )
        assert loaded.tiles == game.tiles and loaded.hexes == game.hexes
        assert loaded.location_names == game.location_names


def test_only_some_games(tmp_path: Path) -> None:
    import_18xx_checkout(FIXTURES, tmp_path, games=["toy"])
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".yaml"] == ["toy.yaml"]


def test_a_written_file_with_a_bad_tile_string_is_reported(tmp_path: Path) -> None:
    checkout = tmp_path / "checkout"
    game_dir = checkout / "lib" / "engine" / "game" / "g_bad"
    game_dir.mkdir(parents=True)
    (game_dir / "game.rb").write_text(
        "module Engine\n  module Game\n    module GBad\n      class Game < Game::Base\n"
        "        HEXES = { white: { ['A1'] => 'citty=revenue:0' } }.freeze\n"
        "      end\n    end\n  end\nend\n",
        encoding="utf-8",
    )
    diagnostics = import_18xx_checkout(checkout, tmp_path / "out")
    # where to fix it upstream (the Ruby literal's character), then where it landed
    ruby, written = diagnostics
    assert ruby.severity == written.severity == "error"
    assert (ruby.file, ruby.line, ruby.column) == (str(game_dir / "game.rb"), 5, 39)
    assert written.file.endswith("bad.yaml") and "citty" in written.message
    game = import_18xx(checkout, "bad")
    assert game.title == "Bad"  # no GAME_TITLE: the module name without its G, as the site


def _hostile_checkout(tmp_path: Path, constants: str) -> Path:
    """A checkout with a good game `ok` and a game `bad` whose map defines `constants`."""
    for game_id, body in (("ok", "TILES = { '57' => 2 }.freeze"), ("bad", constants)):
        game_dir = tmp_path / "checkout" / "lib" / "engine" / "game" / f"g_{game_id}"
        game_dir.mkdir(parents=True)
        module = "G" + game_id.capitalize()
        (game_dir / "game.rb").write_text(
            f"module Engine\n  module Game\n    module {module}\n"
            f"      class Game < Game::Base\n{body}\n      end\n    end\n  end\nend\n",
            encoding="utf-8",
        )
    return tmp_path / "checkout"


def test_ruby_expression_1000_deep_is_an_error_with_line_not_recursion(tmp_path: Path) -> None:
    deep = "(" * 1000 + "'x'" + ")" * 1000
    checkout = _hostile_checkout(tmp_path, f"        TILES = {{ '57' => {deep}.size }}.freeze")
    diagnostics = import_18xx_checkout(checkout, tmp_path / "out")
    [err] = [d for d in diagnostics if d.severity == "error"]
    assert err.file.endswith("g_bad/game.rb") and err.line == 5 and err.field == "TILES"
    assert "nested more than 100 deep" in err.message
    assert (tmp_path / "out" / "ok.yaml").is_file()  # the other game is imported


def test_ruby_constant_doubling_chain_is_an_error_not_memory_error(tmp_path: Path) -> None:
    chain = "        D0 = 'xxxxxxxxxxxxxxxx'\n" + "".join(
        f"        D{i} = D{i - 1} + D{i - 1}\n" for i in range(1, 40)
    )
    checkout = _hostile_checkout(tmp_path, chain + "        LOCATION_NAMES = { 'A1' => D39 }")
    diagnostics = import_18xx_checkout(checkout, tmp_path / "out")
    errors = [d for d in diagnostics if d.severity == "error"]
    assert [d.field for d in errors] == ["D16"]  # 16 * 2**16 characters
    assert "a value of more than 1,000,000 characters or items" in errors[0].message
    assert (tmp_path / "out" / "ok.yaml").is_file() and (tmp_path / "out" / "bad.yaml").is_file()


@pytest.mark.parametrize(
    ("expression", "what"),
    [
        (" * ".join(["4294967296"] * 9), "bits"),
        ("1" * 5000, "digits"),
    ],
)
def test_ruby_numbers_beyond_bounds_are_errors(tmp_path: Path, expression: str, what: str) -> None:
    checkout = _hostile_checkout(tmp_path, f"        TILES = {{ '57' => {expression} }}")
    diagnostics = import_18xx_checkout(checkout, tmp_path / "out")
    [err] = [d for d in diagnostics if d.severity == "error"]
    assert err.field == "TILES" and what in err.message


def test_import_18xx_never_overwrites_a_file_it_did_not_write(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from gallery.cli import main

    (tmp_path / "toy.yaml").write_text("# my own game\n", "utf-8")
    args = ["import", "18xx", str(FIXTURES), str(tmp_path), "--game", "toy"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "toy.yaml: not written by tile-atlas: not overwritten" in result.output
    assert (tmp_path / "toy.yaml").read_text("utf-8") == "# my own game\n"
    forced = CliRunner().invoke(main, [*args, "--force"])
    assert "overwritten (--force): not written by tile-atlas" in forced.output
    assert (tmp_path / "toy.yaml").read_text("utf-8").startswith("id:")
