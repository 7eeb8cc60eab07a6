"""Issue 37's cases 2 and 3 through a real MkDocs build (in a child with a memory ceiling and a
deadline): games whose addresses would collide all keep pages of their own, and text with
hidden controls reaches no page, no search index entry and no print file, with a warning at
its file and line, while right-to-left names read as written."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

from bounded import run_bounded
from click.testing import CliRunner

from gallery.cli import main
from gallery.loader import load_gallery
from gallery.printing.options import TileSheetOptions
from gallery.printing.tiles import tile_sheet_pages
from gallery.textfile import HIDDEN

CONFIG = """\
site_name: Hostile
theme:
  name: material
  font: false
plugins:
  - search
  - tiles:
      gallery: true
      catalog_pages: false
      games_dirs: [games]
markdown_extensions:
  - admonition
  - pymdownx.superfences
"""

BUILD = """
from mkdocs.__main__ import cli
try:
    cli.main(["build"], standalone_mode=False)
    RESULT = "built"
except Exception as exc:  # a failed build is reported, not raised: the test reads it
    RESULT = f"failed: {exc!r}"
"""

GAME = 'id: "{id}"\ntitle: "{title}"\ntiles:\n  "57": 1\n'
HEBREW = "\u05d7\u05d9\u05e4\u05d4"  # Haifa
ARABIC = "\u062d\u064a\u0641\u0627"


def _game(folder: Path, file: str, game_id: str, title: str, extra: str = "") -> Path:
    path = folder / file
    path.write_text(GAME.format(id=game_id, title=title) + extra, encoding="utf-8")
    return path


def _site(tmp_path: Path) -> tuple[str, Path]:
    (tmp_path / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    run = run_bounded(BUILD, tmp_path, timeout=240)
    assert run.result == "built", run.stderr[-3000:]
    assert run.peak_mb < 1_000, run.peak_mb
    return run.stderr, tmp_path / "site"


def test_games_whose_addresses_collide_each_keep_a_page(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    files = [
        _game(games, "a.yaml", "foo", "Plain"),
        _game(games, "b.yaml", "foo_", "Underscore"),
        _game(games, "c.yaml", "foo.", "Dot"),
        _game(games, "d.yaml", "Foo", "Capital"),
    ]
    loaded = load_gallery([games])
    ids = [g.id for g in loaded.games]
    assert len({tile_folder(i) for i in ids}) == 4, ids
    errors = [d for d in loaded.diagnostics if d.code == "address"]
    assert len(errors) == 3 and all(d.severity == "error" for d in errors)
    # each error names both files
    assert all(str(files[0]) in d.message and d.file in map(str, files[1:]) for d in errors)
    stderr, site = _site(tmp_path)
    assert "would have the address of game 'foo'" in stderr
    titles = set()
    for game_id in ids:
        page = site / "games" / tile_folder(game_id) / "index.html"
        titles.add(re.search(r"<h1[^>]*>(.*?)<", page.read_text("utf-8")).group(1))  # type: ignore[union-attr]
    assert titles == {"Plain", "Underscore", "Dot", "Capital"}
    index = (site / "games" / "index.html").read_text("utf-8")
    assert len({m for m in re.findall(r'href="(foo[^"/]*)/"', index, re.I)}) == 4


def tile_folder(game_id: str) -> str:
    from gallery.pages.paths import tile_slug

    return tile_slug(game_id)


def test_game_folders_differing_in_accents_and_normal_form(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    _game(games, "a.yaml", "g-e", "E", "")
    loaded = load_gallery([games])
    assert [g.id for g in loaded.games] == ["g-e"]
    nfc, nfd = "café", unicodedata.normalize("NFD", "café")
    assert tile_folder(nfc) == tile_folder(nfd) == "cafe"
    assert tile_folder("é") != tile_folder("ü")


def test_tiles_of_one_game_whose_addresses_collide_are_both_shown(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (games / "t.yaml").write_text(
        'id: t\ntitle: T\ntiles:\n  "X1": {count: 1, color: yellow, code: "town"}\n'
        '  "x1": {count: 2, color: green, code: "city=revenue:20"}\n',
        encoding="utf-8",
    )
    loaded = load_gallery([games])
    (game,) = loaded.games
    assert list(game.tiles) == ["X1", "x1-2"] and game.tiles["x1-2"].count == 2
    assert any(d.code == "address" and d.field == "tiles.x1" for d in loaded.diagnostics)


def test_print_tiles_writes_one_pdf_per_colliding_game(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    for file, game_id in (("a.yaml", "foo"), ("b.yaml", "foo_"), ("c.yaml", "foo.")):
        _game(games, file, game_id, game_id)
    out = tmp_path / "pdf"
    run = CliRunner().invoke(main, ["print", "tiles", str(games), "-o", str(out)])
    assert len(list(out.glob("*.pdf"))) == 3, run.output


def test_hidden_controls_reach_no_page_and_no_search_entry(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    title = "1830: Railways\u202egnp.exe\u202c"
    path = _game(
        games,
        "liar.yaml",
        "liar",
        title,
        f'designer: "Ann\u202e Smith"\n'
        f'location_names: {{B2: "Z\u200bero", B4: "{HEBREW}", B6: "{ARABIC}"}}\n'
        'hexes:\n  white:\n    "city=revenue:0": [B2, B4, B6]\n',
    )
    loaded = load_gallery([games])
    (game,) = loaded.games
    assert game.title == "1830: Railwaysgnp.exe" and game.designer == "Ann Smith"
    warnings = [d for d in loaded.diagnostics if d.code == "hidden-text"]
    assert {(d.line, d.severity) for d in warnings} == {
        (2, "warning"),
        (5, "warning"),
        (6, "warning"),
    }
    assert all(d.file == str(path) for d in warnings)
    stderr, site = _site(tmp_path)
    assert "liar.yaml:2" in stderr and "RIGHT-TO-LEFT OVERRIDE" in stderr
    texts = [
        p.read_text("utf-8") for p in site.rglob("*") if p.suffix in (".html", ".json", ".svg")
    ]
    assert texts and not any(HIDDEN.search(t) for t in texts)
    search = json.loads((site / "search" / "search_index.json").read_text("utf-8"))
    assert not any(HIDDEN.search(doc["text"] + doc["title"]) for doc in search["docs"])
    hexes = (site / "games" / "liar" / "hexes" / "index.html").read_text("utf-8")
    assert HEBREW in numeric(hexes) and ARABIC in numeric(hexes)


def numeric(page: str) -> str:
    """`page` with numeric character references read."""
    page = re.sub(r"&#x([0-9a-fA-F]+);", lambda m: chr(int(m.group(1), 16)), page)
    return re.sub(r"&#(\d+);", lambda m: chr(int(m.group(1))), page)


def test_hidden_controls_reach_no_print_sheet(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    _game(games, "liar.yaml", "liar", "Rail\u202eways\u2066", "")
    (game,) = load_gallery([games]).games
    pages = tile_sheet_pages(game, TileSheetOptions())
    assert pages and not any(HIDDEN.search(p) for p in pages)
    assert any("Railways" in p for p in pages)
    out = tmp_path / "liar.pdf"
    run = CliRunner().invoke(main, ["print", "tiles", str(games / "liar.yaml"), "-o", str(out)])
    assert run.exit_code == 0 and out.stat().st_size > 0, run.output


def test_check_names_each_hidden_control_at_its_line(tmp_path: Path) -> None:
    path = _game(tmp_path, "liar.yaml", "liar", "Rail\u202eways", 'designer: "A\u200bnn"\n')
    run = CliRunner().invoke(main, ["check", str(path)])
    assert f"{path}:2:" in run.output and f"{path}:5:" in run.output, run.output
    assert "U+202E RIGHT-TO-LEFT OVERRIDE" in run.output and "U+200B" in run.output


def test_check_of_a_games_folder_says_what_the_build_says(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    _game(games, "a.yaml", "foo", "Plain")
    _game(games, "b.yaml", "foo_", "Underscore")
    (games / "out.yaml").symlink_to(_game(tmp_path, "elsewhere.yaml", "x", "Secret"))
    run = CliRunner().invoke(main, ["check", str(games)])
    assert run.exit_code == 1
    assert "would have the address of game 'foo'" in run.output
    assert f"{games / 'out.yaml'}" in run.output and "leads outside" in run.output
