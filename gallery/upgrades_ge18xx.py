"""GE18XX TileSet upgrades against the inferred ones: a check, and an export.

GE18XX writes every upgrade of a game and its allowed rotations by hand in `<game>-TileSet.xml`
(`<Tile number="8"><Upgrade toNumber="16" rotations="0,5"/></Tile>`), and its own documentation
calls preparing them critical. We infer the same from the tiles themselves
(`tile_lang.upgrades`), so a TileSet can be checked entry by entry:

* a listed rotation that the rules reject is an **error** (GE's 1830 lists 53->61 at 1 and 5);
* a legal upgrade the TileSet does not list, or legal rotations it leaves out that give a
  different picture, is a **warning** (GE's 1830 lacks 28->43 and 29->43);
* leaving out rotations that only repeat a listed picture (tile 63 at 1-5 after 0) is **info**:
  GE lists one rotation per distinct picture, the engine every rotation.

Rotations carry over unchanged: the importer draws each GE tile at GE orientation 0 as its
tile-language code (sides mapped to edges per layout, `gallery.ge18xx.locations`), and both
programs turn tiles clockwise, so GE rotation r is our rotation r of the same drawing. The
export writes the inferred upgrades back in that convention.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

from gallery.game import Game, Layout
from gallery.ge18xx.maps import layout_of, read_map
from gallery.ge18xx.tiles import Diagnostics, TileDefinition, load_tile_definitions, tile_code
from gallery.ge18xx.xmlread import XmlNode, XmlReadError, read_xml
from gallery.upgrades import open_edges, upgrade_table
from tile_lang import Diagnostic, TileSyntaxError, parse, rotate
from tile_lang.diagnostic import Severity
from tile_lang.upgrades import (
    ALL_EDGES,
    ShapeCache,
    UpgradeShape,
    check_rotations,
    picture,
    symmetries,
)

#: The diagnostic code of each kind of disagreement (`--select`/`--ignore` and lints use them).
CODES: dict[Severity, str] = {
    "error": "tileset-wrong-rotation",
    "warning": "tileset-missing-upgrade",
    "info": "tileset-same-picture",
}


@dataclass(frozen=True)
class Finding:
    """One disagreement between a TileSet and the rules, at its TileSet line: the data a report
    or a test reads (`listed` and `inferred` rotations); `diagnostic()` is how it is shown."""

    severity: Severity
    file: str
    line: int
    base: str
    to: str
    message: str
    listed: tuple[int, ...] | None = None
    inferred: tuple[int, ...] = ()

    def diagnostic(self) -> Diagnostic:
        """The project's one diagnostic type, as the CLI prints it."""
        code = "tileset-unreadable" if not self.base else CODES[self.severity]
        field_ = f"{self.base}->{self.to}" if self.base else ""
        return Diagnostic(
            severity=self.severity,
            message=self.message,
            code=code,
            file=self.file,
            line=self.line,
            field=field_,
        )

    def __str__(self) -> str:
        return str(self.diagnostic())


@dataclass(frozen=True)
class ListedUpgrade:
    """One `<Upgrade>` of a TileSet: the new tile, its rotations (None: not given), its line."""

    to: str
    rotations: tuple[int, ...] | None
    line: int


@dataclass(frozen=True)
class ListedTile:
    """One `<Tile>` of a TileSet with its upgrades; `preprinted` for the "Other" set."""

    number: str
    line: int
    preprinted: bool
    upgrades: tuple[ListedUpgrade, ...] = ()


@dataclass(frozen=True)
class TileSet:
    """What a TileSet says about upgrades, with lines (`read_tileset`)."""

    path: str
    layout: str
    tiles: tuple[ListedTile, ...]
    problems: tuple[Finding, ...] = ()


@dataclass
class _Shapes:
    """Codes, colours and upgrade shapes of the GE tile definitions, built on demand."""

    definitions: dict[str, TileDefinition]
    layout: str
    cache: ShapeCache = field(default_factory=ShapeCache)

    def shape(self, number: str) -> UpgradeShape | None:
        definition = self.definitions.get(number)
        if definition is None:
            return None
        try:
            return self.cache.get(tile_code(definition, self.layout), definition.color)
        except TileSyntaxError:
            return None

    def code(self, number: str) -> str:
        return tile_code(self.definitions[number], self.layout)


def _rotations(text: str | None) -> tuple[int, ...] | None:
    if text is None or not text.strip():
        return None
    found = sorted({int(t) for t in (x.strip() for x in text.split(",")) if t.isdigit()})
    return tuple(r for r in found if r < 6)


