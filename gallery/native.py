"""Our YAML game format: loading with line-precise validation, and writing it back.

A game file (the full description is docs/game-format.md)::

    id: "1889"
    title: Shikoku 1889
    designer: Yasutaka Ikeda
    layout: flat                # or pointy
    axes: {x: letter, y: number}
    phase_colors: [yellow, green, brown]   # optional: tile colours the phases ever allow
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

The file is composed with PyYAML's *safe* loader (`SafeLoader`, or libyaml's `CSafeLoader` when
present) into nodes, and the nodes are walked by hand: every node carries its line and column,
so every message names the file, the line and the field (`1889.yaml:14:9: error: tiles.57: …`),
all problems are reported at once, and no YAML type guessing turns a tile name such as `57`,
`no` or `1e3` into a number or a boolean. Nothing in a game file is ever executed.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar, cast

import yaml

from gallery.errors import GameLoadError
from gallery.game import (
    COORD,
    Axes,
    AxisKind,
    Game,
    Layout,
    MapHex,
    SourceRef,
    TileEntry,
    TileUpgrade,
    coord_position,
)
from gallery.limits import HEXES_PER_GAME, ID_LENGTH, bound_game, over_limit
from gallery.textfile import bad_character, read_text_file
from gallery.yamlread import compose_game_yaml
from tile_lang import Collector, Diagnostic, Severity, catalog, check, closest

TOP_KEYS = ("id", "title", "subtitle", "designer", "layout", "axes", "phase_colors", "meta",
            "tiles", "location_names", "hexes", "upgrades")  # fmt: skip
TILE_KEYS = ("count", "color", "code", "hidden")
ID = re.compile(rf"[A-Za-z0-9][A-Za-z0-9_.-]{{0,{ID_LENGTH.high - 1}}}")
COLORS = ("white", "yellow", "green", "brown", "gray", "grey", "red", "blue", "sepia", "purple",
          "orange", "pink", "salmon", "navy", "gray60", "gray50", "gray40", "black", "lightblue",
          "lightgreen", "olive", "greenbrown", "browngray", "brownsepia", "empty",
          "none")  # fmt: skip
HEX_COLOR = re.compile(r"#[0-9a-fA-F]{3,8}")
UNLIMITED = ("unlimited", "∞")


# --------------------------------------------------------------------------------------------
# hooks into the tile language


def resolve_catalog(name: str) -> tuple[str, str] | None:
    """`(color, code)` of the generic catalog tile called `name`, or None.

    The catalog is `tile_lang.catalog` (18xx.games' `lib/engine/config/tile.rb`): a two-colour
    tile such as 119 gives its first colour and a code with a `stripes=` part, as the engine's
    `Tile.for` does.
    """
    if not name:
        return None
    entry = catalog.lookup(name)
    return (entry.color, entry.code) if entry is not None else None


def default_axes(layout: str) -> Axes:
    """18xx.games' axes when a game gives none: flat letter/number, pointy number/letter."""
    return Axes("number", "letter") if layout == "pointy" else Axes("letter", "number")


# --------------------------------------------------------------------------------------------
# reading


class _Reader:
    """Walks composed YAML nodes, collecting diagnostics with line numbers."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.collector = Collector(file, code="game-file")
        self._visited: set[int] = set()

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return self.collector.diagnostics

    def report(
        self,
        node: yaml.Node | None,
        field: str,
        message: str,
        severity: Severity,
        *,
        code: str | None = None,
    ) -> None:
        line = node.start_mark.line + 1 if node is not None else 0
        column = node.start_mark.column + 1 if node is not None else 0
        self.collector.add(severity, line, field, message, column, code=code)

    def error(self, node: yaml.Node | None, field: str, message: str) -> None:
        self.report(node, field, message, "error")

    def warn(self, node: yaml.Node | None, field: str, message: str) -> None:
        self.report(node, field, message, "warning")

    def _first_visit(self, node: yaml.Node, field: str, at: yaml.Node | None) -> bool:
        # The composer turns an alias (*name) into the very node of its anchor; walking it twice
        # would let a small file expand into an enormous one ("billion laughs"). The node's
        # position is the anchor's, so the error goes to `at` (the key using it) when known.
        if id(node) in self._visited:
            self.error(at or node, field, "YAML aliases (*name) are not supported in game files")
            return False
        self._visited.add(id(node))
        return True

    def mapping(
        self, node: yaml.Node, field: str, at: yaml.Node | None = None
    ) -> list[tuple[yaml.ScalarNode, yaml.Node]]:
        if not isinstance(node, yaml.MappingNode):
            if isinstance(node, yaml.ScalarNode) and node.value == "" and node.tag.endswith("null"):
                return []  # `tiles:` with nothing under it
            self.error(node, field, "expected a mapping (key: value lines)")
            return []
        if not self._first_visit(node, field, at):
            return []
        out = []
        seen: dict[str, int] = {}
        for key, value in node.value:
            if not isinstance(key, yaml.ScalarNode):
                self.error(key, field, "keys must be plain text")
                continue
            if key.value in seen:
                self.error(key, _join(field, key.value),
                           f"duplicate key (first on line {seen[key.value]})")  # fmt: skip
                continue
            seen[key.value] = key.start_mark.line + 1
            out.append((key, value))
        return out

    def fields(
        self, node: yaml.Node, field: str, at: yaml.Node | None = None
    ) -> dict[str, tuple[yaml.ScalarNode, yaml.Node]]:
        return {key.value: (key, value) for key, value in self.mapping(node, field, at)}

    def scalar(self, node: yaml.Node, field: str) -> str | None:
        if not isinstance(node, yaml.ScalarNode):
            self.error(node, field, "expected a single value, not a list or mapping")
            return None
        value = str(node.value)
        problem = bad_character(value)
        if problem is not None:  # ("\x01" or "\uD800" escapes; the YAML reader refuses raw ones)
            self.error(node, field, problem)
            return None
        return value

    def text(self, node: yaml.Node, field: str) -> str | None:
        """A scalar that must not be empty (an empty value is reported)."""
        value = self.scalar(node, field)
        if value is not None and not value.strip():
            self.error(node, field, "expected text, found nothing")
            return None
        return value

    def sequence(self, node: yaml.Node, field: str, at: yaml.Node | None = None) -> list[yaml.Node]:
        if isinstance(node, yaml.ScalarNode):
            return [node]  # a single item may be written without brackets
        if not isinstance(node, yaml.SequenceNode):
            self.error(node, field, "expected a list")
            return []
        if not self._first_visit(node, field, at):
            return []
        return list(node.value)


def _join(field: str, key: str) -> str:
    return f"{field}.{key}" if field else key


def _count(reader: _Reader, node: yaml.Node, field: str) -> tuple[bool, int | None]:
    """(ok, count): count None = unlimited."""
    text = reader.scalar(node, field)
    if text is None:
        return False, None
    value = text.strip()
    if value.lower() in UNLIMITED:
        return True, None
    if re.fullmatch(r"[0-9]{1,6}", value):
        return True, int(value)
    if re.fullmatch(r"[0-9]+", value):  # a count, only too long: say the limit, not "a number"
        reader.error(node, field, f"a tile count is at most 999999 (6 digits), found {text!r}")
        return False, None
    reader.error(node, field, f"expected a whole number or 'unlimited', found {text!r}")
    return False, None


def _check_code(reader: _Reader, node: yaml.Node, field: str, code: str) -> None:
    """Tile-language diagnostics for `code` (written at `node`): errors stop loading."""
    for diag in check(code):
        message = f"{diag.message} (column {diag.column + 1} of the tile string)"
        if diag.hint:
            message += f"; hint: {diag.hint}"
        reader.report(node, field, message, diag.severity, code=diag.code)


def _check_color(reader: _Reader, node: yaml.Node, field: str, color: str) -> None:
    if color not in COLORS and not HEX_COLOR.fullmatch(color):
        reader.warn(node, field, f"unusual colour {color!r} (known: {', '.join(COLORS[:12])}, …)")


def _bool(reader: _Reader, node: yaml.Node, field: str) -> bool:
    value = reader.scalar(node, field)
    if value in ("true", "True", "yes"):
        return True
    if value not in (None, "false", "False", "no"):
        reader.error(node, field, f"expected true or false, found {value!r}")
    return False


def _tile(reader: _Reader, key: yaml.ScalarNode, value: yaml.Node) -> TileEntry | None:
    name = key.value
    field = f"tiles.{name}"
    if not name.strip():
        reader.error(key, "tiles", "a tile needs a name")
        return None
    if not isinstance(value, yaml.MappingNode):
        ok, count = _count(reader, value, field)
        found = resolve_catalog(name)
        if found is None:
            close = closest(name, catalog.names(), cutoff=0.8)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            reader.error(key, field, f"'{name}' is not a catalog tile{hint}; give "
                         "{count, color, code} for a tile of this game")  # fmt: skip
            return None
        return TileEntry(name, count, found[0], found[1], catalog=True) if ok else None
    fields = reader.fields(value, field, at=key)
    for extra, (extra_key, _) in fields.items():
        if extra not in TILE_KEYS:
            reader.error(extra_key, f"{field}.{extra}",
                         f"unknown field (known: {', '.join(TILE_KEYS)})")  # fmt: skip
    ok, count = True, 1
    if "count" in fields:
        ok, count = _count(reader, fields["count"][1], f"{field}.count")
    hidden = "hidden" in fields and _bool(reader, fields["hidden"][1], f"{field}.hidden")
    if "code" not in fields:
        found = resolve_catalog(name)
        if found is None:
            reader.error(value, field, f"'{name}' is not a catalog tile: give `code` and `color`")
            return None
        if "color" in fields:
            reader.error(fields["color"][0], f"{field}.color",
                         "a catalog tile has the catalog's colour; give `code` too to define "
                         "a tile of this game")  # fmt: skip
            return None
        return (
            TileEntry(name, count, found[0], found[1], catalog=True, hidden=hidden) if ok else None
        )
    code_node = fields["code"][1]
    code = reader.scalar(code_node, f"{field}.code")
    color = None
    if "color" not in fields:
        reader.error(value, f"{field}.color", "a tile with its own code needs `color`")
    else:
        color = reader.text(fields["color"][1], f"{field}.color")
        if color is not None:
            _check_color(reader, fields["color"][1], f"{field}.color", color)
    if code is not None:
        _check_code(reader, code_node, f"{field}.code", code)
    if not ok or code is None or color is None:
        return None
    return TileEntry(name, count, color, code, catalog=False, hidden=hidden)


def _tiles(reader: _Reader, node: yaml.Node) -> dict[str, TileEntry]:
    tiles: dict[str, TileEntry] = {}
    for key, value in reader.mapping(node, "tiles"):
        entry = _tile(reader, key, value)
        if entry is not None:
            tiles[entry.name] = entry
    return tiles


def _coordinate(reader: _Reader, node: yaml.Node, field: str, axes: Axes) -> str | None:
    coord = reader.scalar(node, field)
    if coord is None:
        return None
    coord = coord.strip()
    if COORD.fullmatch(coord) is None:
        column = "letters name" if axes.x == "letter" else "number names"
        reader.error(node, field, f"{coord!r} is not a coordinate: letters (A–Z, AA–AZ, or a–z "
                     f"below zero) then a number, like E12; the {column} the column "
                     f"(axes x: {axes.x})")  # fmt: skip
        return None
    return coord


def _short(code: str, limit: int = 40) -> str:
    """A tile string as a field name: on one line, and cut when long (the line says where)."""
    shown = re.sub(r"\s*\n\s*", "⏎", code)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def _hexes(reader: _Reader, node: yaml.Node, axes: Axes) -> dict[str, MapHex]:
    hexes: dict[str, MapHex] = {}
    where: dict[str, int] = {}
    for color_key, codes in reader.mapping(node, "hexes"):
        color = color_key.value
        _check_color(reader, color_key, f"hexes.{color}", color)
        for code_key, coords in reader.mapping(codes, f"hexes.{color}", at=color_key):
            text = code_key.value
            field = f"hexes.{color}.{_short(text) or '(blank)'}"
            # As the engine does: a catalog tile name first (its colour wins), else a code.
            found = resolve_catalog(text)
            if found is None:
                _check_code(reader, code_key, field, text)
            for coord_node in reader.sequence(coords, field, at=code_key):
                coord = _coordinate(reader, coord_node, field, axes)
                if coord is None:
                    continue
                if coord in hexes:
                    reader.error(coord_node, field,
                                 f"{coord} is already defined on line {where[coord]}")  # fmt: skip
                    continue
                if HEXES_PER_GAME.exceeded(len(hexes) + 1):
                    at = SourceRef(reader.file, coord_node.start_mark.line + 1)
                    done = "the hexes from here on are left out"
                    reader.collector.extend([over_limit(HEXES_PER_GAME, "more", at, field, done)])
                    return hexes
                where[coord] = coord_node.start_mark.line + 1
                if found is None:
                    hexes[coord] = MapHex(coord, color, text)
                else:
                    hexes[coord] = MapHex(coord, found[0], found[1], None, text)
    return hexes


def _upgrades(reader: _Reader, node: yaml.Node) -> list[TileUpgrade]:
    upgrades: list[TileUpgrade] = []
    for index, item in enumerate(reader.sequence(node, "upgrades")):
        field = f"upgrades.{index}"
        fields = reader.fields(item, field)
        for extra, (extra_key, _) in fields.items():
            if extra not in ("base", "to", "rotations"):
                reader.error(extra_key, f"{field}.{extra}", "unknown field (base, to, rotations)")
        base = reader.text(fields["base"][1], f"{field}.base") if "base" in fields else None
        to = reader.text(fields["to"][1], f"{field}.to") if "to" in fields else None
        if "base" not in fields or "to" not in fields:
            reader.error(item, field, "an upgrade needs `base` and `to`")
        rotations: list[int] | None = None
        if "rotations" in fields:
            rotations = []
            for r in reader.sequence(fields["rotations"][1], f"{field}.rotations"):
                value = reader.scalar(r, f"{field}.rotations")
                if value is not None and re.fullmatch(r"[0-5]", value.strip()):
                    rotations.append(int(value))
                elif value is not None:
                    reader.error(r, f"{field}.rotations", f"rotations are 0–5, found {value!r}")
        if base and to:
            upgrades.append(
                TileUpgrade(base, to, tuple(rotations) if rotations is not None else None)
            )
    return upgrades


def _phase_colors(reader: _Reader, node: yaml.Node) -> tuple[str, ...] | None:
    """The tile colours a game's phases ever allow (18xx.games' PHASES `tiles:`), in order and
    without repeats; the upgrade tables offer only these. None (every supply colour) when the
    list is unusable."""
    colors: list[str] = []
    if isinstance(node, yaml.SequenceNode) and not node.value:
        reader.error(node, "phase_colors", "expected at least one tile colour (or leave it out)")
    for index, item in enumerate(reader.sequence(node, "phase_colors")):
        field = f"phase_colors[{index}]"
        color = reader.scalar(item, field)
        if color is None:
            continue
        if not color.strip():
            reader.error(item, field, "expected a tile colour, found nothing")
            continue
        _check_color(reader, item, field, color)
        if color in colors:
            reader.warn(item, field, f"{color!r} is listed twice")
        else:
            colors.append(color)
    return tuple(colors) if colors else None


def _axes(reader: _Reader, node: yaml.Node, default: Axes) -> Axes:
    values: dict[str, AxisKind] = {}
    for key, value_node in reader.mapping(node, "axes"):
        if key.value not in ("x", "y"):
            reader.error(key, f"axes.{key.value}", "unknown axis (x, y)")
            continue
        value = reader.scalar(value_node, f"axes.{key.value}")
        if value in ("letter", "number"):
            values[key.value] = cast(AxisKind, value)
        elif value is not None:
            reader.error(value_node, f"axes.{key.value}", f"expected letter or number, found "
                         f"{value!r}")  # fmt: skip
    axes = Axes(values.get("x", default.x), values.get("y", default.y))
    if axes.x == axes.y:
        reader.error(node, "axes", "x and y must differ (one letter, one number)")
        return default
    return axes


Fields = dict[str, tuple[yaml.ScalarNode, yaml.Node]]
T = TypeVar("T")


def _root(reader: _Reader, path: Path) -> yaml.MappingNode | None:
    """The file's top-level mapping, or None (with the errors that say why)."""
    text, unreadable = read_text_file(path)
    reader.collector.extend(unreadable)
    if text is None:
        return None
    composed = compose_game_yaml(text, str(path))
    reader.collector.extend(composed.diagnostics)
    if composed.diagnostics:
        return None
    root = composed.root
    if root is None:
        reader.error(None, "", "the file is empty")
        return None
    if not isinstance(root, yaml.MappingNode):
        reader.error(root, "", "expected a mapping of fields (id, title, tiles, hexes, …)")
        return None
    return root


