"""GE18XX `<game>-Cities.xml`: the names of a game's places.

A map cell's `<RevenueCenter id="3" name="" …>` usually leaves its name empty and points, by
`id`, at a `<CityInfo id="3" name="Chicago" …/>` of the Cities file (several cells may share
one id: the off-board areas of one name). Without this file a GE18XX map has no place names.
"""

from __future__ import annotations

from gallery.ge18xx.tiles import Diagnostics
from gallery.ge18xx.xmlread import XmlNode


def read_cities(root: XmlNode, diags: Diagnostics) -> dict[str, str]:
    """City id -> name of a parsed `<Cities>` element; problems are warnings at their line."""
    names: dict[str, str] = {}
    if root.tag != "Cities":
        diags.warn(root, root.tag, "expected <Cities> as the root element")
        return names
    for node in root.children:
        if node.tag != "CityInfo":
            diags.warn(node, node.tag, "unknown element in Cities; ignored")
            continue
        city_id = (node.get("id") or "").strip()
        name = " ".join((node.get("name") or "").split())
        if not city_id or not name:
            diags.warn(node, "CityInfo", "a city needs an id and a name; ignored")
            continue
        if city_id in names:
            diags.warn(node, "CityInfo.id", f"city id {city_id} used twice; the first is kept")
            continue
        names[city_id] = name
    return names
