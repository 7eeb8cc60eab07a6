"""`tile-atlas diff` as a reviewer and a CI job run it: formats, exit codes, writing files."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from gallery.cli import main


def _diff(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["diff", *args])
    return result.exit_code, result.stdout, result.stderr


def test_text_lists_each_change_and_exits_1(checkouts) -> None:
    code, out, err = _diff(str(checkouts.old), str(checkouts.new))
    assert code == 1
    lines = out.splitlines()
    assert lines[:2] == [f"--- {checkouts.old}", f"+++ {checkouts.new}"]
    assert lines[2] == (
        "mini (Mini): changed: 6 hexes: 1 added, 1 removed, 4 changed; "
        "3 tiles: 1 added, 1 removed, 1 changed"
    )
    assert "  ~ hex A1 (Shelbyville): name Springfield -> Shelbyville" in lines
    assert "  ~ hex A5: colour white -> yellow" in lines
    assert "  + hex B2 white: town=revenue:10" in lines
    assert "  - hex C1 white: (blank)" in lines
    assert "  ~ hex B4: code (same tile, written differently)" in lines
    assert "  ~ tile 8: count 2 -> 3" in lines
    assert "  + tile X1 green ×1: city=revenue:40;path=a:0,b:_0;label=X" in lines
    assert lines[-1] == "1 game differs, 1 the same"
    assert err == ""  # the summary is on stdout already


def test_same_is_0_and_trouble_is_2(checkouts, tmp_path: Path) -> None:
    code, out, _ = _diff(str(checkouts.old), str(checkouts.old))
    assert code == 0 and out.splitlines()[-1] == "0 games differ, 2 the same"
    code, _, err = _diff(str(checkouts.old), str(tmp_path / "missing"))
    assert code == 2 and "no such file or folder" in err
    code, _, err = _diff(str(checkouts.old), str(checkouts.new), "--game", "nope")
    assert code == 2 and "no game 'nope'" in err


def test_json_document(checkouts) -> None:
    code, out, _ = _diff(str(checkouts.old), str(checkouts.new), "--format", "json")
    document = json.loads(out)
    assert code == document["exit_code"] == 1
    assert document["summary"]["hexes_changed"] == 4
    assert document["summary"]["tiles_added"] == 1
    (game,) = document["games"]
    a3 = next(h for h in game["hexes"] if h["coord"] == "A3")
    assert a3["old"]["code"] == "path=a:0,b:3"
    assert a3["new"]["code"] == "path=a:0,b:3;path=a:1,b:4"
    assert a3["parts"] == [{"sign": "+", "text": "path=a:1,b:4"}]


def test_markdown_for_a_job_summary(checkouts) -> None:
    code, out, err = _diff(str(checkouts.old), str(checkouts.new), "--format", "markdown",
                           "--old-label", "base", "--new-label", "head")  # fmt: skip
    assert code == 1
    assert out.startswith("## Map and tile changes\n\n`base` → `head`: 1 game differs")
    assert "| mini (Mini) | 6 hexes: 1 added, 1 removed, 4 changed; 3 tiles:" in out
    assert "- **changed** hex A3: code\n  - added `path=a:1,b:4`" in out
    assert "<summary><b>mini</b> Mini: 6 hexes: 1 added, 1 removed, 4 changed; 3 tiles:" in out
    assert err.strip() == "1 game differs, 1 the same"


def test_output_file_is_never_written_over_a_foreign_file(checkouts, tmp_path: Path) -> None:
    target = tmp_path / "out" / "diff.html"
    args = [str(checkouts.old), str(checkouts.new), "--format", "html", "-o", str(target)]
    code, out, err = _diff(*args)
    assert (code, out) == (1, "") and f"wrote {target}" in err
    assert target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert _diff(*args)[0] == 1  # ours: written again
    target.write_text("someone's notes", encoding="utf-8")
    code, _, err = _diff(*args)
    assert code == 2 and "--force" in err
    assert target.read_text(encoding="utf-8") == "someone's notes"
    code, _, err = _diff(*args, "--force")
    assert code == 1 and "overwritten (--force)" in err
    assert target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_template_override(checkouts, tmp_path: Path) -> None:
    overrides = tmp_path / "overrides"
    overrides.mkdir()
    (overrides / "diff_page.html.j2").write_text(
        "{% for g in games %}{{ g.id }}:{{ g.hexes | length }}{% endfor %}", encoding="utf-8"
    )
    code, out, _ = _diff(str(checkouts.old), str(checkouts.new), "--format", "html",
                         "--templates", str(overrides))  # fmt: skip
    assert (code, out) == (1, "mini:6")


def test_summary_is_appended_beside_the_page(checkouts, tmp_path: Path) -> None:
    summary = tmp_path / "step-summary.md"
    summary.write_text("earlier step\n", encoding="utf-8")
    page = tmp_path / "diff.html"
    code, _, _ = _diff(str(checkouts.old), str(checkouts.new), "--format", "html",
                       "-o", str(page), "--summary", str(summary))  # fmt: skip
    assert code == 1 and page.is_file()
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("earlier step\n## Map and tile changes\n")
    assert "- **removed** hex C1: white blank" in text


def test_a_new_game_is_summed_up_and_drawn_whole(checkouts, tmp_path: Path) -> None:
    import shutil

    shutil.rmtree(checkouts.old / "lib/engine/game/g_other")
    code, out, _ = _diff(str(checkouts.old), str(checkouts.new), "--game", "other")
    assert code == 1
    assert out.splitlines()[2:] == [
        "other (Other): new game: 2 hexes: 2 added; 1 tile: 1 added",
        "1 game differs, 0 the same",
    ]
    code, page, _ = _diff(str(checkouts.old), str(checkouts.new), "--game", "other",
                          "--format", "html")  # fmt: skip
    assert "A new game: every hex and tile is new." in page
    assert page.count('<article class="card added" id="g-other-tile-7">') == 1
    assert "g-other-hex-" not in page  # no card per hex: the map shows them
    assert page.count('class="game-map-svg"') == 1 and 'class="mark ' not in page


def test_a_map_built_in_code_that_changed_is_said_not_hidden(checkouts) -> None:
    for side, body in ((checkouts.old, "super"), (checkouts.new, "super.merge('7' => 3)")):
        path = side / "lib/engine/game/g_other/game.rb"
        text = path.read_text(encoding="utf-8")
        ends = "      end\n    end\n  end\nend\n"
        method = f"        def game_tiles\n          {body}\n        end\n{ends}"
        path.write_text(text.replace(ends, method), encoding="utf-8")
    code, out, _ = _diff(str(checkouts.old), str(checkouts.new), "--game", "other")
    assert code == 1
    assert out.splitlines()[2:4] == [
        "other (Other): changed: changed code builds the map or tiles: not read",
        "  ? lib/engine/game/g_other/game.rb:8: the game builds its TILES at run time "
        "(`def game_tiles`); only the constant TILES is imported; this code changed, read it",
    ]
    # the same method on both sides is no difference
    code, _, _ = _diff(str(checkouts.new), str(checkouts.new), "--game", "other")
    assert code == 0


def test_a_map_only_one_side_has_is_drawn_not_listed(checkouts) -> None:
    path = checkouts.old / "lib/engine/game/g_other/game.rb"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("HEXES = { white: { %w[A1 A3] => '' } }.freeze\n", ""))
    code, out, _ = _diff(str(checkouts.old), str(checkouts.new), "--game", "other")
    assert code == 1
    assert out.splitlines()[2:5] == [
        "other (Other): changed: 2 hexes: 2 added",
        "  (The map is new (no hex was read before): every hex is added.)",
        "1 game differs, 0 the same",
    ]
    code, page, _ = _diff(str(checkouts.old), str(checkouts.new), "--game", "other",
                          "--format", "html")  # fmt: skip
    assert "The map is new" in page and "g-other-hex-" not in page
    assert page.count('class="game-map-svg"') == 1
