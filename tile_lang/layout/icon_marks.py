"""Icons drawn from their names: value discs, colour markers and company marks.

Most of the long tail of 18xx.games' icon names are not pictures but *marks*: a revenue bonus
(`1846/20`, `minus_10`, `bonus_50`), a coloured marker (`1840/yellow_hex`, `1847_ae/pink`) or a
company's home, destination or logo (`18_zoo/TI`, `1822/LNWR_DEST`, `18_usa/gnr`). Their
pictures are publishers' artwork we cannot ship, but what they *mean* is in the name, so they
are drawn as the physical markers a printed game uses: a value disc, a coloured hex or disc, a
company token with its initials. A name that fits none of these is left to the placeholder.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Literal

from tile_lang.layout.colors import PALETTE
from tile_lang.layout.shapes import Shape, circle, group, polygon, text

MarkKind = Literal["value", "colour", "company"]

_WORD_VALUES = {"ten": 10, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50}
_VALUE = re.compile(
    r"(?:(?P<sign>plus|minus|bonus)[_-]?)?(?P<number>-?\d{1,4}|ten|twenty|thirty|forty|fifty)"
    r"(?:_(?:black|white))?"
)
_COLOUR = re.compile(r"(?P<colour>[a-z]+)(?P<hex>_hex)?")
_LOWER_LETTER = re.compile(r"(?P<letter>[a-z])_lower_case")
#: A company abbreviation (`TI`, `gnr`, `ERh`, `L-S`, `SBC6`; see `_abbreviation` for the
#: lengths), optionally with a marker suffix (`_DEST`, `_home`, `_open`, `_edge`).
_COMPANY = re.compile(
    r"(?P<abbr>[A-Za-z0-9][A-Za-z0-9&-]{0,4})(?:_(?P<marker>dest|DEST|home|open|edge))?"
)


@dataclass(frozen=True)
class Mark:
    """What a name means when it is a mark: its kind, the text on it and its colour."""

    kind: MarkKind
    label: str = ""
    colour: str = ""
    hexagon: bool = False
    marker: str = ""


def mark_for(name: str) -> Mark | None:
    """The mark a (namespaced) icon name stands for, or None when the name is not one."""
    base = name.rsplit("/", 1)[-1]
    value = _VALUE.fullmatch(base)
    if value:
        raw = value.group("number")
        number = _WORD_VALUES.get(raw)
        amount = number if number is not None else int(raw)
        sign = value.group("sign")
        if sign == "minus" and amount > 0:
            amount = -amount
        label = f"+{amount}" if sign in ("plus", "bonus") else str(amount).replace("-", "−")
        return Mark("value", label=label)
    colour = _COLOUR.fullmatch(base)
    if colour and colour.group("colour") in PALETTE:
        return Mark(
            "colour", colour=PALETTE[colour.group("colour")], hexagon=bool(colour.group("hex"))
        )
    letter = _LOWER_LETTER.fullmatch(base)
    if letter:
        return Mark("company", label=letter.group("letter"))
    company = _COMPANY.fullmatch(base)
    if company and _abbreviation(company.group("abbr"), bool(company.group("marker"))):
        abbr = company.group("abbr")
        label = abbr if any(c.isupper() for c in abbr) or abbr.isdigit() else abbr.upper()
        return Mark("company", label=label, marker=(company.group("marker") or "").lower())
    return None


def _abbreviation(abbr: str, marked: bool) -> bool:
    """Company initials, not a word: mixed or upper case up to 5 characters, lower case up
    to 3 (`gnr`, `wsr`); any length up to 5 with a marker suffix (`SBH9_open`)."""
    if marked or any(c.isupper() or c.isdigit() for c in abbr):
        return len(abbr) <= 5
    return len(abbr) <= 3


def _hexagon(x: float, y: float, r: float) -> list[tuple[float, float]]:
    return [
        (x + r * math.cos(math.radians(60 * i)), y + r * math.sin(math.radians(60 * i)))
        for i in range(6)
    ]


def mark_shapes(mark: Mark, x: float, y: float, size: float) -> list[Shape]:
    """The mark drawn in a `size` square centred on (x, y)."""
    r = size / 2
    if mark.kind == "colour":
        if mark.hexagon:
            return [
                polygon(_hexagon(x, y, r - 1), fill=mark.colour, stroke="#333333", stroke_width=1.5)
            ]
        return [circle(x, y, r - 1, fill=mark.colour, stroke="#333333", stroke_width=1.5)]
    label = mark.label
    font = size * {1: 0.42, 2: 0.42, 3: 0.34, 4: 0.26}.get(len(label), 0.21)
    shapes = [circle(x, y, r - 1, fill="white", stroke="#000000", stroke_width=2)]
    if mark.kind == "company" and mark.marker == "dest":
        shapes.append(circle(x, y, r - 4.5, fill="none", stroke="#000000", stroke_width=1))
    shapes.append(
        text(
            x,
            y,
            label,
            fill="#000000",
            stroke="none",
            font_size=round(font, 1),
            font_weight=700,
            dominant_baseline="central",
        )
    )
    return [group(shapes)] if len(shapes) > 1 else shapes
