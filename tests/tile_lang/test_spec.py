"""The published specification: grammar, JSON model and schema, conformance vectors and runner.

The grammar is run by Lark alone (never by our parser) and compared with `tile_lang.parse`.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
import textwrap
from html import unescape
from pathlib import Path
from typing import Any

import corpus
import jsonschema
import markdown
import pytest
from click.testing import CliRunner

from gallery.cli import main
from tile_lang import TileSyntaxError, parse
from tile_lang.keys import PART_KEYS
from tile_lang.model import PART_TYPE_NAMES
from tile_lang.spec import (
    MODEL_VERSION,
    grammar_accepts,
    grammar_text,
    schema,
    tile_json,
    vectors,
)
from tile_lang.spec.ebnf import _wrap, sections, to_ebnf
from tile_lang.spec.runner import REFERENCE, difference, run, summary

needs_corpus = pytest.mark.skipif(not corpus.available(), reason=corpus.SKIP_REASON)


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    document = schema()
    jsonschema.Draft202012Validator.check_schema(document)
    return jsonschema.Draft202012Validator(document)


# -- grammar ---------------------------------------------------------------------------------


@needs_corpus
@pytest.mark.slow
def test_grammar_accepts_exactly_the_corpus_codes_parse_accepts() -> None:
    disagreements = []
    for code in corpus.all_codes():
        try:
            parse(code)
            ours = True
        except TileSyntaxError:
            ours = False
        if grammar_accepts(code) != ours:
            disagreements.append((code, ours))
    assert disagreements == []


def test_grammar_rejects_every_syntax_level_rejected_vector() -> None:
    rejected = [v for v in vectors()["vectors"] if v["kind"] == "reject"]
    assert len(rejected) > 50
    wrong = [
        (v["id"], v["request"]["code"])
        for v in rejected
        if grammar_accepts(v["request"]["code"]) == v["grammar"]
    ]
    # `grammar: false` marks what a context-free grammar cannot decide (numbers in range, node
    # references past the nodes): Lark accepts those, and the prose says why.
    assert wrong == []
    assert {v["expected"]["error"]["code"] for v in rejected if not v["grammar"]} <= {
        "out-of-range",
        "bad-node",
        "over-limit",
        "too-long",
        "too-many-parts",
    }


def test_grammar_accepts_every_accepted_vector_and_tolerated_spelling() -> None:
    codes = [v["request"]["code"] for v in vectors()["vectors"] if v["kind"] in ("accept", "warn")]
    assert [c for c in codes if not grammar_accepts(c)] == []


@pytest.mark.parametrize(
    ("code", "accepted"),
    [
        ("", True),
        (" \t", True),
        (";", True),
        ("city=revenue:20;;", True),
        ("city=revenue:20;;path=a:0,b:_0", False),
        ("city=revenue:20,foo:bar", True),  # a key the city does not read: tolerated
        ("city=revenue:20,slots:two", False),
        ("city=revenue:yellow_20|green_30|", True),
        ("city=revenue:yellow_20||green_30", False),
        ("city=revenue:|yellow_20", False),
        ("label=A,B", True),
        ("label=A:B", True),
        ("path=a:0,b:1,track:wide", False),
        ("path=a:0,b:_12345", False),
        ("path=a:٣,b:1", False),  # not an ASCII digit
        ("icon=image:1846/20", True),
        ("icon=image:/icons/port", True),
        ("icon=image:../logos/x", True),
        ("icon=image:../x", False),
        ("icon=image:a//b", False),
        ("icon=image:~x", False),
        ("city=revenue:20\x07", False),
        ("city=revenue:20\u00a0", True),
        ("city=revenue:20\x85", False),
        ("City=revenue:20", False),
        ("city=revenue:20=", False),
        ("upgrade=cost:40,terrain:water|lava", False),
        ("partition=a:0,b:3+", True),
        ("partition=a:0,b:6", False),
        ("city", False),  # no revenue
        ("city=slots:2,revenue:20", True),
        ("path=b:_0,a:0", False),  # no node yet: the grammar accepts, the prose refuses
        ("city=revenue:0;path=b:_0,a:0", True),
        ("path=a:0,track:narrow", False),
        ("icon=name:x", False),
        ("halt", True),
    ],
)
def test_grammar_on_the_edges_of_the_language(code: str, accepted: bool) -> None:
    assert grammar_accepts(code) is (accepted or code == "path=b:_0,a:0")
    try:
        parse(code)
        ours = True
    except TileSyntaxError:
        ours = False
    assert ours is accepted  # the grammar and the parser agree on each of these


def test_grammar_reads_every_key_the_engine_reads() -> None:
    text = grammar_text()
    for part, keys in PART_KEYS.items():
        assert f'"{part}"' in text
        other = f"{part.upper()}_OTHER_KEY: "
        if keys and part != "label":
            line = next(line for line in text.splitlines() if line.startswith(other))
            assert set(line.split("(?!(")[1].split(")")[0].split("|")) == set(keys), part


def test_ebnf_conversion() -> None:
    assert to_ebnf('"city" ["=" [item ("," item)* ","*]]') == (
        '"city" ("=" (item ("," item)* ","*)?)?'
    )
    assert to_ebnf('"_" DIGIT~1..4 "." DIGIT~2') == '"_" DIGIT{1,4} "." DIGIT{2}'
    rules = [rule for section in sections(grammar_text()) for rule in section.rules]
    for rule in rules:  # wrapping only ever breaks between tokens
        line = f"{rule.name} ::= {to_ebnf(rule.body)}"
        assert " ".join(part.strip() for part in _wrap(line)) == line
        # a line stays longer only where one token (a long regex) is longer itself
        assert all(len(p) <= 72 or max(map(len, p.split())) > 60 for p in _wrap(line))
    names = {rule.name for rule in rules}
    assert {"start", "city", "revenue_key", "TEXT", "WS"} <= names


def test_the_specification_page_is_made_from_the_grammar_file() -> None:
    page = "# Grammar\n\n[[tile-spec: grammar]]\n\n[[tile-spec: schema]]\n"
    html = markdown.markdown(
        page, extensions=["tile_lang.spec.markdown_ext", "pymdownx.superfences", "tables"]
    )
    text = unescape(re.sub(r"<[^>]+>", "", html))
    for section in sections(grammar_text()):
        for rule in section.rules:
            assert f"{rule.name} ::=" in text
    assert "[[tile-spec" not in html
    assert "<table>" in html and "visit_cost" in html


# -- JSON model and schema ---------------------------------------------------------------------


@needs_corpus
def test_every_corpus_code_json_validates_against_the_schema(
    validator: jsonschema.Draft202012Validator,
) -> None:
    checked = 0
    for code in corpus.all_codes():
        try:
            document = tile_json(code)
        except TileSyntaxError:
            continue
        errors = list(validator.iter_errors(document))
        assert not errors, (code, errors[0].message)
        checked += 1
    assert checked > 5000


def test_json_resolves_edges_and_lanes_and_fills_defaults() -> None:
    document = tile_json("city=revenue:yellow_20|green_30,loc:1;path=a:7,b:_0,lanes:2;label=OO")
    city, path, label = document["parts"]
    assert document["version"] == MODEL_VERSION
    assert city["revenue"] == {
        "flat": 0,
        "phases": [{"phase": "yellow", "value": 20}, {"phase": "green", "value": 30}],
    }
    assert (city["slots"], city["route"], city["hide"], city["loc"]) == (1, "mandatory", False, 1)
    assert path["a"] == {"edge": 1} and path["b"] == {"node": 0} and path["lanes"] == 2
    assert label == {"part": "label", "text": "OO"}
    assert document["nodes"] == [0]
    assert [(p["a_lane"], p["b_lane"], p["part"]) for p in document["paths"]] == [
        ([2, 0], [2, 0], 1),
        ([2, 1], [2, 1], 1),
    ]


def test_schema_keys_and_defaults_are_the_models() -> None:
    defs = schema()["$defs"]
    classes = {name: cls for cls, name in PART_TYPE_NAMES.items()}
    for part, keys in PART_KEYS.items():
        props = defs[f"part_{part}"]["properties"]
        expected = {"part", *(keys or (("text",) if part == "label" else ()))}
        assert set(props) == expected, part
        for field in dataclasses.fields(classes[part]):
            key = "terrain" if field.name == "terrains" else field.name
            if "default" not in props[key]:
                continue
            value: Any = (
                field.default
                if field.default is not dataclasses.MISSING
                else field.default_factory()  # type: ignore[misc]
            )
            written = tile_json(parse(_minimal(part)))["parts"][0][key]
            assert props[key]["default"] == written, (part, key, value)


def _minimal(part: str) -> str:
    required = {
        "city": "revenue:0",
        "pass": "revenue:0",
        "town": "revenue:0",
        "offboard": "revenue:0",
        "icon": "image:port",
        "stub": "edge:0",
        "partition": "a:0,b:3",
        "frame": "color:red",
        "stripes": "color:red",
        "label": "L",
        "path": "a:0,b:1",
    }
    return f"{part}={required[part]}" if part in required else part


def test_parse_json_command(validator: jsonschema.Draft202012Validator) -> None:
    result = CliRunner().invoke(main, ["parse", "57", "--json"])
    assert result.exit_code == 0, result.output
    assert not list(validator.iter_errors(json.loads(result.output)))
    result = CliRunner().invoke(main, ["parse", "city=revenue:x", "--json"])
    assert result.exit_code == 1
    assert json.loads(result.output)["error"] | {"message": ""} == {
        "code": "bad-revenue",
        "column": 13,
        "message": "",
    }


# -- vectors and runner ------------------------------------------------------------------------


def test_every_vector_names_its_source_and_the_counts_are_right() -> None:
    suite = vectors()
    assert suite["version"] == MODEL_VERSION
    kinds = {v["kind"] for v in suite["vectors"]}
    assert kinds == {
        "accept",
        "reject",
        "warn",
        "exits",
        "revenue_circles",
        "lane_offsets",
        "legal_rotations",
    }
    ids = [v["id"] for v in suite["vectors"]]
    assert len(ids) == len(set(ids))
    for vector in suite["vectors"]:
        source = vector["source"]
        assert source["file"]
        assert "commit" in source or source["file"].startswith("TILES.md")
    assert suite["counts"] == {k: sum(v["kind"] == k for v in suite["vectors"]) for k in kinds}


def test_runner_passes_every_vector_on_our_implementation() -> None:
    result = CliRunner().invoke(main, ["conformance"])
    assert result.exit_code == 0, result.output
    assert "FAIL" not in result.output
    total = len(vectors()["vectors"])
    assert f"all               {total} / {total:5} passed" in result.output


_BROKEN = textwrap.dedent(
    """
    import json, sys
    from tile_lang.spec.adapter import answer

    for line in sys.stdin:
        request = json.loads(line)
        got = answer(request)
        if request["op"] == "exits":  # off by one edge at rotation 1
            got["exits"][1] = [(e + 1) % 6 for e in got["exits"][1]]
        if request["op"] == "parse" and "tile" in got:  # forgets the `hide` default
            for part in got["tile"]["parts"]:
                part.pop("hide", None)
        if request["op"] == "check":  # does not warn about trailing `;`
            got["diagnostics"] = [
                d for d in got["diagnostics"] if d["code"] != "trailing-semicolon"
            ]
        print(json.dumps(got), flush=True)
    """
)


def test_runner_reports_failures_on_a_broken_implementation(tmp_path: Path) -> None:
    script = tmp_path / "broken.py"
    script.write_text(_BROKEN, "utf-8")
    suite = vectors()["vectors"]
    outcomes = run([sys.executable, str(script)], suite)
    failed = {o.kind for o in outcomes if not o.passed}
    assert failed == {"exits", "accept", "warn"}
    by_id = {o.id: o for o in outcomes}
    for vector in suite:
        outcome = by_id[vector["id"]]
        if vector["kind"] == "exits":
            moved = vector["expected"]["exits"][1] != []
            assert outcome.passed is not moved
            if moved:
                assert outcome.difference and outcome.difference.startswith("exits[1]")
        if vector["kind"] == "warn":
            codes = {d["code"] for d in vector["expected"]["diagnostics"]}
            assert outcome.passed is ("trailing-semicolon" not in codes)
    passed = summary(outcomes)
    assert passed["legal_rotations"][0] == passed["legal_rotations"][1]
    assert passed["reject"][0] == passed["reject"][1]
    result = CliRunner().invoke(
        main, ["conformance", "--implementation", f"{sys.executable} {script}", "--kind", "exits"]
    )
    assert result.exit_code == 1
    assert "FAIL exits-" in result.output


def test_runner_survives_an_implementation_that_crashes() -> None:
    suite = vectors()["vectors"][:3]
    outcomes = run([sys.executable, "-c", "import sys; print('{}'); sys.exit(3)"], suite)
    assert [o.passed for o in outcomes] == [False, False, False]
    assert outcomes[1].difference == "no answer (the implementation exited with status 3)"
    missing = run(["/nonexistent/implementation"], suite)
    assert all(o.difference and "did not run" in o.difference for o in missing)


def test_difference_is_by_value_and_strict_about_booleans() -> None:
    assert difference({"a": [1, 2.0]}, {"a": [1.0, 2]}) is None
    assert difference({"x": 8.5}, {"x": 8.501}) is None
    assert difference({"hide": False}, {"hide": 0}) == "hide: expected false, got 0"
    assert difference([1], [1, 2]) == "answer: expected 1 items, got 2"
    assert REFERENCE[1:] == ("-m", "tile_lang.spec.adapter")


def test_the_schema_page_example_is_what_tile_json_writes() -> None:
    page = (Path(__file__).parents[2] / "docs" / "spec" / "schema.md").read_text("utf-8")
    code = re.search(r"^For `([^`]+)`:", page, re.M)
    example = re.search(r"```json\n(.*?)```", page, re.S)
    assert code and example
    assert json.loads(example.group(1)) == tile_json(code.group(1))