def read_tileset(path: Path, layout: str | None = None) -> TileSet:
    """The tiles and upgrades of a GE18XX TileSet file, each with its line.

    Malformed rotations are the importer's business (it warns about them); here they are
    skipped. The layout comes from the TileSet's `direction` unless given.
    """
    try:
        root = read_xml(path)
    except (XmlReadError, OSError) as exc:
        line = exc.line if isinstance(exc, XmlReadError) else 0
        problem = Finding("error", str(path), line, "", "", f"cannot read the TileSet: {exc}")
        return TileSet(str(path), layout or "flat", (), (problem,))
    layout = layout or layout_of(root.get("direction")) or "flat"
    tiles: list[ListedTile] = []
    for tile_set in root.elements("TileSet"):
        preprinted = (tile_set.get("color") or "").strip().lower() == "other"
        for node in tile_set.elements("Tile"):
            tiles.append(_listed_tile(node, preprinted))
    return TileSet(str(path), layout, tuple(tiles))


def _listed_tile(node: XmlNode, preprinted: bool) -> ListedTile:
    ups = tuple(
        ListedUpgrade((up.get("toNumber") or "").strip(), _rotations(up.get("rotations")), up.line)
        for up in node.elements("Upgrade")
    )
    return ListedTile((node.get("number") or "").strip(), node.line, preprinted, ups)


@dataclass(frozen=True)
class _Place:
    """Where an old tile lies: its shape as placed, the open edges there, its orientation."""

    shape: UpgradeShape
    open_edges: int = ALL_EDGES
    orientation: int = 0


def _places(
    folder: Path, game_id: str, tileset: TileSet, shapes: _Shapes
) -> dict[str, list[_Place]]:
    """Preprinted tiles on the real map: each map cell holding one, with its open edges.

    A preprinted tile's TileSet rotations are relative to the tile at GE orientation 0; on the
    map it lies at the cell's orientation, its new exits need passable neighbours, and its hex
    may carry more (a label, impassable sides), exactly as 18xx.games checks a map hex.
    """
    map_path = folder / game_id / f"{game_id}-Map.xml"
    try:
        root = read_xml(map_path)
    except (XmlReadError, OSError):
        return {}
    result = read_map(root, Diagnostics(str(map_path)), shapes.definitions, tileset.layout)
    cells = {node.line: node for node in _walk(root) if node.tag == "MapCell"}
    layout: Layout = "pointy" if result.layout == "pointy" else "flat"
    edges = open_edges(Game(game_id, game_id, layout, result.axes, hexes=result.hexes))
    places: dict[str, list[_Place]] = {}
    for coord, line in result.cell_lines.items():
        cell = cells.get(line)
        tile = cell.find("Tile") if cell is not None else None
        if tile is None:
            continue
        hex_ = result.hexes[coord]
        try:
            shape = shapes.cache.get(hex_.code, hex_.color)
        except TileSyntaxError:
            continue
        orientation = _integer(tile.get("orientation"))
        places.setdefault((tile.get("number") or "").strip(), []).append(
            _Place(shape, edges.get(coord, 0), orientation)
        )
    return places


def _integer(text: str | None) -> int:
    text = (text or "").strip()
    return int(text) % 6 if text.isdigit() else 0


def _walk(node: XmlNode) -> list[XmlNode]:
    out = [node]
    for child in node.children:
        out.extend(_walk(child))
    return out


def _legal(places: list[_Place], new: UpgradeShape) -> tuple[int, ...]:
    """Rotations relative to the old tile at orientation 0, legal at some place of it."""
    found: set[int] = set()
    for place in places:
        legal = check_rotations(place.shape, new, open_edges=place.open_edges).legal
        found.update((r - place.orientation) % 6 for r in legal)
    return tuple(sorted(found))


def _fmt(rotations: tuple[int, ...] | list[int]) -> str:
    return ", ".join(map(str, rotations)) or "none"


