"""Games from the 18xx corpus JSON (the engine's own values, exported from 18xx.games).

Used to convert the demo games shipped in games/ and, in tests and benchmarks, to build every
corpus game without a checkout of 18xx.games.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gallery.game import Axes, Game, MapHex, TileEntry
from tile_lang import catalog


def game_from_corpus(path: str | Path) -> Game:
    """A Game from one `corpus/18xx/games/<id>.json` file."""
    data: dict[str, Any] = json.loads(Path(path).read_text("utf-8"))
    constants = data.get("constants") or {}
    names: dict[str, str] = {
        str(k): str(v) for k, v in (constants.get("LOCATION_NAMES") or {}).items()
    }
    tiles: dict[str, TileEntry] = {}
    for name, entry in (data.get("tiles_resolved") or {}).items():
        count = entry.get("count")
        count = None if count in (None, "unlimited") else int(count)
        is_catalog = entry.get("source") == "catalog"
        tiles[str(name)] = TileEntry(
            str(name), count, entry["color"], entry["code"], catalog=is_catalog,
            hidden=bool(entry.get("hidden")),
        )  # fmt: skip
    hexes: dict[str, MapHex] = {}
    for color, groups in (constants.get("HEXES") or {}).items():
        for group in groups:
            code = group.get("resolved_code", group["code"]) if group.get("catalog_tile") else (
                group["code"])  # fmt: skip
            tile_name = group["code"] if group.get("catalog_tile") else None
            hex_color = color
            if tile_name:
                entry = catalog.lookup(tile_name)
                hex_color = entry.color if entry else color
            for coord in group["coords"]:
                hexes[coord] = MapHex(coord, hex_color, code, names.get(coord), tile_name)
    axes = data.get("axes_effective") or {"x": "letter", "y": "number"}
    meta = data.get("meta") or {}
    extra = {
        key: str(meta[src])
        for key, src in (("location", "GAME_LOCATION"), ("publisher", "GAME_PUBLISHER"),
                         ("rules", "GAME_RULES_URL"), ("info", "GAME_INFO_URL"))
        if meta.get(src)
    }  # fmt: skip
    return Game(
        id=str(data["id"]),
        title=str(data.get("display_title") or data.get("title") or data["id"]),
        layout="pointy" if data.get("layout") == "pointy" else "flat",
        axes=Axes(axes.get("x", "letter"), axes.get("y", "number")),
        tiles=tiles,
        hexes=hexes,
        location_names=names,
        designer=meta.get("GAME_DESIGNER"),
        subtitle=meta.get("GAME_SUBTITLE"),
        meta=extra,
        source=str(path),
    )
