"""Our YAML game format: loading with line-precise validation, and writing it back.

A game file (see docs/game-format.md)::

    id: "1889"
    title: Shikoku 1889
    designer: Yasutaka Ikeda
    layout: flat                # or pointy
    axes: {x: letter, y: number}
    tiles:
      "57": 2                   # a generic catalog tile and its count
      "X1": unlimited
      "Beg6": {count: 2, color: yellow, code: "city=revenue:20;path=a:0,b:_0"}
    location_names: {F3: Saijou}
    hexes:
      white:
        "": [D3, H3]            # code -> coordinates, like 18xx.games HEXES
        "city=revenue:0": [F3]
        "town": [J5]            # a catalog name works too
    upgrades:
      - {base: "8", to: "16", rotations: [0, 5]}

The file is read with PyYAML's *safe* composer and walked node by node, so every message names
the file, the line and the field (`1889.yaml:14: tiles.57: expected a whole number…`), all
problems are reported at once, and no YAML type guessing changes a tile name like `57` or `no`.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from gallery.errors import GameDiagnostic, GameLoadError
from gallery.game import Axes, Game, MapHex, TileEntry, TileUpgrade
from tile_lang import catalog, check

TOP_KEYS = ("id", "title", "subtitle", "designer", "layout", "axes", "tiles", "location_names",
            "hexes", "upgrades", "meta")  # fmt: skip
COORD = re.compile(r"[A-Za-z]{1,3}-?\d{1,3}")
ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
COLORS = ("white", "yellow", "green", "brown", "gray", "grey", "red", "blue", "sepia", "purple",
          "orange", "pink", "salmon", "navy", "gray60", "gray50", "gray40", "black", "lightblue",
          "lightgreen", "olive", "greenbrown", "browngray", "brownsepia", "empty",
          "none")  # fmt: skip
MAX_HEXES = 20_000


class _Reader:
    """Walks composed YAML nodes, collecting diagnostics with line numbers."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.diagnostics: list[GameDiagnostic] = []

    def error(self, node: yaml.Node | None, field: str, message: str) -> None:
        line = node.start_mark.line + 1 if node is not None else 0
        column = node.start_mark.column + 1 if node is not None else 0
        self.diagnostics.append(GameDiagnostic(self.file, line, field, message, "error", column))

    def warn(self, node: yaml.Node | None, field: str, message: str) -> None:
        line = node.start_mark.line + 1 if node is not None else 0
        self.diagnostics.append(GameDiagnostic(self.file, line, field, message, "warning"))

    def mapping(self, node: yaml.Node, field: str) -> list[tuple[yaml.ScalarNode, yaml.Node]]:
        if not isinstance(node, yaml.MappingNode):
            self.error(node, field, "expected a mapping (key: value lines)")
            return []
        out = []
        seen: set[str] = set()
        for key, value in node.value:
            if not isinstance(key, yaml.ScalarNode):
                self.error(key, field, "keys must be plain text")
                continue
            if key.value in seen:
                self.error(key, f"{field}.{key.value}", "duplicate key")
            seen.add(key.value)
            out.append((key, value))
        return out

    def scalar(self, node: yaml.Node, field: str) -> str | None:
        if not isinstance(node, yaml.ScalarNode):
            self.error(node, field, "expected a single value")
            return None
        return str(node.value)

    def sequence(self, node: yaml.Node, field: str) -> list[yaml.Node]:
        if isinstance(node, yaml.ScalarNode):
            return [node]  # a single coordinate may be written without brackets
        if not isinstance(node, yaml.SequenceNode):
            self.error(node, field, "expected a list")
            return []
        return list(node.value)


def _count(reader: _Reader, node: yaml.Node, field: str) -> int | bool | None:
    text = reader.scalar(node, field)
    if text is None:
        return False
    if text.strip().lower() in ("unlimited", "∞", "inf"):
        return None
    if re.fullmatch(r"\d{1,6}", text.strip()):
        return int(text)
    reader.error(node, field, f"expected a whole number or 'unlimited', found {text!r}")
    return False


