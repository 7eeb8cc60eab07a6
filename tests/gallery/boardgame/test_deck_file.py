"""The `.tjt` deck file: the grammar, every action, each error class, round trips."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gallery.boardgame.actions import ACTIONS, MOVEMENTS
from gallery.boardgame.board_file import BoardFacts, parse_board
from gallery.boardgame.deck_file import (
    format_actions,
    parse_deck,
    read_deck,
    write_card,
    write_deck,
)
from gallery.boardgame.model import Action, Card, Deck
from gallery.errors import GameLoadError
from gallery.textfile import NOT_TEXT
from tile_lang import Diagnostic

ROOT = Path(__file__).resolve().parents[3]
MADRID = ROOT / "games" / "madrid"
BOARD = parse_board((MADRID / "madrid.tab").read_text("utf-8"))


def diags(text: str, **kwargs: object) -> list[Diagnostic]:
    return read_deck(text, "suerte", "s.tjt", **kwargs)[1]  # type: ignore[arg-type]


def errors(text: str, **kwargs: object) -> list[Diagnostic]:
    return [d for d in diags(text, **kwargs) if d.severity == "error"]


def test_the_briefs_example() -> None:
    deck = parse_deck("[Avance hasta la Gran Vía] numero=1 {avanzarA 24 cobrarSalida 1};", "s")
    assert deck == Deck(
        "s",
        (Card("Avance hasta la Gran Vía", 1, (Action("avanzarA", 24), Action("cobrarSalida", 1))),),
    )


def test_the_seeds_layout_with_spaces_and_trailing_bar() -> None:
    text = "[Texto descriptivo] numero= 0 {pagar 50 } ; |\n[Otra]numero =1{pagar -5};|"
    deck = parse_deck(text, "s")
    assert [(c.text, c.numero) for c in deck.cards] == [("Texto descriptivo", 0), ("Otra", 1)]


def test_text_whitespace_comments_and_steps() -> None:
    text = """\
# a comment line
[Su coche se avería:   pague 20
   y avance tres casillas]   # trailing comment
  numero=15
  {pagar 20}
  {avanzar 3 cobrarSalida 1};
