"""The basic card actions of the seed, with the values each one accepts.

One table drives the `.tjt` parser (which names exist, which values are legal), the docs and
the error messages, so the accepted ranges are written down exactly once.

Value ranges (the seed's "Valores posibles" column):

* `flag`: `{0,1}`; 1 does the thing, 0 is written to say explicitly that it is not done;
* `square`: `0..número de casillas`; we accept exactly the square numbers of the loaded board
  (0..n-1 or 1..n, which is what that range covers), any number >= 0 when no board is known;
* `signed`: any whole number; positive and negative mean opposite directions (pay / collect,
  advance / go back);
* `positive`: a whole number >= 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gallery.boardgame.model import ActionName

ValueRange = Literal["flag", "square", "signed", "positive"]


@dataclass(frozen=True)
class ActionSpec:
    """What one basic action means and which values it takes.

    `movement` actions move the player; `modifier` actions only make sense next to a movement
    in the same `{…}` step (they change what happens on the way or on arrival).
    """

    name: ActionName
    values: ValueRange
    meaning: str
    movement: bool = False
    modifier: bool = False


ACTIONS: dict[str, ActionSpec] = {
    spec.name: spec
    for spec in (
        ActionSpec("sgtServicio", "flag", "move to the next utility (servicio)", movement=True),
        ActionSpec("encarcelar", "flag", "go to jail"),
        ActionSpec("avanzarA", "square", "move to the given square", movement=True),
        ActionSpec(
            "avanzar",
            "signed",
            "move forward (positive) or back (negative) that many squares",
            movement=True,
        ),
        ActionSpec("pagar", "signed", "pay the bank (positive) or collect from it (negative)"),
        ActionSpec("sgtEstacion", "flag", "move to the next station (estacion)", movement=True),
        ActionSpec("tarjetaCarcel", "flag", "keep the card to leave jail for free"),
        ActionSpec("pagarPorCasa", "positive", "pay that much for every house built"),
        ActionSpec("pagarPorHotel", "positive", "pay that much for every hotel built"),
        ActionSpec(
            "pagarATodos",
            "signed",
            "pay every other player (positive) or collect from each (negative)",
        ),
        ActionSpec("sgtPropiedad", "flag", "move to the next street (calle)", movement=True),
        ActionSpec(
            "multiPago",
            "positive",
            "multiply the rent at the destination by the value",
            modifier=True,
        ),
        ActionSpec(
            "multiPagoDado",
            "flag",
            "multiply the rent at the destination by a dice roll",
            modifier=True,
        ),
        ActionSpec(
            "cobrarSalida", "flag", "collect the salary when the move passes Salida", modifier=True
        ),
    )
}
"""Action name -> spec, in the seed's order."""

MOVEMENTS = ("avanzar", "avanzarA", "sgtServicio", "sgtEstacion", "sgtPropiedad")
"""The actions that move the player (the seed names avanzar and avanzarA; the three "next
square of a kind" actions move the player too, so modifiers may go with them)."""
MODIFIERS = tuple(name for name, spec in ACTIONS.items() if spec.modifier)

RANGE_TEXT: dict[ValueRange, str] = {
    "flag": "0 or 1",
    "square": "a square number of the board",
    "signed": "a whole number (negative reverses it)",
    "positive": "a whole number of at least 1",
}


def value_problem(spec: ActionSpec, value: int, squares: range | None) -> str | None:
    """Why `value` is not allowed for this action, or None when it is.

    `squares` is the board's numbers when known; without a board an `avanzarA` target can only
    be checked for being >= 0.
    """
    if spec.values == "flag" and value not in (0, 1):
        return f"{spec.name} is a flag: 0 or 1, found {value}"
    if spec.values == "positive" and value < 1:
        return f"{spec.name} takes a positive number (1 or more), found {value}"
    if spec.values == "square":
        if value < 0:
            return f"{spec.name} takes a square number (0 or more), found {value}"
        if squares is not None and value not in squares:
            last = squares.stop - 1
            return (
                f"{spec.name} {value} is beyond the board: its squares are numbered "
                f"{squares.start}..{last}"
            )
    return None


def step_problems(
    step: list[tuple[str, int]], squares: range | None = None
) -> list[tuple[int, bool, str]]:
    """What is wrong with one `{…}` step of known actions, as (index in the step, is_error,
    message); the reader turns them into diagnostics and the writer refuses errors.

    Rules: each value in its range; a step moves the player at most once; the modifiers need
    a movement in the same step; `multiPago` and `multiPagoDado` exclude each other; an action
    repeated in one step is a warning (which of the two counts is unclear).
    """
    found: list[tuple[int, bool, str]] = []
    seen: dict[str, int] = {}
    for index, (name, value) in enumerate(step):
        if name in seen:
            found.append((index, False, f"{name} appears twice in the same step"))
        seen.setdefault(name, index)
        problem = value_problem(ACTIONS[name], value, squares)
        if problem:
            found.append((index, True, problem))
    moves = [(i, n) for i, (n, _) in enumerate(step) if n in MOVEMENTS]
    for index, name in moves[1:]:
        found.append(
            (
                index,
                True,
                f"a step moves the player once; {name} follows "
                f"{moves[0][1]}: put it in its own {{…}}",
            )
        )
    for index, (name, _) in enumerate(step):
        if name in MODIFIERS and not moves:
            found.append(
                (
                    index,
                    True,
                    f"{name} needs a movement action ({', '.join(MOVEMENTS)}) in the same {{…}}",
                )
            )
    if "multiPago" in seen and "multiPagoDado" in seen:
        found.append((seen["multiPagoDado"], True, "use multiPago or multiPagoDado, not both"))
    return sorted(found, key=lambda p: p[0])
