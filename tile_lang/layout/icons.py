"""Layout stage: icons and large icons (facts §6.8).

`icon=image:NAME` is looked up, in order:

1. as NAME.svg in the configured icon folders (`icon_dirs`: a site's own drawings, or an
   18xx.games checkout's `public/icons`, whose `../logos/NAME` spelling is resolved inside that
   checkout's `public/` and never outside it);
2. in Tile Atlas' own neutral icon set (`tile_lang/data/icons`), by the full name and then by its
   base name, so a game-namespaced `1866/port` or a priced `spices-40` gets the generic drawing;
3. as a *mark* drawn from the name (`icon_marks`: value discs, coloured markers, company tokens);
4. otherwise a placeholder: a dashed grey ring with the name's initials and a <title>, so a
   missing drawing is visible but never mistaken for a real one (`unresolved_icons` lists them).

Files are embedded as data URIs, so a page or an offline bundle needs no extra files. A name that
tries to leave its folder (`..` other than the leading `../logos/`, absolute paths, backslashes,
drives) is refused by the parser (`tile_lang.icon_names`), so it never reaches this stage;
`/icons/NAME` (18xx.games' own spelling) means NAME.

Placement follows 18xx.games: small icons are grouped by `loc` (in order of first appearance),
each group placed once (a corner for `loc:0.5`…`5.5`, else by region cost), its icons 32 × 32
side by side 34 apart, the first rightmost; all large icons share one place, 50 × 50 on white
circles 52 apart. Screen frame: counter-rotated in pointy layout.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from pathlib import Path
from typing import Literal

from tile_lang.icon_names import ENGINE_PREFIX, LOGOS_PREFIX, safe_icon_path
from tile_lang.layout.context import TileContext
from tile_lang.layout.icon_marks import Mark, mark_for, mark_shapes
from tile_lang.layout.regions import Location
from tile_lang.layout.shapes import Shape, circle, element, fmt, group, text, title
from tile_lang.layout.small_items import (
    LARGE_FLAT,
    LARGE_POINTY,
    MANY_ITEMS_FLAT,
    MANY_ITEMS_POINTY,
    corner,
    one_item,
)
from tile_lang.model import CORNER_LOCS, Icon, Tile

#: Tile Atlas' own neutral drawings (package data).
BUILTIN_ICONS = files("tile_lang") / "data" / "icons"

IconKind = Literal["file", "builtin", "mark", "placeholder"]


@dataclass(frozen=True)
class ResolvedIcon:
    """Where an icon's drawing comes from: base64 SVG (`file`, `builtin`), a `mark` drawn from
    its name, or a `placeholder` when nobody provides it."""

    kind: IconKind
    data: str | None = None
    mark: Mark | None = None


def _read(folder: Path, relative: str) -> str | None:
    folder = folder.resolve()
    base = folder
    if relative.startswith("../"):
        # `../logos/X` is 18xx.games' `public/logos/X` seen from `public/icons/`: it may step up
        # once, only out of a folder named `icons`, and never beyond that folder's parent.
        if folder.name != "icons":
            return None
        base = folder.parent
    candidate = (folder / relative).resolve()
    if base not in candidate.parents or not candidate.is_file():
        return None
    stat = candidate.stat()
    return _encoded(str(candidate), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=512)
def _encoded(path: str, mtime_ns: int, size: int) -> str:
    """Base64 of a file, cached per (path, mtime, size) so edited icons are picked up."""
    return base64.b64encode(Path(path).read_bytes()).decode("ascii")


def find_icon(name: str, folders: tuple[Path, ...]) -> str | None:
    """Base64 of NAME.svg from the first folder that has it, or None."""
    relative = safe_icon_path(name).as_posix()
    for folder in folders:
        data = _read(Path(folder), relative)
        if data is not None:
            return data
    return None


def _builtin(name: str) -> str | None:
    """Base64 of our own drawing for NAME: the full name, its base name (`1866/port` ->
    `port`), then the base name without a price (`spices-40` -> `spices`)."""
    base = name.rsplit("/", 1)[-1]
    for candidate in dict.fromkeys((name, base, re.sub(r"[-_]\d+$", "", base))):
        if "/" in candidate or not candidate:
            continue
        resource = BUILTIN_ICONS / f"{candidate}.svg"
        if resource.is_file():
            return _builtin_data(candidate)
    return None


@lru_cache(maxsize=128)
def _builtin_data(name: str) -> str:
    """Base64 of a shipped drawing (package data never changes while we run)."""
    return base64.b64encode((BUILTIN_ICONS / f"{name}.svg").read_bytes()).decode("ascii")


def resolve_icon(name: str, folders: tuple[Path, ...]) -> ResolvedIcon:
    """Where NAME's drawing comes from (see the module docstring for the order)."""
    data = find_icon(name, folders)
    if data is not None:
        return ResolvedIcon("file", data=data)
    plain = name[len(ENGINE_PREFIX) :] if name.startswith(ENGINE_PREFIX) else name
    if not plain.startswith(LOGOS_PREFIX):  # a logo is the publisher's artwork: no stand-in
        data = _builtin(plain)
        if data is not None:
            return ResolvedIcon("builtin", data=data)
        mark = mark_for(plain)
        if mark is not None:
            return ResolvedIcon("mark", mark=mark)
    return ResolvedIcon("placeholder")


