"""The board-game model: a ring of squares, decks of cards, and a game tying them together.

The vocabulary is the seed's (`calle`, `servicio`, `estacion`, ... for square types; `numero`
for a card's number; `avanzarA`, `pagar`, ... for actions) because those words are what authors
write in `.tab` and `.tjt` files, and a class named after the word in the file needs no
translation table. Attributes are English, so code reading the model stays plain Python.

Every class is a frozen dataclass: a loaded board is a value that pages, SVG and writers read
but never change, and equal input gives equal objects (the round-trip tests rely on `==`).

The order of a square class's fields *is* the order of its `.tab` columns. Each field carries
its `.tab` column label (the seed's Spanish heading) and its value kind in the dataclass field
metadata, so the parser, the writer, the messages and the docs all read one table and cannot
drift apart.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Literal

ValueKind = Literal["number", "text", "color", "money", "positive", "percent", "deck"]
"""How a `.tab` field is read: `number` the square number, `text` free text without `|`, `color`
a colour name or `#rrggbb`, `money` a whole number >= 0, `positive` a whole number >= 1,
`percent` a whole number 0..100, `deck` the name of a loaded card deck."""

ActionName = Literal[
    "sgtServicio",
    "encarcelar",
    "avanzarA",
    "avanzar",
    "pagar",
    "sgtEstacion",
    "tarjetaCarcel",
    "pagarPorCasa",
    "pagarPorHotel",
    "pagarATodos",
    "sgtPropiedad",
    "multiPago",
    "multiPagoDado",
    "cobrarSalida",
]


def _col(label: str, kind: ValueKind) -> Any:
    """A dataclass field that remembers its `.tab` column label and value kind."""
    return field(metadata={"label": label, "kind": kind})


@dataclass(frozen=True)
class FieldSpec:
    """One `.tab` column of a square type: model attribute, seed label, value kind."""

    attr: str
    label: str
    kind: ValueKind


@dataclass(frozen=True)
class Square:
    """What every square has: its position on the ring and the names printed on it.

    `number` is the position in playing order (the first square is 0 or 1, then +1 each);
    `short_name` is what the board drawing falls back to when the full name does not fit.
    """

    kind: ClassVar[str] = ""

    number: int = _col("numero", "number")
    name: str = _col("nombre", "text")
    short_name: str = _col("nombre_corto", "text")

    @classmethod
    def field_specs(cls) -> tuple[FieldSpec, ...]:
        """The `.tab` columns after the type id, in file order."""
        return tuple(
            FieldSpec(f.name, f.metadata["label"], f.metadata["kind"]) for f in fields(cls)
        )

    def values(self) -> tuple[int | str, ...]:
        """The field values in `.tab` column order (what the writer prints)."""
        return tuple(getattr(self, spec.attr) for spec in self.field_specs())


@dataclass(frozen=True)
class Calle(Square):
    """A street: bought, built on (up to 4 houses, then a hotel) and rented out.

    `color` groups streets (owning a whole group lets you build); it is a colour name from
    `gallery.boardgame.colors` or `#rrggbb`, kept as written so the file round-trips.
    """

    kind: ClassVar[str] = "calle"

    color: str = _col("color", "color")
    price: int = _col("precio", "money")
    mortgage: int = _col("hipoteca", "money")
    rent: int = _col("alquiler_base", "money")
    rent_1_house: int = _col("alquiler_1_casa", "money")
    rent_2_houses: int = _col("alquiler_2_casas", "money")
    rent_3_houses: int = _col("alquiler_3_casas", "money")
    rent_4_houses: int = _col("alquiler_4_casas", "money")
    rent_hotel: int = _col("alquiler_hotel", "money")
    house_price: int = _col("precio_casa", "money")
    hotel_price: int = _col("precio_hotel", "money")

    @property
    def rents(self) -> tuple[int, int, int, int, int, int]:
        """Rent with nothing built, with 1..4 houses, and with a hotel."""
        return (
            self.rent,
            self.rent_1_house,
            self.rent_2_houses,
            self.rent_3_houses,
            self.rent_4_houses,
            self.rent_hotel,
        )


@dataclass(frozen=True)
class Servicio(Square):
    """A utility: rent is the dice roll times a multiplier that depends on how many utilities
    the owner holds (the seed has one multiplier for 1 and one for 2)."""

    kind: ClassVar[str] = "servicio"

    price: int = _col("precio", "money")
    mortgage: int = _col("hipoteca", "money")
    multiplier_1: int = _col("multiplicador_1", "positive")
    multiplier_2: int = _col("multiplicador_2", "positive")


@dataclass(frozen=True)
class Estacion(Square):
    """A station: rent depends on how many stations (1..4) the owner holds."""

    kind: ClassVar[str] = "estacion"

    price: int = _col("precio", "money")
    mortgage: int = _col("hipoteca", "money")
    rent_1_station: int = _col("alquiler_1_estacion", "money")
    rent_2_stations: int = _col("alquiler_2_estaciones", "money")
    rent_3_stations: int = _col("alquiler_3_estaciones", "money")
    rent_4_stations: int = _col("alquiler_4_estaciones", "money")

    @property
    def rents(self) -> tuple[int, int, int, int]:
        """Rent when the owner holds 1, 2, 3 or 4 stations."""
        return (
            self.rent_1_station,
            self.rent_2_stations,
            self.rent_3_stations,
            self.rent_4_stations,
        )


@dataclass(frozen=True)
class Parking(Square):
    """Free parking: nothing happens (the seed gives it no fields beyond the names)."""

    kind: ClassVar[str] = "parking"


@dataclass(frozen=True)
class Impuesto(Square):
    """A tax square: landing on it costs a fixed amount."""

    kind: ClassVar[str] = "impuesto"

    price: int = _col("precio", "money")


@dataclass(frozen=True)
class ImpuestoEspecial(Square):
    """A special tax: a percentage of the player's wealth or a fixed price (the classic "10% or
    200" income tax; the seed does not say who chooses, so we only describe both)."""

    kind: ClassVar[str] = "impuesto_especial"

    percentage: int = _col("tanto_por_ciento", "percent")
    fixed_price: int = _col("precio_fijo", "money")