def check_tileset_upgrades(folder: str | Path, game_id: str) -> list[Finding]:
    """Every disagreement between GE18XX game `game_id`'s TileSet and the inferred upgrades.

    `folder` holds `Tiles/` and `<game_id>/`. Listed upgrades are checked at the TileSet line of
    their `<Upgrade>`; legal upgrades the TileSet lacks are reported at the line of the old
    tile's `<Tile>`. New tiles are the TileSet's supply (not its "Other" preprinted set); a
    supply tile is checked on a hex with six neighbours, a preprinted one on its map cells.
    """
    root = Path(folder)
    tileset_path = root / game_id / f"{game_id}-TileSet.xml"
    map_path = root / game_id / f"{game_id}-Map.xml"
    map_layout = None
    if map_path.is_file():
        with contextlib.suppress(XmlReadError, OSError):
            map_layout = layout_of(read_xml(map_path).get("direction"))
    tileset = read_tileset(tileset_path, map_layout)
    if tileset.problems:
        return list(tileset.problems)
    shapes = _Shapes(load_tile_definitions(root / "Tiles", []), tileset.layout)
    on_map = _places(root, game_id, tileset, shapes)
    supply = list(dict.fromkeys(t.number for t in tileset.tiles if not t.preprinted))
    findings: list[Finding] = []
    for tile in tileset.tiles:
        old = shapes.shape(tile.number)
        if old is None:
            continue  # undefined or unreadable: the importer reports it
        places = on_map.get(tile.number) if tile.preprinted else None
        places = places or [_Place(old)]
        listed = {up.to for up in tile.upgrades}
        for up in tile.upgrades:
            new = shapes.shape(up.to)
            if new is not None:
                legal = _legal(places, new)
                tile_level = _legal([_Place(old)], new) if tile.preprinted else legal
                findings.extend(
                    _compare(tileset.path, tile.number, up, old, new, legal, tile_level, shapes)
                )
        for number in supply:
            new = shapes.shape(number)
            if number in listed or new is None or new.blocks_lay:
                continue
            legal = _legal(places, new)
            if legal:
                findings.append(
                    Finding(
                        "warning",
                        tileset.path,
                        tile.line,
                        tile.number,
                        number,
                        f"missing upgrade: the rules allow {number} on {tile.number} at "
                        f"rotation(s) {_fmt(legal)}",
                        None,
                        legal,
                    )
                )
    return sorted(findings, key=lambda f: (f.line, f.base, f.to))


def _why(wrong: list[int], tile_level: tuple[int, ...]) -> str:
    """Which rule rejects rotations: the tiles themselves, or the map around a preprinted one."""
    off_map = [r for r in wrong if r in tile_level]
    reasons = []
    if len(off_map) < len(wrong):
        reasons.append("they do not keep the old track, cities or labels")
    if off_map:
        reasons.append(f"{_fmt(off_map)} lead off the map or through an impassable side")
    return "; ".join(reasons)


def _compare(
    path: str,
    base: str,
    up: ListedUpgrade,
    old: UpgradeShape,
    new: UpgradeShape,
    legal: tuple[int, ...],
    tile_level: tuple[int, ...],
    shapes: _Shapes,
) -> list[Finding]:
    if not legal:
        reason = (
            "the colours do not follow each other"
            if old.rank is None or new.rank != old.rank + 1
            else "no rotation keeps the old track, cities and labels"
        )
        return [
            Finding("error", path, up.line, base, up.to,
                    f"not a legal upgrade under the base rules: {reason}", up.rotations, ())
        ]  # fmt: skip
    if up.rotations is None:
        return []
    wrong = [r for r in up.rotations if r not in legal]
    out: list[Finding] = []
    if wrong:
        out.append(
            Finding(
                "error",
                path,
                up.line,
                base,
                up.to,
                f"rotation(s) {_fmt(wrong)} are not legal ({_why(wrong, tile_level)}); legal "
                f"rotations are {_fmt(legal)}",
                up.rotations,
                legal,
            )
        )
    left_out = [r for r in legal if r not in up.rotations]
    if not left_out:
        return out
    same = symmetries(shapes.code(up.to))
    pictures = {(r + s) % 6 for r in up.rotations if r in legal for s in same}
    unseen = [r for r in left_out if r not in pictures]
    if unseen:
        out.append(
            Finding(
                "warning",
                path,
                up.line,
                base,
                up.to,
                f"also legal at rotation(s) {_fmt(unseen)}, which give a different picture "
                f"(listed: {_fmt(up.rotations)})",
                up.rotations,
                legal,
            )
        )
    elif not wrong:
        out.append(
            Finding(
                "info",
                path,
                up.line,
                base,
                up.to,
                f"rotation(s) {_fmt(left_out)} are legal too but give the same picture as "
                f"{_fmt(up.rotations)}",
                up.rotations,
                legal,
            )
        )
    return out


# ------------------------------------------------------------------------------------------
# export


def base_rotation(code: str, ge_code: str) -> int | None:
    """The rotation at which our tile `code` looks like GE18XX's drawing at orientation 0.

    GE18XX draws some tiles in another base orientation than 18xx.games (its 7, 8, 57...), and
    a TileSet's rotations are relative to GE's drawings, so every exported rotation is shifted
    by the difference. None when no rotation matches: GE's tile of that number is another tile.
    """
    target = picture(parse(ge_code), exact=False)
    tile = parse(code)
    return next((r for r in range(6) if picture(rotate(tile, r), exact=False) == target), None)


