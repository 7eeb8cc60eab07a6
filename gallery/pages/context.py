"""The state of one gallery build: the files generated so far, the options every page builder
needs, and the tile drawings already rendered (each distinct drawing is one file, referenced
by every page that shows it). Drawings come from the caller's `RenderCache`, which may outlive
the build (the MkDocs plugin keeps one across `mkdocs serve` rebuilds)."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TypeVar, cast

from gallery.conflicts import IdentityCache
from gallery.game import Game
from gallery.pages.generated import GeneratedFile as GeneratedFile  # (its home before)
from gallery.pages.paths import built_link
from gallery.pages.pieces import GamePieces, Piece
from gallery.pagetext import esc
from gallery.svgtext import file_svg
from gallery.templates import Templates
from gallery.upgrades import UpgradeTables, upgrade_tables_both
from tile_lang import Layout
from tile_lang.render_cache import RenderCache, RenderKey, draws_icons
from tile_lang.upgrades import ShapeCache

T = TypeVar("T")
#: The folder of the tile drawings, each named by a digest of its render inputs (`svg_asset`).
DRAWINGS = "assets/tiles/"

#: Called with what is being built, how many steps are done and how many there are.
Progress = Callable[[str, int, int], None]


#: How a set-aside block is marked in a page's Markdown (an HTML comment, which Markdown keeps
#: as it is): `RAW_MARK.format(n)`, `n` unique within the build until the page is made, then
#: numbered within the page (`GalleryBuild.page`).
RAW_MARK = "<!--tile-atlas-raw:{}-->"
_RAW_RE = re.compile(r"<!--tile-atlas-raw:(\d+)-->")


#: A file's content made when asked: the drawings a build leaves for later (`Later`).
Make = Callable[[], str]


@dataclass
class Later:
    """Files a build names now and makes afterwards: a gallery worker in a first build gives
    its pages first, so that MkDocs can start on them while the worker draws their tiles
    (nothing on a page depends on a drawing's content, only on its file's name: a digest of
    the render inputs). Owned by the worker, which holds the jobs of all its parts; each
    part's build lists the paths it left (`paths`).

    Some of a page's set-aside blocks are left for later too (`GalleryBuild.raw_later`), by
    a key naming the page and the block's mark (`later_block`): MkDocs puts a page's blocks
    back only when it renders that page (`plugin.tiles`), and the catalog's tile pages, whose
    twelve drawings each are a fifth of the parts' work, are rendered last."""

    jobs: dict[str, Make] = field(default_factory=dict)

    def make(self, path: str) -> str:
        """The content of `path` (one of `jobs`), made now."""
        return self.jobs.pop(path)()


