"""The worker frame's allow-list: what it lists, and that a real build lists exactly the search
worker and lunr helpers the site ships (browser behaviour: tests/browser/test_worker_frame.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from browser_support import build_site

from plugin.worker_frame import allowed_scripts, worker_frame_html

SITE_PATHS = [
    "assets/javascripts/workers/search.1234abcd.min.js",
    "assets/javascripts/workers/search.1234abcd.min.js.map",
    "assets/javascripts/lunr/min/lunr.de.min.js",
    "assets/javascripts/lunr/tinyseg.js",
    "assets/javascripts/bundle.js",
    "assets/tile-atlas/tiles.js",
    "index.html",
]


def _listed(frame: str) -> dict[str, list[str]]:
    match = re.search(r"/\*tile-atlas:allowed\*/(.*?)/\*tile-atlas:end\*/", frame)
    assert match is not None
    result: dict[str, list[str]] = json.loads(match.group(1))
    return result


def test_only_worker_scripts_and_their_helpers_are_allowed() -> None:
    assert allowed_scripts(SITE_PATHS) == {
        "workers": ["../javascripts/workers/search.1234abcd.min.js"],
        "imports": ["../javascripts/lunr/min/lunr.de.min.js", "../javascripts/lunr/tinyseg.js"],
    }


def test_the_frame_never_takes_a_script_from_its_url() -> None:
    frame = worker_frame_html(SITE_PATHS)
    assert _listed(frame)["workers"] == ["../javascripts/workers/search.1234abcd.min.js"]
    # The fragment is compared with the list; what runs is always the listed script.
    assert "main.src = source" not in frame and ".src = new URL(url" not in frame
    assert re.search(r'location\.protocol !== "file:"', frame)


def test_a_hostile_file_name_cannot_close_the_script() -> None:
    frame = worker_frame_html(["assets/javascripts/workers/</script><script>alert(1).js"])
    assert frame.count("</script>") == 1
    assert _listed(frame)["workers"] == ["../javascripts/workers/</script><script>alert(1).js"]


def test_a_built_site_lists_the_search_worker_it_ships(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: Frame\ntheme: {name: material, font: false}\n"
        # a second language, so the theme's search worker loads lunr's language files (for
        # English alone it loads none, and the plugin leaves them out of the site)
        "plugins: [{search: {lang: [en, de]}}, {tiles: {gallery: false}}]\n",
        encoding="utf-8",
    )
    build_site(tmp_path / "mkdocs.yml", tmp_path / "site")
    frame_path = tmp_path / "site" / "assets" / "tile-atlas" / "worker-frame.html"
    listed = _listed(frame_path.read_text(encoding="utf-8"))
    assert len(listed["workers"]) == 1 and "/workers/search." in listed["workers"][0]
    assert any(name.endswith("lunr.stemmer.support.min.js") for name in listed["imports"])
    for name in listed["workers"] + listed["imports"]:
        assert (frame_path.parent / name).resolve().is_file(), name
