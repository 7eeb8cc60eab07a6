"""Board SVGs: well-formed, one group per square, corners, escaping, ids, determinism."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gallery.boardgame.board_file import parse_board
from gallery.boardgame.model import Board, Calle, Parking, Salida, Tarjeta
from gallery.boardgame.ring import ring_layout
from gallery.boardgame.svg import TITLE_BAND, board_svg, board_thumbnail_svg, deck_colors

ROOT = Path(__file__).resolve().parents[3]
BOARD = parse_board((ROOT / "games" / "madrid" / "madrid.tab").read_text("utf-8"))
NS = {"svg": "http://www.w3.org/2000/svg"}


def squares(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{{{NS['svg']}}}g") if "bg-square" in g.get("class", "")]


def test_madrid_board_svg() -> None:
    svg = board_svg(BOARD, title="Madrid", id_prefix="m-")
    root = ET.fromstring(svg)
    assert root.tag == f"{{{NS['svg']}}}svg" and root.get("viewBox") == "0 0 980 980"
    groups = squares(root)
    assert len(groups) == 40
    assert [g.get("id") for g in groups] == [f"m-sq-{n}" for n in range(40)]
    corners = [groups[i] for i in (0, 10, 20, 30)]
    assert all("rotate" not in g.get("transform", "") for g in corners)  # drawn upright
    assert [
        groups[i].get("transform", "").endswith(f"rotate({r})")
        for i, r in ((11, 90), (21, 180), (31, 270))
    ] == [True] * 3
    assert [g.get("class") for g in corners] == [
        "bg-square bg-salida",
        "bg-square bg-carcel",
        "bg-square bg-parking",
        "bg-square bg-a_la_carcel",
    ]
    texts = ["".join(t.itertext()) for t in root.iter(f"{{{NS['svg']}}}text")]
    assert "Madrid" in texts and "320" in texts and "+200" in texts
    # every street shows its colour band
    fills = {r.get("fill") for r in root.iter(f"{{{NS['svg']}}}rect")}
    assert {
        "#8b4a2b",
        "#9fd4f0",
        "#d63a96",
        "#f7941d",
        "#e2231a",
        "#fde600",
        "#1fa64a",
        "#0a5aa8",
    } <= fills
    # each square has a tooltip
    titles = [g.find("svg:title", NS) for g in groups]
    assert all(t is not None and t.text for t in titles)
    assert titles[34].text.startswith("34. Gran Vía: street")  # type: ignore[union-attr]


def test_ids_are_prefixed_and_unique() -> None:
    svg = board_svg(BOARD, title="Madrid", id_prefix="bg-x-")
    ids = re.findall(r'\bid="([^"]+)"', svg)
    assert ids and len(ids) == len(set(ids)) and all(i.startswith("bg-x-") for i in ids)
    with pytest.raises(ValueError):
        board_svg(BOARD, id_prefix='"><script>')
    with pytest.raises(ValueError):
        board_thumbnail_svg(BOARD, id_prefix="1abc")


def test_deterministic() -> None:
    assert board_svg(BOARD, title="Madrid") == board_svg(BOARD, title="Madrid")
    assert board_thumbnail_svg(BOARD) == board_thumbnail_svg(BOARD)
    assert not re.search(r"\d\.\d{3,}", board_svg(BOARD))  # numbers rounded


def test_text_is_escaped() -> None:
    evil = "<script>alert(1)</script>"
    board = Board(
        (
            Salida(0, evil, evil, 200),
            Tarjeta(1, "a & b", "a", '"><x>'),
            Calle(2, "</text><script>", "x", "rojo", 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
            Parking(3, "P", "P"),
        )
    )
    svg = board_svg(board, title=evil)
    assert "<script" not in svg and "&lt;script&gt;" in svg
    root = ET.fromstring(svg)
    assert not [e for e in root.iter() if e.tag.endswith("script") or e.tag.endswith("x")]
    texts = ["".join(t.itertext()) for t in root.iter(f"{{{NS['svg']}}}text")]
    assert any("<script>" in t for t in texts)
    thumb = board_thumbnail_svg(board, title=evil)
    assert "<script" not in thumb and ET.fromstring(thumb) is not None


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5, 9, 22, 41, 60])
def test_any_number_of_squares(count: int) -> None:
    board = Board(
        (
            Salida(0, "Salida", "S", 200),
            *(
                Calle(i, f"Calle número {i}", f"C{i}", "verde", 100, 50, *[10] * 8)
                for i in range(1, count)
            ),
        )
    )
    root = ET.fromstring(board_svg(board, title="Test"))
    groups = squares(root)
    assert len(groups) == count
    size = float(root.get("viewBox", "").split()[2])
    for g in groups:
        x, y = (
            float(v)
            for v in re.findall(r"translate\(([-\d.]+),([-\d.]+)\)", g.get("transform", ""))[0]
        )
        assert 0 < x < size and 0 < y < size
    assert len(squares(ET.fromstring(board_thumbnail_svg(board)))) == 0  # thumbnails: no groups


def test_thumbnail() -> None:
    svg = board_thumbnail_svg(BOARD, width=120, title="Madrid")
    root = ET.fromstring(svg)
    assert root.get("width") == "120" and root.get("class") == "bg-board-thumb"
    texts = ["".join(t.itertext()) for t in root.iter(f"{{{NS['svg']}}}text")]
    # card squares carry a question mark in their deck's colour, not a band like a street
    cards = [s for s in BOARD.squares if isinstance(s, Tarjeta)]
    assert texts == ["?"] * len(cards) + ["Madrid"]
    marks = {t.get("fill") for t in root.iter(f"{{{NS['svg']}}}text") if t.text == "?"}
    assert marks == set(deck_colors(BOARD).values())
    bands = {r.get("fill") for r in root.iter(f"{{{NS['svg']}}}rect")}
    assert not bands & marks


@pytest.mark.parametrize("count", [3, 5, 6, 7])
def test_a_board_with_no_middle_has_its_title_above(count: int) -> None:
    board = Board(BOARD.squares[:count])
    root = ET.fromstring(board_svg(board, title="Pequeño Madrid", id_prefix="p-"))
    _, _, width, height = (float(v) for v in root.get("viewBox", "").split())
    ring = ring_layout(count)
    assert (width, height) == (ring.width, ring.height + TITLE_BAND)
    lines = [
        t
        for t in root.iter(f"{{{NS['svg']}}}text")
        if t.text in {"Pequeño", "Madrid", "Pequeño Madrid"}
    ]
    # fitted whole (on one or two lines), large, not cut to an ellipsis
    assert " ".join(t.text or "" for t in lines) == "Pequeño Madrid"
    assert all(float(t.get("font-size", 0)) >= 20 for t in lines)


def test_a_street_on_a_corner_faces_the_middle() -> None:
    street = next(s for s in BOARD.squares if isinstance(s, Calle))
    others = [s for s in BOARD.squares[:12] if s is not street]
    board = Board((*others[:3], street, *others[3:11]))  # 12 squares: corners 0, 3, 6, 9
    root = ET.fromstring(board_svg(board, id_prefix="c-"))
    corner = root.find(f".//*[@id='c-sq-{street.number}']")
    assert corner is not None and "rotate" not in corner.get("transform", "")
    (turned,) = [g for g in corner if g.tag.endswith("g")]
    assert turned.get("transform") == "rotate(90)"  # the left side's corner: band to the right


def test_deck_colours_follow_first_appearance() -> None:
    colours = deck_colors(BOARD)
    assert list(colours) == ["caja", "suerte"] and len(set(colours.values())) == 2


def test_renders_to_png(tmp_path: Path) -> None:
    cairosvg = pytest.importorskip("cairosvg")
    image = pytest.importorskip("PIL.Image")
    out = tmp_path / "board.png"
    cairosvg.svg2png(bytestring=board_svg(BOARD, title="Madrid").encode(), write_to=str(out))
    with image.open(out) as png:
        assert png.size == (980, 980)
        rgb = png.convert("RGB")
        assert rgb.getpixel((490, 300)) == (0xCF, 0xE6, 0xD2)  # board centre colour
        assert rgb.getpixel((3, 3)) != rgb.getpixel((490, 300))  # a square in the corner