@dataclass
class GalleryBuild:
    files: list[GeneratedFile] = field(default_factory=list)
    _svgs: dict[tuple[object, ...], str] = field(default_factory=dict)
    #: Rendered drawings, with the icon folders they are drawn with.
    renders: RenderCache = field(default_factory=RenderCache)
    directory_urls: bool = True
    catalog_pages: bool = True
    templates: Templates = field(default_factory=Templates)
    #: Paths of files written once per build whatever asks for them (map thumbnails).
    written: set[str] = field(default_factory=set)
    svg_scripts: bool = False
    #: Write `tiles/<name>-<r>/` redirect pages (a site whose 404 page routes them does not).
    redirect_pages: bool = True
    #: Set large generated HTML aside (`raw`) instead of writing it into the Markdown.
    set_aside: bool = False
    #: Upgrade shapes of the tiles seen (shared by every game's tables in this build).
    shapes: ShapeCache = field(default_factory=ShapeCache)
    #: Tile identities for catalog use and conflicts (the caller's, kept across rebuilds).
    identities: IdentityCache = field(default_factory=IdentityCache)
    #: Where drawings go to be made afterwards (None: made at once, into `files`).
    later: Later | None = None
    #: The paths this build left to `later`.
    later_paths: list[str] = field(default_factory=list)
    #: Drawing files an earlier build of the same site made, by path (`svg_asset`).
    drawn: Mapping[str, GeneratedFile] = field(default_factory=dict)
    #: The title-free pieces of the one game this build makes, kept from an earlier build
    #: of it (`piece`); None: every piece is made.
    pieces: GamePieces | None = None
    _tables: dict[tuple[str, bool], UpgradeTables] = field(default_factory=dict)
    _raw: dict[int, str | _Deferred] = field(default_factory=dict)
    _raw_count: int = 0

    def svg_asset(self, code: str, color: str, layout: Layout, rotation: int = 0,
                  name: str | None = None, grid: bool = False) -> str:  # fmt: skip
        """Path (from the docs root) of the SVG file for these inputs, rendered once."""
        key = (code, color, layout, rotation, name, grid)
        path = self._svgs.get(key)
        if path is None:
            path = _drawing_path(key)
            render = RenderKey(code, color, layout, rotation, name, grid)
            kept = self._earlier(code, path)
            if kept is not None and self.later is None:
                # The path is a digest of everything the drawing depends on but icon files
                # (which a code without icons does not use): an earlier build's file is this
                # one. A game rebuilt during `mkdocs serve` takes its drawings from there (a
                # first build drew them in worker processes, whose render caches are gone).
                self.files.append(kept)
            else:
                self.file(path, partial(_drawing_file, self.renders, render))
            if self.svg_scripts:
                self.file(path + ".js", partial(_drawing_script, self.renders, render))
            self._svgs[key] = path
        return path

    def file(self, path: str, make: Make) -> None:
        """Add the file at `path`, made by `make`: now, or afterwards when the build leaves
        drawings for `later` (`make` must then hold nothing of this build but what it needs:
        the worker keeps every job until its parts are done)."""
        if self.later is None:
            self.files.append(GeneratedFile(path, make()))
        else:
            self.later.jobs.setdefault(path, make)
            self.later_paths.append(path)

    def upgrade_tables(self, game: Game, *, on_map: bool = False) -> UpgradeTables:
        """`gallery.upgrades.upgrade_tables` of `game`, once per build (the manifest, the
        chart and its map rows all ask). Both tables are made at the first request: they share
        their checks (`upgrade_tables_both`), and a game's pages ask for both."""
        key = (game.id, on_map)
        tables = self._tables.get(key)
        if tables is None:
            both = self.piece(f"upgrade tables {game.id}",
                              lambda: upgrade_tables_both(game, self.shapes))  # fmt: skip
            self._tables[(game.id, False)], self._tables[(game.id, True)] = both
            tables = both[on_map]
        return tables

    def piece(self, name: str, make: Callable[[], T]) -> T:
        """`make()`, a piece of the game's pages that does not depend on its title: taken from
        `pieces` when an earlier build of the same game (its title aside) made it, with the
        drawings it added to that build (`gallery.pages.pieces`). `make` may add drawings to
        the build, nothing else (no page, no set-aside block); `name` is unique in the part."""
        pieces = self.pieces
        if pieces is None or self.later is not None:
            return make()
        found = pieces.pieces.get(name)
        if found is not None:
            self.adopt(found.files, dict(found.svgs), set(found.written))
            self.renders.add_missing(dict(found.icons))
            return cast(T, found.value)
        start, before, icons = len(self.files), set(self._svgs), self.renders.missing_icons
        written = set(self.written)
        value = make()
        svgs = tuple((k, path) for k, path in self._svgs.items() if k not in before)
        once = tuple(sorted(self.written - written))
        added = tuple(self.files[start:])
        pieces.pieces[name] = Piece(value, added, svgs, once, self.renders.missing_since(icons))
        return value

    def kept_drawing(self, key: RenderKey) -> str | None:
        """The SVG of `key`'s drawing file when an earlier build made it (`drawn`), as
        `svg_asset` would take it: a drawing with icons, which depend on icon files too, is
        not taken. The file's root is lightened (`gallery.svgtext.file_svg`): the same
        drawing, for a caller that uses its content (a thumbnail's symbols)."""
        if not self.drawn or key.scale != 1.0 or key.title is not None:
            return None
        inputs = (key.code, key.color, key.layout, key.rotation, key.name, key.grid)
        kept = self._earlier(key.code, _drawing_path(inputs))
        return kept.content if kept is not None else None

    def _earlier(self, code: str, path: str) -> GeneratedFile | None:
        """The drawing file at `path` (of a drawing of `code`) an earlier build made: its path
        is a digest of everything the drawing depends on but icon files, so a code that draws
        icons is never taken."""
        return None if draws_icons(code) else self.drawn.get(path)

    def svg_paths(self) -> dict[tuple[object, ...], str]:
        """The drawings made so far: render inputs to file path."""
        return dict(self._svgs)

    def adopt(self, files: list[GeneratedFile] | tuple[GeneratedFile, ...],
              svgs: dict[tuple[object, ...], str], written: set[str]) -> None:  # fmt: skip
        """Take over files made by another build of the same site (a part built elsewhere):
        its drawings are then not drawn again here, its once-per-build files not rewritten."""
        self.files.extend(files)
        for key, path in svgs.items():
            self._svgs.setdefault(key, path)
        self.written |= written

    def draw(self, key: RenderKey) -> str:
        """The drawing for `key`; a bad code or icon name gives a visible error tile."""
        return drawing(self.renders, key)

    @property
    def icon_dirs(self) -> tuple[Path, ...]:
        return self.renders.icon_dirs

    def raw(self, html: str) -> str:
        """`html` (a block of generated HTML: a grid of drawings, a map, a chart) as the page
        should carry it. When the build sets blocks aside it is a mark instead, and the HTML
        travels beside the page (`GeneratedFile.blocks`): Markdown would otherwise parse every
        tag of it (the HTML-in-Markdown extension re-reads raw blocks) and the search index
        read it again, only to leave it as it is; with 137 games that is most of the build.
        Only HTML that search should not index belongs here."""
        if not self.set_aside:
            return html
        self._raw_count += 1
        self._raw[self._raw_count] = _ascii(html)
        return RAW_MARK.format(self._raw_count)

    def raw_later(self, make: Make) -> str:
        """`raw(make())`, made afterwards when the build leaves work for `later` (a first
        build's worker: see `Later`). Only for a block whose content depends on nothing the
        rest of the build changes (`make` holds what it needs) and that names no file."""
        if self.later is None or not self.set_aside:
            return self.raw(make())
        self._raw_count += 1
        self._raw[self._raw_count] = _Deferred(make)
        return RAW_MARK.format(self._raw_count)

    def take_raw(self, mark: str) -> str:
        """The HTML set aside under `mark` (for a file built outside `page`)."""
        found = _RAW_RE.fullmatch(mark)
        if found is None or int(found.group(1)) not in self._raw:
            raise KeyError(mark)
        return self._made_now(self._raw.pop(int(found.group(1))))

    @staticmethod
    def _made_now(block: str | _Deferred) -> str:
        return _block(block.make) if isinstance(block, _Deferred) else block

    def _page_blocks(
        self, path: str, blocks: list[tuple[str, str | _Deferred]]
    ) -> tuple[tuple[str, str], ...]:
        """The blocks a page carries; those to be made afterwards go to `later` under their
        page and mark (`later_block`)."""
        kept = []
        for mark, block in blocks:
            if isinstance(block, _Deferred) and self.later is not None:
                key = later_block(path, mark)
                self.later.jobs[key] = partial(_block, block.make)
                self.later_paths.append(key)
            else:
                kept.append((mark, self._made_now(block)))
        return tuple(kept)

    def page(self, path: str, content: str) -> None:
        """Add the page, with the blocks its marks name. The marks are numbered anew within
        the page (1, 2, ... in order): a page made again from the same inputs is then the same
        text whatever was set aside before it in the build, so a rebuild sees it unchanged
        (`mkdocs serve --dirty` renders again only the pages whose text or blocks changed)."""
        numbers: dict[int, int] = {}
        for m in _RAW_RE.finditer(content):
            n = int(m.group(1))
            if n not in self._raw:  # a mark this build does not hold: leave the numbers be
                numbers = {}
                break
            numbers.setdefault(n, len(numbers) + 1)
        if numbers:
            blocks = [(RAW_MARK.format(i), self._raw.pop(n)) for n, i in numbers.items()]
            content = _RAW_RE.sub(lambda m: RAW_MARK.format(numbers[int(m.group(1))]), content)
        else:
            blocks = [
                (m.group(0), self._raw.pop(int(m.group(1))))
                for m in _RAW_RE.finditer(content)
                if int(m.group(1)) in self._raw
            ]
        self.files.append(GeneratedFile(path, content, self._page_blocks(path, blocks)))

    def with_block(self, file: GeneratedFile, placeholder: str, html: str) -> GeneratedFile:
        """`file` (a page already made) with `placeholder` replaced by `html`, set aside when
        the build sets blocks aside: its mark numbered after the page's own, so the same page
        filled with the same HTML is the same text in every build."""
        if not self.set_aside:
            return replace(file, content=file.content.replace(placeholder, html, 1))
        # after every mark of the page, those of blocks made afterwards (`raw_later`) too
        used = (int(m.group(1)) for m in _RAW_RE.finditer(file.content))
        mark = RAW_MARK.format(1 + max(used, default=0))
        blocks = (*file.blocks, (mark, _ascii(html)))
        return replace(file, content=file.content.replace(placeholder, mark, 1), blocks=blocks)

    def link(self, href: str) -> str:
        """`href` (relative, to a Markdown page) as a link to the built page, for raw HTML."""
        return built_link(href, self.directory_urls)

    def redirect(self, path: str, sibling: str, title: str, label: str, query: str = "") -> None:
        """A tiny static page at `path` (…/index.html) sending the browser to the sibling
        folder's page; works over http and from file://."""
        target = f"../{sibling}/" if self.directory_urls else f"../{sibling}/index.html"
        html = self.templates.fragment(
            "redirect.html.j2", url=target + query, title=title, label=label
        )
        self.files.append(GeneratedFile(path, str(html)))