[Número con acento] número=2 {pagar 1};
"""
    deck = parse_deck(text, "caja")
    first = deck.cards[0]
    assert first.text == "Su coche se avería: pague 20 y avance tres casillas"
    assert first.actions == (
        Action("pagar", 20, 0),
        Action("avanzar", 3, 1),
        Action("cobrarSalida", 1, 1),
    )
    assert deck.cards[1].numero == 2


def test_madrid_decks() -> None:
    used: set[str] = set()
    for name in ("suerte", "caja"):
        deck, found = read_deck((MADRID / f"{name}.tjt").read_text("utf-8"), name, board=BOARD)
        assert found == [] and deck is not None and len(deck.cards) == 16
        assert [c.numero for c in deck.cards] == list(range(16))
        used |= {a.kind for c in deck.cards for a in c.actions}
    assert used == set(ACTIONS), "the example decks use every action"


# every action with a value it accepts, and a movement when it is a modifier
VALID = {
    "sgtServicio": "{sgtServicio 1}",
    "encarcelar": "{encarcelar 1}",
    "avanzarA": "{avanzarA 39}",
    "avanzar": "{avanzar -3}",
    "pagar": "{pagar -50}",
    "sgtEstacion": "{sgtEstacion 0}",
    "tarjetaCarcel": "{tarjetaCarcel 1}",
    "pagarPorCasa": "{pagarPorCasa 25}",
    "pagarPorHotel": "{pagarPorHotel 100}",
    "pagarATodos": "{pagarATodos -10}",
    "sgtPropiedad": "{sgtPropiedad 1}",
    "multiPago": "{sgtEstacion 1 multiPago 2}",
    "multiPagoDado": "{sgtServicio 1 multiPagoDado 1}",
    "cobrarSalida": "{avanzar 5 cobrarSalida 0}",
}


@pytest.mark.parametrize("name", list(ACTIONS))
def test_every_action(name: str) -> None:
    deck, found = read_deck(f"[x] numero=0 {VALID[name]};", "s", board=BOARD)
    assert found == [] and deck is not None
    assert name in {a.kind for a in deck.cards[0].actions}


# -- errors --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [n for n, s in ACTIONS.items() if s.values == "flag"])
def test_flags_are_zero_or_one(name: str) -> None:
    movement = "" if name not in ("multiPagoDado", "cobrarSalida") else "avanzar 1 "
    text = f"[x] numero=0\n  {{{movement}{name} 2}};"
    [err] = errors(text)
    assert (err.file, err.line, err.field) == ("s.tjt", 2, name)
    assert err.column == text.splitlines()[1].index(name) + 1
    assert f"{name} is a flag: 0 or 1, found 2" in err.message


@pytest.mark.parametrize("name", ["pagarPorCasa", "pagarPorHotel", "multiPago"])
@pytest.mark.parametrize("value", [0, -5])
def test_positive_only(name: str, value: int) -> None:
    movement = "avanzar 1 " if name == "multiPago" else ""
    [err] = errors(f"[x] numero=0 {{{movement}{name} {value}}};")
    assert err.field == name and "positive number" in err.message


def test_avanzar_a_beyond_the_board() -> None:
    text = "[a] numero=0 {pagar 1};\n[b] numero=1 {avanzarA 40 cobrarSalida 1};"
    [err] = errors(text, board=BOARD)
    assert (err.line, err.column, err.field) == (2, 15, "avanzarA")
    assert "avanzarA 40 is beyond the board: its squares are numbered 0..39" in err.message
    assert errors(text) == []  # no board: the size is unknown
    assert errors(text, board=BoardFacts(range(1, 41))) == []
    [neg] = errors("[a] numero=0 {avanzarA -1};")
    assert "0 or more" in neg.message


@pytest.mark.parametrize(
    ("typo", "suggestion"),
    [
        ("avanzara", "avanzarA"),
        ("pagarATodo", "pagarATodos"),
        ("sgtEstación", "sgtEstacion"),
        ("cobrarsalida", "cobrarSalida"),
    ],
)
def test_unknown_action_did_you_mean(typo: str, suggestion: str) -> None:
    [err] = errors(f"[x] numero=0 {{{typo} 1}};")
    assert (err.line, err.column, err.field) == (1, 15, typo)
    assert f"unknown action {typo!r}; did you mean {suggestion!r}?" in err.message


@pytest.mark.parametrize("modifier", ["multiPago 2", "multiPagoDado 1", "cobrarSalida 1"])
def test_modifiers_need_a_movement_in_their_step(modifier: str) -> None:
    [err] = errors(f"[x] numero=3 {{pagar 5 {modifier}}};")
    assert err.field == modifier.split()[0]
    assert "needs a movement action (avanzar, avanzarA, sgtServicio" in err.message
    assert "card 3" in err.message
    # the movement in another step does not count
    assert len(errors(f"[x] numero=3 {{avanzar 2}} {{{modifier}}};")) == 1


def test_step_rules() -> None:
    [two_moves] = errors("[x] numero=0 {avanzar 2 avanzarA 5};")
    assert two_moves.field == "avanzarA" and "moves the player once" in two_moves.message
    [both] = errors("[x] numero=0 {avanzar 2 multiPago 2 multiPagoDado 1};")
    assert both.field == "multiPagoDado" and "not both" in both.message
    [twice] = diags("[x] numero=0 {pagar 2 pagar 3};")
    assert twice.severity == "warning" and "twice" in twice.message


@pytest.mark.parametrize(
    ("text", "line", "col", "fragment"),
    [
        ("[x] numero=0 {pagar};", 1, 15, "pagar needs a value (a whole number"),
        ("[x] numero=0 {pagar cinco};", 1, 21, "must be a whole number, found 'cinco'"),
        ("[x] numero=0 {pagar avanzar 3};", 1, 15, "pagar needs a value"),
        ("[x] {pagar 1};", 1, 5, "expected 'numero=' after the card text"),
        ("[x] numero 0 {pagar 1};", 1, 12, "expected '=' after numero"),
        ("[x] numero=-1 {pagar 1};", 1, 12, "card number is a whole number"),
        ("[x] numero=0 {pagar 1}\n[y] numero=1 {pagar 1};", 2, 1, "expected ';' ending card 0"),
        ("[x] numero=0 {pagar 1", 1, 14, "never closed"),
        ("[x] numero=0 {};", 1, 15, "empty '{}'"),
        ("[x] numero=0 ;", 1, 14, "needs at least one {…} of actions"),
        ("[  ] numero=0 {pagar 1};", 1, 1, "card text is empty"),
        ("[x numero=0 {pagar 1};", 1, 1, "no closing ']'"),
        ("pagar 1; [x] numero=0 {pagar 1};", 1, 1, "expected '[' starting a card"),
        ("[x] numero=0 {pagar 1 ; };", 1, 14, "never closed"),
    ],
)
def test_syntax_errors(text: str, line: int, col: int, fragment: str) -> None:
    found = errors(text)
    assert found, text
    first = found[0]
    assert (first.line, first.column) == (line, col), first
    assert fragment in first.message


def test_every_error_is_collected_and_reading_recovers() -> None:
    text = """\