def _check_code(reader: _Reader, node: yaml.Node, field: str, code: str) -> None:
    for diag in check(code):
        message = f"{diag.message} (column {diag.column + 1} of the tile string)"
        if diag.hint:
            message += f"; hint: {diag.hint}"
        if diag.severity == "error":
            reader.error(node, field, message)
        else:
            reader.warn(node, field, message)


def _tiles(reader: _Reader, node: yaml.Node) -> dict[str, TileEntry]:
    tiles: dict[str, TileEntry] = {}
    for key, value in reader.mapping(node, "tiles"):
        name = key.value
        field = f"tiles.{name}"
        if isinstance(value, yaml.MappingNode):
            fields = {k.value: v for k, v in reader.mapping(value, field)}
            for extra in set(fields) - {"count", "color", "code", "hidden"}:
                reader.error(
                    fields[extra], f"{field}.{extra}", "unknown field (count, color, code)"
                )
            count = _count(reader, fields["count"], f"{field}.count") if "count" in fields else 1
            color = reader.scalar(fields["color"], f"{field}.color") if "color" in fields else None
            code = reader.scalar(fields["code"], f"{field}.code") if "code" in fields else None
            hidden = "hidden" in fields and (reader.scalar(fields["hidden"], field) or "") in (
                "true", "1", "yes")  # fmt: skip
            entry = catalog.lookup(name) if code is None else None
            if code is None and entry is None:
                reader.error(
                    value, field, f"'{name}' is not a catalog tile: give `code` and `color`"
                )
                continue
            if color is None and entry is None:
                reader.error(value, f"{field}.color", "a tile with its own code needs `color`")
                continue
            if code is not None:
                _check_code(reader, fields["code"], f"{field}.code", code)
            if count is False:
                continue
            tiles[name] = TileEntry(
                name,
                count,
                color or (entry.color if entry else "white"),
                code if code is not None else (entry.code if entry else ""),
                catalog=code is None,
                hidden=hidden,
            )
        else:
            count = _count(reader, value, field)
            entry = catalog.lookup(name)
            if entry is None:
                close = [n for n in catalog.names() if n.lower() == name.lower()]
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                reader.error(key, field, f"'{name}' is not a catalog tile{hint}; give "
                             "{count, color, code} for a tile of this game")  # fmt: skip
                continue
            if count is not False:
                tiles[name] = TileEntry(name, count, entry.color, entry.code, catalog=True)
    return tiles


def _hexes(reader: _Reader, node: yaml.Node, axes: Axes) -> dict[str, MapHex]:
    hexes: dict[str, MapHex] = {}
    where: dict[str, int] = {}
    for color_key, codes in reader.mapping(node, "hexes"):
        color = color_key.value
        if color not in COLORS and not re.fullmatch(r"#[0-9a-fA-F]{3,8}", color):
            reader.warn(color_key, f"hexes.{color}", "unusual hex colour")
        for code_key, coords in reader.mapping(codes, f"hexes.{color}"):
            text = code_key.value
            field = f"hexes.{color}.{text or '(blank)'}"
            entry = catalog.lookup(text) if text and "=" not in text else None
            code = entry.code if entry else text
            tile_name = text if entry else None
            if entry is None:
                _check_code(reader, code_key, field, code)
            for coord_node in reader.sequence(coords, field):
                coord = reader.scalar(coord_node, field)
                if coord is None:
                    continue
                coord = coord.strip()
                if not COORD.fullmatch(coord):
                    reader.error(coord_node, field, f"{coord!r} is not a coordinate like E12")
                    continue
                if coord in hexes:
                    reader.error(coord_node, field,
                                 f"{coord} is already defined on line {where[coord]}")  # fmt: skip
                    continue
                if len(hexes) >= MAX_HEXES:
                    reader.error(coord_node, field, f"more than {MAX_HEXES} hexes")
                    return hexes
                where[coord] = coord_node.start_mark.line + 1
                hexes[coord] = MapHex(coord, entry.color if entry else color, code, None, tile_name)
    return hexes