@dataclass(frozen=True)
class _Deferred:
    """A set-aside block to be made afterwards (`GalleryBuild.raw_later`)."""

    make: Make


def later_block(page: str, mark: str) -> str:
    """The key of the block under `mark` of `page` left for later: no file's path (a mark
    is an HTML comment)."""
    return page + mark


def block_of(key: str) -> tuple[str, str] | None:
    """The page and the mark `key` names when it is a block left for later (`later_block`),
    else None (a file's path)."""
    found = _RAW_RE.search(key)
    if found is None or found.end() != len(key) or not found.start():
        return None
    return key[: found.start()], found.group(0)


def blocks_by_page(made: Iterable[GeneratedFile]) -> dict[str, dict[str, str]]:
    """The page blocks among `made` (what workers made afterwards: drawings and blocks, each
    under its key), by page and mark."""
    found: dict[str, dict[str, str]] = {}
    for item in made:
        block = block_of(item.path)
        if block is not None:
            found.setdefault(block[0], {})[block[1]] = item.content
    return found


def with_blocks(file: GeneratedFile, made: Mapping[str, str]) -> GeneratedFile:
    """`file` (a page) with its blocks made afterwards (`made`, by mark) among its own, in
    the order of their marks: the page a build making them at once gives."""
    if not made:
        return file
    blocks = {**dict(file.blocks), **made}
    return replace(file, blocks=tuple(sorted(blocks.items(), key=lambda mb: _mark_number(mb[0]))))


