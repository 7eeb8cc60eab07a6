"""A preview equals the published site: a random sequence of edits (fixed seed) made while a
real `mkdocs serve` runs (plain and `--dirty`), then every file the server serves, fetched over
HTTP, must equal what a cold `mkdocs build` of the final files writes with the same `site_url`,
and nothing else may be served. Only the live-reload script and the sitemap's dates are
normalised."""

from __future__ import annotations

import gzip
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_TEMPLATES = ROOT / "gallery" / "templates"
SEED = 36
EDITS = 17
#: Seconds after an edit within which its rebuild must have started, or it never will.
UNSEEN = 10.0

CONFIG = """\
site_name: Diff site
site_url: {url}
theme:
  name: material
  font: false
  custom_dir: overrides
  features: [navigation.tabs, navigation.sections, navigation.indexes, navigation.prune]
plugins:
  - search
  - tiles:
      games_dirs: [games]
      icon_dirs: [icons]
      layout: {layout}
      import_cache_mb: 0
      part_cache_mb: 0
markdown_extensions:
  - pymdownx.superfences
"""

#: Templates a site may override, each read by a different memo of the build: the catalog's
#: "Used by" rows, the conflicts page, the games index, every tile card.
OVERRIDABLE = ("used_by_row.html.j2", "conflict.html.j2", "game_card.html.j2", "tile_card.html.j2")
WORDS = ("Alpha", "Beta", "Gamma", "Delta", "Kappa", "Sigma", "Omega", "Zeta")
HEX_CODES = (
    "",
    "city=revenue:0",
    "town=revenue:0",
    "city=revenue:20;path=a:0,b:_0",
    "upgrade=cost:40,terrain:mountain",
)


@dataclass
class GameState:
    id: str
    title: str
    x1_revenue: int
    counts: dict[str, int]
    names: dict[str, str]
    hexes: dict[str, str]
    broken: bool = False

    def yaml(self) -> str:
        code = "city=revenue:;path=a:9" if self.broken else f"town=revenue:{self.x1_revenue}"
        lines = [
            f'id: "{self.id}"',
            f'title: "{self.title}"',
            "layout: flat",
            "axes: {x: letter, y: number}",
            "tiles:",
            *(f'  "{name}": {count}' for name, count in sorted(self.counts.items())),
            f'  "X1": {{count: 1, color: yellow, code: "{code};path=a:0,b:_0"}}',
            "location_names:",
            *(f'  {where}: "{name}"' for where, name in sorted(self.names.items())),
            "hexes:",
            "  white:",
        ]
        by_code: dict[str, list[str]] = {}
        for where, hex_code in sorted(self.hexes.items()):
            by_code.setdefault(hex_code, []).append(where)
        lines += [f'    "{c}": [{", ".join(w)}]' for c, w in by_code.items()]
        return "\n".join(lines) + "\n"


