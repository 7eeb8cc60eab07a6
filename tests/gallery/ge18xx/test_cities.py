"""GE18XX place names from `<game>-Cities.xml` and 1856's Port / Tunnel / Bridge terrain."""

from __future__ import annotations

from pathlib import Path

from source_fixtures import write_ge18xx

from gallery.ge18xx import read_ge18xx

MAP = """\
<?xml version="1.0" encoding="UTF-8"?>
<Map cols="3" direction="NS" rows="1" rowStart="A" colStart="1">
\t<TerrainCosts>
\t\t<Terrain cost="0" type="Port" />
\t\t<Terrain cost="40" type="Bridge" />
\t</TerrainCosts>
\t<Row index="0" startCol="0">
\t\t<MapCell>
\t\t\t<Terrain category="base" type="Clear" />
\t\t\t<RevenueCenter id="1" location="50" name="Springfield" type="Single City" />
\t\t</MapCell>
\t\t<MapCell>
\t\t\t<Terrain category="base" type="Clear" />
\t\t\t<Terrain category="optional" location="13" type="Port" />
\t\t\t<RevenueCenter id="2" location="50" name="" type="Single City" />
\t\t</MapCell>
\t\t<MapCell>
\t\t\t<Terrain category="base" type="Clear" />
\t\t\t<Terrain category="optional" type="Bridge" />
\t\t\t<Terrain category="optional" type="Tunnel" />
\t\t\t<RevenueCenter id="7" location="50" name="" type="Single City" />
\t\t</MapCell>
\t</Row>
</Map>
"""

CITIES = """\
<?xml version="1.0" encoding="UTF-8"?>
<Cities>
\t<CityInfo id="1" name="Ignored: the cell names it" type="3" />
\t<CityInfo id="2" name="Shelbyville" type="3" />
\t<CityInfo id="3" name="" type="3" />
</Cities>
"""


def test_cities_name_the_places_and_port_bridge_tunnel_are_drawn(tmp_path: Path) -> None:
    folder = write_ge18xx(tmp_path)
    (folder / "mini" / "mini-Map.xml").write_text(MAP, encoding="utf-8")
    (folder / "mini" / "mini-Cities.xml").write_text(CITIES, encoding="utf-8")
    game, diagnostics = read_ge18xx(folder, "mini")
    assert game.location_names == {"A1": "Springfield", "A3": "Shelbyville"}
    assert game.hexes["A3"].name == "Shelbyville"
    assert "icon=image:port,sticky:1" in game.hexes["A3"].code
    assert "icon=image:bridge;upgrade=cost:40" in game.hexes["A5"].code
    assert "icon=image:tunnel" in game.hexes["A5"].code
    problems = {(Path(d.file).name, d.line, d.field) for d in diagnostics}
    assert ("mini-Cities.xml", 5, "CityInfo") in problems  # a city without a name
    assert ("mini-Map.xml", 21, "RevenueCenter.id") in problems  # city 7 is nowhere
    assert not [d for d in diagnostics if "has no tile-language form" in d.message]


def test_a_game_without_a_cities_file_reads_as_before(tmp_path: Path) -> None:
    game, diagnostics = read_ge18xx(write_ge18xx(tmp_path), "mini")
    assert game.location_names == {"A1": "Springfield"}
    assert not [d for d in diagnostics if "Cities" in d.file or d.field == "RevenueCenter.id"]