def _mark_number(mark: str) -> int:
    found = _RAW_RE.fullmatch(mark)
    return int(found.group(1)) if found else 0


def drawing(renders: RenderCache, key: RenderKey) -> str:
    """The drawing for `key`; a bad code or icon name gives a visible error tile."""
    try:
        return renders.render(key)
    except ValueError as exc:
        return error_tile_svg(str(exc).splitlines()[0])


def _block(make: Make) -> str:
    return _ascii(make())


def _drawing_file(renders: RenderCache, key: RenderKey) -> str:
    return file_svg(drawing(renders, key)) + "\n"


def _drawing_script(renders: RenderCache, key: RenderKey) -> str:
    return svg_script(_drawing_file(renders, key))


def svg_script(svg: str) -> str:
    """The SVG as a script that hands its text to the downloads script: a page opened from
    file:// may load a script beside it but not read the .svg file itself. The text is a JSON
    string (ASCII only, `<` escaped), so no content of it can end or escape the call."""
    literal = json.dumps(svg).replace("<", "\\u003c")
    return f"window.tileAtlasSvg && window.tileAtlasSvg(document.currentScript, {literal});\n"


def error_tile_svg(message: str) -> str:
    """A red dashed hex with `!` and the message as its title: never a blank."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" class="tile-svg" role="img" width="200" '
        'height="200" viewBox="-100 -100 200 200"><title>' + esc(message) + "</title>"
        '<polygon points="100,0 50,87 -50,87 -100,0 -50,-87 50,-87" fill="#fde2e2" '
        'stroke="#c62828" stroke-width="4" stroke-dasharray="10 6"/><text x="0" y="14" '
        'text-anchor="middle" font-size="44" font-weight="700" fill="#c62828">!</text></svg>'
    )


def _ascii(html: str) -> str:
    """A set-aside block as ASCII (other characters as references, which HTML reads back the
    same in text and attributes; no block holds a <script> or <style>): Python keeps a string
    with one character beyond Latin-1 (an arrow, a dash) at two bytes a character, and a whole
    site's blocks are held until its pages are written."""
    return html.encode("ascii", "xmlcharrefreplace").decode("ascii")


def _drawing_path(inputs: tuple[object, ...]) -> str:
    """The drawing file of these render inputs (`svg_asset`): named by their digest."""
    return f"{DRAWINGS}{_digest(repr(inputs))}.svg"


def _digest(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]
