"""What a build says about the games it loaded: loud where the reader must act, quiet otherwise.

A site that imports a whole 18xx.games checkout gets hundreds of notes about upstream data
(a trailing `;` the engine ignores, a constant the static reader cannot evaluate). Printed one
by one they bury the few lines that matter. So:

* an error, and a warning about a game file of the site's own (`game-file`, `games-folder`,
  `board-game`: a location name for a missing hex, a games folder that is not there), is one
  log warning each, with file:line, so `mkdocs build --strict` fails on it;
* everything else about a game is one info line per game with its counts and where to see
  them in full, and each of them is logged at debug level (`mkdocs build --verbose`);
* a game published under another id because two sources hold it is said on its own info line.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from gallery.loader import GameReport
from tile_lang import Diagnostic

LogLevel = Literal["warning", "info", "debug"]

LOUD_CODES = frozenset({"game-file", "games-folder", "board-game", "hidden-text"})
"""Warning codes about the site's own data, and hidden controls in any data (text that would
read as something it is not): each is a build warning, like an error."""

ANNOUNCED_CODES = frozenset({"id-renamed"})
"""Notes that change what is published: each gets an info line of its own."""


@dataclass(frozen=True)
class LogLine:
    """One line for the build log, at its level."""

    level: LogLevel
    text: str


def is_loud(diagnostic: Diagnostic) -> bool:
    """True when the diagnostic is a build warning of its own (and fails `--strict`)."""
    return diagnostic.severity == "error" or (
        diagnostic.severity == "warning" and diagnostic.code in LOUD_CODES
    )


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def where_to_look(report: GameReport) -> str:
    """The `tile-atlas` command that lists a game's problems in full ("" when none does:
    `mkdocs build --verbose` always does)."""
    where = Path(report.where)
    if where.suffix in (".yaml", ".yml") or (where / "game.yaml").is_file():
        return f"`tile-atlas check {where}`"
    if (where / "lib" / "engine" / "game").is_dir():
        return f"`tile-atlas lint {where} {where / 'lib/engine/game' / ('g_' + report.game_id)}`"
    return ""


def game_summary(report: GameReport) -> LogLine | None:
    """One info line for the quiet diagnostics of one game, or None when it has none."""
    quiet = [d for d in report.diagnostics if not is_loud(d) and d.code not in ANNOUNCED_CODES]
    if not quiet:
        return None
    counts = Counter(d.severity for d in quiet)
    parts = [_plural(counts["warning"], "warning")] if counts["warning"] else []
    parts += [_plural(counts["info"], "note")] if counts["info"] else []
    codes = Counter(d.code or d.severity for d in quiet).most_common(3)
    top = ", ".join(f"{code} {count}" for code, count in codes)
    name = report.game_id or report.where
    command = where_to_look(report)
    if command.startswith("`tile-atlas lint") and all(d.code == "18xx-import" for d in quiet):
        command = ""  # lint checks tile strings; the importer's notes are in the build log only
    return LogLine(
        "info",
        f"gallery: {name}: {' and '.join(parts)} ({top}); in full with "
        f"`mkdocs build --verbose`{' or ' + command if command else ''}",
    )


def log_lines(reports: Iterable[GameReport]) -> list[LogLine]:
    """The build log's lines for the diagnostics of every game, game by game."""
    lines: list[LogLine] = []
    for report in reports:
        for diagnostic in report.diagnostics:
            if is_loud(diagnostic):
                lines.append(LogLine("warning", str(diagnostic)))
            elif diagnostic.code in ANNOUNCED_CODES:
                lines.append(LogLine("info", str(diagnostic)))
            else:
                lines.append(LogLine("debug", str(diagnostic)))
        summary = game_summary(report)
        if summary is not None:
            lines.append(summary)
    return lines


def counts_line(
    games: int, board_games: int, reports: Iterable[GameReport], *, what: str = "loaded"
) -> str:
    """`gallery: 137 games loaded (…)` with how many errors and warnings they carry."""
    severities = Counter(d.severity for r in reports for d in r.diagnostics)
    boards = f" and {_plural(board_games, 'board game')}" if board_games else ""
    return (
        f"gallery: {_plural(games, 'game')}{boards} {what}; "
        f"{_plural(severities['error'], 'error')}, {_plural(severities['warning'], 'warning')}, "
        f"{_plural(severities['info'], 'note')}"
    )
