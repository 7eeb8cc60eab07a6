"""Each output format on the fixture checkout's map file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gallery.lint.files import select_files
from gallery.lint.formats import github, render, sarif, summary, text
from gallery.lint.runner import LintResult, lint_files

MAP = "lib/engine/game/g_fixture/map.rb"


@pytest.fixture
def result(checkout: Path) -> LintResult:
    return lint_files(select_files(checkout, [checkout / MAP]))


def test_text_has_position_message_code_caret_and_hint(result: LintResult) -> None:
    lines = text(result).splitlines()
    at = lines.index(
        f"{MAP}:31:42: error: a second `=` in one part (the engine drops everything after it)"
        " [missing-semicolon]"
    )
    assert lines[at + 1] == "  %w[A1 B2] => 'town=revenue:10path=a:0,b:_0',"
    assert lines[at + 2] == "  " + " " * len("%w[A1 B2] => 'town=revenue:10") + "^"
    assert lines[at + 3] == "  hint: a `;` seems to be missing before `path`"
    # the caret underlines the whole unknown word, in characters
    at = lines.index(f"{MAP}:33:67: error: unknown part type `lable` [unknown-part]")
    assert lines[at + 2].endswith("^~~~~")
    assert summary(result) == "3 error(s), 4 warning(s), 1 not checked, in 1 file(s)"


def test_github_annotations(result: LintResult) -> None:
    lines = github(result).splitlines()
    assert lines[0] == (
        f"::error file={MAP},line=14,endLine=14,col=54,endColumn=59,"
        "title=tile-atlas unknown-part::unknown part type `citty`%0Ahint: did you mean `city`?"
    )
    assert any(line.startswith("::notice file=") for line in lines)  # the run-time string
    assert sum(line.startswith("::warning ") for line in lines) == 4


def test_json_document(result: LintResult) -> None:
    document = json.loads(render(result, "json"))
    first = document["findings"][0]
    assert first == {
        "file": MAP,
        "line": 14,
        "column": 54,
        "end_column": 59,
        "severity": "error",
        "code": "unknown-part",
        "message": "unknown part type `citty`",
        "hint": "did you mean `city`?",
    }
    assert document["summary"]["by_code"] == {
        "unknown-part": 2,
        "trailing-comma": 2,
        "edge-range": 1,
        "missing-semicolon": 1,
        "not-checked": 1,
        "whitespace": 1,
    }


def test_sarif_is_valid_2_1_0(result: LintResult) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    document = json.loads(sarif(result))
    # the parts of the SARIF 2.1.0 schema a code-scanning upload relies on
    schema = {
        "type": "object",
        "required": ["version", "runs"],
        "properties": {
            "version": {"const": "2.1.0"},
            "runs": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["tool", "results"],
                    "properties": {
                        "results": {
                            "type": "array",
                            "items": {
                                "required": ["ruleId", "level", "message", "locations"],
                                "properties": {
                                    "level": {"enum": ["none", "note", "warning", "error"]}
                                },
                            },
                        }
                    },
                },
            },
        },
    }
    jsonschema.validate(document, schema)
    run = document["runs"][0]
    rules = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    first = run["results"][0]
    assert rules[first["ruleIndex"]] == first["ruleId"] == "unknown-part"
    region = first["locations"][0]["physicalLocation"]["region"]
    assert region == {"startLine": 14, "startColumn": 54, "endColumn": 59}
    assert {r["level"] for r in run["results"]} == {"error", "warning", "note"}