def _game_id(reader: _Reader, top: Fields, path: Path) -> str:
    game_id = path.stem
    if "id" in top:
        game_id = reader.text(top["id"][1], "id") or game_id
    if not ID.fullmatch(game_id):
        rule = f"use letters, digits, '_', '-', '.' (at most {ID_LENGTH.high})"
        reader.error(top["id"][1] if "id" in top else None, "id", f"{game_id!r}: {rule}")
    return game_id


def _layout(reader: _Reader, top: Fields) -> Layout:
    if "layout" not in top:
        return "flat"
    text = reader.scalar(top["layout"][1], "layout")
    if text in ("flat", "pointy"):
        return cast(Layout, text)
    if text is not None:
        reader.error(top["layout"][1], "layout", f"expected flat or pointy, found {text!r}")
    return "flat"


def _meta(reader: _Reader, top: Fields) -> dict[str, str]:
    if "meta" not in top:
        return {}
    return {
        key.value: reader.scalar(node, f"meta.{key.value}") or ""
        for key, node in reader.mapping(top["meta"][1], "meta")
    }


def _location_names(
    reader: _Reader, top: Fields, axes: Axes, hexes: dict[str, MapHex]
) -> dict[str, str]:
    names: dict[str, str] = {}
    if "location_names" not in top:
        return names
    for key, name_node in reader.mapping(top["location_names"][1], "location_names"):
        field = f"location_names.{key.value}"
        coord = _coordinate(reader, key, field, axes)
        name = reader.scalar(name_node, field)
        if coord is None or name is None:
            continue
        names[coord] = name
        if hexes and coord not in hexes:
            reader.warn(key, field, "no hex at this coordinate")
    return names