@dataclass
class Site:
    root: Path
    url: str
    rng: random.Random
    games: dict[str, GameState] = field(default_factory=dict)
    layout: str = "flat"
    pages: dict[str, str] = field(default_factory=dict)
    overrides: dict[str, str] = field(default_factory=dict)
    made: int = 0

    # -- writing ---------------------------------------------------------------------------

    def write_config(self) -> None:
        text = CONFIG.format(url=self.url, layout=self.layout)
        (self.root / "mkdocs.yml").write_text(text, encoding="utf-8")

    def write_game(self, game: GameState) -> None:
        (self.root / "games" / f"{game.id}.yaml").write_text(game.yaml(), encoding="utf-8")

    def write_page(self, name: str) -> None:
        (self.root / "docs" / name).write_text(self.pages[name], encoding="utf-8")

    def write_icon(self, fill: str) -> None:
        svg = (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
            f'<circle cx="12" cy="12" r="9" fill="{fill}"/></svg>\n'
        )
        (self.root / "icons" / "mine.svg").write_text(svg, encoding="utf-8")

    def write_override(self, name: str) -> None:
        folder = self.root / "overrides" / "tile-atlas"
        folder.mkdir(parents=True, exist_ok=True)
        original = (PACKAGE_TEMPLATES / name).read_text(encoding="utf-8")
        marked = f'<i data-override="{self.overrides[name]}"></i>'
        (folder / name).write_text(original.rstrip("\n") + marked + "\n", encoding="utf-8")

    def new_game(self) -> GameState:
        self.made += 1
        rng = self.rng
        game = GameState(
            id=f"g{self.made}",
            title=f"Game {rng.choice(WORDS)} {self.made}",
            x1_revenue=rng.choice((10, 20, 30)),
            counts={"57": rng.randint(1, 3), "9": rng.randint(1, 4)},
            names={"B2": rng.choice(WORDS)},
            hexes={
                "A1": "",
                "B2": "city=revenue:0",
                "C1": rng.choice(HEX_CODES),
                "E1": "town=revenue:0;icon=image:mine",
            },
        )
        self.games[game.id] = game
        return game

    def setup(self) -> None:
        for folder in ("docs", "games", "overrides", "icons"):
            (self.root / folder).mkdir(parents=True, exist_ok=True)
        self.write_icon("#a04000")
        self.write_config()
        self.pages["index.md"] = "# Home\n\n```tile\ncity=revenue:20;path=a:0,b:_0\n```\n"
        self.write_page("index.md")
        for _ in range(3):
            self.write_game(self.new_game())
        self.overrides["game_card.html.j2"] = "start"
        self.write_override("game_card.html.j2")

    # -- edits (each returns a label for the failure message) ------------------------------

    def some_game(self) -> GameState:
        return self.games[self.rng.choice(sorted(self.games))]

    def edit_title(self) -> str:
        game = self.some_game()
        game.title = f"{self.rng.choice(WORDS)} {game.id} {self.rng.randint(0, 99)}"
        self.write_game(game)
        return f"title of {game.id}"

    def edit_hex(self) -> str:
        game = self.some_game()
        where = self.rng.choice(("A1", "C1", "D2", "E1"))
        game.hexes[where] = self.rng.choice(HEX_CODES)
        self.write_game(game)
        return f"hex {where} of {game.id}"

    def edit_manifest(self) -> str:
        game = self.some_game()
        name = self.rng.choice(("57", "9", "8", "15"))
        game.counts[name] = self.rng.randint(1, 5)
        game.x1_revenue = self.rng.choice((10, 20, 30, 40))
        self.write_game(game)
        return f"manifest of {game.id}"

    def edit_location(self) -> str:
        game = self.some_game()
        game.names["B2"] = f"{self.rng.choice(WORDS)} {self.rng.randint(0, 9)}"
        self.write_game(game)
        return f"location name of {game.id}"

    def add_game(self) -> str:
        game = self.new_game()
        self.write_game(game)
        return f"new game {game.id}"

    def delete_game(self) -> str:
        if len(self.games) < 2:
            return self.add_game()
        game = self.some_game()
        del self.games[game.id]
        (self.root / "games" / f"{game.id}.yaml").unlink()
        return f"deleted {game.id}"

    def break_game(self) -> str:
        broken = [g for g in self.games.values() if g.broken]
        game = broken[0] if broken else self.some_game()
        game.broken = not game.broken
        self.write_game(game)
        return f"{'error in' if game.broken else 'fixed'} {game.id}"

    def edit_page(self) -> str:
        name = self.rng.choice(("index.md", "notes.md"))
        self.pages[name] = f"# {self.rng.choice(WORDS)} page\n\nText {self.rng.randint(0, 999)}.\n"
        self.write_page(name)
        return f"docs page {name}"

    def edit_option(self) -> str:
        self.layout = "pointy" if self.layout == "flat" else "flat"
        self.write_config()
        return f"layout: {self.layout}"

    def edit_override(self) -> str:
        name = self.rng.choice(OVERRIDABLE)
        path = self.root / "overrides" / "tile-atlas" / name
        if name in self.overrides and self.rng.random() < 0.4:
            del self.overrides[name]
            path.unlink()
            return f"override {name} deleted"
        self.overrides[name] = f"v{self.rng.randint(0, 999)}"
        self.write_override(name)
        return f"override {name} set to {self.overrides[name]}"

    def edit_icon(self) -> str:
        fill = f"#{self.rng.randrange(16**6):06x}"
        self.write_icon(fill)
        return f"icon mine.svg filled {fill}"

    def two_saves(self) -> str:
        game = self.some_game()
        game.title = f"Quick {game.id}"
        self.write_game(game)
        time.sleep(0.05)
        game.title = f"Quicker {game.id} {self.rng.randint(0, 99)}"
        self.write_game(game)
        return f"two saves of {game.id}"

    def edits(self) -> list[Callable[[], str]]:
        """Every kind of edit once, an error's fix and two more override edits, then random
        ones up to `EDITS`, in a random order."""
        kinds = self.kinds()
        chosen = [*kinds, self.break_game, self.edit_override, self.edit_override]
        chosen += [self.rng.choice(kinds) for _ in range(EDITS - len(chosen))]
        self.rng.shuffle(chosen)
        return chosen

    def kinds(self) -> list[Callable[[], str]]:
        return [
            self.edit_title,
            self.edit_hex,
            self.edit_manifest,
            self.edit_location,
            self.add_game,
            self.delete_game,
            self.break_game,
            self.edit_page,
            self.edit_option,
            self.edit_override,
            self.edit_icon,
            self.two_saves,
        ]


