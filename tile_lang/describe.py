"""A tile in plain words, for readers who cannot see the drawing.

`describe(tile)` says what the drawing shows, from the model (never from the code string): the
colour, each stop with its slots and revenue, where every piece of track goes, and every other
mark (labels, costs, borders, icons, ...). Screen readers announce it as the tile image's name,
so a reader who does not know the tile language learns what the tile shows.

Edges are named by number and by where they are in the chosen layout ("the bottom edge (0)"),
after the rotation, because both the reader and a sighted helper should be able to point at the
same edge. Sentences are short and in a fixed order (stops, track, then marks) so descriptions of
similar tiles read alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tile_lang.color_names import color_title
from tile_lang.model import (
    Border,
    City,
    EdgeRef,
    Endpoint,
    Frame,
    FutureLabel,
    Halt,
    Icon,
    Junction,
    Loc,
    Node,
    NodeRef,
    Offboard,
    Partition,
    Pass,
    Path,
    Revenue,
    Tile,
    Town,
    Upgrade,
)
from tile_lang.options import Layout
from tile_lang.parse import parse
from tile_lang.rotation import rotate

#: Where an edge or corner lies, by its direction from the centre in screen degrees (0 = right,
#: 90 = down). Flat edges sit at 90 + 60·e, pointy ones 30° further clockwise.
_DIRECTIONS = {
    0: "right",
    30: "lower right",
    60: "lower right",
    90: "bottom",
    120: "lower left",
    150: "lower left",
    180: "left",
    210: "upper left",
    240: "upper left",
    270: "top",
    300: "upper right",
    330: "upper right",
}
_KIND_NAMES: dict[type, str] = {
    City: "city",
    Pass: "mountain pass",
    Town: "town",
    Halt: "halt",
    Offboard: "off-board area",
    Junction: "junction",
}
_GAUGES = {
    "broad": "",
    "narrow": "narrow-gauge ",
    "dual": "dual-gauge ",
    "thin": "thin ",
    "future": "future (not yet built) ",
}


def describe(
    tile: Tile | str,
    *,
    color: str | None = None,
    layout: Layout = "flat",
    rotation: int = 0,
    name: str | None = None,
    number: str | None = None,
) -> str:
    """Plain-language description of `tile` (a Tile or a tile string) as drawn with these
    options: e.g. "Yellow tile. City with 1 slot, revenue 20. Track from the bottom edge (0)
    to the city; from the top edge (3) to the city. Label T.". `name` is the location name
    printed on the tile, `number` the tile's catalog or game number ("Yellow tile 57.")."""
    model = rotate(parse(tile) if isinstance(tile, str) else tile, rotation)
    words = _Words(model, layout)
    sentences = [_colour_sentence(color, number)]
    if name:
        sentences.append(f"Named {name}.")
    sentences += words.stops()
    sentences += words.track()
    sentences += words.marks()
    if len(sentences) == 1 + bool(name):
        sentences.append("Blank: no track, stops or marks.")
    return " ".join(sentences)


def edge_name(edge: int, layout: Layout = "flat") -> str:
    """`the bottom edge (0)`: where edge `edge` (taken modulo 6) is, and its number."""
    edge %= 6
    return f"the {_direction(edge, layout)} edge ({edge})"


def _direction(position: float, layout: Layout) -> str:
    angle = round(90 + 60 * position + (30 if layout == "pointy" else 0)) % 360
    return _DIRECTIONS[angle - angle % 30]


def _corner_name(position: float, layout: Layout) -> str:
    low = int(position) % 6
    return f"the {_direction(position, layout)} corner (between edges {low} and {(low + 1) % 6})"


def _colour_sentence(color: str | None, number: str | None) -> str:
    tile = f"tile {number}" if number else "tile"
    if not color:
        return f"T{tile[1:]}."
    if color.startswith("#"):
        return f"T{tile[1:]} coloured {color}."
    return f"{color_title(color)} {tile}."


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _revenue(revenue: Revenue) -> str:
    if revenue.phases:
        return "revenue " + ", ".join(f"{phase} {value}" for phase, value in revenue.phases)
    return f"revenue {revenue.flat}"


def _join(items: Sequence[str]) -> str:
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + f" and {items[-1]}"