def unresolved_icons(tile: Tile, folders: tuple[Path, ...] = ()) -> tuple[str, ...]:
    """The tile's icon names that nobody provides (drawn as placeholders), for one build
    message listing them instead of a warning per tile. Refused names are not listed: they
    are errors of their own."""
    missing: list[str] = []
    for icon in tile.icons:
        try:
            resolved = resolve_icon(icon.image, folders)
        except ValueError:
            continue
        if resolved.kind == "placeholder" and icon.image not in missing:
            missing.append(icon.image)
    return tuple(missing)


def _initials(name: str) -> str:
    words: list[str] = re.findall(r"[A-Za-z0-9]+", name.rsplit("/", 1)[-1])
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2].upper()
    return (words[0][0] + words[1][0]).upper()


def icon_shape(icon: Icon, folders: tuple[Path, ...], x: float, y: float, size: float) -> Shape:
    resolved = resolve_icon(icon.image, folders)
    r = size / 2
    if resolved.data is not None:
        return element(
            "image",
            title(icon.display_name),
            href=f"data:image/svg+xml;base64,{resolved.data}",
            x=x - r,
            y=y - r,
            width=size,
            height=size,
        )
    if resolved.mark is not None:
        return group([title(icon.display_name), *mark_shapes(resolved.mark, x, y, size)])
    return group(
        [
            title(icon.display_name),
            circle(
                x,
                y,
                r - 1,
                fill="white",
                stroke="#888888",
                stroke_width=1.5,
                stroke_dasharray="3 2",
            ),
            text(
                x,
                y,
                _initials(icon.image),
                fill="#333333",
                stroke="none",
                font_size=round(size * 0.4, 1),
                font_weight=700,
                dominant_baseline="central",
            ),
        ]
    )


def _group_at(ctx: TileContext, where: Location, icons: list[Icon], size: float, gap: float,
              backdrop: bool) -> None:  # fmt: skip
    n = len(icons)
    shapes: list[Shape] = []
    for i, icon in enumerate(icons):
        offset = -gap * (i - (n - 1) / 2)
        if backdrop:
            shapes.append(circle(where.x + offset, where.y, 25, fill="white"))
        shapes.append(icon_shape(icon, ctx.icon_dirs, where.x + offset, where.y, size))
    transform = f"rotate({fmt(ctx.upright)})" if ctx.upright else None
    ctx.add("icons", group(shapes, transform=transform))


def _corner(loc: str | None) -> float | None:
    try:
        value = float(loc) if loc is not None else None
    except ValueError:
        return None
    return value if value in CORNER_LOCS else None


def draw(ctx: TileContext) -> None:
    small = [i for i in ctx.tile.icons if not i.large]
    large = [i for i in ctx.tile.icons if i.large]
    # One part per distinct `loc` (in order of first appearance), all its icons side by side.
    by_loc: dict[str | None, list[Icon]] = {}
    for icon in small:
        by_loc.setdefault(icon.loc, []).append(icon)
    for loc, icons in by_loc.items():
        corner_loc = _corner(loc)
        where = (
            corner(corner_loc, ctx.pointy, wide=len(icons) > 1) if corner_loc is not None else None
        )
        if where is not None:
            options = [where]
        elif len(icons) == 1:
            options = list(one_item(ctx.pointy))
        else:
            options = list(MANY_ITEMS_POINTY if ctx.pointy else MANY_ITEMS_FLAT)
        _group_at(ctx, ctx.regions.choose(options), icons, 32, 34, backdrop=False)
    if large:
        # All large icons form one part: one place, side by side.
        where = ctx.regions.choose(list(LARGE_POINTY if ctx.pointy else LARGE_FLAT))
        _group_at(ctx, where, large, 50, 52, backdrop=True)