# -- the server -----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def environment(home: Path, tmp: Path) -> dict[str, str]:
    return {
        "NO_MKDOCS_2_WARNING": "1",
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "TMPDIR": str(tmp),
        "PYTHONPATH": os.environ.get("PYTHONPATH", str(ROOT)),
    }


class Serve:
    """A `mkdocs serve` subprocess and its log, read as it comes."""

    def __init__(self, root: Path, port: int, tmp: Path, *, dirty: bool) -> None:
        args = [sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{port}"]
        if dirty:
            args.append("--dirty")
        self.tmp = tmp
        self.lines: list[tuple[float, str]] = []
        self.process = subprocess.Popen(
            args,
            cwd=root,
            env=environment(root, tmp),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.append((time.monotonic(), line.rstrip("\n")))

    def count(self, text: str) -> int:
        return sum(text in line for _, line in list(self.lines))

    def settled(self, builds_before: int, *, timeout: float = 120) -> None:
        """Wait for a rebuild after `builds_before` builds to start and for every build to
        end, then for a quiet second and a half. An edit the server does not see starts no
        rebuild: after `UNSEEN` seconds the comparison at the end tells what that left."""
        deadline = time.monotonic() + timeout
        unseen = time.monotonic() + UNSEEN
        started = False
        while time.monotonic() < deadline:
            if not started and time.monotonic() > unseen:
                return
            if self.process.poll() is not None:
                raise AssertionError("mkdocs serve ended:\n" + self.log())
            builds = self.count("Building documentation")
            # the first build ends when the server serves, each later one with its reload
            ends = ("Serving on", "Reloading browsers", "An error happened")
            done = sum(self.count(text) for text in ends)
            started = started or builds > builds_before
            last = self.lines[-1][0] if self.lines else 0.0
            if started and done >= builds and time.monotonic() - last > 1.5:
                return
            time.sleep(0.1)
        raise AssertionError("no rebuild ended in time:\n" + self.log())

    def site_dir(self) -> Path:
        found = sorted(self.tmp.glob("mkdocs_*"))
        assert len(found) == 1, found
        return found[0]

    def log(self) -> str:
        return "\n".join(line for _, line in self.lines[-60:])

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


# -- comparing --------------------------------------------------------------------------------

#: MkDocs' server puts it before the last `</body>`, or at the end of a page without one.
LIVE_RELOAD = re.compile(rb"<script>\s*var livereload = function.*?</script>(?=</body>|$)", re.S)
LASTMOD = re.compile(rb"<lastmod>[^<]*</lastmod>")


def normalised(path: str, data: bytes) -> bytes:
    if path.endswith(".html"):
        return LIVE_RELOAD.sub(b"", data)
    if path == "sitemap.xml":
        return LASTMOD.sub(b"", data)
    if path == "sitemap.xml.gz":
        return LASTMOD.sub(b"", gzip.decompress(data))
    return data


def files_under(folder: Path) -> dict[str, Path]:
    return {p.relative_to(folder).as_posix(): p for p in folder.rglob("*") if p.is_file()}


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=60) as response:
        return bytes(response.read())


def cold_build(root: Path, url: str, out: Path, tmp: Path) -> None:
    script = (
        "import sys; from mkdocs.config import load_config;"
        "from mkdocs.commands.build import build;"
        "c = load_config(config_file='mkdocs.yml', site_url=sys.argv[1], site_dir=sys.argv[2]);"
        "c.plugins.on_startup(command='build', dirty=False); build(c); c.plugins.on_shutdown()"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, url, str(out)],
        cwd=root,
        env=environment(root, tmp),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]