def _game(reader: _Reader, root: yaml.MappingNode, top: Fields, path: Path) -> Game:
    """The game the fields `top` of `root` describe (entries with errors left out)."""
    for top_key, (key, _) in top.items():
        if top_key not in TOP_KEYS:
            reader.error(key, top_key, f"unknown field (known: {', '.join(TOP_KEYS)})")

    def optional_text(name: str) -> str | None:
        return reader.text(top[name][1], name) if name in top else None

    def field(name: str, read: Callable[[yaml.Node], T], absent: T) -> T:
        return read(top[name][1]) if name in top else absent

    game_id = _game_id(reader, top, path)
    title = optional_text("title")
    if "title" not in top:
        reader.error(root, "title", "a game needs a title")
    layout = _layout(reader, top)
    axes = field("axes", lambda n: _axes(reader, n, default_axes(layout)), default_axes(layout))
    phase_colors = field("phase_colors", lambda n: _phase_colors(reader, n), None)
    meta = _meta(reader, top)
    tiles: dict[str, TileEntry] = field("tiles", lambda n: _tiles(reader, n), {})
    hexes: dict[str, MapHex] = field("hexes", lambda n: _hexes(reader, n, axes), {})
    names = _location_names(reader, top, axes, hexes)
    upgrades: list[TileUpgrade] = field("upgrades", lambda n: _upgrades(reader, n), [])
    return Game(
        id=game_id,
        title=title or game_id,
        layout=layout,
        axes=axes,
        tiles=tiles,
        hexes={c: MapHex(h.coord, h.color, h.code, names.get(c), h.tile) for c, h in hexes.items()},
        location_names=names,
        designer=optional_text("designer"),
        subtitle=optional_text("subtitle"),
        meta=meta,
        upgrades=tuple(upgrades),
        phase_colors=phase_colors,
        source=str(path),
    )


