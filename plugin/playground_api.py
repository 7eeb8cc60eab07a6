"""The playground's one entry point into tile_lang, run inside the reader's browser by Pyodide.

Why a module of its own: the page's Web Worker calls exactly one function, `run(request_json)`,
with the form's values as a JSON string, and gets JSON back. Nothing from the page or its
address is ever evaluated: every value is a string read into a typed, bounded `Request` here,
and drawing is done by the same `tile_lang.render_svg` the galleries use (no second renderer).

It imports tile_lang only (never mkdocs): the plugin ships this file with tile_lang to the
browser. The diagnostics are formatted as `tile-atlas check` prints them.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import asdict, dataclass, field, replace

import tile_lang
from tile_lang import TileSyntaxError, catalog, check, parse, serialise
from tile_lang.errors import caret_lines
from tile_lang.layout.colors import PALETTE

#: Bounds on what the page may ask for (longer input is refused with a message, not drawn).
MAX_CODE = 4000
MAX_NAME = 80
SCALE_RANGE = (0.25, 4.0)
#: The label that stands for the file in `tile-atlas check`'s `file:line:col` prefix.
LABEL = "<tile>"
HEX_RE = re.compile(r"^[A-Za-z]{1,2}-?[0-9]{1,3}$")
TILE_NAME_RE = re.compile(r"^[A-Za-z0-9_.+-]{1,40}$")
COLOR_RE = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


@dataclass(frozen=True)
class Request:
    """The form, validated: what to draw and how."""

    code: str
    color: str
    layout: tile_lang.Layout
    rotation: int
    name: str | None
    grid: bool
    scale: float
    six: bool
    hex: str
    tile: str


@dataclass(frozen=True)
class Message:
    """One diagnostic as the page shows it: `text` is exactly `tile-atlas check`'s output."""

    severity: str
    column: int
    width: int
    message: str
    hint: str | None
    text: str


@dataclass(frozen=True)
class PartView:
    source: str
    parsed: str


@dataclass(frozen=True)
class Response:
    """Everything the page shows for one request."""

    engine: str
    svg: str | None = None
    rotations: list[str] = field(default_factory=list)
    diagnostics: list[Message] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    canonical: str | None = None
    parts: list[PartView] = field(default_factory=list)
    description: str | None = None
    ruby: str = ""
    yaml: str = ""


def engine() -> str:
    """Where this runs: `pyodide <python version>` in the browser (`sys.platform` is
    emscripten there), the platform name elsewhere. The page shows it and the tests assert it."""
    version = ".".join(map(str, sys.version_info[:3]))
    where = "pyodide" if sys.platform == "emscripten" else sys.platform
    return f"{where} {version}"


def _text(raw: dict[str, object], key: str, default: str = "") -> str:
    value = raw.get(key, default)
    return value if isinstance(value, str) else default


def read_request(raw: dict[str, object]) -> tuple[Request, list[str]]:
    """A typed request and the problems with the options (bad values fall back to defaults)."""
    problems: list[str] = []
    code = _text(raw, "code")
    color = _text(raw, "color").strip()
    if color and color not in PALETTE and not COLOR_RE.match(color):
        problems.append(f"unknown colour `{color}`: one of {', '.join(PALETTE)} or #rgb / #rrggbb")
        color = ""
    layout_text = _text(raw, "layout", "flat")
    layout: tile_lang.Layout = "flat"
    if tile_lang.is_layout(layout_text):
        layout = layout_text
    else:
        problems.append(f"layout must be flat or pointy, not `{layout_text}`")
    rotation_text = _text(raw, "rotation", "0").strip() or "0"
    rotation = int(rotation_text) if rotation_text in ("0", "1", "2", "3", "4", "5") else 0
    if str(rotation) != rotation_text:
        problems.append(f"rotation must be 0-5, not `{rotation_text}`")
    name = _text(raw, "name").strip()
    if len(name) > MAX_NAME:
        problems.append(f"the location name is longer than {MAX_NAME} characters")
        name = name[:MAX_NAME]
    scale_text = _text(raw, "scale", "2").strip() or "2"
    try:
        scale = float(scale_text)
        if not SCALE_RANGE[0] <= scale <= SCALE_RANGE[1]:
            raise ValueError
    except ValueError:
        problems.append(
            f"scale must be a number from {SCALE_RANGE[0]:g} to {SCALE_RANGE[1]:g}, "
            f"not `{scale_text}`"
        )
        scale = 2.0
    hex_id = _text(raw, "hex", "A1").strip() or "A1"
    if not HEX_RE.match(hex_id):
        problems.append(f"`{hex_id}` is not a hex coordinate like E12")
        hex_id = "A1"
    tile_name = _text(raw, "tile", "X1").strip() or "X1"
    if not TILE_NAME_RE.match(tile_name):
        problems.append(f"tile name `{tile_name}`: letters, digits and _ . + - (at most 40)")
        tile_name = "X1"
    flag = {"1", "true", "on", "yes"}
    request = Request(
        code=code,
        color=color,
        layout=layout,
        rotation=rotation,
        name=name or None,
        grid=_text(raw, "grid").strip().lower() in flag,
        scale=scale,
        six=_text(raw, "six", "1").strip().lower() in flag,
        hex=hex_id,
        tile=tile_name,
    )
    return request, problems


