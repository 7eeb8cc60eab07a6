"""The whole-game checks on a made-up checkout (tests/gallery/lint/fixtures/games).

g_alpha holds a true case and a near miss of every check; g_beta inherits alpha's entities and
manifest with a map of its own (the findings of a shared file name every game they concern);
g_gamma builds its map in code the linter does not run (one info line, no error). The exact
list is asserted, so a near miss that started to be reported would fail too.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from gallery.cli.lint import command
from gallery.lint.files import select_files
from gallery.lint.findings import GAME_CODES
from gallery.lint.game import games_touched
from gallery.lint.runner import lint_files

GAMES = Path(__file__).parent / "fixtures" / "games"
ALPHA = "lib/engine/game/g_alpha"


def _found(select: tuple[str, ...] = GAME_CODES) -> list[tuple[str, int, int, str, str]]:
    result = lint_files(
        select_files(GAMES, []), select=select, checkout=GAMES, games=["alpha", "gamma"]
    )
    return [
        (f.file.removeprefix("lib/engine/game/"), f.line, f.column, f.severity, f.code)
        for f in result.findings
    ]


def test_every_check_true_case_and_near_miss() -> None:
    assert _found() == [
        # MINE_HEXES: Q4 is not on the map (A3, before it, is)
        ("g_alpha/entities.rb", 7, 28, "error", "unknown-hex"),
        # PORT_HEXES lists no hex of the map at all: one finding for the constant
        ("g_alpha/entities.rb", 8, 25, "error", "unknown-hex"),
        # blocks_hexes Z9: not on the map; the Z7 below is silenced by its
        # `# tile-atlas: ignore[unknown-hex]`
        ("g_alpha/entities.rb", 14, 47, "error", "unknown-hex"),
        # tiles: %w[57 XHH 241'] — 57 is a catalog tile, XHH the game's, 241' neither
        ("g_alpha/entities.rb", 15, 70, "error", "unknown-tile"),
        # city: 2 of E5, which has two cities (city: 1 of C3, above, is fine)
        ("g_alpha/entities.rb", 23, 49, "error", "city-index"),
        # city: 1 of A1, which has one city
        ("g_alpha/entities.rb", 24, 49, "warning", "city-index"),
        # destination F10 is off the map (the home A5 is on it)
        ("g_alpha/entities.rb", 25, 56, "error", "unknown-hex"),
        # TILES '9999' => 1: no catalog tile has that name ('57' => 2 does)
        ("g_alpha/map.rb", 9, 11, "error", "unknown-tile"),
        # game tile 8 is the catalog's 7; game tile 9 is the catalog's 9 turned (near miss)
        ("g_alpha/map.rb", 10, 11, "warning", "tile-clash"),
        # label H where the map's city is HH (XHH, labelled HH, is laid there)
        ("g_alpha/map.rb", 12, 11, "warning", "never-laid"),
        # Q8 is named but not on the map
        ("g_alpha/map.rb", 33, 11, "error", "name-off-map"),
        # E1, in the corner, has two open edges side by side: 57 runs straight through
        ("g_alpha/map.rb", 38, 25, "warning", "no-upgrade"),
        # E3 is the one city without a name (the towns-free blank hexes do not count)
        ("g_alpha/map.rb", 38, 28, "warning", "unnamed-city"),
        # B4's border faces B6, which has none; D4's faces E5's (near miss)
        ("g_alpha/map.rb", 40, 24, "warning", "border-one-side"),
        # B3 is between the grid's hexes
        ("g_alpha/map.rb", 45, 14, "warning", "stray-hex"),
        # no C5 though all six neighbours exist (E9, in the corner, is no hole)
        ("g_alpha/map.rb", 48, 14, "warning", "map-hole"),
        # C7, yellow with label Y: no green tile is labelled Y (nothing to say of A7's track)
        ("g_alpha/map.rb", 48, 14, "warning", "no-upgrade"),
        # A7 in the white and in the yellow group of one map (the variant's A7 is another map)
        ("g_alpha/map.rb", 49, 14, "error", "hex-twice"),
        # a second `white:` in one hash: Ruby keeps only the second
        ("g_alpha/map.rb", 56, 13, "error", "hex-twice"),
        # gamma's map comes from code; its blocks_hexes Z1 is not judged
        ("g_gamma/game.rb", 12, 1, "info", "not-decided"),
    ]


def test_a_shared_file_names_every_game_and_the_surest_reading_wins() -> None:
    """delta is alpha unchanged; beta inherits alpha's entities and manifest but has a map of
    its own, so alpha's entities are not judged against beta's map (beta adapts them in
    code); alpha's manifest is, against beta's map."""
    games = ["alpha", "beta", "delta"]
    result = lint_files(select_files(GAMES, []), checkout=GAMES, games=games)
    found = {(f.line, f.column, f.code): f for f in result.findings if "entities" in f.file}
    q4 = found[(7, 28, "unknown-hex")]
    # delta's copy is a warning (another game's file); alpha's error is the surer reading
    assert q4.severity == "error" and q4.message.endswith("on the map of alpha, delta")
    on_map = ("unknown-hex", "city-index", "name-off-map")
    assert not [f for f in result.findings if "beta" in f.message and f.code in on_map]
    laid = {(f.line, f.code): f for f in result.findings if f.file.endswith("map.rb")}
    # in beta's map no OO hex, and no room for a 57 (so none for 14 and 15 either)
    assert laid[(14, "never-laid")].message.endswith("(in beta)")
    assert laid[(12, "never-laid")].message.endswith("(in alpha, beta, delta)")
    assert not [f for f in result.findings if "g_beta" in f.file or "g_delta" in f.file]


@pytest.mark.parametrize(
    ("changed", "games"),
    [
        ([f"{ALPHA}/map.rb"], ["alpha", "beta", "delta"]),  # they name GAlpha: built on it
        (["lib/engine/game/g_beta/game.rb"], ["beta"]),
        (["lib/engine/config/tile.rb"], []),
    ],
)
def test_changed_files_check_their_games_and_the_games_built_on_them(
    changed: list[str], games: list[str]
) -> None:
    assert games_touched(GAMES, changed) == games


def test_command_line_select_and_exit_status() -> None:
    runner = CliRunner()
    run = runner.invoke(command, [str(GAMES), f"{ALPHA}/map.rb", "--select", "map-hole"])
    assert run.exit_code == 0, run.output  # a warning only
    assert run.output.startswith(f"{ALPHA}/map.rb:48:14: warning: no hex C5")
    run = runner.invoke(command, [str(GAMES), "--select", "hex-twice", "--format", "github"])
    assert run.exit_code == 1
    assert run.output.count("::error file=lib/engine/game/g_alpha/map.rb,line=") == 2


def test_every_lint_code_is_documented_for_contributors() -> None:
    from gallery.lint.findings import LINT_CODES

    page = (Path(__file__).parents[3] / "docs" / "usage" / "contributors.md").read_text("utf-8")
    assert [code for code in LINT_CODES if f"| `{code}` |" not in page] == []


def test_a_game_the_checks_cannot_read_costs_that_game_only(tmp_path: Path) -> None:
    """Arrays nested far deeper than Python recurses, and a game folder without a Game class:
    each costs its own game at most, never the run."""
    game = tmp_path / "lib/engine/game/g_deep"
    game.mkdir(parents=True)
    nested = "[" * 3000 + "'A1', 'Q9'" + "]" * 3000
    (game / "game.rb").write_text(
        "module Engine\n  module Game\n    module GDeep\n      class Game < Game::Base\n"
        f"        MINE_HEXES = {nested}.freeze\n"
        "        HEXES = { white: { %w[A1 B2] => '' } }.freeze\n"
        "      end\n    end\n  end\nend\n"
    )
    (tmp_path / "lib/engine/game/g_empty").mkdir()
    (tmp_path / "lib/engine/game/g_empty/map.rb").write_text("# nothing\n")
    result = lint_files([], checkout=tmp_path, games=["deep", "empty", "missing"])
    found = [(f.file, f.line, f.code) for f in result.findings if f.severity == "error"]
    # the one off-map hex, found 3,000 arrays deep
    assert found == [("lib/engine/game/g_deep/game.rb", 5, "unknown-hex")]


def test_every_lint_code_has_a_description_for_sarif() -> None:
    from gallery.lint.findings import DESCRIPTIONS, LINT_CODES

    assert sorted(DESCRIPTIONS) == sorted(LINT_CODES)
    run = CliRunner().invoke(command, [str(GAMES), "--select", "map-hole", "--format", "sarif"])
    assert '"text": "no hex where all six neighbours are on the map"' in run.output


@pytest.mark.parametrize("workers", [1, 3])
def test_the_same_findings_from_any_number_of_worker_processes(
    workers: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    import gallery.lint.runner as runner

    games = ["alpha", "beta", "delta", "gamma"]
    expected = lint_files([], checkout=GAMES, games=games)
    monkeypatch.setattr(runner, "GAME_WORKERS", workers)
    assert lint_files([], checkout=GAMES, games=games) == expected