def load_game(path: str | Path) -> Game:
    """Load and validate one game file; GameLoadError lists every error with file:line."""
    game, diagnostics = read_game(path)
    errors = [d for d in diagnostics if d.severity == "error"]
    if errors or game is None:
        raise GameLoadError(errors or diagnostics)
    return game


def read_game(path: str | Path) -> tuple[Game | None, list[GameDiagnostic]]:
    """Load a game file, returning the game (None when unusable) and every diagnostic."""
    path = Path(path)
    reader = _Reader(str(path))
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reader.error(None, "", f"cannot read the file: {exc}")
        return None, reader.diagnostics
    try:
        root = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 0
        problem = getattr(exc, "problem", None) or str(exc)
        reader.diagnostics.append(GameDiagnostic(str(path), line, "", f"YAML: {problem}", "error"))
        return None, reader.diagnostics
    if root is None:
        reader.error(None, "", "the file is empty")
        return None, reader.diagnostics
    fields = dict(reader.mapping(root, "(top level)"))
    by_name = {k.value: v for k, v in fields.items()}
    for key in fields:
        if key.value not in TOP_KEYS:
            reader.error(key, key.value, f"unknown field (known: {', '.join(TOP_KEYS)})")
    game_id = path.stem
    if "id" in by_name:
        game_id = reader.scalar(by_name["id"], "id") or game_id
    if not ID.fullmatch(game_id):
        reader.error(by_name.get("id"), "id", f"{game_id!r}: use letters, digits, '_', '-', '.'")
    title = reader.scalar(by_name["title"], "title") if "title" in by_name else None
    if not title:
        reader.error(by_name.get("title", root), "title", "a game needs a title")
        title = game_id
    layout = "flat"
    if "layout" in by_name:
        layout = reader.scalar(by_name["layout"], "layout") or "flat"
        if layout not in ("flat", "pointy"):
            reader.error(by_name["layout"], "layout", f"expected flat or pointy, found {layout!r}")
            layout = "flat"
    axes = Axes() if layout == "flat" else Axes("number", "letter")
    if "axes" in by_name:
        ax = {k.value: v for k, v in reader.mapping(by_name["axes"], "axes")}
        values = {}
        for axis in ("x", "y"):
            if axis in ax:
                value = reader.scalar(ax[axis], f"axes.{axis}")
                if value not in ("letter", "number"):
                    reader.error(ax[axis], f"axes.{axis}", "expected letter or number")
                else:
                    values[axis] = value
        axes = Axes(values.get("x", axes.x), values.get("y", axes.y))  # type: ignore[arg-type]
    tiles = _tiles(reader, by_name["tiles"]) if "tiles" in by_name else {}
    hexes = _hexes(reader, by_name["hexes"], axes) if "hexes" in by_name else {}
    names: dict[str, str] = {}
    if "location_names" in by_name:
        for key, name_node in reader.mapping(by_name["location_names"], "location_names"):
            name = reader.scalar(name_node, f"location_names.{key.value}")
            if name is not None:
                names[key.value] = name
                if hexes and key.value not in hexes:
                    reader.warn(key, f"location_names.{key.value}", "no hex at this coordinate")
    hexes = {c: MapHex(h.coord, h.color, h.code, names.get(c), h.tile) for c, h in hexes.items()}
    upgrades: list[TileUpgrade] = []
    if "upgrades" in by_name:
        for item in reader.sequence(by_name["upgrades"], "upgrades"):
            up = {k.value: v for k, v in reader.mapping(item, "upgrades")}
            base = reader.scalar(up["base"], "upgrades.base") if "base" in up else None
            to = reader.scalar(up["to"], "upgrades.to") if "to" in up else None
            if not base or not to:
                reader.error(item, "upgrades", "an upgrade needs `base` and `to`")
                continue
            rotations = None
            if "rotations" in up:
                rotations = []
                for r in reader.sequence(up["rotations"], "upgrades.rotations"):
                    value = reader.scalar(r, "upgrades.rotations")
                    if value is not None and re.fullmatch(r"[0-5]", value):
                        rotations.append(int(value))
                    else:
                        reader.error(r, "upgrades.rotations", "rotations are 0-5")
            upgrades.append(
                TileUpgrade(base, to, tuple(rotations) if rotations is not None else None)
            )
    meta: dict[str, str] = {}
    if "meta" in by_name:
        for key, meta_node in reader.mapping(by_name["meta"], "meta"):
            meta[key.value] = reader.scalar(meta_node, f"meta.{key.value}") or ""
    designer = reader.scalar(by_name["designer"], "designer") if "designer" in by_name else None
    subtitle = reader.scalar(by_name["subtitle"], "subtitle") if "subtitle" in by_name else None
    game = Game(
        id=game_id,
        title=title,
        layout=layout,  # type: ignore[arg-type]
        axes=axes,
        tiles=tiles,
        hexes=hexes,
        location_names=names,
        designer=designer,
        subtitle=subtitle,
        meta=meta,
        upgrades=tuple(upgrades),
        source=str(path),
    )
    return game, reader.diagnostics


