"""Output formats of `tile-atlas lint`: text for terminals, GitHub workflow commands, JSON, SARIF.

Each format is a function from the result to the text written on stdout, so a caller (or a
test) gets the same bytes the command prints. Lines and columns are 1-based everywhere; columns
count characters, which is what editors, GitHub annotations and SARIF (with its default
`columnKind` of UTF-16 code units, equal for the characters of Ruby game files) expect.
"""

from __future__ import annotations

import json
from typing import Literal

from gallery.lint.findings import DESCRIPTIONS
from gallery.lint.runner import LintResult
from tile_lang import Diagnostic

Format = Literal["text", "github", "json", "sarif"]
FORMATS: tuple[Format, ...] = ("text", "github", "json", "sarif")

TOOL = "tile-atlas"


def _end_column(finding: Diagnostic) -> int:
    """1-based column just after the underlined characters."""
    return finding.column + max(finding.width, 1)


def _snippet(line: str, finding: Diagnostic) -> list[str]:
    """The Ruby line (indentation trimmed, tabs expanded) with `^~~` under the finding."""
    if not line:
        return []
    before = line[: finding.column - 1].expandtabs(8)
    marked = line[finding.column - 1 : _end_column(finding) - 1]
    shown = line.expandtabs(8)
    indent = len(shown) - len(shown.lstrip())
    indent = min(indent, len(before))
    width = max(1, len(marked.expandtabs(8)))
    return [f"  {shown[indent:]}", f"  {' ' * (len(before) - indent)}^{'~' * (width - 1)}"]


def text(result: LintResult) -> str:
    """`file:line:col: severity: message [code]`, the Ruby line with a caret, and the hint."""
    out: list[str] = []
    for finding in result.findings:
        out.append(
            f"{finding.file}:{finding.line}:{finding.column}: {finding.severity}: "
            f"{finding.message} [{finding.code}]"
        )
        out.extend(_snippet(result.source_line(finding), finding))
        if finding.hint:
            out.append(f"  hint: {finding.hint}")
    return "\n".join(out) + ("\n" if out else "")


def summary(result: LintResult) -> str:
    """One line for stderr: how many of each severity in how many files."""
    return (
        f"{result.count('error')} error(s), {result.count('warning')} warning(s), "
        f"{result.count('info')} not checked, in {result.files} file(s)"
    )


def _escape_data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(value: str) -> str:
    return _escape_data(value).replace(":", "%3A").replace(",", "%2C")


_GITHUB_LEVEL = {"error": "error", "warning": "warning", "info": "notice"}


def github(result: LintResult) -> str:
    """GitHub Actions workflow commands: each finding becomes an annotation on the pull
    request's diff at its file, line and columns."""
    out: list[str] = []
    for f in result.findings:
        properties = ",".join(
            f"{key}={_escape_property(str(value))}"
            for key, value in (
                ("file", f.file),
                ("line", f.line),
                ("endLine", f.line),
                ("col", f.column),
                ("endColumn", _end_column(f)),
                ("title", f"{TOOL} {f.code}"),
            )
        )
        message = f.message + (f"\nhint: {f.hint}" if f.hint else "")
        out.append(f"::{_GITHUB_LEVEL[f.severity]} {properties}::{_escape_data(message)}")
    return "\n".join(out) + ("\n" if out else "")


def _as_dict(f: Diagnostic) -> dict[str, object]:
    return {
        "file": f.file,
        "line": f.line,
        "column": f.column,
        "end_column": _end_column(f),
        "severity": f.severity,
        "code": f.code,
        "message": f.message,
        "hint": f.hint,
    }


def as_json(result: LintResult) -> str:
    """`{"findings": [...], "summary": {...}}`, stable key order, one document."""
    document = {
        "version": 1,
        "findings": [_as_dict(f) for f in result.findings],
        "summary": {
            "files": result.files,
            "errors": result.count("error"),
            "warnings": result.count("warning"),
            "not_checked": result.count("info"),
            "by_code": result.by_code(),
        },
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


_SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def sarif(result: LintResult) -> str:
    """SARIF 2.1.0 (code-scanning upload): one run, a rule per code, a result per finding."""
    codes = sorted({f.code for f in result.findings})
    index = {code: i for i, code in enumerate(codes)}
    results = []
    for f in result.findings:
        results.append(
            {
                "ruleId": f.code,
                "ruleIndex": index[f.code],
                "level": _SARIF_LEVEL[f.severity],
                "message": {"text": f.message + (f" (hint: {f.hint})" if f.hint else "")},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": {"uri": f.file, "uriBaseId": "%SRCROOT%"},
                            "region": {
                                "startLine": f.line,
                                "startColumn": f.column,
                                "endColumn": _end_column(f),
                            },
                        }
                    }
                ],
            }
        )
    document = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": TOOL,
                        "rules": [
                            {
                                "id": code,
                                "shortDescription": {"text": DESCRIPTIONS.get(code, code)},
                            }
                            for code in codes
                        ],
                    }
                },
                "results": results,
            }
        ],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def render(result: LintResult, fmt: Format) -> str:
    """The output of `fmt` for `result`."""
    if fmt == "github":
        return github(result)
    if fmt == "json":
        return as_json(result)
    if fmt == "sarif":
        return sarif(result)
    return text(result)
