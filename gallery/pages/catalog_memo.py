"""The catalog's game-dependent parts kept between the builds of one `mkdocs serve`.

A catalog tile page is built from the tile alone (a part, `gallery.parts`), and its "Used by"
table, which names the games using the tile, is filled in for every build; the tiles index
lists every game in its filter and on its cards. Both depend on the games only through a few
facts (ids, titles, counts), so a rebuild after one game file changed refills only the tables
that name that game, and rebuilds the index only when what it shows of the games changed.
The caller owns the memo and passes it down (`gallery.site.build_gallery`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gallery.game import Game, TileEntry
from gallery.pages.catalog import Usage, build_tiles_index, fill_used_by
from gallery.pages.context import GalleryBuild, GeneratedFile


@dataclass
class _Index:
    key: tuple[object, ...]
    files: list[GeneratedFile]
    svgs: dict[tuple[object, ...], str]


@dataclass
class CatalogMemo:
    """Filled tile pages by path (with the unfilled page and the facts they were filled
    from), and the tiles index's files with the facts they were built from."""

    used_by: dict[str, tuple[GeneratedFile, tuple[object, ...], GeneratedFile]] = field(
        default_factory=dict
    )
    index: _Index | None = None

    def filled(self, build: GalleryBuild, file: GeneratedFile,
               usage: list[tuple[Game, TileEntry]]) -> GeneratedFile:  # fmt: skip
        """`fill_used_by(build, file, usage)`, reused when the page (the very part's file)
        and what its table shows are those of the previous build."""
        key = (
            build.set_aside,
            build.directory_urls,
            tuple((game.id, game.title, entry.name, entry.count) for game, entry in usage),
        )
        known = self.used_by.get(file.path)
        if known is not None and known[0] is file and known[1] == key:
            return known[2]
        done = fill_used_by(build, file, usage)
        self.used_by[file.path] = (file, key, done)
        return done

    def tiles_index(self, build: GalleryBuild, games: list[Game], usage: Usage,
                    state: str) -> None:  # fmt: skip
        """`build_tiles_index`, its files taken from the previous build when the games it
        lists and the tiles' users are the same (`state`: icon and template fingerprints)."""
        key = (
            state,
            build.set_aside,
            build.directory_urls,
            build.svg_scripts,
            tuple((game.id, game.title) for game in games),
            tuple(sorted((name, tuple(g.id for g, _ in users)) for name, users in usage.items())),
        )
        if self.index is not None and self.index.key == key:
            build.adopt(self.index.files, self.index.svgs, set())
            return
        start, before = len(build.files), build.svg_paths()
        build_tiles_index(build, games, usage)
        svgs = {k: path for k, path in build.svg_paths().items() if k not in before}
        self.index = _Index(key, build.files[start:], svgs)
