"""One cache of rendered tile drawings, owned by whoever runs builds and passed down.

The MkDocs plugin creates one when MkDocs starts (`on_startup`: the plugin instance, and so the
cache, lives across `mkdocs serve` rebuilds) and hands it to the ```tile fence and to the
gallery; `tile-atlas gallery` makes one per run. There is no module-level cache: a drawing is
only reused by code that was given the cache, so nothing stale survives a change it cannot see.

A drawing is keyed on everything that changes it: its render inputs, the icon folders, and for
a tile that draws icons the contents of those folders' files (`IconFolders.fingerprint`, taken
again by `refresh` at the start of every build), so an icon edited during `mkdocs serve`
redraws the tiles that show icons and nothing else. The cache is bounded by the total size of
the drawings it keeps, dropping the least recently used first.

Beside the drawings it keeps what pages ask about the same tiles again and again: the parsed
tile of a code, a drawing's description in words (its SVG title and an `<img>`'s alt text), and
where the renderer would put a name on a tile drawn without one (`name_boxes`, a by-product of
drawing it, for `?n=`), and the free corner a printed tile number goes in (`number_spot`, a
by-product too, for the printable page that places the drawing and writes the number over it).
They are small and bounded by the number of distinct inputs.

It also remembers, per build, the icon names drawn as placeholders because no folder and not
our own set provides them (`missing_icons`), so a build says once which drawings to add
instead of warning on every tile.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from tile_lang.describe import describe
from tile_lang.layout.icons import unresolved_icons
from tile_lang.layout.regions import Location
from tile_lang.limits import MAX_NAME_LENGTH
from tile_lang.model import Tile
from tile_lang.name_overlay import SAMPLES, name_box_transforms, name_overlay_svg
from tile_lang.options import CueMode, Grid, Layout, is_layout
from tile_lang.parse import parse
from tile_lang.rotation import rotate
from tile_lang.svg import default_prefix, render_tile
from tile_lang.tile_number import number_spot

#: Upper bound of the cached drawings' total size, in characters.
DEFAULT_MAX_CHARS = 64 * 1024 * 1024


@dataclass(frozen=True)
class RenderKey:
    """The inputs of one `render_svg` call."""

    code: str
    color: str
    layout: Layout
    rotation: int = 0
    name: str | None = None
    grid: bool | Grid | None = False
    scale: float = 1.0
    title: str | None = None
    color_cues: CueMode = "off"


@dataclass
class IconFolders:
    """The icon folders of a site and a digest of their files' contents (re-read only for a
    file whose size or modification time changed)."""

    folders: tuple[Path, ...] = ()
    fingerprint: str = ""
    _seen: dict[Path, tuple[int, int, str]] = field(default_factory=dict)

    def refresh(self, folders: tuple[Path, ...]) -> None:
        """Take the folders' state now (the folder list itself is part of it)."""
        digest = hashlib.sha256(repr([str(f) for f in folders]).encode())
        seen: dict[Path, tuple[int, int, str]] = {}
        for path in _icon_files(folders):
            stat = path.stat()
            known = self._seen.get(path)
            if known is None or known[:2] != (stat.st_mtime_ns, stat.st_size):
                known = (stat.st_mtime_ns, stat.st_size, _file_digest(path))
            seen[path] = known
            digest.update(f"{path}\0{known[2]}\0".encode())
        self.folders, self.fingerprint, self._seen = tuple(folders), digest.hexdigest(), seen


def draws_icons(code: str) -> bool:
    """Whether a drawing of `code` may depend on icon files (only a tile that draws icons
    does): its drawing is then kept per state of the icon folders."""
    return "icon" in code


def _icon_files(folders: tuple[Path, ...]) -> list[Path]:
    """Every file an icon name can reach: the folders, and beside a folder named `icons` its
    sibling `logos` (18xx.games' `../logos/NAME`, see `tile_lang.layout.icons`)."""
    roots = list(folders)
    roots += [f.parent / "logos" for f in folders if f.name == "icons"]
    return sorted(p for root in roots if root.is_dir() for p in root.rglob("*") if p.is_file())


