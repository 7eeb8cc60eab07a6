"""Lint a list of files and filter the findings by code; the exit status rule lives here too."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gallery.lint.files import SourceFile
from gallery.lint.findings import UNREADABLE, Finding
from gallery.lint.scan import lint_source


@dataclass(frozen=True)
class LintResult:
    """Every finding kept after `--select/--ignore`, in file order, and how many files were read."""

    findings: tuple[Finding, ...]
    files: int

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


def _read(file: SourceFile) -> list[Finding]:
    try:
        data = file.path.read_bytes()
    except OSError as exc:
        return [Finding(file.name, 1, 1, "error", UNREADABLE, f"cannot read: {exc.strerror}")]
    return lint_source(file.name, data)


def keep(finding: Finding, select: frozenset[str], ignore: frozenset[str]) -> bool:
    """`select` (when given) lists the only codes reported; `ignore` removes codes."""
    if select and finding.code not in select:
        return False
    return finding.code not in ignore


def lint_files(
    files: Sequence[SourceFile],
    *,
    select: Iterable[str] = (),
    ignore: Iterable[str] = (),
) -> LintResult:
    """Lint every file (in the order given) and keep the findings `select`/`ignore` allow."""
    chosen, dropped = frozenset(select), frozenset(ignore)
    findings: list[Finding] = []
    for file in files:
        findings.extend(f for f in _read(file) if keep(f, chosen, dropped))
    return LintResult(tuple(findings), len(files))