@dataclass(frozen=True)
class TileSetExport:
    """The TileSet text and what the reader should know (tiles GE draws differently...)."""

    xml: str
    notes: tuple[str, ...] = ()


def export_tileset(game: Game, ge_tiles: dict[str, TileDefinition] | None = None) -> TileSetExport:
    """`game`'s supply and inferred upgrades as a GE18XX TileSet.

    With GE18XX's tile definitions (`ge_tiles`, from its `Tiles/` folder) every rotation is
    given relative to GE's own drawings of the two tiles; a tile GE does not define keeps our
    drawing (a note says so, as GE then needs a definition drawn like ours).
    """
    table = upgrade_table(game)
    notes: list[str] = []
    offsets: dict[str, int] = {}
    for name, entry in game.tiles.items():
        definition = (ge_tiles or {}).get(name)
        if ge_tiles is None:
            continue
        if definition is None:
            notes.append(f"tile {name}: not in GE18XX's Tiles/; rotations follow our drawing")
            continue
        try:
            offset = base_rotation(entry.code, tile_code(definition, game.layout))
        except TileSyntaxError:
            offset = None
        if offset is None:
            notes.append(
                f"tile {name}: GE18XX's tile {name} is a different tile; rotations "
                "follow our drawing"
            )
            continue
        offsets[name] = offset
    upgrades: dict[str, dict[str, tuple[int, ...]]] = {}
    for base in game.tiles:
        for to, rotations in table.get(base, {}).items():
            shift = offsets.get(base, 0) - offsets.get(to, 0)
            upgrades.setdefault(base, {})[to] = tuple(sorted({(r + shift) % 6 for r in rotations}))
    supply = [(t.name, t.color, t.count) for t in game.tiles.values()]
    xml = tileset_xml(game.id, supply, upgrades, layout=game.layout)
    return TileSetExport(xml, tuple(notes))


def tileset_xml(
    game_name: str,
    supply: list[tuple[str, str, int | None]],
    upgrades: dict[str, dict[str, tuple[int, ...]]],
    *,
    layout: str,
    preprinted: list[str] | None = None,
) -> str:
    """A GE18XX TileSet document: `supply` is (number, colour, quantity or None = unlimited).

    Tiles are grouped in `<TileSet color=…>` by colour as GE18XX does, and preprinted tiles go
    in the "Other" set; every upgrade lists its rotations (GE orientation = our rotation).
    """
    direction = "EW" if layout == "pointy" else "NS"
    by_color: dict[str, list[tuple[str, int | None]]] = {}
    for number, color, count in supply:
        by_color.setdefault(color, []).append((number, count))
    if preprinted:
        by_color.setdefault("other", []).extend((n, 1) for n in preprinted)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<TileManifest game={quoteattr(game_name)} variant="Normal" direction="{direction}">',
    ]
    for color, tiles in by_color.items():
        name = "Grey" if color == "gray" else color.capitalize()
        lines.append(f"\t<TileSet color={quoteattr(name)}>")
        for number, count in tiles:
            quantity = "unlimited" if count is None else str(count)
            ups = upgrades.get(number, {})
            head = f"\t\t<Tile number={quoteattr(number)} quantity={quoteattr(quantity)}"
            if not ups:
                lines.append(head + " />")
                continue
            lines.append(head + ">")
            for to, rotations in ups.items():
                rots = ",".join(map(str, rotations))
                lines.append(
                    f"\t\t\t<Upgrade toNumber={quoteattr(to)} rotations={quoteattr(rots)} />"
                )
            lines.append("\t\t</Tile>")
        lines.append("\t</TileSet>")
    lines.append("</TileManifest>")
    return "\n".join(lines) + "\n"


def ge18xx_games_at(path: Path) -> tuple[Path, list[str]] | None:
    """(GE18XX folder, game ids) when `path` is a GE18XX folder (holding `Tiles/` and game
    folders) or one game folder inside it (holding `<name>-TileSet.xml`); else None."""
    from gallery.ge18xx import list_ge18xx_games

    if (path / "Tiles").is_dir():
        games = list_ge18xx_games(path)
        return (path, games) if games else None
    if (path / f"{path.name}-TileSet.xml").is_file() and (path.parent / "Tiles").is_dir():
        return path.parent, [path.name]
    return None
