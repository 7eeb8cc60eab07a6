"""English summaries of actions and cards, with and without a board for square names."""

from __future__ import annotations

from pathlib import Path

import pytest

from gallery.boardgame.board_file import parse_board
from gallery.boardgame.deck_file import parse_deck
from gallery.boardgame.model import Action, Card, Parking
from gallery.boardgame.summaries import describe_square, summarise_action, summarise_card

ROOT = Path(__file__).resolve().parents[3]
BOARD = parse_board((ROOT / "games" / "madrid" / "madrid.tab").read_text("utf-8"))


def card(text: str) -> Card:
    return parse_deck(f"[x] numero=0 {text};", "s").cards[0]


@pytest.mark.parametrize(
    ("actions", "expected"),
    [
        (
            "{avanzarA 34 cobrarSalida 1}",
            "Advance to square 34 (Gran Vía), collecting salary if you pass Salida.",
        ),
        ("{avanzarA 0 cobrarSalida 1}", "Advance to square 0 (Salida), collecting salary."),
        (
            "{avanzarA 1 cobrarSalida 0}",
            "Advance to square 1 (Ronda de Valencia), without collecting salary.",
        ),
        ("{avanzar 3}", "Advance 3 squares."),
        ("{avanzar 1}", "Advance 1 square."),
        ("{avanzar -3}", "Go back 3 squares."),
        ("{avanzar 0}", "Stay on this square."),
        ("{pagar 50}", "Pay 50 to the bank."),
        ("{pagar -50}", "Collect 50 from the bank."),
        ("{pagar 0}", "Pay nothing."),
        ("{pagarATodos 50}", "Pay 50 to every other player."),
        ("{pagarATodos -100}", "Collect 100 from every other player."),
        ("{pagarPorCasa 25}", "Pay 25 for each house you own."),
        ("{pagarPorHotel 100}", "Pay 100 for each hotel you own."),
        (
            "{pagarPorHotel 100 pagarPorCasa 25}",
            "Pay 25 for each house and 100 for each hotel you own.",
        ),
        ("{encarcelar 1}", "Go to jail (Cárcel)."),
        ("{encarcelar 0}", "Do not go to jail (encarcelar 0)."),
        ("{tarjetaCarcel 1}", "Keep this card: it gets you out of jail for free."),
        ("{tarjetaCarcel 0}", "No get-out-of-jail card (tarjetaCarcel 0)."),
        (
            "{sgtServicio 1 multiPagoDado 1}",
            "Advance to the next utility; if it is owned, roll the dice and pay the owner the rent "
            "times the roll.",
        ),
        (
            "{sgtEstacion 1 multiPago 2 cobrarSalida 1}",
            "Advance to the next station, collecting salary if you pass Salida; "
            "if it is owned, pay the owner 2× the rent.",
        ),
        ("{sgtPropiedad 1}", "Advance to the next street."),
        ("{sgtPropiedad 0}", "Do not move (sgtPropiedad 0)."),
        ("{avanzar 2 multiPagoDado 0}", "Advance 2 squares."),
        ("{pagar 20} {avanzar 3}", "Pay 20 to the bank. Then advance 3 squares."),
        ("{avanzar 3 pagar 5}", "Advance 3 squares; pay 5 to the bank."),
    ],
)
def test_card_summaries(actions: str, expected: str) -> None:
    assert summarise_card(card(actions), BOARD) == expected


def test_without_a_board_squares_have_no_names() -> None:
    assert summarise_card(card("{avanzarA 24 cobrarSalida 1}")) == (
        "Advance to square 24, collecting salary if you pass Salida."
    )
    assert summarise_card(card("{encarcelar 1}")) == "Go to jail."


def test_single_actions_and_modifiers_alone() -> None:
    assert summarise_action(Action("pagarATodos", -100)) == "Collect 100 from every other player"
    assert summarise_action(Action("cobrarSalida", 1)) == "Collect salary if you pass Salida"
    assert summarise_action(Action("multiPago", 3)) == "At the next rent, pay the owner 3× the rent"
    assert summarise_action(Action("multiPagoDado", 0)) == "Nothing happens"


def test_every_madrid_card_has_a_summary() -> None:
    for name in ("suerte", "caja"):
        deck = parse_deck((ROOT / "games" / "madrid" / f"{name}.tjt").read_text("utf-8"), name)
        for c in deck.cards:
            text = summarise_card(c, BOARD)
            assert text.endswith(".") and text[0].isupper() and "  " not in text


def test_describe_squares() -> None:
    assert describe_square(BOARD.squares[34]).startswith("34. Gran Vía: street (verde), price 320")
    assert "rent 25 / 50 / 100 / 200" in describe_square(BOARD.squares[5])
    assert "4× the dice (10× with both)" in describe_square(BOARD.squares[12])
    assert describe_square(BOARD.squares[4]).endswith("tax, pay 10% or 200")
    assert describe_square(BOARD.squares[38]).endswith("tax, pay 100")
    assert describe_square(BOARD.squares[7]).endswith("draw a card from the suerte deck")
    assert "collect 200" in describe_square(BOARD.squares[0])
    assert "at most 3 turns" in describe_square(BOARD.squares[10])
    assert describe_square(BOARD.squares[30]).endswith("go to jail")
    assert describe_square(Parking(20, "Parking", "P")).endswith("free parking")
