"""What a real `mkdocs build --strict` says about the games it loads (gallery.buildlog through
plugin.gallery_files): a problem of the site's own data fails the build at file:line; notes
about a game are one line for the game, in full only with --verbose; a template overridden from
the theme's custom_dir takes effect."""

from __future__ import annotations

import gc
import gzip
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from source_fixtures import write_ge18xx, write_ruby

CONFIG = """\
site_name: Log test
theme: {name: material, font: false}
plugins:
  - tiles: {catalog_pages: false, playground: false, games_dirs: [games]}
"""

NOTED = """\
id: noted
title: Noted
tiles:
  "X1": {count: 1, color: yellow, code: "path=a:0,b:3;"}
  "X2": {count: 1, color: yellow, code: "path=a:1,b:4;"}
"""


def _build(root: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", *flags],
        cwd=root,
        capture_output=True,
        text=True,
        env={
            "NO_MKDOCS_2_WARNING": "1",
            "PATH": "/usr/bin:/bin",
            "HOME": str(root),
            "PYTHONPATH": os.environ.get("PYTHONPATH", ""),
        },
        check=False,
    )


def _site(root: Path, games: dict[str, str]) -> Path:
    (root / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    (root / "games").mkdir()
    for name, text in games.items():
        (root / "games" / name).write_text(text, encoding="utf-8")
    return root


def test_notes_are_one_line_per_game_and_in_full_with_verbose(tmp_path: Path) -> None:
    root = _site(tmp_path, {"noted.yaml": NOTED})
    quiet = _build(root, "--strict")
    assert quiet.returncode == 0, quiet.stderr
    assert "gallery: 1 game loaded; 0 errors, 2 warnings, 0 notes" in (quiet.stderr)
    (summary,) = [line for line in quiet.stderr.splitlines() if "gallery: noted:" in line]
    assert "2 warnings (trailing-semicolon 2)" in summary
    assert f"`tile-atlas check {root / 'games' / 'noted.yaml'}`" in summary
    assert "trailing `;`" not in quiet.stderr
    verbose = _build(root, "--strict", "--verbose")
    full = [line for line in verbose.stderr.splitlines() if "trailing `;`" in line]
    assert len(full) == 2 and all(line.startswith("DEBUG") for line in full)
    assert "noted.yaml:4:" in full[0]


def test_a_location_name_for_a_missing_hex_fails_strict_at_its_line(tmp_path: Path) -> None:
    game = (
        'id: named\ntitle: Named\nlocation_names: {Z9: Nowhere}\ntiles:\n  "57": 1\n'
        'hexes:\n  white:\n    "": [A1]\n'
    )
    root = _site(tmp_path, {"named.yaml": game})
    result = _build(root, "--strict")
    assert result.returncode != 0
    (line,) = [line for line in result.stderr.splitlines() if "no hex at this coordinate" in line]
    assert line.startswith("WARNING") and "named.yaml:3:" in line


OVERRIDE_CONFIG = """\
site_name: Override site
theme:
  name: material
  font: false
  custom_dir: overrides
plugins:
  - tiles:
      gallery: true
      catalog_pages: false
      games_dirs: [games]
"""

OVERRIDE_GAME = (
    "id: mini\ntitle: Mini\nlayout: flat\n"
    'tiles:\n  "X1": {count: 2, color: yellow, code: "path=a:0,b:3"}\n'
    'hexes:\n  white:\n    "city=revenue:0": [B2]\n'
)

CARD = (
    '<div class="site-card" data-name="{{ name }}"><img src="{{ img }}" alt="{{ alt }}">'
    "{{ name }}</div>\n"
)


def test_a_template_in_the_themes_custom_dir_replaces_ours(tmp_path: Path) -> None:
    root = _site(tmp_path, {"mini.yaml": OVERRIDE_GAME})
    (root / "mkdocs.yml").write_text(OVERRIDE_CONFIG, encoding="utf-8")
    overrides = root / "overrides" / "tile-atlas"
    overrides.mkdir(parents=True)
    (overrides / "tile_card.html.j2").write_text(CARD, encoding="utf-8")
    result = _build(root, "--strict")
    assert result.returncode == 0, result.stderr
    page = (tmp_path / "site" / "games" / "mini" / "index.html").read_text(encoding="utf-8")
    # the manifest's card is the site's (once: the family grouping names the cards it shows);
    # templates it did not override (the filter, the grid) are still ours
    assert page.count('<div class="site-card" data-name="X1">') == 1
    assert 'class="tile-card"' not in page
    assert 'class="tile-filter"' in page and 'class="tile-grid"' in page
    hexes = (tmp_path / "site" / "games" / "mini" / "hexes" / "index.html").read_text("utf-8")
    assert '<div class="site-card" data-name="B2">' in hexes


IMPORTS = """\
site_name: Import test
theme: {name: material, font: false}
plugins:
  - tiles:
      catalog_pages: false
      playground: false
      imports: [checkout, ge]
      import_cache: .import-cache
"""


def test_imports_publish_a_checkout_and_a_ge18xx_folder_side_by_side(tmp_path: Path) -> None:
    """One option publishes every game of an 18xx.games checkout and a GE18XX folder; the
    game both hold is there twice, each page naming its source; the second build reads the
    cache."""
    write_ruby(tmp_path)
    write_ge18xx(tmp_path)
    (tmp_path / "mkdocs.yml").write_text(IMPORTS, encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    first = _build(tmp_path)
    assert first.returncode == 0, first.stderr
    assert "gallery: 2 games loaded; 1 error, 1 warning, 1 note" in first.stderr
    # the bad hex is one warning at its file:line, the game still published
    (error,) = [line for line in first.stderr.splitlines() if line.startswith("WARNING")]
    assert "g_mini/game.rb:11:24: error: HEXES.A3: unknown part type `citty`" in error
    ours = (tmp_path / "site" / "games" / "mini" / "index.html").read_text("utf-8")
    theirs = (tmp_path / "site" / "games" / "mini-ge18xx" / "index.html").read_text("utf-8")
    assert "<strong>Source:</strong> 18xx.games" in ours
    assert "<strong>Source:</strong> GE18XX" in theirs
    assert "both are published, this one as 'mini-ge18xx'" in first.stderr
    stored = sorted((tmp_path / ".import-cache").glob("*.json"))
    assert len(stored) == 2
    second = _build(tmp_path)
    assert second.returncode == 0 and sorted((tmp_path / ".import-cache").glob("*.json")) == stored


SET_ASIDE_CONFIG = """\
site_name: Set-aside test
theme: {name: material, font: false}
plugins:
  - search
  - tiles: {catalog_pages: false, games_dirs: [games], workers: 1}
"""

PLACES = """\
id: places
title: Places
tiles:
  "X1": {count: 1, color: yellow, code: "town=revenue:10;path=a:0,b:_0"}
hexes:
  white:
    "city=revenue:0": [B2]
    "town=revenue:0": [C3]
location_names: {B2: Zanzibar Junction, C3: Quokka Flats}
"""


def test_set_aside_html_reaches_the_page_but_not_markdown_or_search(tmp_path: Path) -> None:
    """Maps, manifests and hex grids are put back after the search plugin read the page: the
    built pages carry them (with "Try it" links), the search index only the page's text, and
    a game's places are still found (the hexes page lists them as text)."""
    root = _site(tmp_path, {"places.yaml": PLACES})
    (root / "mkdocs.yml").write_text(SET_ASIDE_CONFIG, encoding="utf-8")
    (root / "docs" / "playground.md").write_text(
        "# Playground\n\n<!-- tile-atlas:playground -->\n", encoding="utf-8"
    )
    result = _build(root, "--strict")
    assert result.returncode == 0, result.stderr
    site = tmp_path / "site"
    pages = {p: p.read_text(encoding="utf-8") for p in site.rglob("*.html")}
    assert not [p for p, text in pages.items() if "tile-atlas-raw" in text]
    game = site / "games" / "places"
    assert "data-upgrade-manifest" in pages[game / "index.html"]
    assert "<svg" in pages[game / "map" / "index.html"]
    hexes = pages[game / "hexes" / "index.html"]
    assert "data-hex-viewer" in hexes and 'class="tile-grid"' in hexes
    assert 'class="tile-try"' in hexes  # the viewer's "Try it", added to the set-aside block
    index = (site / "search" / "search_index.json").read_text(encoding="utf-8")
    assert "Zanzibar Junction (B2)" in index and "Quokka Flats (C3)" in index
    assert "data-upgrade-manifest" not in index and "town=revenue:10" not in index
    # the words the same on every game (how to use the manifest, the chart, the print page)
    # are shown but not indexed; each page is still found by its title
    entries = json.loads(index)["docs"]
    boilerplate = ("Select a tile (click", "by family (plain", "Each tile of", "Print this page",
                   "identical preprinted hexes")  # fmt: skip
    assert not [e for e in entries if any(b in e["text"] for b in boilerplate)]
    assert "Select a tile (click" in pages[game / "index.html"]
    assert "Print this page" in pages[game / "print" / "index.html"]
    titles = {e["title"] for e in entries if e["location"].startswith("games/places/")}
    assert {"Places — upgrade chart", "Places — printable tiles"} <= titles


def test_a_dirty_rebuild_writes_only_what_changed_and_no_cache_folder(tmp_path: Path) -> None:
    """Within one `mkdocs serve --dirty` (one plugin, its caches kept), the generated files
    come from memory (no folder of copies beside mkdocs.yml) and a rebuild after one game's
    tiles changed rewrites that game's pages, not the other game's, nor the drawings they
    share. A renamed game changes the navigation every page shows: every page is rewritten.
    A removed game's files leave the site folder."""
    import time

    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    root = _site(tmp_path, {"noted.yaml": NOTED, "other.yaml": NOTED.replace("noted", "other")})
    site = tmp_path / "site"
    config = load_config(str(root / "mkdocs.yml"), site_dir=str(site))
    config.plugins.on_startup(command="serve", dirty=True)
    build(config, dirty=True)
    assert not (root / ".cache").exists()
    pages = {name: site / "games" / name / "index.html" for name in ("noted", "other")}
    drawing = sorted((site / "assets" / "tiles").glob("*.svg"))[0]

    def rebuilt(edit: Callable[[str], str], name: str = "noted.yaml") -> dict[Path, bool]:
        before = {p: p.stat().st_mtime_ns for p in (*pages.values(), drawing)}
        time.sleep(0.05)
        game = root / "games" / name
        game.write_text(edit(game.read_text(encoding="utf-8")), "utf-8")
        again = load_config(str(root / "mkdocs.yml"), site_dir=str(site))
        again.plugins = config.plugins  # `mkdocs serve` keeps the plugin (it has on_startup)
        build(again, dirty=True)
        return {p: p.exists() and p.stat().st_mtime_ns != t for p, t in before.items()}

    changed = rebuilt(lambda text: text.replace("path=a:1,b:4;", "path=a:1,b:3;"))
    assert changed == {pages["noted"]: True, pages["other"]: False, drawing: False}
    changed = rebuilt(lambda text: text.replace("title: ", "title: New "))
    assert changed[pages["noted"]] and changed[pages["other"]] and not changed[drawing]
    assert "New " in pages["other"].read_text(encoding="utf-8")  # in its navigation
    (root / "games" / "other.yaml").unlink()
    rebuilt(lambda text: text)
    assert not (site / "games" / "other").exists()


def test_a_comment_rebuilds_nothing_and_mkdocs_hears_only_of_new_drawings(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """In `mkdocs serve --dirty`, a comment added to a game file regenerates no page (the
    gallery is the very same), and drawings already in the site folder as they are stay out of
    MkDocs' files (it would go over thousands of them on every rebuild); a drawing that a
    game starts using is among them, and written."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.structure.files import Files

    seen: list[list[str]] = []
    real = Files.copy_static_files

    def listing(self: Files, *args: Any, **kwargs: Any) -> None:
        seen.append([f.src_uri for f in self])
        real(self, *args, **kwargs)

    monkeypatch.setattr(Files, "copy_static_files", listing)
    root = _site(tmp_path, {"noted.yaml": NOTED, "other.yaml": NOTED.replace("noted", "other")})
    site = tmp_path / "site"
    config = load_config(str(root / "mkdocs.yml"), site_dir=str(site))
    config.plugins.on_startup(command="serve", dirty=True)

    def rebuild() -> None:
        again = load_config(str(root / "mkdocs.yml"), site_dir=str(site))
        again.plugins = config.plugins  # `mkdocs serve` keeps the plugin (it has on_startup)
        build(again, dirty=True)

    build(config, dirty=True)
    drawings = {p for p in seen[-1] if p.startswith("assets/tiles/")}
    assert drawings and all((site / p).is_file() for p in drawings)
    page = site / "games" / "noted" / "index.html"
    written = page.stat().st_mtime_ns
    game = root / "games" / "noted.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text + "# a comment\n", encoding="utf-8")
    rebuild()
    assert page.stat().st_mtime_ns == written  # nothing of the game rendered again
    assert not [p for p in seen[-1] if p.startswith("assets/tiles/")]
    assert "games/noted/index.md" in seen[-1]  # pages always: MkDocs needs them for the nav
    # a new tile: its drawing reaches MkDocs (and the site), the others still do not
    new_tile = '  "X3": {count: 1, color: green, code: "path=a:0,b:2;path=a:2,b:4"}\n'
    game.write_text(text.replace("tiles:\n", "tiles:\n" + new_tile), encoding="utf-8")
    rebuild()
    (added,) = [p for p in seen[-1] if p.startswith("assets/tiles/")]
    assert added not in drawings and (site / added).is_file()


def test_drawings_are_put_in_place_as_parts_arrive_and_written_once(tmp_path: Path) -> None:
    """The drawings a part made are written to the site while the rest of the gallery is
    being built (`Placer`) and MkDocs does not write them again; the site's own file of the
    same path still wins, and with `exclude_docs` set MkDocs writes every file itself."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from pathspec.gitignore import GitIgnoreSpec

    from plugin import gallery_files

    root = _site(tmp_path, {"noted.yaml": NOTED})
    writes: list[str] = []
    real = gallery_files.Placer.__call__

    def counting(self: gallery_files.Placer, files: object) -> None:
        real(self, files)  # type: ignore[arg-type]
        writes.extend(self.written)

    site = tmp_path / "site"
    config = load_config(str(root / "mkdocs.yml"), site_dir=str(site))
    config.plugins.on_startup(command="build", dirty=False)  # as `mkdocs build` does
    original = gallery_files.GalleryFile.copy_file
    copied: list[str] = []

    def copy(self: gallery_files.GalleryFile, dirty: bool = False) -> None:
        if self.src_uri.endswith(".svg") and not self.placed:
            copied.append(self.src_uri)
        original(self, dirty)

    gallery_files.Placer.__call__ = counting  # type: ignore[method-assign]
    gallery_files.GalleryFile.copy_file = copy  # type: ignore[method-assign]
    try:
        build(config)
        drawings = sorted((site / "assets" / "tiles").glob("*.svg"))
        assert drawings and writes
        assert not [c for c in copied if c.startswith("assets/tiles/")]  # none written twice
        plugin = config.plugins["tiles"]
        for path, item in ((k, v[1]) for k, v in plugin._gallery.mkdocs_files.items()):
            if path.startswith("assets/tiles/"):
                assert (site / path).read_text(encoding="utf-8") == item.content
        # the site's own drawing of one of those paths wins
        own = drawings[0].relative_to(site).as_posix()
        (root / "docs" / own).parent.mkdir(parents=True)
        (root / "docs" / own).write_text("<svg>mine</svg>", encoding="utf-8")
        copied.clear()
        build(load_config(str(root / "mkdocs.yml"), site_dir=str(site)))
        assert (site / own).read_text(encoding="utf-8") == "<svg>mine</svg>"
        # a site that excludes documents: MkDocs writes every drawing itself
        (root / "docs" / own).unlink()
        excluding = load_config(str(root / "mkdocs.yml"), site_dir=str(site))
        excluding["exclude_docs"] = GitIgnoreSpec.from_lines(["drafts/"])
        copied.clear()
        build(excluding)
        assert [c for c in copied if c.startswith("assets/tiles/")]
    finally:
        gallery_files.Placer.__call__ = real  # type: ignore[method-assign]
        gallery_files.GalleryFile.copy_file = original  # type: ignore[method-assign]


def test_a_renamed_game_updates_the_games_index_every_time(tmp_path: Path) -> None:
    """The games index's cards are a set-aside block and its navigation names the games: a
    rename shows the new title in both, every time (a second rename once left the page as it
    was), and a page that is not there is built."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    root = _site(tmp_path, {"noted.yaml": NOTED, "other.yaml": NOTED.replace("noted", "other")})
    site = tmp_path / "site"
    config = load_config(str(root / "mkdocs.yml"), site_dir=str(site))
    config.plugins.on_startup(command="serve", dirty=True)
    build(config, dirty=True)
    index = site / "games" / "index.html"
    game = root / "games" / "noted.yaml"
    original = game.read_text(encoding="utf-8")

    def rebuild(title: str) -> str:
        game.write_text(original.replace("title: Noted", f"title: {title}"), "utf-8")
        again = load_config(str(root / "mkdocs.yml"), site_dir=str(site))
        again.plugins = config.plugins
        build(again, dirty=True)
        return index.read_text(encoding="utf-8")

    for title in ("Renamed once", "Renamed twice"):
        text = rebuild(title)
        assert f"<h2>{title}</h2>" in text and text.count("<h2>Noted</h2>") == 1  # other's
    assert "Renamed once" not in index.read_text(encoding="utf-8")  # cards and navigation
    index.unlink()
    assert "<h2>Renamed again</h2>" in rebuild("Renamed again")


def _files(site: Path) -> dict[str, bytes]:
    return {
        p.relative_to(site).as_posix(): p.read_bytes()
        for p in sorted(site.rglob("*"))
        if p.is_file() and p.suffix != ".gz"  # sitemap.xml.gz carries gzip's mtime
    }


def test_workers_drawing_after_the_pages_build_the_same_site(tmp_path: Path) -> None:
    """A first build with catalog pages and two workers has the workers make the drawings
    while MkDocs renders the pages (`gallery.parts.Afterwards`): the site is the same, file
    for file, as one built in a single process, and a `mkdocs serve` rebuild after it (the
    gallery kept, the site folder cleaned) writes every drawing again."""
    from gallery.parts import Afterwards

    made: list[int] = []
    real = Afterwards.wait

    def wait(self: Afterwards) -> tuple[dict[str, Any], dict[str, dict[str, int]]]:
        result = real(self)
        made.append(len(result[0]))
        return result

    root = _site(tmp_path, {"noted.yaml": NOTED})
    sites = {}
    Afterwards.wait = wait  # type: ignore[method-assign]
    try:
        for workers in (2, 1):
            sites[workers] = _build_with(root, tmp_path, workers)
    finally:
        Afterwards.wait = real  # type: ignore[method-assign]
    assert len(made) == 1 and made[0] > 400  # the two-worker build's drawings, afterwards
    assert len([p for p in sites[1] if p.startswith("assets/tiles/")]) > 400
    assert sites[2] == sites[1]


def _build_with(root: Path, out: Path, workers: int) -> dict[str, bytes]:
    """Build the site at `root` into `out` as `mkdocs serve` first does (not dirty) with
    `workers`; with two, build it again with the same plugin into a cleaned folder, which must
    give the same files."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    text = CONFIG.replace("catalog_pages: false", f"workers: {workers}")
    (root / "mkdocs.yml").write_text(text, encoding="utf-8")
    from plugin.gallery_files import GalleryCache

    config = load_config(str(root / "mkdocs.yml"), site_dir=str(out / f"w{workers}"))
    plugin = config.plugins["tiles"]
    # MkDocs keeps one plugin object per process (for `mkdocs serve`): a first build here
    plugin._gallery = GalleryCache()
    config.plugins.on_startup(command="serve", dirty=False)
    build(config)
    files = _files(out / f"w{workers}")
    if workers > 1:
        assert plugin._pool is None and plugin._gallery.pending is None  # all done
        assert gc.get_freeze_count() == 0  # frozen during the build only
        again = load_config(str(root / "mkdocs.yml"), site_dir=str(out / "again"))
        again.plugins = config.plugins
        build(again)
        assert _files(out / "again") == files
    return files


def test_a_second_build_takes_its_parts_from_the_part_cache(tmp_path: Path) -> None:
    """`mkdocs build` twice: the second takes every part from the part cache (the user cache
    folder, here below HOME) and builds the very same site; `part_cache_mb: 0` keeps none."""
    root = _site(tmp_path, {"noted.yaml": NOTED, "other.yaml": NOTED.replace("noted", "other")})
    first = _build(root)
    assert first.returncode == 0, first.stderr
    assert "from the part cache" not in first.stderr
    stored = list((root / ".cache" / "tile-atlas" / "parts").glob("*.part"))
    assert len(stored) == 2  # one per game (no catalog pages here)
    built = _tree(root / "site")
    second = _build(root)
    assert second.returncode == 0, second.stderr
    assert "2 parts from the part cache, 0 built" in second.stderr
    assert _tree(root / "site") == built
    config = CONFIG.replace("games_dirs: [games]", "games_dirs: [games], part_cache_mb: 0")
    (root / "mkdocs.yml").write_text(config, encoding="utf-8")
    third = _build(root)
    assert "from the part cache" not in third.stderr
    assert _tree(root / "site") == built


def _tree(folder: Path) -> dict[str, bytes]:
    """Every file's bytes; a gzip file's content (its header holds the day it was built: two
    builds either side of midnight differ there)."""
    return {
        str(p.relative_to(folder)): gzip.decompress(p.read_bytes())
        if p.suffix == ".gz"
        else p.read_bytes()
        for p in folder.rglob("*")
        if p.is_file()
    }


def test_the_placer_writes_small_batches_at_once_and_large_ones_by_its_writer(
    tmp_path: Path,
) -> None:
    from gallery.pages.context import GeneratedFile
    from plugin.gallery_files import WRITER_BATCH, Placer

    placer = Placer(tmp_path, frozenset({"assets/mine.svg"}))
    small = [GeneratedFile("assets/games/a-map.svg", "<svg>a</svg>"),
             GeneratedFile("games/a/index.md", "# A"),
             GeneratedFile("assets/mine.svg", "<svg>not mine</svg>")]  # fmt: skip
    placer(small)
    assert (tmp_path / "assets/games/a-map.svg").read_text("utf-8") == "<svg>a</svg>"
    large = [GeneratedFile(f"assets/tiles/{i}.svg", f"<svg>{i}</svg>") for i in range(WRITER_BATCH)]
    placer(large)
    placer.finish()
    assert all((tmp_path / f.path).read_text("utf-8") == f.content for f in large)
    assert not (tmp_path / "games").exists()  # pages are MkDocs' to write
    assert not (tmp_path / "assets/mine.svg").exists()  # the site's own file wins
    assert placer.placed(large[0]) and placer.placed(small[0]) and not placer.placed(small[1])


def test_the_served_gallery_is_made_in_this_process_while_the_server_waits(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once `mkdocs serve` serves (`on_serve`, after the first build), the idle work makes
    each game's title-free pieces here (`plugin.idle`, which logs how many games it made,
    none when an earlier build of this process made them: MkDocs keeps one plugin per
    process); a rename after it shows the new title. A build that is not served starts no
    such work."""
    import time

    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.config.defaults import MkDocsConfig

    caplog.set_level("DEBUG")
    caplog.set_level("DEBUG", logger="mkdocs")  # an earlier build may have set it higher
    # a plugin of its own, as `mkdocs serve` starts with: MkDocs keeps the instance of a plugin
    # with `on_startup` for the whole process, and one that built in this process before
    # builds the games here (no workers), leaving nothing for the idle work to make
    monkeypatch.setattr(MkDocsConfig.plugins, "plugin_cache", {})
    root = _site(tmp_path, {"noted.yaml": NOTED, "other.yaml": NOTED.replace("noted", "other")})
    site = tmp_path / "site"
    config = load_config(str(root / "mkdocs.yml"), site_dir=str(site))
    config.plugins.on_startup(command="serve", dirty=True)
    build(config, dirty=True)

    class Server:
        def watch(self, path: str) -> None:
            pass

    config.plugins.on_serve(Server(), config=config, builder=None)
    time.sleep(3)  # past the idle work's delay: the rename below halts it, or finds it done
    game = root / "games" / "noted.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("title: ", "title: New "), "utf-8")
    again = load_config(str(root / "mkdocs.yml"), site_dir=str(site))
    again.plugins = config.plugins
    build(again, dirty=True)
    assert "New " in (site / "games" / "noted" / "index.html").read_text(encoding="utf-8")
    config.plugins.on_shutdown()

    caplog.clear()
    built = load_config(str(root / "mkdocs.yml"), site_dir=str(tmp_path / "built"))
    built.plugins.on_startup(command="build", dirty=False)
    build(built)
    time.sleep(1.5)  # past the idle work's delay
    assert "while idle" not in caplog.text
