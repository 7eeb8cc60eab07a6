"""Lint a list of files and filter the findings by code; the exit status rule lives here too."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_all_start_methods, get_context
from pathlib import Path
from typing import Any

from gallery.lint.files import SourceFile
from gallery.lint.findings import GAME_CODES, UNREADABLE, sort_key
from gallery.lint.game import collect_games, lint_games, merge_places
from gallery.lint.scan import FileReport, lint_source
from tile_lang import Diagnostic


@dataclass(frozen=True)
class LintResult:
    """Every finding kept after `--select/--ignore`, in file order, how many files were read,
    and the Ruby line each finding is on (`(file, line) -> text`, for caret snippets)."""

    findings: tuple[Diagnostic, ...]
    files: int
    lines: Mapping[tuple[str, int], str] = field(default_factory=dict)

    def count(self, severity: str) -> int:
        return sum(1 for f in self.findings if f.severity == severity)

    def by_code(self) -> dict[str, int]:
        """Findings per diagnostic code, most frequent first (ties by name)."""
        counts = Counter(f.code for f in self.findings)
        return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))

    def exit_code(self, *, strict: bool = False) -> int:
        """1 when an error was found (or a warning, with `strict`), else 0. Infos never fail."""
        failing = {"error", "warning"} if strict else {"error"}
        return 1 if any(f.severity in failing for f in self.findings) else 0

    def source_line(self, finding: Diagnostic) -> str:
        return self.lines.get((finding.file, finding.line), "")


def _read(file: SourceFile) -> FileReport:
    try:
        data = file.path.read_bytes()
    except OSError as exc:
        unreadable = Diagnostic(
            severity="error",
            message=f"cannot read: {exc.strerror}",
            code=UNREADABLE,
            file=file.name,
            line=1,
            column=1,
        )
        return FileReport((unreadable,))
    return lint_source(file.name, data)


def keep(finding: Diagnostic, select: frozenset[str], ignore: frozenset[str]) -> bool:
    """`select` (when given) lists the only codes reported; `ignore` removes codes."""
    return keep_code(finding.code, select, ignore)


def lint_files(
    files: Sequence[SourceFile],
    *,
    select: Iterable[str] = (),
    ignore: Iterable[str] = (),
    checkout: Path | None = None,
    games: Sequence[str] = (),
) -> LintResult:
    """Lint every file (in the order given), run the whole-game checks of `games` (ids of
    game folders of `checkout`) and keep the findings `select`/`ignore` allow."""
    chosen, dropped = frozenset(select), frozenset(ignore)
    wanted = checkout is not None and bool(games) and _any_game_code(chosen, dropped)
    with _GameChecks(checkout if wanted else None, list(games)) as game_checks:
        findings: list[Diagnostic] = []
        lines: dict[tuple[str, int], str] = {}
        for file in files:
            report = _read(file)
            kept = [f for f in report.diagnostics if keep(f, chosen, dropped)]
            findings.extend(kept)
            lines.update(((f.file, f.line), report.lines.get(f.line, "")) for f in kept)
        found, game_lines = game_checks.result()
    if found:
        findings.extend(f for f in found if keep(f, chosen, dropped))
        findings.sort(key=sort_key)
        lines.update(game_lines)
    return LintResult(tuple(findings), len(files), lines)


# how many processes check games beside the one reading tile strings (a family of games
# stays in one, as its members share files)
GAME_WORKERS = 2


class _GameChecks:
    """The whole-game checks, run in worker processes while this one reads the tile strings
    (they share nothing), or inline where processes cannot be forked."""

    def __init__(self, checkout: Path | None, games: list[str]) -> None:
        self.checkout, self.games = checkout, games
        self.pool: ProcessPoolExecutor | None = None
        self.futures: list[Future[Any]] = []

    def __enter__(self) -> _GameChecks:
        if self.checkout is not None and "fork" in get_all_start_methods():
            parts = _families(self.games, GAME_WORKERS)
            self.pool = ProcessPoolExecutor(len(parts), mp_context=get_context("fork"))
            self.futures = [self.pool.submit(collect_games, self.checkout, p) for p in parts]
        return self

    def result(self) -> tuple[list[Diagnostic], dict[tuple[str, int], str]]:
        if self.checkout is None:
            return [], {}
        if not self.futures:
            return lint_games(self.checkout, self.games)
        return merge_places((f.result() for f in self.futures), self.games)

    def __exit__(self, *_: object) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)


def _families(games: list[str], count: int) -> list[list[str]]:
    """`games` in up to `count` runs of about equal length, cut only where the leading
    number or name changes (`1822`, `1822_ca`, `1822_pnw` stay together)."""
    size = -(-len(games) // count)
    parts: list[list[str]] = [[]]
    for game in games:
        current = parts[-1]
        family = game.split("_")[0]
        if len(current) >= size and current[-1].split("_")[0] != family and len(parts) < count:
            parts.append([])
        parts[-1].append(game)
    return [p for p in parts if p]


def _any_game_code(select: frozenset[str], ignore: frozenset[str]) -> bool:
    """Whether a whole-game finding could be kept (they cost a second read of the games)."""
    return any(keep_code(code, select, ignore) for code in GAME_CODES)


def keep_code(code: str, select: frozenset[str], ignore: frozenset[str]) -> bool:
    if select and code not in select:
        return False
    return code not in ignore