def differences(served: dict[str, bytes], cold: Path) -> list[str]:
    expected = files_under(cold)
    found = [f"served but not built: {p}" for p in sorted(set(served) - set(expected))]
    found += [f"built but not served: {p}" for p in sorted(set(expected) - set(served))]
    for path in sorted(set(served) & set(expected)):
        if normalised(path, served[path]) != normalised(path, expected[path].read_bytes()):
            found.append(f"differs: {path}")
    return found


def run_session(tmp_path: Path, *, dirty: bool) -> tuple[list[str], list[str]]:
    """Serve a small site, edit it, compare with a cold build; the edits made and what
    differs."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    root = tmp_path / "site"
    temp = tmp_path / "tmp"
    temp.mkdir()
    site = Site(root, url, random.Random(SEED))
    site.setup()
    server = Serve(root, port, temp, dirty=dirty)
    made: list[str] = []
    try:
        server.settled(0, timeout=180)
        for edit in site.edits():
            builds = server.count("Building documentation")
            made.append(edit())
            server.settled(builds)
        served_dir = server.site_dir()
        served = {p: fetch(url + p) for p in files_under(served_dir)}
    finally:
        server.stop()
    cold = tmp_path / "cold"
    cold_build(root, url, cold, temp)
    return made, differences(served, cold)


@pytest.mark.slow
@pytest.mark.parametrize("dirty", [False, True], ids=["serve", "serve-dirty"])
def test_served_site_equals_a_cold_build_after_random_edits(tmp_path: Path, dirty: bool) -> None:
    made, found = run_session(tmp_path, dirty=dirty)
    assert not found, f"after edits {made}:\n" + "\n".join(found[:60])


def test_comparison_normalises_only_the_reload_script_and_sitemap_dates(tmp_path: Path) -> None:
    cold = tmp_path / "cold"
    cold.mkdir()
    (cold / "index.html").write_bytes(b"<p>a</p></body>")
    (cold / "sitemap.xml").write_bytes(b"<url><lastmod>2020-01-01</lastmod></url>")
    same = {
        "index.html": b"<p>a</p><script>\nvar livereload = function(){};</script></body>",
        "sitemap.xml": b"<url><lastmod>2026-11-27</lastmod></url>",
    }
    assert differences(same, cold) == []
    changed = dict(same, **{"index.html": b"<p>b</p></body>", "extra.svg": b""})
    assert differences(changed, cold) == ["served but not built: extra.svg", "differs: index.html"]
    shutil.rmtree(cold)
