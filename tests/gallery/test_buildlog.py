"""The build log: errors and problems of the site's own game files are one warning each (so
`--strict` fails); notes about imported data are one summary line per game, each in full at
debug level; a renamed game is said on its own line."""

from __future__ import annotations

from pathlib import Path

from gallery.buildlog import counts_line, is_loud, log_lines
from gallery.loader import GameReport
from tile_lang import Diagnostic, Severity


def _diag(severity: Severity, code: str, line: int = 3) -> Diagnostic:
    return Diagnostic(
        severity=severity,
        code=code,
        message=f"{code} here",
        file="up/g_x/map.rb",
        line=line,
    )


def test_errors_and_own_data_are_loud_upstream_notes_are_summarised(tmp_path: Path) -> None:
    upstream = GameReport(
        "x",
        str(tmp_path),
        (
            _diag("error", "missing-semicolon"),
            *(_diag("warning", "trailing-semicolon", n) for n in range(5)),
            _diag("warning", "18xx-import", 9),
            _diag("info", "id-renamed", 1),
        ),
    )
    own = GameReport("mine", str(tmp_path / "mine.yaml"), (_diag("warning", "game-file"),))
    lines = log_lines([upstream, own])
    warnings = [line.text for line in lines if line.level == "warning"]
    assert warnings == [
        "up/g_x/map.rb:3: error: missing-semicolon here",
        "up/g_x/map.rb:3: warning: game-file here",
    ]
    infos = [line.text for line in lines if line.level == "info"]
    assert infos[0] == "up/g_x/map.rb:1: info: id-renamed here"
    (summary,) = infos[1:]
    assert summary.startswith("gallery: x: 6 warnings (trailing-semicolon 5, 18xx-import 1)")
    assert "mkdocs build --verbose" in summary
    # in full at debug level, each once
    debug = [line.text for line in lines if line.level == "debug"]
    assert len(debug) == 6 and "up/g_x/map.rb:9: warning: 18xx-import here" in debug
    assert is_loud(_diag("warning", "games-folder")) and not is_loud(_diag("info", "game-file"))


def test_the_summary_points_at_the_command_that_lists_a_games_problems(tmp_path: Path) -> None:
    checkout = tmp_path / "18xx"
    (checkout / "lib" / "engine" / "game").mkdir(parents=True)
    note = (_diag("warning", "trailing-semicolon"),)
    (ruby,) = log_lines([GameReport("1889", str(checkout), note)])[1:]
    assert f"`tile-atlas lint {checkout} {checkout}/lib/engine/game/g_1889`" in ruby.text
    import_note = (_diag("warning", "18xx-import"),)
    (only_import,) = log_lines([GameReport("1889", str(checkout), import_note)])[1:]
    assert "tile-atlas lint" not in only_import.text  # lint does not list importer notes
    (yaml,) = log_lines([GameReport("a", "games/a.yaml", note)])[1:]
    assert "`tile-atlas check games/a.yaml`" in yaml.text


def test_counts_line_counts_games_and_severities() -> None:
    report = GameReport("x", "x", (_diag("error", "e"), _diag("warning", "w"), _diag("info", "i")))
    assert counts_line(137, 1, [report]) == (
        "gallery: 137 games and 1 board game loaded; 1 error, 1 warning, 1 note"
    )
