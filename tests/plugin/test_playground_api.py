"""The playground's Python entry point (what the browser's worker calls), run here on CPython."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import yaml

import tile_lang
from gallery import load_game
from plugin.playground_api import MAX_CODE, engine, run
from tile_lang import parse, render_svg


def call(**fields: str) -> dict[str, object]:
    result = json.loads(run(json.dumps(fields)))
    assert isinstance(result, dict)
    return result


def test_drawing_is_render_svg_with_the_same_options() -> None:
    code = "city=revenue:30;path=a:0,b:_0;path=a:2,b:_0;label=B"
    out = call(code=code, color="green", layout="pointy", rotation="4", name="Bath",
               grid="1", scale="1.5")  # fmt: skip
    assert out["svg"] == render_svg(
        code, color="green", layout="pointy", rotation=4, name="Bath", grid=True, scale=1.5
    )
    rotations = out["rotations"]
    assert isinstance(rotations, list) and len(rotations) == 6
    assert rotations[3] == render_svg(
        code, color="green", layout="pointy", rotation=3, name="Bath", grid=True, scale=0.6
    )
    assert out["canonical"] == "city=revenue:30;path=a:0,b:_0;path=a:2,b:_0;label=B"
    assert [p["source"] for p in out["parts"]] == [  # type: ignore[union-attr]
        "city=revenue:30",
        "path=a:0,b:_0",
        "path=a:2,b:_0",
        "label=B",
    ]
    assert out["diagnostics"] == [] and out["problems"] == []


def test_six_rotations_can_be_turned_off() -> None:
    assert call(code="path=a:0,b:3", six="0")["rotations"] == []


def test_diagnostics_are_the_cli_text(tmp_path: Path) -> None:
    code = "city=revenue:20;path=a:0,b:_0;citty=revenue:10"
    out = call(code=code)
    assert out["svg"] is None and out["canonical"] is None
    cli = subprocess.run(
        [sys.executable, "-c", "from gallery.cli import main; main()", "check", "-"],
        input=code + "\n", capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert cli.returncode == 1 and cli.stdout.startswith("<stdin>:1:31: error:"), cli.stderr
    expected = cli.stdout.rstrip("\n").replace("<stdin>:", "<tile>:")
    diagnostics = out["diagnostics"]
    assert isinstance(diagnostics, list)
    assert "\n".join(d["text"] for d in diagnostics) == expected
    assert diagnostics[0]["column"] == 30 and diagnostics[0]["severity"] == "error"
    assert "^~~~~" in diagnostics[0]["text"]


def test_warnings_come_with_the_drawing() -> None:
    out = call(code="path=a:0,b:3;")
    assert out["svg"]
    assert [d["severity"] for d in out["diagnostics"]] == ["warning"]  # type: ignore[union-attr]


def test_catalog_names_bring_their_colour() -> None:
    out = call(code="57")
    assert out["svg"] == render_svg("city=revenue:20;path=a:0,b:_0;path=a:_0,b:3",
                                    color="yellow", scale=2.0)  # fmt: skip


def test_bad_options_are_reported_and_fall_back() -> None:
    out = call(code="path=a:0,b:3", color="javascript:alert(1)", layout="round",
               rotation="9", scale="100", hex="A1'", tile="x y")  # fmt: skip
    problems = out["problems"]
    assert isinstance(problems, list) and len(problems) == 6
    assert out["svg"] == render_svg("path=a:0,b:3", scale=2.0)
    too_long = call(code="path=a:0,b:3;" * (MAX_CODE // 10))
    assert too_long["svg"] is None and "at most" in str(too_long["problems"])


def test_malformed_requests_never_raise() -> None:
    for raw in ("", "[1]", "{", '{"code": 5}'):
        out = json.loads(run(raw))
        assert "engine" in out


def test_text_reaches_the_svg_escaped() -> None:
    out = call(code="label=<b>", name='"><script>alert(1)</script>')
    svg = str(out["svg"])
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "&lt;b&gt;" in svg


def test_ruby_export_quotes_and_names() -> None:
    out = call(code="city=revenue:20;label=O'K\\", color="yellow", name="St. John's",
               hex="E12", tile="X7")  # fmt: skip
    ruby = str(out["ruby"])
    assert "yellow: {\n  ['E12'] => 'city=revenue:20;label=O\\'K\\\\'," in ruby
    assert "'X7' => {'count' => 1, 'color' => 'yellow', 'code' => 'city=revenue:20;" in ruby
    assert "'E12' => 'St. John\\'s'," in ruby


def test_yaml_export_is_a_loadable_game_fragment(tmp_path: Path) -> None:
    code = 'city=revenue:40;path=a:1,b:_0;label="Q'
    out = call(code=code, color="green", name="Ωmega: x", hex="C3", tile="G1")
    fragment = str(out["yaml"])
    data = yaml.safe_load(fragment)
    assert data["tiles"]["G1"] == {"count": 1, "color": "green", "code": code}
    assert data["hexes"]["green"][code] == ["C3"]
    game_file = tmp_path / "pg.yaml"
    game_file.write_text("title: Playground\n" + fragment + "\n", encoding="utf-8")
    game = load_game(game_file)
    assert parse(game.tiles["G1"].code) == parse(code)
    assert game.location_names["C3"] == "Ωmega: x"


def test_engine_says_where_it_runs() -> None:
    assert engine().startswith(sys.platform)


def test_description_comes_from_tile_lang_when_it_has_one() -> None:
    code = "city=revenue:20;path=a:0,b:_0;label=T"
    out = call(code=code, color="yellow", rotation="1", name="Kyoto")
    describe = getattr(tile_lang, "describe", None)
    if describe is None:
        assert out["description"] is None
    else:
        assert out["description"] == describe(
            code, color="yellow", layout="flat", rotation=1, name="Kyoto"
        )
