"""Site-level benchmarks: full builds, a plain-MkDocs baseline, all corpus games, memory.

Printed by `nox -s bench` (through benchmarks/run.py). Figures, never assertions.

Each cold build reports its time, its peak memory summed over the build's processes (sampled
from /proc every 50 ms, so a process pool counts whole), the CPU time of those processes (user
and system: a build writing thousands of files spends part of it in the file system), the
output's size and file count, and the size of the search index every page downloads. With
`TILE_ATLAS_WORLD` set to a folder of games (`tile-atlas import 18xx CHECKOUT FOLDER`), the
reference site is built with those games too; with `TILE_ATLAS_IMPORTS` (folders separated by
`:`: an 18xx.games checkout, a GE18XX XML folder) the reference site publishes every game of
those folders through the plugin's `imports`: the whole-world figures of issue #21.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("TILE_ATLAS_SHARED", ROOT.parent / "shared"))
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


class Built(NamedTuple):
    """One build's figures: wall seconds, peak memory (MiB, summed over its processes), and
    the user and system CPU seconds of all its processes (workers included: a process's
    children count in its own once it has waited for them)."""

    seconds: float
    peak: float
    user: float
    system: float

    @property
    def cpu(self) -> str:
        return f"CPU {self.user:.1f} s user + {self.system:.1f} s system"


def _build(config: Path, out: Path, env: dict[str, str] = ENV) -> Built:
    """One `mkdocs build` in a child process (with `env`), measured."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    command = [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(out)]
    proc = subprocess.Popen(
        command, cwd=config.parent, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    peak = 0
    while proc.poll() is None:
        peak = max(peak, _tree_rss(proc.pid))
        time.sleep(0.05)
    seconds = time.perf_counter() - start
    _, err = proc.communicate()
    if proc.returncode:
        raise SystemExit(f"mkdocs build failed:\n{err.decode()[-2000:]}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if peak == 0:  # too short to sample: the largest child process instead
        peak = after.ru_maxrss * 1024
    return Built(seconds, peak / 2**20, after.ru_utime - before.ru_utime,
                 after.ru_stime - before.ru_stime)  # fmt: skip


def _tree_rss(pid: int) -> int:
    """Resident bytes of a process and all its descendants, now (0 once it is gone)."""
    total = 0
    todo = [pid]
    while todo:
        current = todo.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
            rss = next(ln for ln in status.splitlines() if ln.startswith("VmRSS:"))
            total += int(rss.split()[1]) * 1024
            for task in Path(f"/proc/{current}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, StopIteration, ValueError):
            continue
    return total


def site_figures(site: Path) -> str:
    """Output size, file count, HTML pages and the search index of a built site."""
    files = [p for p in site.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    pages = sum(1 for p in files if p.suffix == ".html")
    index = site / "search" / "search_index.json"
    search = f"{index.stat().st_size / 1e3:,.0f} KB" if index.is_file() else "none"
    return (
        f"output {size / 1e6:.1f} MB in {len(files):,} files ({pages:,} HTML pages), "
        f"search index {search}"
    )


def reference_seconds() -> float:
    """CPU seconds of a fixed piece of work in this process: the catalog's tiles drawn three
    times over, each time with an empty render cache. Why: this machine's speed drifts by half
    from hour to hour (the same whole-world build used 37 s of CPU and, an hour later, 56 s),
    so a build's time says something only beside this figure taken at the same time."""
    from tile_lang import catalog
    from tile_lang.render_cache import RenderCache, RenderKey

    tiles = [catalog.get(name) for name in catalog.names()]
    start = time.process_time()
    for _ in range(3):
        renders = RenderCache()
        for tile in tiles:
            renders.render(RenderKey(tile.code, tile.color, "flat"))
    return time.process_time() - start


def world_site(tmp: Path, games: Path | None, imports: tuple[Path, ...] = (),
               part_cache: Path | None = None) -> Path:  # fmt: skip
    """The reference site (its docs and configuration) with `games` instead of the demo games,
    and/or every game of `imports` (18xx.games checkouts, GE18XX folders) read at build time.
    `part_cache`: the folder of its built parts (`gallery.partstore`; unset: the user's)."""
    site = tmp / "world"
    shutil.copytree(ROOT / "docs", site / "docs")
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    folders = f"      games_dirs: [{games}]\n" if games else "      games_dirs: []\n"
    if imports:
        folders += f"      imports: [{', '.join(str(p) for p in imports)}]\n"
    if part_cache:
        folders += f"      part_cache: {part_cache}\n"
    config = config.replace("      games_dirs:\n        - games\n", folders)
    (site / "mkdocs.yml").write_text(config, encoding="utf-8")
    return site / "mkdocs.yml"


def _largest_page(site: Path) -> tuple[int, str]:
    pages = [(p.stat().st_size, str(p.relative_to(site))) for p in site.rglob("*.html")]
    return max(pages) if pages else (0, "")


def main() -> None:
    """Every build writes into a folder of its own, and nothing is deleted before the last
    build ends. Why: on a file system without a journal (this machine's ext4) the allocator
    passes over inodes freed in the last minute or more, so the files written just after
    deleting a site cost several times more: 11,500 drawings took 0.7 s of system time into a
    fresh disk and 4-7 s right after deleting as many; the figures would measure the clean-up
    of the build before."""
    print(
        "site: reference workload (the catalog's tiles drawn three times, one process) "
        f"{reference_seconds():.2f} s CPU"
    )
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        # a part cache of its own, empty: a cold build (the user's holds earlier runs' parts)
        default = world_site(tmp / "default", ROOT / "games", part_cache=tmp / "default-parts")
        built = _build(default, tmp / "site")
        print(
            f"site: default site cold build {built.seconds:.1f} s, peak memory "
            f"{built.peak:.0f} MiB (all processes), {built.cpu}; {site_figures(tmp / 'site')}"
        )
        imports = os.environ.get("TILE_ATLAS_IMPORTS")
        if imports:
            # the whole-world site of issue #21: every game of an 18xx.games checkout and a
            # GE18XX folder, read at build time (their import cache warm or not, as it is)
            folders = tuple(Path(p).resolve() for p in imports.split(os.pathsep) if p)
            config = world_site(tmp, None, folders, part_cache=tmp / "imports-parts")
            built = _build(config, tmp / "imports-site")
            print(
                f"site: whole world (imports {', '.join(map(str, folders))} + docs + catalog) "
                f"cold build {built.seconds:.1f} s, peak memory {built.peak:.0f} MiB (all "
                f"processes), {built.cpu}; {site_figures(tmp / 'imports-site')}"
            )
            # the next `mkdocs build` (a CI job that keeps the cache folder, a second build
            # after editing a page): every part from the part cache the first one filled
            again = _build(config, tmp / "imports-site-again")
            print(
                f"site: whole world again, parts from the part cache: {again.seconds:.1f} s, "
                f"peak memory {again.peak:.0f} MiB (all processes), {again.cpu}"
            )
            # the built sites stay until every build is done: see `main`
            shutil.move(tmp / "world", tmp / "imports-world")
        world = os.environ.get("TILE_ATLAS_WORLD")
        if world:
            count = len(list(Path(world).glob("*.yaml")))
            # a part cache of its own, empty: the user's may hold these games' parts already
            config = world_site(tmp, Path(world).resolve(), part_cache=tmp / "world-parts")
            built = _build(config, tmp / "world-site")
            print(
                f"site: world site ({count} games from {world} + docs + catalog) cold build "
                f"{built.seconds:.1f} s, peak memory {built.peak:.0f} MiB (all processes), "
                f"{built.cpu}; "
                f"{site_figures(tmp / 'world-site')}"
            )
        # Baseline: the same Markdown built by plain MkDocs without the plugin (fences stay code).
        base = tmp / "baseline"
        shutil.copytree(ROOT / "docs", base / "docs")
        config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
        config = config.replace("  - tiles:\n      games_dirs:\n        - games\n", "")
        (base / "mkdocs.yml").write_text(config, encoding="utf-8")
        docs_only = tmp / "docs-only"
        shutil.copytree(ROOT / "docs", docs_only / "docs")
        (docs_only / "mkdocs.yml").write_text(
            config.replace("plugins:\n", "plugins:\n  - tiles:\n      gallery: false\n"),
            encoding="utf-8",
        )
        plain = _build(base / "mkdocs.yml", base / "site").seconds
        ours = _build(docs_only / "mkdocs.yml", docs_only / "site").seconds
        print(
            f"site: the docs alone {ours:.1f} s with the plugin vs {plain:.1f} s plain MkDocs "
            f"(ratio {ours / plain:.2f})"
        )
        corpus = SHARED / "corpus" / "18xx" / "games"
        if corpus.is_dir():
            from gallery.corpus import game_from_corpus
            from gallery.native import dump_game

            games_dir = tmp / "all" / "games"
            games_dir.mkdir(parents=True)
            for path in sorted(corpus.glob("*.json")):
                game = game_from_corpus(path)
                (games_dir / f"{game.id}.yaml").write_text(dump_game(game), encoding="utf-8")
            (tmp / "all" / "docs").mkdir()
            (tmp / "all" / "docs" / "index.md").write_text("# All games\n", encoding="utf-8")
            (tmp / "all" / "mkdocs.yml").write_text(
                "site_name: All games\ntheme: {name: material, font: false}\n"
                "plugins:\n  - search\n  - tiles:\n      games_dirs: [games]\n",
                encoding="utf-8",
            )
            built = _build(tmp / "all" / "mkdocs.yml", tmp / "all" / "site")
            size, page = _largest_page(tmp / "all" / "site")
            count = len(list(games_dir.glob("*.yaml")))
            print(
                f"site: all {count} corpus games + catalog {built.seconds:.1f} s, peak "
                f"{built.peak:.0f} MiB; "
                f"largest page {page} {size / 1e6:.2f} MB"
            )
        checkout = os.environ.get("TILE_ATLAS_18XX")
        if checkout:
            print(f"site: TILE_ATLAS_18XX={checkout}: import with `tile-atlas import 18xx` first")


if __name__ == "__main__":
    main()