def read_game(path: str | Path) -> tuple[Game | None, list[Diagnostic]]:
    """Read a game file: the game (None when unusable) and every diagnostic, errors included.

    The game is returned even when some entries had errors (those entries are left out), so a
    site build can still show the rest; `load_game` refuses a file with any error. Its size is
    then bounded by `gallery.limits` (an error for each bound it went past).
    """
    path = Path(path)
    reader = _Reader(str(path))
    root = _root(reader, path)
    if root is None:
        return None, reader.diagnostics
    top = reader.fields(root, "")
    game = _game(reader, root, top, path)
    game, beyond = bound_game(game, _key_at(reader, top, "tiles"), _key_at(reader, top, "hexes"))
    reader.collector.extend(beyond)
    return game, reader.diagnostics


def _key_at(reader: _Reader, top: Fields, key: str) -> SourceRef:
    """Where a top-level field starts (the file's first line when it has none)."""
    return SourceRef(reader.file, top[key][0].start_mark.line + 1 if key in top else 1)


def load_game(path: str | Path) -> Game:
    """Load and validate one game file; GameLoadError lists every error with file:line:field."""
    game, diagnostics = read_game(path)
    errors = [d for d in diagnostics if d.severity == "error"]
    if errors or game is None:
        raise GameLoadError(errors or diagnostics)
    return game


