"""Lint a list of files and filter the findings by code; the exit status rule lives here too."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from gallery.lint.files import SourceFile
from gallery.lint.findings import GAME_CODES, UNREADABLE, sort_key
from gallery.lint.game import lint_games
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
    findings: list[Diagnostic] = []
    lines: dict[tuple[str, int], str] = {}
    for file in files:
        report = _read(file)
        kept = [f for f in report.diagnostics if keep(f, chosen, dropped)]
        findings.extend(kept)
        lines.update(((f.file, f.line), report.lines.get(f.line, "")) for f in kept)
    if checkout is not None and games and _any_game_code(chosen, dropped):
        found, game_lines = lint_games(checkout, games)
        findings.extend(f for f in found if keep(f, chosen, dropped))
        findings.sort(key=sort_key)
        lines.update(game_lines)
    return LintResult(tuple(findings), len(files), lines)


def _any_game_code(select: frozenset[str], ignore: frozenset[str]) -> bool:
    """Whether a whole-game finding could be kept (they cost a second read of the games)."""
    return any(keep_code(code, select, ignore) for code in GAME_CODES)


def keep_code(code: str, select: frozenset[str], ignore: frozenset[str]) -> bool:
    if select and code not in select:
        return False
    return code not in ignore
