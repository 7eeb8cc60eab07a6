"""The model: the seed's columns per square type, boards, cards and their steps."""

from __future__ import annotations

from typing import get_args

import pytest

from gallery.boardgame.actions import ACTIONS
from gallery.boardgame.model import (
    SQUARE_TYPES,
    Action,
    ActionName,
    Board,
    Calle,
    Card,
    Parking,
    Salida,
    Tarjeta,
)

# The seed's table: type id -> its columns after the id.
SEED_COLUMNS = {
    "calle": 14,  # número nombre corto color precio hipoteca base 1 2 3 4 hotel casa hotel
    "servicio": 7,
    "estacion": 9,
    "parking": 3,
    "impuesto": 4,
    "impuesto_especial": 5,
    "tarjeta": 4,
    "salida": 4,
    "carcel": 5,
    "a_la_carcel": 3,
}


def test_square_types_are_the_seeds() -> None:
    assert list(SQUARE_TYPES) == list(SEED_COLUMNS)
    for kind, cls in SQUARE_TYPES.items():
        specs = cls.field_specs()
        assert len(specs) == SEED_COLUMNS[kind], kind
        assert [s.label for s in specs[:3]] == ["numero", "nombre", "nombre_corto"]
        assert cls.kind == kind


def test_calle_columns_in_seed_order() -> None:
    labels = [s.label for s in Calle.field_specs()]
    assert labels == [
        "numero",
        "nombre",
        "nombre_corto",
        "color",
        "precio",
        "hipoteca",
        "alquiler_base",
        "alquiler_1_casa",
        "alquiler_2_casas",
        "alquiler_3_casas",
        "alquiler_4_casas",
        "alquiler_hotel",
        "precio_casa",
        "precio_hotel",
    ]


def test_actions_table_matches_the_type() -> None:
    assert set(ACTIONS) == set(get_args(ActionName))
    assert len(ACTIONS) == 14


def test_board_numbers_and_lookup() -> None:
    board = Board(
        (
            Salida(1, "Salida", "S", 200),
            Parking(2, "P", "P"),
            Tarjeta(3, "Suerte", "S", "suerte"),
            Tarjeta(4, "Caja", "C", "caja"),
            Tarjeta(5, "Suerte", "S", "suerte"),
        )
    )
    assert board.numbers == range(1, 6)
    assert board.square(2) == Parking(2, "P", "P")
    assert board.square(0) is None and board.square(6) is None
    assert board.deck_names == ("suerte", "caja")
    assert len(board) == 5 and next(iter(board)).kind == "salida"
    assert board.streets == ()


def test_card_steps_group_actions() -> None:
    card = Card(
        "x", 0, (Action("pagar", 20), Action("avanzar", 3, 1), Action("cobrarSalida", 1, 1))
    )
    assert [len(s) for s in card.steps] == [1, 2]


@pytest.mark.parametrize(
    "actions",
    [
        (),
        (Action("pagar", 1, 1),),
        (Action("pagar", 1), Action("pagar", 1, 2)),
        (Action("pagar", 1, 1), Action("pagar", 1, 0)),
    ],
)
def test_card_rejects_impossible_steps(actions: tuple[Action, ...]) -> None:
    with pytest.raises(ValueError):
        Card("x", 0, actions)


def test_models_are_frozen_values() -> None:
    a = Salida(0, "Salida", "S", 200)
    assert a == Salida(0, "Salida", "S", 200)
    with pytest.raises(AttributeError):
        a.salary = 1  # type: ignore[misc]


def test_movement_list_matches_the_specs() -> None:
    from gallery.boardgame.actions import MODIFIERS, MOVEMENTS

    assert set(MOVEMENTS) == {n for n, s in ACTIONS.items() if s.movement}
    assert set(MODIFIERS) == {"multiPago", "multiPagoDado", "cobrarSalida"}