def check_game_file(path: str | Path) -> list[Diagnostic]:
    """Every diagnostic of a game file, errors and warnings (`tile-atlas check GAME.yaml`)."""
    return read_game(path)[1]


def game_files(folder: str | Path) -> list[Path]:
    """Game files of a folder: `*.yaml` / `*.yml`, sorted."""
    return sorted(p for p in Path(folder).glob("*.y*ml") if p.suffix in (".yaml", ".yml"))


# --------------------------------------------------------------------------------------------
# writing

_PLAIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_YAML_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "nan", "inf"}


def _quoted(text: str) -> str:
    """`text` as a YAML double-quoted scalar, on one line whatever it contains."""
    dumped = yaml.safe_dump(text, default_style='"', width=sys.maxsize, allow_unicode=True)
    return str(dumped).removesuffix("\n").removesuffix("...").strip()


def _word(text: str) -> str:
    """Plain when that reads back unchanged (`white`, `E12`), quoted otherwise."""
    plain = _PLAIN_WORD.fullmatch(text) or COORD.fullmatch(text)
    return text if plain and text.lower() not in _YAML_WORDS else _quoted(text)


def _dump_head(game: Game) -> list[str]:
    out = [f"id: {_quoted(game.id)}", f"title: {_quoted(game.title)}"]
    if game.subtitle:
        out.append(f"subtitle: {_quoted(game.subtitle)}")
    if game.designer:
        out.append(f"designer: {_quoted(game.designer)}")
    out.append(f"layout: {game.layout}")
    out.append(f"axes: {{x: {game.axes.x}, y: {game.axes.y}}}")
    if game.phase_colors is not None:
        out.append(f"phase_colors: [{', '.join(_word(c) for c in game.phase_colors)}]")
    if game.meta:
        out.append("meta:")
        out.extend(f"  {_word(k)}: {_quoted(v)}" for k, v in game.meta.items())
    return out


