"""Parsing tile strings into the typed model, with the engine's defaults and strict checks.

Rules (facts §1.2–1.12): what the engine cannot build, or would build differently from what the
author obviously meant, raises `TileSyntaxError` (unknown part type, missing required key, `_N`
past the nodes defined so far, a non-number where a number is needed, a second `=` in a part,
a malformed lane, an unknown track gauge or terrain). What the engine tolerates but is likely a
mistake (keys it ignores, edges >= 6, `hide:0`, trailing separators, whitespace, a single-phase
revenue without `|`) parses and is reported by `tile_lang.check`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypedDict

from tile_lang.diagnostic import Diagnostic, TileCode, did_you_mean
from tile_lang.errors import TileSyntaxError
from tile_lang.icon_names import safe_icon_path
from tile_lang.keys import NODE_TYPE_NAMES, PART_KEYS, PART_TYPES, ROUTES
from tile_lang.limits import (
    MAX_GROUPS,
    MAX_NODES,
    MAX_PATHS,
    MAX_PHASES,
    MAX_TERRAINS,
    MAX_VALUE_LENGTH,
    NUMBERS,
)
from tile_lang.model import (
    BORDER_TYPES,
    CORNER_LOCS,
    TERRAINS,
    TOWN_STYLES,
    TRACK_GAUGES,
    Border,
    City,
    EdgeRef,
    Endpoint,
    Frame,
    FutureLabel,
    Halt,
    Icon,
    Junction,
    Label,
    Lane,
    Loc,
    NodeRef,
    Offboard,
    Part,
    Partition,
    Pass,
    Path,
    Revenue,
    Span,
    Stripes,
    Stub,
    Tile,
    Town,
    Upgrade,
)
from tile_lang.syntax import Param, RawPart, Token, lex

_INT = re.compile(r"[+-]?\d{1,9}", re.ASCII)
_DIGITS = re.compile(r"[+-]?\d+", re.ASCII)  # a whole number of any length (to say "too large")
_NUMBER = re.compile(r"[+-]?(\d{1,9}(\.\d{0,9})?|\.\d{1,9})", re.ASCII)
_LANE = re.compile(r"(\d+)(?:\.(\d))?", re.ASCII)  # width bounded by limits
_NODE = re.compile(r"_(\d{1,4})", re.ASCII)
_VERTEX = re.compile(r"[0-5][+-]?", re.ASCII)
_FLAG_OFF_WORDS = ("0", "false", "no", "off", "nil")


class _Shared(TypedDict):
    """The keys every revenue centre reads (`RevenueCenter`'s fields), already converted. A
    TypedDict so that `City(**shared, slots=…)` is checked by mypy key by key and type by type
    against the dataclass (a misspelt or mistyped key is an error, unlike an untyped dict).
    """

    revenue: Revenue
    groups: tuple[str, ...]
    hide: bool
    visit_cost: int
    route: str
    format: str | None


class _PartReader:
    """Reads one raw part's params with positions, so every failure points at its value."""

    def __init__(self, code: str, raw: RawPart, warnings: list[Diagnostic] | None) -> None:
        self.code = code
        self.raw = raw
        self.type = raw.type.text
        self.warnings = warnings
        if raw.end - raw.start > MAX_VALUE_LENGTH:
            self._check_lengths()
        if warnings is None:
            # Fast path: nobody listens for warnings about duplicate or ignored keys.
            self.params: dict[str, Token] = {key.text: value for key, value in raw.params}
            return
        self.params = {}
        known = PART_KEYS[self.type]
        for param in raw.params:
            self._add(param, known)

    def _check_lengths(self) -> None:
        """Refuse a value longer than the limit (labels, icon names, groups...): long text
        multiplies layout work and output size, and no real tile comes close."""
        tokens = [value for _key, value in self.raw.params]
        if self.raw.bare is not None:
            tokens.append(self.raw.bare)
        for tok in tokens:
            if len(tok.text) > MAX_VALUE_LENGTH:
                raise self.error(
                    "too-long",
                    Token(tok.text[:40], tok.start),
                    f"value too long: {len(tok.text):,} characters "
                    f"(the limit is {MAX_VALUE_LENGTH:,})",
                    hint="real tiles use at most a few dozen characters per value",
                )

    def _add(self, param: Param, known: tuple[str, ...]) -> None:
        key = param.key.text
        if key in self.params:
            self.warn(
                "duplicate-key",
                param.key,
                f"`{key}` given twice in one `{self.type}`; the engine keeps the last one",
            )
        if key not in known:
            hint = did_you_mean(key, known) if known else None
            reads = ", ".join(f"`{k}`" for k in known) or "no keys"
            self.warn(
                "ignored-key",
                param.key,
                f"the engine ignores `{key}` on `{self.type}` (it reads {reads})",
                hint=hint,
                width=len(key),
            )
        self.params[key] = param.value

    # -- reporting ------------------------------------------------------------------------

    def error(
        self, kind: TileCode, tok: Token | None, message: str, hint: str | None = None
    ) -> TileSyntaxError:
        column = tok.start if tok is not None else self.raw.type.start
        width = len(tok.text) if tok is not None else len(self.type)
        return TileSyntaxError(
            message,
            code=self.code,
            column=column,
            part_index=self.raw.part_index,
            hint=hint,
            width=max(width, 1),
            diagnostic_code=kind,
        )

    def warn(
        self, kind: TileCode, tok: Token, message: str, hint: str | None = None, width: int = 0
    ) -> None:
        if self.warnings is not None:
            self.warnings.append(
                Diagnostic(
                    severity="warning",
                    message=message,
                    code=kind,
                    column=tok.start,
                    part_index=self.raw.part_index,
                    hint=hint,
                    width=max(width or len(tok.text), 1),
                )
            )

    # -- typed getters --------------------------------------------------------------------

    def required(self, key: str, example: str) -> Token:
        tok = self.params.get(key)
        if tok is None:
            raise self.error(
                "missing-required",
                None,
                f"`{self.type}` needs `{key}`",
                hint=f"for example `{self.type}={example}`",
            )
        return tok

    def integer(self, key: str, default: int, *, bound: str) -> int:
        tok = self.params.get(key)
        if tok is None:
            return default
        return self.int_of(tok, key, bound=bound)

    def int_of(self, tok: Token, key: str, *, bound: str) -> int:
        """A whole number within `limits.NUMBERS[bound]`, else an error at the number."""
        if not _INT.fullmatch(tok.text):
            if _DIGITS.fullmatch(tok.text):  # a whole number, just far too large
                raise self.out_of_range(tok, key, bound, tok.text)
            raise self.error(
                "bad-number", tok, f"`{key}` expects a whole number, found `{tok.text}`"
            )
        value = int(tok.text)
        if value not in NUMBERS[bound]:
            raise self.out_of_range(tok, key, bound, str(value))
        return value

    def out_of_range(self, tok: Token, key: str, bound: str, found: str) -> TileSyntaxError:
        """The error for a number outside its bound (`found` as written, any length)."""
        limit = NUMBERS[bound]
        low, high = limit.describe().split(" to ")
        below = found.startswith("-") or float(found) < limit.low
        return self.error(
            "out-of-range",
            tok,
            f"`{key}` must be {'at least ' + low if below else 'at most ' + high}, found {found}",
            hint=f"allowed {limit.describe()}; real tiles use {limit.corpus} (see Limits)",
        )

    def number(self, key: str, *, bound: str) -> float | None:
        tok = self.params.get(key)
        if tok is None:
            return None
        if not _NUMBER.fullmatch(tok.text):
            raise self.error("bad-number", tok, f"`{key}` expects a number, found `{tok.text}`")
        value = float(tok.text)
        if value not in NUMBERS[bound]:
            raise self.out_of_range(tok, key, bound, tok.text)
        return value

    def flag(self, key: str) -> bool:
        tok = self.params.get(key)
        if tok is None:
            return False
        if tok.text.lower() in _FLAG_OFF_WORDS:
            self.warn(
                "flag-value",
                tok,
                f"`{key}:{tok.text}` still turns `{key}` on (any value does)",
                hint=f"remove `{key}` to turn it off",
            )
        return True

    def text(self, key: str) -> str | None:
        tok = self.params.get(key)
        return tok.text if tok is not None else None

    def symbol(self, key: str, default: str | None, known: tuple[str, ...]) -> str | None:
        tok = self.params.get(key)
        if tok is None:
            return default
        if tok.text not in known:
            options = ", ".join(f"`{k}`" for k in known)
            self.warn(
                "unknown-value",
                tok,
                f"unknown `{key}` value `{tok.text}` (known: {options})",
                hint=did_you_mean(tok.text, known),
            )
        return tok.text

    def pipe_list(self, key: str, *, limit: int) -> tuple[str, ...]:
        tok = self.params.get(key)
        if tok is None:
            return ()
        items = tok.text.split("|")
        while items and not items[-1]:
            items.pop()
        if any(not item for item in items):
            raise self.error("empty-item", tok, f"empty item in the `|`-separated `{key}` list")
        if len(items) > limit:
            raise self.error(
                "over-limit", tok, f"too many `{key}`: {len(items)} (the limit is {limit})"
            )
        return tuple(items)

    def loc(self, key: str = "loc") -> Loc | None:
        tok = self.params.get(key)
        if tok is None:
            return None
        if tok.text == "center":
            return "center"
        if not _NUMBER.fullmatch(tok.text):
            raise self.error(
                "bad-loc",
                tok,
                f"`loc` expects `center` or an edge position (0-5, halves for corners), "
                f"found `{tok.text}`",
                hint=did_you_mean(tok.text, ["center"]),
            )
        value = float(tok.text)
        if value not in NUMBERS["loc"]:
            raise self.out_of_range(tok, key, "loc", tok.text)
        if not 0 <= value < 6 or (value * 2) % 1:
            self.warn(
                "loc-range", tok, f"`loc:{tok.text}` is not an edge (0-5) or a corner (0.5-5.5)"
            )
        return value

    def revenue(self, *, required: bool) -> Revenue:
        tok = self.params.get("revenue")
        if tok is None:
            if required:
                self.required("revenue", "revenue:20")
            return Revenue()
        text = tok.text
        if "|" in text:
            items = text.split("|")
            while items and not items[-1]:
                items.pop()
            phases = []
            pos = tok.start
            for item in items:
                item_tok = Token(item, pos)
                pos += len(item) + 1
                phase, sep, value = item.rpartition("_")
                if not sep or not phase:
                    raise self.error(
                        "bad-revenue",
                        item_tok,
                        f"phase revenue items are `phase_value`, found `{item}`",
                        hint="for example `yellow_20|green_30`",
                    )
                if not _INT.fullmatch(value):
                    if _DIGITS.fullmatch(value):
                        raise self.out_of_range(item_tok, "revenue", "revenue", value)
                    raise self.error(
                        "bad-revenue",
                        item_tok,
                        f"revenue for phase `{phase}` must be a whole number",
                    )
                if int(value) not in NUMBERS["revenue"]:
                    raise self.out_of_range(item_tok, "revenue", "revenue", value)
                phases.append((phase, int(value)))
                if len(phases) > MAX_PHASES:
                    raise self.error(
                        "over-limit",
                        item_tok,
                        f"too many phases in one revenue (the limit is {MAX_PHASES})",
                    )
            if not phases:
                raise self.error("bad-revenue", tok, "empty phase revenue")
            return Revenue(phases=tuple(phases))
        if _DIGITS.fullmatch(text):
            return Revenue(flat=self.int_of(tok, "revenue", bound="revenue"))
        phase, sep, value = text.rpartition("_")
        if sep and phase and _INT.fullmatch(value):
            self.warn(
                "single-phase-revenue",
                tok,
                f"single phase revenue `{text}` without `|` is read by the engine as 0",
                hint=f"write `{text}|` for one phase box, or a plain `{value}`",
            )
            return Revenue(flat=0)
        raise self.error(
            "bad-revenue",
            tok,
            f"revenue must be a whole number or `phase_value|...`, found `{text}`",
            hint="for example `revenue:20` or `revenue:yellow_20|green_30`",
        )

    def lane(self, key: str) -> Lane | None:
        tok = self.params.get(key)
        if tok is None:
            return None
        match = _LANE.fullmatch(tok.text)
        if not match:
            raise self.error(
                "bad-lane",
                tok,
                f"`{key}` expects `width.index` (e.g. `2.1`), found `{tok.text}`",
            )
        width, index = int(match.group(1)), int(match.group(2) or 0)
        if width not in NUMBERS["path.lane_width"]:
            raise self.out_of_range(tok, key, "path.lane_width", match.group(1))
        if index >= width:
            raise self.error(
                "bad-lane",
                tok,
                f"`{key}:{tok.text}`: the lane index ({index}) must be below the width ({width})",
            )
        return (width, index)

    def common(self, *, route: str, required: bool = True) -> _Shared:
        """Keys shared by all revenue centres."""
        revenue = self.revenue(required=required)
        fmt = self.text("format")
        if fmt is not None and not revenue.is_phased:
            self.warn(
                "ignored-format",
                self.params["format"],
                "`format` with a single revenue is not supported by the 18xx.games renderer",
            )
        return _Shared(
            revenue=revenue,
            groups=self.pipe_list("groups", limit=MAX_GROUPS),
            hide=self.flag("hide"),
            visit_cost=self.integer("visit_cost", 1, bound="visit_cost"),
            route=self.symbol("route", route, ROUTES) or route,
            format=fmt,
        )


def _endpoint(reader: _PartReader, key: str, node_count: int) -> Endpoint:
    tok = reader.required(key, "a:0,b:_0")
    text = tok.text
    if text.startswith("_"):
        match = _NODE.fullmatch(text)
        if not match:
            raise reader.error("bad-node", tok, f"node reference `{text}` must be `_` and a number")
        index = int(match.group(1))
        if index >= node_count:
            defined = (
                f"only {node_count} node(s) (`_0`…`_{node_count - 1}`) are defined before it"
                if node_count
                else "no city, town, offboard, halt, pass or junction is defined before it"
            )
            raise reader.error(
                "bad-node",
                tok,
                f"`{key}:{text}` points past the nodes: {defined}",
                hint="nodes are counted in the order they are written; define the node first",
            )
        return NodeRef(index=index)
    if not _DIGITS.fullmatch(text):
        raise reader.error(
            "bad-edge",
            tok,
            f"`{key}` expects an edge number 0-5 or a node `_N`, found `{text}`",
        )
    edge = reader.int_of(tok, key, bound="path.edge")
    if not 0 <= edge < 6:
        reader.warn(
            "edge-range",
            tok,
            f"edge {edge} is outside 0-5; the engine wraps it to edge {edge % 6}",
            hint=f"write `{key}:{edge % 6}`",
        )
    return EdgeRef(edge=edge)


def _city(r: _PartReader, nodes: int) -> Part:
    return City(
        **r.common(route="mandatory"),
        slots=r.integer("slots", 1, bound="city.slots"),
        boom=r.flag("boom"),
        outline=r.flag("outline"),
        loc=r.loc(),
    )


def _pass(r: _PartReader, nodes: int) -> Part:
    return Pass(
        **r.common(route="never"),
        slots=r.integer("slots", 1, bound="pass.slots"),
        boom=r.flag("boom"),
        outline=r.flag("outline"),
        loc=r.loc(),
        color=r.text("color") or "gray",
        size=r.integer("size", 1, bound="pass.size"),
    )


def _town(r: _PartReader, nodes: int) -> Part:
    return Town(
        **r.common(route="mandatory"),
        loc=r.loc(),
        boom=r.flag("boom"),
        style=r.symbol("style", None, TOWN_STYLES),
        to_city=r.flag("to_city"),
    )


def _halt(r: _PartReader, nodes: int) -> Part:
    return Halt(
        **r.common(route="optional", required=False),
        symbol=r.text("symbol"),
        loc=r.loc(),
    )


def _offboard(r: _PartReader, nodes: int) -> Part:
    return Offboard(
        **r.common(route="mandatory"),
        rows=r.integer("rows", 1, bound="offboard.rows"),
    )


def _junction(r: _PartReader, nodes: int) -> Part:
    return Junction()


def _path(r: _PartReader, nodes: int) -> Part:
    a = _endpoint(r, "a", nodes)
    b = _endpoint(r, "b", nodes)
    track = r.text("track") or "broad"
    if track not in TRACK_GAUGES:
        raise r.error(
            "unknown-track",
            r.params["track"],
            f"unknown track `{track}` (the renderer draws "
            + ", ".join(f"`{t}`" for t in TRACK_GAUGES)
            + ")",
            hint=did_you_mean(track, TRACK_GAUGES),
        )
    terminal = r.text("terminal")
    if terminal is not None and terminal not in ("1", "2"):
        r.warn(
            "unknown-terminal",
            r.params["terminal"],
            f"`terminal:{terminal}`: the engine knows 1 (long taper) and 2 (short taper)",
        )
    lanes_tok = r.params.get("lanes")
    lanes = r.int_of(lanes_tok, "lanes", bound="path.lanes") if lanes_tok is not None else None
    a_lane, b_lane = r.lane("a_lane"), r.lane("b_lane")
    if lanes_tok is not None and (a_lane or b_lane):
        r.warn(
            "ignored-lanes",
            lanes_tok,
            "`lanes` overrides `a_lane`/`b_lane`; the engine ignores them",
        )
        a_lane = b_lane = None
    return Path(
        a=a,
        b=b,
        terminal=terminal,
        ignore=r.flag("ignore"),
        track=track,
        lanes=lanes,
        a_lane=a_lane,
        b_lane=b_lane,
    )


def _label(r: _PartReader, nodes: int) -> Part:
    raw = r.raw
    if raw.params:
        text = r.code[raw.params[0].key.start : raw.params[-1].value.end]
        r.warn(
            "label-text",
            raw.params[0].key,
            "label text containing `:` is read by the engine as key/value pairs",
            width=len(text),
        )
        return Label(text=text)
    if raw.bare is None or not raw.bare.text:
        r.warn("label-text", raw.type, "label without text")
        return Label(text="")
    return Label(text=raw.bare.text)


def _corner_locs(r: _PartReader) -> tuple[float, ...]:
    tok = r.params.get("loc")
    if tok is None:
        return ()
    locs = []
    for item in tok.text.split("|"):
        if _NUMBER.fullmatch(item) and float(item) in CORNER_LOCS:
            locs.append(float(item))
        else:
            r.warn(
                "loc-range", tok, f"`loc:{item}` is not a corner (0.5 … 5.5); the engine ignores it"
            )
    return tuple(locs)


def _upgrade(r: _PartReader, nodes: int) -> Part:
    if "cost" not in r.params:
        r.warn(
            "missing-cost",
            r.raw.type,
            "`upgrade` without `cost` costs 0",
            hint="add `cost:<amount>`",
        )
    terrains = r.pipe_list("terrain", limit=MAX_TERRAINS)
    for terrain in terrains:
        if terrain not in TERRAINS:
            raise r.error(
                "unknown-terrain",
                r.params["terrain"],
                f"unknown terrain `{terrain}` (known: {', '.join(TERRAINS)})",
                hint=did_you_mean(terrain, TERRAINS),
            )
    size_tok = r.params.get("size")
    return Upgrade(
        cost=r.integer("cost", 0, bound="upgrade.cost"),
        terrains=terrains,
        size=r.int_of(size_tok, "size", bound="upgrade.size") if size_tok is not None else None,
        loc=_corner_locs(r),
    )


def _border(r: _PartReader, nodes: int) -> Part:
    if "edge" not in r.params:
        r.warn(
            "missing-edge",
            r.raw.type,
            "`border` without `edge` is drawn on edge 0",
            hint="add `edge:<0-5>`",
        )
    edge = r.integer("edge", 0, bound="border.edge")
    if not 0 <= edge < 6:
        r.warn("edge-range", r.params["edge"], f"border edge {edge} is outside 0-5")
    cost_tok = r.params.get("cost")
    return Border(
        edge=edge,
        type=r.symbol("type", None, BORDER_TYPES),
        cost=r.int_of(cost_tok, "cost", bound="border.cost") if cost_tok is not None else None,
        color=r.text("color"),
    )


def _icon(r: _PartReader, nodes: int) -> Part:
    image_tok = r.required("image", "image:port")
    image = image_tok.text
    try:
        safe_icon_path(image)
    except ValueError as exc:
        raise r.error(
            "bad-icon",
            image_tok,
            str(exc),
            hint="icon names are paths inside the icon folders, like `port`",
        ) from None
    loc = r.text("loc")
    if loc is not None and not (_NUMBER.fullmatch(loc) and float(loc) in CORNER_LOCS):
        r.warn(
            "loc-range",
            r.params["loc"],
            f"icon `loc:{loc}` is not a corner (0.5 … 5.5); the icon is placed automatically",
        )
    return Icon(
        image=image,
        name=r.text("name"),
        sticky=r.flag("sticky"),
        blocks_lay=r.flag("blocks_lay"),
        large=r.flag("large"),
        loc=loc,
    )


def _stub(r: _PartReader, nodes: int) -> Part:
    tok = r.required("edge", "edge:0")
    edge = r.int_of(tok, "edge", bound="stub.edge")
    if not 0 <= edge < 6:
        r.warn("edge-range", tok, f"stub edge {edge} is outside 0-5")
    return Stub(edge=edge)


def _vertex(r: _PartReader, key: str) -> str:
    tok = r.required(key, "a:0,b:3")
    if not _VERTEX.fullmatch(tok.text):
        raise r.error(
            "bad-corner", tok, f"`{key}` expects a corner 0-5 optionally followed by + or -"
        )
    return tok.text


def _partition(r: _PartReader, nodes: int) -> Part:
    restrict = r.text("restrict")
    if restrict is not None and restrict not in ("inner", "outer"):
        r.warn("unknown-value", r.params["restrict"], "`restrict` is `inner` or `outer`")
    return Partition(
        a=_vertex(r, "a"),
        b=_vertex(r, "b"),
        type=r.text("type"),
        restrict=restrict,
        length=r.number("length", bound="partition.length"),
    )


def _frame(r: _PartReader, nodes: int) -> Part:
    return Frame(color=r.required("color", "color:#ffa500").text, color2=r.text("color2"))


def _stripes(r: _PartReader, nodes: int) -> Part:
    return Stripes(color=r.required("color", "color:brown").text)


def _future_label(r: _PartReader, nodes: int) -> Part:
    return FutureLabel(label=r.text("label"), color=r.text("color"))


_BUILDERS: dict[str, Callable[[_PartReader, int], Part]] = {
    "city": _city,
    "pass": _pass,
    "town": _town,
    "halt": _halt,
    "offboard": _offboard,
    "junction": _junction,
    "path": _path,
    "label": _label,
    "upgrade": _upgrade,
    "border": _border,
    "icon": _icon,
    "stub": _stub,
    "partition": _partition,
    "frame": _frame,
    "stripes": _stripes,
    "future_label": _future_label,
}


def parse_with_warnings(code: str, warnings: list[Diagnostic] | None) -> Tile:
    """Parse `code`, appending every tolerated-but-suspicious finding to `warnings`."""
    if not isinstance(code, str):
        raise TypeError(f"a tile code is a str, not {type(code).__name__}")
    tree = lex(code)
    if warnings is not None:
        warnings.extend(tree.warnings)
    parts: list[Part] = []
    spans: list[Span] = []
    nodes = paths = 0
    for raw in tree.parts:
        kind = raw.type.text
        builder = _BUILDERS.get(kind)
        if builder is None:
            hint = did_you_mean(kind, PART_TYPES)
            raise TileSyntaxError(
                f"unknown part type `{kind}`" if kind else "missing part type before `=`",
                code=code,
                column=raw.type.start,
                part_index=raw.part_index,
                hint=hint or "part types: " + ", ".join(PART_TYPES),
                width=max(len(kind), 1),
                diagnostic_code="unknown-part",
            )
        reader = _PartReader(code, raw, warnings)
        if raw.bare is not None and raw.bare.text and kind not in ("label",):
            if kind == "junction":
                reader.warn("ignored-value", raw.bare, "the engine ignores a value on `junction`")
            else:
                raise reader.error(
                    "bare-value",
                    raw.bare,
                    f"`{kind}` expects `key:value` items, found `{raw.bare.text}`",
                    hint=_bare_hint(kind, raw.bare.text),
                )
        part = builder(reader, nodes)
        parts.append(part)
        spans.append(Span(start=raw.start, end=raw.end))
        if kind in NODE_TYPE_NAMES:
            nodes += 1
            if nodes > MAX_NODES:
                raise reader.error(
                    "over-limit",
                    None,
                    f"too many cities, towns and other nodes (the limit is {MAX_NODES})",
                )
        elif isinstance(part, Path):
            paths += part.lanes or 1
            if paths > MAX_PATHS:
                raise reader.error(
                    "over-limit",
                    None,
                    f"too many paths: {paths} after lane expansion (the limit is {MAX_PATHS})",
                    hint="`lanes:n` counts as n paths",
                )
    return Tile(parts=tuple(parts), spans=tuple(spans))


def _bare_hint(kind: str, text: str) -> str:
    first = PART_KEYS[kind][0] if PART_KEYS[kind] else "key"
    return f"write `{kind}={first}:{text}`"


def parse(code: str) -> Tile:
    """Parse a tile string (raises `TileSyntaxError`, a ValueError, with a caret message)."""
    return parse_with_warnings(code, None)