@dataclass(frozen=True)
class Tarjeta(Square):
    """A card square: the player draws from the named deck (`suerte`, `caja`, ...)."""

    kind: ClassVar[str] = "tarjeta"

    deck: str = _col("mazo", "deck")


@dataclass(frozen=True)
class Salida(Square):
    """The start square: passing it pays `salary`."""

    kind: ClassVar[str] = "salida"

    salary: int = _col("sueldo", "money")


@dataclass(frozen=True)
class Carcel(Square):
    """Jail: a prisoner stays at most `max_turns` turns or pays `fine` to leave."""

    kind: ClassVar[str] = "carcel"

    max_turns: int = _col("max_turnos", "positive")
    fine: int = _col("multa", "money")


@dataclass(frozen=True)
class ALaCarcel(Square):
    """ "Go to jail": landing here sends the player to the `carcel` square."""

    kind: ClassVar[str] = "a_la_carcel"


SQUARE_TYPES: dict[str, type[Square]] = {
    cls.kind: cls
    for cls in (
        Calle,
        Servicio,
        Estacion,
        Parking,
        Impuesto,
        ImpuestoEspecial,
        Tarjeta,
        Salida,
        Carcel,
        ALaCarcel,
    )
}
"""Type id (first `.tab` field) -> square class, in the seed's order."""

CORNER_KINDS = frozenset({"salida", "carcel", "parking", "a_la_carcel"})
"""Square types that classic boards put on the corners (drawn larger, upright)."""


@dataclass(frozen=True)
class Board:
    """The ring of squares in playing order (after the last square comes the first)."""

    squares: tuple[Square, ...]

    def __len__(self) -> int:
        return len(self.squares)

    def __iter__(self) -> Iterator[Square]:
        return iter(self.squares)

    @property
    def numbers(self) -> range:
        """The square numbers in use (0..n-1 or 1..n): the valid `avanzarA` targets."""
        first = self.squares[0].number if self.squares else 0
        return range(first, first + len(self.squares))

    def square(self, number: int) -> Square | None:
        """The square with this number, or None."""
        index = number - self.numbers.start
        return self.squares[index] if 0 <= index < len(self.squares) else None

    def of_kind(self, cls: type[Square]) -> tuple[Square, ...]:
        """Every square of one type, in board order."""
        return tuple(s for s in self.squares if isinstance(s, cls))

    @property
    def streets(self) -> tuple[Calle, ...]:
        return tuple(s for s in self.squares if isinstance(s, Calle))

    @property
    def deck_names(self) -> tuple[str, ...]:
        """Decks named by `tarjeta` squares, in order of first appearance."""
        return tuple(dict.fromkeys(s.deck for s in self.squares if isinstance(s, Tarjeta)))


@dataclass(frozen=True)
class Action:
    """One basic action of a card, e.g. `avanzarA 24`.

    `step` is the 0-based index of the `{…}` group the action was written in. A group is one
    step of the card (the player moves, *then* pays); modifiers (`cobrarSalida`, `multiPago`,
    `multiPagoDado`) apply to the movement of their own step. Keeping the index on the action
    keeps `Card.actions` a flat tuple while the file's grouping still round-trips.
    """

    kind: ActionName
    value: int
    step: int = 0


@dataclass(frozen=True)
class Card:
    """One card: its printed text, its `numero` in the deck, and what it does.

    Actions are in file order and their `step`s start at 0 and never go down or skip, so the
    card can always be written back as the same `{…}` groups.
    """

    text: str
    numero: int
    actions: tuple[Action, ...]

    def __post_init__(self) -> None:
        if not self.actions:
            raise ValueError("a card needs at least one action")
        previous = 0
        for action in self.actions:
            if action.step not in (previous, previous + 1):
                raise ValueError(f"action steps must be 0, 1, 2, ... in order; got {action}")
            previous = action.step
        if self.actions[0].step != 0:
            raise ValueError("the first action of a card is in step 0")

    @property
    def steps(self) -> tuple[tuple[Action, ...], ...]:
        """The actions grouped by `{…}` step."""
        groups: list[list[Action]] = []
        for action in self.actions:
            if action.step == len(groups):
                groups.append([])
            groups[-1].append(action)
        return tuple(tuple(g) for g in groups)


@dataclass(frozen=True)
class Deck:
    """A named pile of cards (`suerte`, `caja`); `tarjeta` squares refer to it by name."""

    name: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class BoardGame:
    """A playable game: metadata from `game.yaml`, the board, and its decks by name."""

    id: str
    title: str
    board: Board
    decks: tuple[Deck, ...] = ()
    description: str = ""

    def deck(self, name: str) -> Deck | None:
        """The deck with this name, or None."""
        return next((d for d in self.decks if d.name == name), None)