def _dump_tile(name: str, tile: TileEntry) -> str:
    count = "unlimited" if tile.count is None else str(tile.count)
    found = resolve_catalog(name) if tile.catalog else None
    if found is not None and found == (tile.color, tile.code):
        if tile.hidden:
            return f"  {_quoted(name)}: {{count: {count}, hidden: true}}"
        return f"  {_quoted(name)}: {count}"
    hidden = ", hidden: true" if tile.hidden else ""
    return (
        f"  {_quoted(name)}: {{count: {count}, color: {_word(tile.color)}, "
        f"code: {_quoted(tile.code)}{hidden}}}"
    )


def _dump_map(game: Game) -> list[str]:
    out = []
    names = dict(game.location_names)
    for coord, h in game.hexes.items():
        if h.name is not None and coord not in names:
            names[coord] = h.name
    if names:
        out.append("location_names:")
        out.extend(f"  {_word(k)}: {_quoted(v)}" for k, v in names.items())
    groups: dict[str, dict[str, list[str]]] = {}
    for coord, h in game.hexes.items():
        key = h.code
        if h.tile is not None and resolve_catalog(h.tile) == (h.color, h.code):
            key = h.tile
        groups.setdefault(h.color, {}).setdefault(key, []).append(coord)
    out.append("hexes:" if groups else "hexes: {}")
    for color, codes in groups.items():
        out.append(f"  {_word(color)}:")
        out.extend(
            f"    {_quoted(code)}: [{', '.join(_word(c) for c in coords)}]"
            for code, coords in codes.items()
        )
    return out


def _dump_upgrades(game: Game) -> list[str]:
    if not game.upgrades:
        return []
    out = ["upgrades:"]
    for up in game.upgrades:
        rotations = ""
        if up.rotations is not None:
            rotations = f", rotations: [{', '.join(map(str, up.rotations))}]"
        out.append(f"  - {{base: {_quoted(up.base)}, to: {_quoted(up.to)}{rotations}}}")
    return out


def dump_game(game: Game) -> str:
    """Our YAML for `game`: deterministic (same game, same bytes; mappings in the game's own
    order), and `load_game` reads it back to an equal game (apart from `source`)."""
    out = _dump_head(game)
    out.append("tiles:" if game.tiles else "tiles: {}")
    out.extend(_dump_tile(name, tile) for name, tile in game.tiles.items())
    out += _dump_map(game)
    out += _dump_upgrades(game)
    return "\n".join(out) + "\n"


def write_game(game: Game, path: str | Path) -> Path:
    """Write `dump_game(game)` to `path` (UTF-8, `\\n` line ends) and return the path."""
    path = Path(path)
    path.write_text(dump_game(game), encoding="utf-8", newline="\n")
    return path


__all__ = [
    "COORD",
    "check_game_file",
    "coord_position",
    "default_axes",
    "dump_game",
    "game_files",
    "load_game",
    "read_game",
    "resolve_catalog",
    "write_game",
]
