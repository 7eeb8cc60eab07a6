"""The `.tab` board file: every square type, the grammar's edges, each error, round trips."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gallery.boardgame.board_file import (
    parse_board,
    read_board,
    scan_board,
    split_fields,
    write_board,
)
from gallery.boardgame.model import (
    SQUARE_TYPES,
    ALaCarcel,
    Board,
    Calle,
    Carcel,
    Estacion,
    Impuesto,
    ImpuestoEspecial,
    Parking,
    Salida,
    Servicio,
    Square,
    Tarjeta,
)
from gallery.errors import GameLoadError
from gallery.textfile import bad_character
from tile_lang import Diagnostic

ROOT = Path(__file__).resolve().parents[3]
MADRID = ROOT / "games" / "madrid"

EVERY_TYPE = """\
# one square of every type
salida | 0 | Salida | Salida | 200 |
calle|1|Ronda de Valencia|R. Valencia|marron|60|30|2|10|30|90|160|250|50|50|
servicio | 2 | Compañía de Aguas | Aguas | 150 | 75 | 4 | 10 |
estacion | 3 | Estación del Norte | Norte | 200 | 100 | 25 | 50 | 100 | 200 |
parking | 4 | Parking gratuito | Parking |
impuesto | 5 | Impuesto de lujo | Lujo | 100 |
impuesto_especial | 6 | Impuesto sobre el capital | Capital | 10 | 200 |
tarjeta | 7 | Suerte | Suerte | suerte |
carcel | 8 | Cárcel | Cárcel | 3 | 50 |
a_la_carcel | 9 | Vaya a la cárcel | A la cárcel |
"""

EXPECTED: list[Square] = [
    Salida(0, "Salida", "Salida", 200),
    Calle(1, "Ronda de Valencia", "R. Valencia", "marron", 60, 30, 2, 10, 30, 90, 160, 250, 50, 50),
    Servicio(2, "Compañía de Aguas", "Aguas", 150, 75, 4, 10),
    Estacion(3, "Estación del Norte", "Norte", 200, 100, 25, 50, 100, 200),
    Parking(4, "Parking gratuito", "Parking"),
    Impuesto(5, "Impuesto de lujo", "Lujo", 100),
    ImpuestoEspecial(6, "Impuesto sobre el capital", "Capital", 10, 200),
    Tarjeta(7, "Suerte", "Suerte", "suerte"),
    Carcel(8, "Cárcel", "Cárcel", 3, 50),
    ALaCarcel(9, "Vaya a la cárcel", "A la cárcel"),
]


def errors(text: str, **kwargs: object) -> list[Diagnostic]:
    _, diags = read_board(text, "b.tab", **kwargs)  # type: ignore[arg-type]
    return [d for d in diags if d.severity == "error"]


def test_every_square_type() -> None:
    board = parse_board(EVERY_TYPE, decks={"suerte"})
    assert list(board.squares) == EXPECTED
    assert {s.kind for s in board} == set(SQUARE_TYPES)
    calle = board.squares[1]
    assert isinstance(calle, Calle) and calle.rents == (2, 10, 30, 90, 160, 250)
    estacion = board.squares[3]
    assert isinstance(estacion, Estacion) and estacion.rents == (25, 50, 100, 200)


def test_madrid_board() -> None:
    board, diags = read_board(
        (MADRID / "madrid.tab").read_text("utf-8"), "madrid.tab", decks={"suerte", "caja"}
    )
    assert diags == [] and board is not None
    assert len(board) == 40 and board.numbers == range(40)
    assert [s.kind for s in board.squares if s.number % 10 == 0] == [
        "salida",
        "carcel",
        "parking",
        "a_la_carcel",
    ]
    assert len(board.streets) == 22
    gran_via = board.square(34)
    assert isinstance(gran_via, Calle) and gran_via.name == "Gran Vía"
    assert (gran_via.color, gran_via.price, gran_via.rent_hotel) == ("verde", 320, 1400)
    assert board.deck_names == ("caja", "suerte")


@pytest.mark.parametrize(
    "line",
    [
        "parking | 0 | Parking | P |",
        "parking | 0 | Parking | P",
        "parking|0|Parking|P",
        "| parking | 0 | Parking | P |",
        "  parking |0|  Parking   | P   ",
        "\tparking | 0 | Parking | P |  ",
    ],
)
def test_pipes_at_the_ends_are_optional(line: str) -> None:
    assert parse_board(line).squares == (Parking(0, "Parking", "P"),)


def test_blank_lines_comments_and_numbering_from_one() -> None:
    text = "\n# comment\n   # indented comment\n\nparking | 1 | A # not a comment | A |\n\n"
    text += "parking | 2 | B | B\n"
    board = parse_board(text)
    assert [s.name for s in board] == ["A # not a comment", "B"]
    assert board.numbers == range(1, 3)


def test_split_fields_columns() -> None:
    assert split_fields("calle | 1 |  x") == [("calle", 1), ("1", 9), ("x", 14)]
    assert split_fields("|a|") == [("a", 2)]


def test_percent_sign_is_accepted() -> None:
    board = parse_board("impuesto_especial | 0 | Tax | T | 10% | 200 |")
    assert board.squares[0] == ImpuestoEspecial(0, "Tax", "T", 10, 200)


def test_colour_names_and_hex() -> None:
    base = "calle | 0 | A | A | {} | 60 | 30 | 2 | 10 | 30 | 90 | 160 | 250 | 50 | 50"
    for colour in ("Marrón", "#8b4513", "lightblue", "#abc"):
        assert parse_board(base.format(colour)).squares[0].color == colour  # type: ignore[attr-defined]
    [err] = errors(base.format("celest"))
    col = base.index("{}") + 1
    assert (err.line, err.field, err.column) == (1, "calle.color", col)
    assert "unknown colour 'celest'" in err.message and "did you mean 'celeste'" in err.message


# -- errors: each names file, line, column and field ---------------------------------------


def test_wrong_field_count() -> None:
    [err] = errors("parking | 0 | Parking | P\ncalle | 1 | Ronda | R | marron | 60 |")
    assert (err.file, err.line, err.column, err.field) == ("b.tab", 2, 1, "calle")
    assert "calle takes 14 fields" in err.message and "found 5" in err.message
    assert "precio_hotel" in err.message
    assert str(err).startswith("b.tab:2:1: error: calle: ")


def test_non_numeric_money() -> None:
    text = "calle | 0 | A | A | rojo | 60€ | 30 | 2 | 10 | 30 | 90 | 160 | diez | 50 | -50"
    found = errors(text)
    assert [(e.field, e.line) for e in found] == [
        ("calle.precio", 1),
        ("calle.alquiler_hotel", 1),
        ("calle.precio_hotel", 1),
    ]
    assert found[0].column == text.index("60€") + 1
    assert "expected an amount of money (a whole number), found '60€'" in found[0].message
    assert "without separators or currency signs" in found[0].message
    assert "cannot be negative" in found[2].message


def test_square_numbers_must_be_consecutive() -> None:
    text = "parking | 0 | A | A\nparking | 1 | B | B\nparking | 3 | C | C\nparking | 4 | D | D"
    [err] = errors(text)
    assert (err.line, err.field, err.column) == (3, "numero", 11)
    assert "expected 2, found 3" in err.message


def test_first_number_is_zero_or_one() -> None:
    [err] = errors("parking | 5 | A | A")
    assert err.field == "numero" and "numbered 0 or 1" in err.message


def test_non_numeric_square_number() -> None:
    found = errors("parking | 0 | A | A\nparking | x | B | B\nparking | 2 | C | C")
    assert [(e.line, e.field) for e in found] == [(2, "parking.numero")]


@pytest.mark.parametrize(
    ("kind", "suggestion"),
    [
        ("calel", "calle"),
        ("Cárcel", "carcel"),
        ("impuesto especial", "impuesto_especial"),
        ("estación", "estacion"),
        ("ala_carcel", "a_la_carcel"),
    ],
)
def test_unknown_square_type_did_you_mean(kind: str, suggestion: str) -> None:
    [err] = errors(f"{kind} | 0 | A | A |")
    assert (err.line, err.column, err.field) == (1, 1, "tipo")
    assert f"unknown square type {kind!r}; did you mean {suggestion!r}?" in err.message


def test_unknown_square_type_without_a_close_match_lists_the_types() -> None:
    [err] = errors("xyzzy | 0 | A | A |")
    assert "the types are calle, servicio" in err.message


def test_tarjeta_deck_must_be_loaded() -> None:
    text = "tarjeta | 0 | Suerte | S | suerte\ntarjeta | 1 | Caja | C | cajaa"
    [err] = errors(text, decks={"suerte", "caja"})
    col = text.splitlines()[1].index("cajaa") + 1
    assert (err.line, err.field, err.column) == (2, "tarjeta.mazo", col)
    assert "deck 'cajaa' is not loaded (loaded: caja, suerte); did you mean 'caja'?" in err.message
    assert errors(text) == []  # decks unknown: not checked


@pytest.mark.parametrize(
    ("line", "field", "fragment"),
    [
        ("servicio | 0 | A | A | 150 | 75 | 0 | 10", "servicio.multiplicador_1", "at least 1"),
        ("carcel | 0 | A | A | 0 | 50", "carcel.max_turnos", "at least 1"),
        (
            "impuesto_especial | 0 | A | A | 101 | 200",
            "impuesto_especial.tanto_por_ciento",
            "0..100",
        ),
        ("parking | 0 |  | A", "parking.nombre", "is empty"),
        ("| | 0 | A | A", "tipo", "type is missing"),
    ],
)
def test_value_ranges(line: str, field: str, fragment: str) -> None:
    [err] = errors(line)
    assert err.field == field and fragment in err.message


def test_every_error_is_collected() -> None:
    text = (
        EVERY_TYPE.replace("| 200 |\n", "| 2o0 |\n", 1)
        .replace("calle", "calel")
        .replace("| 3 | 50 |", "| 3 |")
        .replace("| 7 |", "| 8 |")
    )
    with pytest.raises(GameLoadError) as info:
        parse_board(text, "b.tab", decks={"caja"})
    found = [(d.line, d.field) for d in info.value.diagnostics]
    assert found == [
        (2, "salida.sueldo"),
        (3, "tipo"),
        (9, "numero"),
        (9, "tarjeta.mazo"),
        (10, "carcel"),
        (10, "numero"),
    ]
    assert "b.tab:2:" in str(info.value) and "b.tab:10:" in str(info.value)


def test_empty_board() -> None:
    [err] = errors("# nothing\n\n")
    assert err.line == 0 and "no squares" in err.message


def test_board_level_warnings() -> None:
    _, diags = read_board("parking | 0 | A | A\na_la_carcel | 1 | B | B")
    assert [(d.severity, d.field, d.line) for d in diags] == [
        ("warning", "salida", 0),
        ("warning", "a_la_carcel", 2),
    ]


def test_facts_survive_errors() -> None:
    scan = scan_board(
        "salida | 0 | S | S | 200\ncalle | 1 | bad\nservicio | 2 | A | A | 1 | 1 | 1 | 1"
    )
    assert scan.board is None
    assert scan.facts.numbers == range(0, 3)
    assert scan.facts.kinds == {"salida", "calle", "servicio"}


# -- writing --------------------------------------------------------------------------------


def test_round_trip_every_type_and_madrid() -> None:
    for text in (EVERY_TYPE, (MADRID / "madrid.tab").read_text("utf-8")):
        board = parse_board(text)
        written = write_board(board)
        assert parse_board(written) == board
        assert write_board(parse_board(written)) == written


def test_writer_format() -> None:
    board = Board((Salida(0, "Salida", "S", 200), Parking(1, "P", "P")))
    assert (
        write_board(board, header=False)
        == "salida | 0 | Salida | S | 200 |\nparking | 1 | P | P |\n"
    )
    assert "# salida | numero | nombre | nombre_corto | sueldo |" in write_board(board)


@pytest.mark.parametrize(
    "square",
    [
        Parking(0, "a|b", "x"),
        Parking(0, " padded", "x"),
        Parking(0, "", "x"),
        Parking(0, "two\nlines", "x"),
        Parking(0, "sep\x1crator", "x"),
        Salida(0, "S", "S", -1),
        Salida(0, "S", "S", 10**12),
        Carcel(0, "C", "C", 0, 5),
        Calle(0, "A", "A", "mauve", 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
    ],
)
def test_writer_refuses_what_cannot_round_trip(square: Square) -> None:
    with pytest.raises(ValueError):
        write_board(Board((square,)))


# -- property: every writable board round-trips --------------------------------------------

_text = st.text(min_size=1, max_size=16)
_money = st.integers(0, 10**6)
_positive = st.integers(1, 1000)


def _square(kind: str, number: int) -> st.SearchStrategy[Square]:
    cls = SQUARE_TYPES[kind]
    values: list[st.SearchStrategy[object]] = []
    for spec in cls.field_specs():
        values.append(
            {
                "number": st.just(number),
                "text": _text,
                "money": _money,
                "positive": _positive,
                "percent": st.integers(0, 100),
                "deck": st.sampled_from(["suerte", "caja", "x-1"]),
                "color": st.sampled_from(["marron", "Celeste", "#12ab3f", "#fff", "verde"]),
            }[spec.kind]
        )
    return st.tuples(*values).map(lambda v: cls(*v))


@st.composite
def boards(draw: st.DrawFn) -> Board:
    first = draw(st.sampled_from([0, 1]))
    kinds = draw(st.lists(st.sampled_from(list(SQUARE_TYPES)), min_size=1, max_size=12))
    return Board(tuple(draw(_square(kind, first + i)) for i, kind in enumerate(kinds)))


@given(boards())
def test_round_trip_property(board: Board) -> None:
    try:
        written = write_board(board)
    except ValueError:
        # only texts the format cannot hold are refused
        texts = [v for s in board for v in s.values() if isinstance(v, str)]
        assert any(
            t != t.strip() or len(("a" + t + "b").splitlines()) > 1 or "|" in t or bad_character(t)
            for t in texts
        )
        return
    assert parse_board(written) == board


@pytest.mark.parametrize("digits", [13, 5000])
def test_number_too_long_says_the_limit_is_the_length(digits: int) -> None:
    [err] = errors(f"salida | 0 | Salida | S | {'2' * digits} |")
    assert err.field == "salida.sueldo"
    assert f"at most 12 digits, found {digits}" in err.message
    assert "whole number" not in err.message