[uno] numero=0 {avanzarA 99 cobrarSalida 2};
[dos] numero=1 {pagar 50 multiPago 2} |
[tres] numero=2 {pagarPorHotel 0};
[cuatro] numero=2 {sgtServicio 1};
[cinco] numero=4 {encarcelr 1};
[seis] numero=5 {pagar 10};
"""
    with pytest.raises(GameLoadError) as info:
        parse_deck(text, "suerte", "suerte.tjt", board=BOARD)
    found = [(d.line, d.field) for d in info.value.diagnostics]
    assert found == [
        (1, "avanzarA"),
        (1, "cobrarSalida"),
        (2, "multiPago"),
        (2, ""),
        (3, "pagarPorHotel"),
        (4, "numero"),
        (5, "encarcelr"),
    ]
    [repeat] = [d for d in info.value.diagnostics if d.field == "numero"]
    assert "first on line 3" in repeat.message


def test_warns_about_moves_to_squares_the_board_lacks() -> None:
    facts = BoardFacts(range(10), frozenset({"calle", "salida"}))
    found = diags("[x] numero=0 {sgtServicio 1};\n[y] numero=1 {encarcelar 1};", board=facts)
    assert [(d.severity, d.line, d.field) for d in found] == [
        ("warning", 1, "sgtServicio"),
        ("warning", 2, "encarcelar"),
    ]


def test_empty_deck_is_a_warning() -> None:
    deck, found = read_deck("# nothing yet\n", "s")
    assert deck == Deck("s", ()) and [d.severity for d in found] == ["warning"]


# -- writing --------------------------------------------------------------------------------


def test_writer_format_and_madrid_round_trip() -> None:
    card = Card(
        "Pague y avance",
        7,
        (Action("pagar", 20), Action("avanzar", 3, 1), Action("cobrarSalida", 1, 1)),
    )
    assert write_card(card) == "[Pague y avance] numero=7 {pagar 20} {avanzar 3 cobrarSalida 1};"
    assert format_actions(card) == "{pagar 20} {avanzar 3 cobrarSalida 1}"
    for name in ("suerte", "caja"):
        deck = parse_deck((MADRID / f"{name}.tjt").read_text("utf-8"), name)
        written = write_deck(deck)
        assert parse_deck(written, name) == deck
        assert write_deck(parse_deck(written, name)) == written


@pytest.mark.parametrize(
    "card",
    [
        Card("a ] b", 0, (Action("pagar", 1),)),
        Card("a [ b", 0, (Action("pagar", 1),)),
        Card("x numero=1 {pagar 1}", 0, (Action("pagar", 1),)),
        Card("x", 10**12, (Action("pagar", 1),)),
        Card("x", 0, (Action("pagar", -(10**12)),)),
        Card(" padded", 0, (Action("pagar", 1),)),
        Card("two  spaces", 0, (Action("pagar", 1),)),
        Card("", 0, (Action("pagar", 1),)),
        Card("x", -1, (Action("pagar", 1),)),
        Card("x", 0, (Action("encarcelar", 2),)),
        Card("x", 0, (Action("cobrarSalida", 1),)),
        Card("x", 0, (Action("volar", 1),)),  # type: ignore[arg-type]
    ],
)
def test_writer_refuses_what_cannot_round_trip(card: Card) -> None:
    with pytest.raises(ValueError):
        write_card(card)


# -- property: every valid deck round-trips ------------------------------------------------

_values = {
    "flag": st.integers(0, 1),
    "square": st.integers(0, 200),
    "signed": st.integers(-(10**6), 10**6),
    "positive": st.integers(1, 10**6),
}
_others = [n for n, s in ACTIONS.items() if not s.movement and not s.modifier]


@st.composite
def steps(draw: st.DrawFn) -> list[tuple[str, int]]:
    """One valid step: optionally a movement with some modifiers, plus other actions."""
    names: list[str] = []
    if draw(st.booleans()):
        names.append(draw(st.sampled_from(MOVEMENTS)))
        names += draw(
            st.lists(
                st.sampled_from(
                    ["cobrarSalida", draw(st.sampled_from(["multiPago", "multiPagoDado"]))]
                ),
                unique=True,
            )
        )
    names += draw(st.lists(st.sampled_from(_others), unique=True, min_size=0 if names else 1))
    names = draw(st.permutations(names))
    return [(n, draw(_values[ACTIONS[n].values])) for n in names]


_card_text = st.text(min_size=1, max_size=40).map(
    lambda t: " ".join(NOT_TEXT.sub("", t.replace("]", "").replace("[", "")).split())
)


@st.composite
def cards(draw: st.DrawFn) -> Card:
    text = draw(_card_text.filter(bool))
    groups = draw(st.lists(steps(), min_size=1, max_size=3))
    actions = tuple(Action(n, v, i) for i, g in enumerate(groups) for n, v in g)  # type: ignore[arg-type]
    return Card(text, draw(st.integers(0, 500)), actions)


@given(
    st.lists(cards(), max_size=6, unique_by=lambda c: c.numero), st.sampled_from(["suerte", "caja"])
)
def test_round_trip_property(deck_cards: list[Card], name: str) -> None:
    deck = Deck(name, tuple(deck_cards))
    written = write_deck(deck)
    read, found = read_deck(written, name)
    assert read == deck
    assert not [d for d in found if d.severity == "error"]


# -- hostile decks (#15.11): never swallow a card, never a duplicate id, limits say the limit --


def test_unclosed_bracket_is_an_error_and_never_swallows_the_next_card() -> None:
    text = "[Pague 20 numero=0 {pagar 20};\n[Cobre 5] numero=1 {pagar -5};\n"
    deck, found = read_deck(text, "s", "s.tjt")
    [err] = [d for d in found if d.severity == "error"]
    assert (err.file, err.line, err.column, err.field) == ("s.tjt", 1, 1, "texto")
    assert "no closing ']' before the next card's '[' on line 2" in err.message
    assert deck is None
    # the next card is read as a card: its own errors are still found, at its own line
    bad_next = "[Pague 20 numero=0 {pagar 20};\n[Cobre] numero=1 {pagr 5};\n"
    assert [(d.line, d.field) for d in errors(bad_next)] == [(1, "texto"), (2, "pagr")]


def test_unclosed_bracket_with_a_stray_closing_bracket_later_is_still_found() -> None:
    text = "[Pague 20 numero=0 {pagar 20};  # note ]\n"
    [err] = errors(text)
    assert (err.line, err.column) == (1, 1) and "']' missing" in err.message


def test_repeated_card_numero_is_an_error() -> None:
    [err] = errors("[a] numero=3 {pagar 1};\n[b] numero=3 {pagar 2};")
    assert (err.line, err.column, err.field) == (2, 12, "numero")
    assert "used twice (first on line 1)" in err.message
    with pytest.raises(GameLoadError):
        parse_deck("[a] numero=3 {pagar 1};\n[b] numero=3 {pagar 2};", "s")


@pytest.mark.parametrize("digits", [13, 40, 5000])
def test_number_too_long_says_the_limit_is_the_length(digits: int) -> None:
    [numero] = errors(f"[a] numero={'9' * digits} {{pagar 1}};")
    assert numero.field == "numero"
    assert f"at most 12 digits, found {digits}" in numero.message
    assert "whole number" not in numero.message
    [value] = errors(f"[a] numero=1 {{pagar -{'1' * digits}}};")
    assert value.field == "pagar" and f"at most 12 digits, found {digits}" in value.message


def test_twelve_digit_numbers_are_accepted() -> None:
    deck = parse_deck(f"[a] numero={'9' * 12} {{pagar -{'9' * 12}}};", "s")
    assert deck.cards[0].numero == 10**12 - 1


def test_writer_refuses_a_repeated_card_number() -> None:
    card = Card("x", 1, (Action("pagar", 1),))
    with pytest.raises(ValueError, match="used twice"):
        write_deck(Deck("s", (card, card)))


def test_control_characters_in_card_text_are_an_error_with_position() -> None:
    [err] = errors("[a] numero=0 {pagar 1};\n[Bad\x01Name] numero=1 {pagar 1};")
    assert (err.line, err.column, err.field) == (2, 1, "texto") and "U+0001" in err.message
