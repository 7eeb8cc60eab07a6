"""Plain-English summaries of cards and squares, for pages and tooltips.

A `.tjt` card says `{sgtEstacion 1 multiPago 2 cobrarSalida 1}`; a reader of the gallery wants
"Advance to the next station, collecting salary if you pass Salida; if it is owned, pay the
owner 2× the rent." The card's own text is in the game's language (Spanish for Madrid) and may
not say exactly what the actions do, so the page shows both.

Each `{…}` step becomes one sentence: the movement with its modifiers first, then the other
actions in file order; later steps start with "Then".
"""

from __future__ import annotations

from collections.abc import Sequence

from gallery.boardgame.actions import ACTIONS
from gallery.boardgame.model import (
    Action,
    Board,
    Calle,
    Carcel,
    Card,
    Estacion,
    Impuesto,
    ImpuestoEspecial,
    Salida,
    Servicio,
    Square,
    Tarjeta,
)

NEXT = {"sgtServicio": "utility", "sgtEstacion": "station", "sgtPropiedad": "street"}
BUILDINGS = ("pagarPorCasa", "pagarPorHotel")


def _squares(n: int) -> str:
    return f"{n} square" if n == 1 else f"{n} squares"


def _salida_name(board: Board | None) -> str:
    if board is not None:
        for square in board.squares:
            if isinstance(square, Salida):
                return square.name
    return "Salida"


def _lands_on_salida(movement: Action, board: Board | None) -> bool:
    if movement.kind != "avanzarA" or board is None:
        return False
    return isinstance(board.square(movement.value), Salida)


def _movement(action: Action, board: Board | None) -> str:
    if action.kind == "avanzarA":
        square = board.square(action.value) if board is not None else None
        named = f" ({square.name})" if square is not None else ""
        return f"Advance to square {action.value}{named}"
    if action.kind == "avanzar":
        if action.value > 0:
            return f"Advance {_squares(action.value)}"
        if action.value < 0:
            return f"Go back {_squares(-action.value)}"
        return "Stay on this square"
    if action.value == 1:
        return f"Advance to the next {NEXT[action.kind]}"
    return f"Do not move ({action.kind} 0)"


def _modifier(action: Action, board: Board | None, moved: bool) -> str:
    """The modifier as a clause to follow a movement (`moved`) or as its own sentence."""
    if action.kind == "cobrarSalida":
        salida = _salida_name(board)
        if action.value == 1:
            return (
                f", collecting salary if you pass {salida}"
                if moved
                else f"Collect salary if you pass {salida}"
            )
        return ", without collecting salary" if moved else f"Do not collect salary at {salida}"
    if action.kind == "multiPago":
        owner = f"pay the owner {action.value}× the rent"
        return f"; if it is owned, {owner}" if moved else f"At the next rent, {owner}"
    if action.value == 1:  # multiPagoDado
        owner = "roll the dice and pay the owner the rent times the roll"
        return f"; if it is owned, {owner}" if moved else f"At the next rent, {owner}"
    return ""


def _money(kind: str, value: int) -> str:
    if kind == "pagar":
        if value > 0:
            return f"Pay {value} to the bank"
        return f"Collect {-value} from the bank" if value < 0 else "Pay nothing"
    if kind == "pagarATodos":
        if value > 0:
            return f"Pay {value} to every other player"
        return f"Collect {-value} from every other player" if value < 0 else "Pay nothing"
    unit = "house" if kind == "pagarPorCasa" else "hotel"
    return f"Pay {value} for each {unit} you own"


def _other(action: Action, board: Board | None) -> str:
    if action.kind in ("pagar", "pagarATodos", "pagarPorCasa", "pagarPorHotel"):
        return _money(action.kind, action.value)
    if action.kind == "encarcelar":
        if action.value != 1:
            return "Do not go to jail (encarcelar 0)"
        jail = next((s for s in board.squares if isinstance(s, Carcel)), None) if board else None
        return f"Go to jail ({jail.name})" if jail else "Go to jail"
    if action.kind == "tarjetaCarcel":
        if action.value != 1:
            return "No get-out-of-jail card (tarjetaCarcel 0)"
        return "Keep this card: it gets you out of jail for free"
    return f"{action.kind} {action.value}"  # pragma: no cover - every kind is handled above