def resolve(code: str, color: str) -> tuple[str, str]:
    """A catalog name (`57`) becomes its code and, unless a colour was chosen, its colour."""
    text = code.strip()
    if text and "=" not in text and ";" not in text:
        entry = catalog.lookup(text)
        if entry is not None:
            return entry.code, color or entry.color
    return code, color or "white"


def ruby_entry(request: Request, code: str, color: str) -> str:
    """18xx.games Ruby: a HEXES entry under its colour, a TILES entry, and the location name."""

    def q(text: str) -> str:
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"

    lines = [
        "# HEXES",
        f"{color}: {{",
        f"  [{q(request.hex)}] => {q(code)},",
        "},",
        "# TILES",
        f"{q(request.tile)} => {{'count' => 1, 'color' => {q(color)}, 'code' => {q(code)}}},",
    ]
    if request.name:
        lines += ["# LOCATION_NAMES", f"{q(request.hex)} => {q(request.name)},"]
    return "\n".join(lines)


def yaml_entry(request: Request, code: str, color: str) -> str:
    """Our game format (docs/game-format.md): the tile, the hex and its name. Every scalar is
    a JSON string, which YAML reads back exactly."""

    def q(text: str) -> str:
        return json.dumps(text, ensure_ascii=False)

    lines = [
        "tiles:",
        f"  {q(request.tile)}: {{count: 1, color: {q(color)}, code: {q(code)}}}",
        "hexes:",
        f"  {q(color)}:",
        f"    {q(code)}: [{q(request.hex)}]",
    ]
    if request.name:
        lines += ["location_names:", f"  {q(request.hex)}: {q(request.name)}"]
    return "\n".join(lines)


def draw(request: Request, problems: list[str]) -> Response:
    """Check, parse and render one request (never raises for bad input)."""
    from tile_lang.svg import render_svg

    if len(request.code) > MAX_CODE:
        too_long = f"the tile string is {len(request.code)} characters long; at most {MAX_CODE}"
        return Response(engine=engine(), problems=[*problems, too_long])
    code, color = resolve(request.code, request.color)
    # Exactly what `tile-atlas check` prints for one line: the located diagnostic and its caret.
    messages = [
        Message(
            d.severity,
            d.column,
            d.width,
            d.message,
            d.hint,
            f"{d.located(LABEL, 1, 1)}\n{caret_lines(code, d.column, d.width)}",
        )
        for d in check(code)
    ]
    base = Response(
        engine=engine(),
        diagnostics=messages,
        problems=problems,
        ruby=ruby_entry(request, code.strip(), color),
        yaml=yaml_entry(request, code.strip(), color),
    )
    try:
        tile = parse(code)
    except TileSyntaxError:
        return base  # the error is among the diagnostics, with its caret

    def render(rotation: int, scale: float) -> str:
        return render_svg(  # its <title> is the tile in words (tile_lang.describe)
            code, color=color, layout=request.layout,
            rotation=rotation, name=request.name, grid=request.grid, scale=scale,
        )  # fmt: skip

    try:
        svg = render(request.rotation, request.scale)
        rotations = [render(r, 0.6) for r in range(6)] if request.six else []
    except ValueError as exc:  # an option the renderer refuses
        return replace(base, problems=[*problems, str(exc)])
    parts = [
        PartView(code[span.start : span.end].strip(), repr(part))
        for part, span in zip(tile.parts, tile.spans, strict=False)
    ]
    description = _description(tile, color, request)
    return replace(
        base,
        svg=svg,
        rotations=rotations,
        canonical=serialise(tile),
        parts=parts,
        description=description,
    )


def _description(tile: tile_lang.Tile, color: str, request: Request) -> str | None:
    """`tile_lang.describe`'s plain-language reading of the drawing, where this tile_lang has
    it (looked up by name so the playground works with and without it)."""
    describe = getattr(tile_lang, "describe", None)
    if not callable(describe):
        return None
    try:
        text = describe(tile, color=color, layout=request.layout, rotation=request.rotation,
                        name=request.name)  # fmt: skip
    except (TypeError, ValueError):
        return None
    return str(text)


def run(request_json: str) -> str:
    """The worker's call: JSON of string values in, JSON of a `Response` out."""
    try:
        raw = json.loads(request_json)
    except ValueError:
        raw = None
    if not isinstance(raw, dict):
        return json.dumps(asdict(Response(engine=engine(), problems=["malformed request"])))
    request, problems = read_request(raw)
    return json.dumps(asdict(draw(request, problems)), ensure_ascii=False)