def check_game_file(path: str | Path) -> list[GameDiagnostic]:
    """Every diagnostic for a game file (the CLI's `tile-atlas check GAME.yaml`)."""
    return read_game(path)[1]


def _quote(text: str) -> str:
    return yaml.safe_dump(text, default_style='"', width=10_000, allow_unicode=True).strip()


def dump_game(game: Game) -> str:
    """Our YAML for a game: deterministic, and `load_game` reads it back to an equal game."""
    out = [f"id: {_quote(game.id)}", f"title: {_quote(game.title)}"]
    if game.subtitle:
        out.append(f"subtitle: {_quote(game.subtitle)}")
    if game.designer:
        out.append(f"designer: {_quote(game.designer)}")
    out.append(f"layout: {game.layout}")
    out.append(f"axes: {{x: {game.axes.x}, y: {game.axes.y}}}")
    if game.meta:
        out.append("meta:")
        out.extend(f"  {_quote(k)}: {_quote(v)}" for k, v in game.meta.items())
    out.append("tiles:" if game.tiles else "tiles: {}")
    for name, tile in game.tiles.items():
        count = "unlimited" if tile.count is None else str(tile.count)
        if tile.catalog:
            out.append(f"  {_quote(name)}: {count}")
        else:
            hidden = ", hidden: true" if tile.hidden else ""
            out.append(f"  {_quote(name)}: {{count: {count}, color: {tile.color}, "
                       f"code: {_quote(tile.code)}{hidden}}}")  # fmt: skip
    if game.location_names:
        out.append("location_names:")
        out.extend(f"  {_quote(k)}: {_quote(v)}" for k, v in game.location_names.items())
    groups: dict[str, dict[str, list[str]]] = {}
    for coord, h in game.hexes.items():
        key = h.tile if h.tile else h.code
        color = h.color if not h.tile else _hex_color_key(h, game)
        groups.setdefault(color, {}).setdefault(key, []).append(coord)
    out.append("hexes:" if groups else "hexes: {}")
    for color, codes in groups.items():
        out.append(f"  {color}:")
        for code, coords in codes.items():
            out.append(f"    {_quote(code)}: [{', '.join(coords)}]")
    if game.upgrades:
        out.append("upgrades:")
        for up in game.upgrades:
            rot = (
                f", rotations: [{', '.join(map(str, up.rotations))}]"
                if up.rotations is not None
                else ""
            )
            out.append(f"  - {{base: {_quote(up.base)}, to: {_quote(up.to)}{rot}}}")
    return "\n".join(out) + "\n"


def _hex_color_key(h: MapHex, game: Game) -> str:
    return h.color


def game_files(folder: str | Path) -> list[Path]:
    """Game files of a folder: `*.yaml` / `*.yml`, sorted."""
    folder = Path(folder)
    return sorted(p for p in folder.glob("*.y*ml") if p.suffix in (".yaml", ".yml"))