def _moved(movement: Action, step: Sequence[Action], board: Board | None) -> str:
    """The movement of a step with its modifiers: the salary first (it happens on the way),
    then what changes the rent on arrival."""
    text = _movement(movement, board)
    modifiers = sorted(
        (a for a in step if ACTIONS[a.kind].modifier), key=lambda a: a.kind != "cobrarSalida"
    )
    for action in modifiers:
        clause = _modifier(action, board, moved=True)
        if clause and action.kind == "cobrarSalida" and _lands_on_salida(movement, board):
            clause = clause.split(" if you pass")[0]
        text += clause
    return text


def _buildings(step: Sequence[Action]) -> str | None:
    """ "Pay 25 for each house and 100 for each hotel you own" when the step pays for both."""
    house = next((a for a in step if a.kind == "pagarPorCasa"), None)
    hotel = next((a for a in step if a.kind == "pagarPorHotel"), None)
    if house is None or hotel is None:
        return None
    return f"Pay {house.value} for each house and {hotel.value} for each hotel you own"


def _clause(action: Action, movement: Action | None, board: Board | None) -> str:
    """What one action other than the movement adds (a modifier only without a movement)."""
    if ACTIONS[action.kind].modifier:
        return _modifier(action, board, moved=False) if movement is None else ""
    return _other(action, board)


def summarise_step(step: Sequence[Action], board: Board | None = None) -> str:
    """One `{…}` step as a sentence (without the final period)."""
    movement = next((a for a in step if ACTIONS[a.kind].movement), None)
    clauses = [_moved(movement, step, board)] if movement is not None else []
    combined = _buildings(step)
    said = False  # the combined buildings clause, once, where the first of the two is
    for action in step:
        if action is movement:
            continue
        if combined is not None and action.kind in BUILDINGS:
            clauses += [] if said else [combined]
            said = True
            continue
        text = _clause(action, movement, board)
        if text:
            clauses.append(text)
    if not clauses:
        return "Nothing happens"
    return "; ".join([clauses[0], *(c[0].lower() + c[1:] for c in clauses[1:])])


def summarise_action(action: Action, board: Board | None = None) -> str:
    """One action on its own, e.g. "Pay 50 to the bank"."""
    return summarise_step([action], board)


def summarise_card(card: Card, board: Board | None = None) -> str:
    """What a card does, one sentence per `{…}` step; `board` adds square names."""
    sentences = []
    for index, step in enumerate(card.steps):
        text = summarise_step(step, board)
        if index:
            text = "Then " + text[0].lower() + text[1:]
        sentences.append(text + ".")
    return " ".join(sentences)


def describe_square(square: Square) -> str:
    """A one-line description of a square with every number it carries (tooltips, tables)."""
    head = f"{square.number}. {square.name}"
    if isinstance(square, Calle):
        rents = " / ".join(str(r) for r in square.rents)
        return (
            f"{head}: street ({square.color}), price {square.price}, rent {rents} "
            f"(base, 1–4 houses, hotel), house {square.house_price}, hotel "
            f"{square.hotel_price}, mortgage {square.mortgage}"
        )
    if isinstance(square, Estacion):
        rents = " / ".join(str(r) for r in square.rents)
        return (
            f"{head}: station, price {square.price}, rent {rents} (1–4 stations), mortgage "
            f"{square.mortgage}"
        )
    if isinstance(square, Servicio):
        return (
            f"{head}: utility, price {square.price}, rent {square.multiplier_1}× the dice "
            f"({square.multiplier_2}× with both), mortgage {square.mortgage}"
        )
    if isinstance(square, Impuesto):
        return f"{head}: tax, pay {square.price}"
    if isinstance(square, ImpuestoEspecial):
        return f"{head}: tax, pay {square.percentage}% or {square.fixed_price}"
    if isinstance(square, Tarjeta):
        return f"{head}: draw a card from the {square.deck} deck"
    if isinstance(square, Salida):
        return f"{head}: start, collect {square.salary} each time you pass"
    if isinstance(square, Carcel):
        return (
            f"{head}: jail, at most {square.max_turns} turns inside, or pay {square.fine} to leave"
        )
    if square.kind == "a_la_carcel":
        return f"{head}: go to jail"
    return f"{head}: free parking"