def _file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass
class RenderCache:
    """Rendered SVGs by their inputs (see the module docstring)."""

    max_chars: int = DEFAULT_MAX_CHARS
    icons: IconFolders = field(default_factory=IconFolders)
    hits: int = 0
    misses: int = 0
    _svgs: OrderedDict[tuple[RenderKey, str], str] = field(default_factory=OrderedDict)
    _chars: int = 0
    _unresolved: dict[tuple[RenderKey, str], tuple[str, ...]] = field(default_factory=dict)
    _missing: dict[str, int] = field(default_factory=dict)
    _tiles: dict[str, Tile] = field(default_factory=dict)
    _turned: dict[tuple[str, int], Tile] = field(default_factory=dict)
    _words: dict[tuple[str, str, Layout, int, str | None], str] = field(default_factory=dict)
    _boxes: dict[tuple[str, Layout, int], tuple[str, str]] = field(default_factory=dict)
    _samples: dict[Layout, str] = field(default_factory=dict)
    _numbers: dict[tuple[str, str, Layout, int], Location] = field(default_factory=dict)

    def tile(self, code: str) -> Tile:
        """`parse(code)`, once per code (raises `TileSyntaxError` every time for a bad one)."""
        tile = self._tiles.get(code)
        if tile is None:
            tile = self._tiles[code] = parse(code)
        return tile

    def _turn(self, code: str, rotation: int) -> tuple[Tile, int]:
        """The tile of `code` and the rotation left to apply to it: the tile already turned,
        once per code and rotation, and 0 (turning a turned tile by 0 gives it back as it is).

        Why: a drawing's layout and its words each turned the parsed tile anew, and a turned
        tile is a new object whose views (`Tile.paths`, …) are computed again; the same turn
        is drawn in several colours, layouts and with names. A rotation that is not an integer
        is left to the callee to refuse, with its own message."""
        if not isinstance(rotation, int) or isinstance(rotation, bool):
            return self.tile(code), rotation
        key = (code, rotation % 6)
        tile = self._turned.get(key)
        if tile is None:
            tile = self._turned[key] = rotate(self.tile(code), rotation)
        return tile, 0

    def words(self, code: str, color: str, layout: Layout, rotation: int = 0,
              name: str | None = None) -> str:  # fmt: skip
        """`tile_lang.describe` of this drawing, once per input."""
        key = (code, color, layout, rotation, name)
        text = self._words.get(key)
        if text is None:
            tile, turn = self._turn(code, rotation)
            text = describe(tile, color=color, layout=layout, rotation=turn, name=name)
            self._words[key] = text
        return text

    def _title(self, key: RenderKey) -> str | None:
        """The drawing's accessible name: the key's, or the described words shared with alt
        texts (None leaves it to `render_tile`: bad options, or a name it will cut)."""
        if key.title is not None:
            return key.title
        if not is_layout(key.layout) or (key.name and len(key.name) > MAX_NAME_LENGTH):
            return None
        return self.words(key.code, key.color, key.layout, key.rotation, key.name)

    def name_box_samples(self, layout: Layout) -> str:
        """The renderer's empty name boxes (one- and two-line) for this layout, as the SVGs a
        page ships once per block (`tile_lang.name_overlay.name_overlay_svg`)."""
        samples = self._samples.get(layout)
        if samples is None:
            samples = "".join(name_overlay_svg("", layout=layout, lines=n) for n in (1, 2))
            self._samples[layout] = samples
        return samples

    def name_boxes(self, code: str, layout: Layout, rotation: int = 0) -> tuple[str, str]:
        """Where a one- and a two-line name go on this tile (`tile_lang.name_overlay`): kept
        from drawing it without a name, planned by a partial layout when it was not drawn."""
        key = (code, layout, rotation)
        boxes = self._boxes.get(key)
        if boxes is None:
            boxes = self._boxes[key] = name_box_transforms(self.tile(code), layout=layout,
                                                           rotation=rotation)  # fmt: skip
        return boxes

    def number_spot(self, code: str, color: str, layout: Layout, rotation: int = 0) -> Location:
        """Where a tile number printed on this drawing (no name, no grid) goes
        (`tile_lang.tile_number`): kept from drawing it, laid out alone when it was not drawn.
        Raises `TileSyntaxError` for a bad code."""
        key = (code, color, layout, rotation % 6)
        spot = self._numbers.get(key)
        if spot is None:
            spot = self._numbers[key] = number_spot(self.tile(code), color=color, layout=layout,
                                                    rotation=rotation,
                                                    icon_dirs=self.icons.folders)  # fmt: skip
        return spot

    def refresh(self, icon_dirs: tuple[Path, ...]) -> None:
        """Start a build: use these icon folders as they are now."""
        self.icons.refresh(tuple(Path(p) for p in icon_dirs))
        self._missing = {}

    @property
    def missing_icons(self) -> dict[str, int]:
        """Icon names drawn as placeholders since the build started, with how many drawings
        show each (sorted by name)."""
        return dict(sorted(self._missing.items()))

    def missing_icons_message(self, most: int = 20) -> str:
        """One build message naming the placeholder icons (empty when there are none)."""
        missing = self.missing_icons
        if not missing:
            return ""
        shown = [f"{name} ({count} drawing{'s' if count != 1 else ''})"
                 for name, count in list(missing.items())[:most]]  # fmt: skip
        more = f" and {len(missing) - most} more" if len(missing) > most else ""
        return (
            f"{len(missing)} icon name(s) drawn as placeholders, as no icon folder and no "
            f"built-in drawing provides them: {', '.join(shown)}{more}. Add NAME.svg to a "
            "folder in the plugin's icon_dirs (an 18xx.games checkout's public/icons draws "
            "the real ones)."
        )

    def _note_missing(self, full: tuple[RenderKey, str]) -> None:
        names = self._unresolved.get(full)
        if names is None:
            try:
                names = unresolved_icons(self.tile(full[0].code), self.icons.folders)
            except ValueError:
                names = ()
            self._unresolved[full] = names
        for name in names:
            self._missing[name] = self._missing.get(name, 0) + 1

    def missing_since(self, before: dict[str, int]) -> tuple[tuple[str, int], ...]:
        """The placeholder icons drawn since `missing_icons` was `before`, with how often
        (what a piece of a build drew, to be counted again where it is reused)."""
        return tuple(
            (name, count - before.get(name, 0))
            for name, count in sorted(self._missing.items())
            if count > before.get(name, 0)
        )

    def add_missing(self, counts: dict[str, int]) -> None:
        """Count placeholder icons noted by another cache this build (a worker process's)."""
        for name, count in counts.items():
            self._missing[name] = self._missing.get(name, 0) + count

    @property
    def icon_dirs(self) -> tuple[Path, ...]:
        return self.icons.folders

    def render(self, key: RenderKey) -> str:
        """`render_svg` for these inputs with the cache's icon folders, reused when cached.
        Raises what `render_svg` raises (nothing is cached then)."""
        icon_state = self.icons.fingerprint if draws_icons(key.code) else ""
        full = (key, icon_state)
        svg = self._svgs.get(full)
        if icon_state:
            self._note_missing(full)
        if svg is not None:
            self.hits += 1
            self._svgs.move_to_end(full)
            return svg
        self.misses += 1
        tile, turn = self._turn(key.code, key.rotation)
        drawn = render_tile(
            tile,
            color=key.color,
            layout=key.layout,
            rotation=turn,
            name=key.name,
            grid=key.grid,
            scale=key.scale,
            # the code's own prefix, as render_svg gives a code (not the parsed tile's)
            id_prefix=default_prefix(key.code, key.color, key.layout, key.rotation),
            title=self._title(key),
            icon_dirs=self.icons.folders,
            plan_names=SAMPLES if key.name is None else (),
            plan_number=key.name is None and not key.grid,
            color_cues=key.color_cues,
        )
        svg = drawn.svg
        if drawn.number_spot is not None:
            self._numbers[(key.code, key.color, key.layout, key.rotation % 6)] = drawn.number_spot
        if len(drawn.name_boxes) == 2:
            self._boxes[(key.code, key.layout, key.rotation % 6)] = (
                drawn.name_boxes[0],
                drawn.name_boxes[1],
            )
        self._svgs[full] = svg
        self._chars += len(svg)
        self._trim()
        return svg

    def _trim(self) -> None:
        while self._chars > self.max_chars and self._svgs:
            gone, dropped = self._svgs.popitem(last=False)
            self._chars -= len(dropped)
            self._unresolved.pop(gone, None)

    def __len__(self) -> int:
        return len(self._svgs)

    @property
    def size(self) -> int:
        """The characters of SVG held (at most `max_chars`)."""
        return self._chars

    def cap(self, max_chars: int) -> None:
        """Hold at most `max_chars` characters of SVG from now on (never more than before),
        the least recently used dropped first."""
        self.max_chars = min(self.max_chars, max_chars)
        self._trim()