class _Words:
    """The sentences of one (rotated) tile; knows how to name its stops in references."""

    def __init__(self, tile: Tile, layout: Layout) -> None:
        self.tile = tile
        self.layout = layout
        self.nodes: tuple[Node, ...] = tile.nodes
        kinds = [_KIND_NAMES[type(n)] for n in self.nodes]
        seen: dict[str, int] = {}
        self.node_names: list[str] = []
        for kind in kinds:
            seen[kind] = seen.get(kind, 0) + 1
            many = kinds.count(kind) > 1
            self.node_names.append(f"{kind} {seen[kind]}" if many else kind)

    # -- stops ---------------------------------------------------------------------------

    def stops(self) -> list[str]:
        return [self._stop(i, node) for i, node in enumerate(self.nodes)]

    def _stop(self, index: int, node: Node) -> str:
        text = self.node_names[index]
        text = text[0].upper() + text[1:]
        details: list[str] = []
        if isinstance(node, City):
            details.append(f"with {_count(node.slots, 'slot')}")
            if isinstance(node, Pass):
                details.append(f"drawn as a {node.color} box")
        if isinstance(node, Halt) and node.symbol:
            details.append(f"marked {node.symbol}")
        if isinstance(node, City | Town | Halt | Offboard):
            if node.hide:
                details.append(f"{_revenue(node.revenue)} (not shown)")
            elif isinstance(node, Halt) or node.revenue.values() == (0,):
                details.append("no revenue shown")
            else:
                details.append(_revenue(node.revenue))
            if node.groups:
                details.append(f"group {_join(list(node.groups))}")
            if getattr(node, "boom", False):
                details.append("boom city" if isinstance(node, City) else "boom town")
            if node.route == "never" and not isinstance(node, Pass):
                details.append("never on a route")
            elif node.route == "optional" and not isinstance(node, Halt):
                details.append("optional on routes")
        if isinstance(node, Junction):
            details.append("in the centre, where tracks meet")
        where = self._where(getattr(node, "loc", None))
        if where:
            details.append(where)
        if not details:
            return f"{text}."
        joint = " " if details[0].startswith("with ") else ", "
        return f"{text}{joint}{', '.join(details)}."

    def _where(self, loc: Loc | None) -> str:
        if loc is None:
            return ""
        if loc == "center":
            return "in the centre"
        if float(loc).is_integer():
            return f"near {edge_name(int(loc), self.layout)}"
        return f"near {_corner_name(float(loc), self.layout)}"

    # -- track ---------------------------------------------------------------------------

    def _end(self, end: Endpoint, lane: tuple[int, int] | None) -> str:
        if isinstance(end, EdgeRef):
            text = edge_name(end.edge, self.layout)
        elif isinstance(end, NodeRef) and 0 <= end.index < len(self.nodes):
            named = self.node_names[end.index]
            text = named if named[-1].isdigit() else f"the {named}"
        else:
            text = "a missing stop"
        if lane is not None and lane[0] > 1:
            text += f" (lane {lane[1] + 1} of {lane[0]})"
        return text

    def track(self) -> list[str]:
        """One sentence per kind of track: "Track from A to B; from C to D."."""
        groups: dict[str, list[str]] = {}
        for path in self.tile.written_paths:
            groups.setdefault(path.track, []).append(self._path(path))
        sentences = []
        for gauge, clauses in groups.items():
            kind = _GAUGES.get(gauge, f"{gauge} ")
            sentences.append(f"{(kind + 'track').capitalize()} {'; '.join(clauses)}.")
        stubs = [edge_name(s.edge, self.layout) for s in self.tile.stubs]
        if stubs:
            sentences.append(f"Track stubs at {_join(stubs)}." if len(stubs) > 1 else
                             f"A track stub at {stubs[0]}.")  # fmt: skip
        return sentences

    def _path(self, path: Path) -> str:
        ends = [(path.a, path.a_lane), (path.b, path.b_lane)]
        if isinstance(path.a, NodeRef) and isinstance(path.b, EdgeRef):
            ends.reverse()  # always "from an edge to a stop": similar tiles read alike
        text = f"from {self._end(*ends[0])} to {self._end(*ends[1])}"
        extra: list[str] = []
        if path.lanes and path.lanes > 1:
            extra.append(f"{path.lanes} parallel lanes")
        if path.terminal:
            extra.append("a terminal: routes end there")
        if path.ignore:
            extra.append("ignored by routes")
        return f"{text} ({', '.join(extra)})" if extra else text

    # -- marks ---------------------------------------------------------------------------

    def marks(self) -> list[str]:
        out: list[str] = []
        tile = self.tile
        labels = [label.text for label in tile.labels]
        if labels:
            out.append(f"Label {_join(labels)}." if len(labels) == 1 else
                       f"Labels {_join(labels)}.")  # fmt: skip
        out += [self._upgrade(u) for u in tile.upgrades]
        out += [self._border(b) for b in tile.borders]
        out += [self._icon(i) for i in tile.icons]
        out += [self._future(f) for f in tile.future_labels]
        out += [self._partition(p) for p in tile.partitions]
        out += [_frame(f) for f in tile.frames]
        out += [f"Striped with {s.color}." for s in tile.stripes]
        return out

    def _upgrade(self, upgrade: Upgrade) -> str:
        terrain = f" ({_join([t.replace('_', ' ') for t in upgrade.terrains])})"
        return f"Upgrade cost {upgrade.cost}{terrain if upgrade.terrains else ''}."

    def _border(self, border: Border) -> str:
        kind = (border.type or "plain").replace("_", " ")
        text = f"{kind.capitalize()} border at {edge_name(border.edge, self.layout)}"
        if border.cost is not None:
            text += f", crossing cost {border.cost}"
        if border.color:
            text += f", coloured {border.color}"
        return text + "."

    def _icon(self, icon: Icon) -> str:
        text = f"Icon: {icon.display_name}"
        if icon.blocks_lay:
            text += " (a blocker: no tile may be laid here while it stays)"
        return text + "."

    def _future(self, future: FutureLabel) -> str:
        text = f"Will be labelled {future.label}" if future.label else "Will get a label"
        return text + (f" at {future.color}." if future.color else ".")

    def _partition(self, partition: Partition) -> str:
        ends = f"from corner {partition.a} to corner {partition.b}"
        kind = f" ({partition.type.replace('_', ' ')})" if partition.type else ""
        restrict = f", restricting {partition.restrict}" if partition.restrict else ""
        return f"A partition line{kind} {ends}{restrict}."


def _frame(frame: Frame) -> str:
    colours: Iterable[str] = (frame.color, frame.color2) if frame.color2 else (frame.color,)
    return f"Framed in {_join(list(colours))}."
