"""The `.tjt` card-deck file: reading it with every problem reported, and writing it back.

The seed sketches a card as ``[Texto descriptivo] numero= 0 {ACCION (acciones básicas)+ }+ ; |``.
We read that as this grammar (tokens may be separated by any whitespace, line breaks included)::

    deck    = { card }
    card    = "[" text "]" numero "=" count step { step } ";" [ "|" ]
    numero  = "numero" | "número"
    step    = "{" action { action } "}"
    action  = name integer
    name    = sgtServicio | encarcelar | avanzarA | avanzar | pagar | sgtEstacion
            | tarjetaCarcel | pagarPorCasa | pagarPorHotel | pagarATodos | sgtPropiedad
            | multiPago | multiPagoDado | cobrarSalida          (exact case)
    count   = digit { digit }
    integer = [ "-" ] digit { digit }
    text    = any characters except "[" and "]"

* The text runs to the first ``]``; inside it, runs of whitespace (line breaks too) are one
  space, and the ends are trimmed — line breaks in the file are layout, not content.
* ``numero`` is the card's number in the deck (0 or more, at most 12 digits, like every
  number). Numbers are unique: a repeated one is an error (the number names the card).
* A card text never holds ``[``: one there means the ``]`` before it is missing, which is
  reported there, and the next card is read as a card, not swallowed as text.
* Each ``{…}`` group is one *step* of the card, done in order: ``{pagar 50} {avanzarA 0}``
  pays, then moves. A step moves the player at most once, and the modifiers ``cobrarSalida``,
  ``multiPago`` and ``multiPagoDado`` belong to the movement of their own step
  (``avanzar``, ``avanzarA``, ``sgtServicio``, ``sgtEstacion``, ``sgtPropiedad``).
* The ``;`` ends the card; the ``|`` after it in the seed is accepted and optional.
* Outside the ``[…]`` text, ``#`` starts a comment that runs to the end of the line.

Example: ``[Avance hasta la Gran Vía] numero=1 {avanzarA 34 cobrarSalida 1};``
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import TypeGuard

from gallery.boardgame.actions import ACTIONS, RANGE_TEXT, step_problems
from gallery.boardgame.board_file import BoardFacts
from gallery.boardgame.diagnostics import (
    MAX_DIGITS,
    Collector,
    did_you_mean,
    looks_whole,
    whole_number,
)
from gallery.boardgame.model import Action, ActionName, Board, Card, Deck
from gallery.errors import GameLoadError
from gallery.textfile import bad_character
from tile_lang import Diagnostic

PUNCT = "{};|="
NUMERO = ("numero", "número")
NEEDS_KIND = {
    "sgtServicio": "servicio",
    "sgtEstacion": "estacion",
    "sgtPropiedad": "calle",
    "encarcelar": "carcel",
}


SWALLOWED = re.compile(r"\b(?:numero|número)\s*=\s*[0-9]+\s*\{")
"""Card syntax inside a card text: the sign of a missing `]` further up."""


def _text_end(text: str, start: int) -> int:
    """Offset of the `]` closing a card text that starts at `start`, or of a `[` met first
    (a card text never holds `[`: one there means the `]` is missing), or -1."""
    close, reopen = text.find("]", start), text.find("[", start)
    if reopen >= 0 and (close < 0 or reopen < close):
        return reopen
    return close


@dataclass(frozen=True)
class _Tok:
    kind: str  # "text", "word", or one of PUNCT
    value: str
    offset: int


def normalise_text(text: str) -> str:
    """Card text as the model holds it: whitespace runs made one space, ends trimmed."""
    return " ".join(text.split())


class _Reader:
    """Tokens of one `.tjt` text, positions, and the diagnostics collected so far."""

    def __init__(self, text: str, out: Collector) -> None:
        self.text = text
        self.out = out
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.toks = self._tokens()
        self.i = 0

    def where(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1

    def error(self, offset: int, field: str, message: str) -> None:
        line, col = self.where(offset)
        self.out.error(line, field, message, col)

    def warn(self, offset: int, field: str, message: str) -> None:
        line, col = self.where(offset)
        self.out.warn(line, field, message, col)

    def _tokens(self) -> list[_Tok]:
        text, toks, i, n = self.text, [], 0, len(self.text)
        while i < n:
            ch = text[i]
            if ch.isspace():
                i += 1
            elif ch == "#":
                end = text.find("\n", i)
                i = n if end < 0 else end
            elif ch == "[":
                end = _text_end(text, i + 1)
                if end < 0 or text[end] == "[":
                    self._unclosed(i, end)
                    if end < 0:
                        break
                    i = end  # the next card starts here: read it, do not swallow it
                    continue
                body = text[i + 1 : end]
                if SWALLOWED.search(body):
                    self.error(
                        i,
                        "texto",
                        "the card text starting here holds another card's 'numero=… {': "
                        "is its closing ']' missing?",
                    )
                else:  # (a swallowed card is reported once, not again as a card without numero)
                    toks.append(_Tok("text", body, i))
                i = end + 1
            elif ch == "]":
                self.error(i, "", "']' without a '[' before it")
                i += 1
            elif ch in PUNCT:
                toks.append(_Tok(ch, ch, i))
                i += 1
            else:
                start = i
                while i < n and not text[i].isspace() and text[i] not in "[]{};|=#":
                    i += 1
                toks.append(_Tok("word", text[start:i], start))
        return toks

    def _unclosed(self, start: int, next_open: int) -> None:
        """Report a `[` whose text never closes; name where the next card starts, since
        that is where the author will find the missing `]` belongs before."""
        where = ""
        if next_open >= 0:
            where = f" before the next card's '[' on line {self.where(next_open)[0]}"
        self.error(start, "texto", f"the card text starting here has no closing ']'{where}")

    def peek(self) -> _Tok | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def end_offset(self) -> int:
        return len(self.text.rstrip())

    def skip_card(self) -> None:
        """Recover after a syntax error: skip past the next ';' (and '|'), or to the next '['."""
        while (tok := self.peek()) is not None and tok.kind != "text":
            self.i += 1
            if tok.kind == ";":
                if (nxt := self.peek()) is not None and nxt.kind == "|":
                    self.i += 1
                return


def _describe(tok: _Tok | None) -> str:
    if tok is None:
        return "the end of the file"
    if tok.kind == "text":
        return "'[' (the next card)"
    return repr(tok.value)


def is_action_name(name: str) -> TypeGuard[ActionName]:
    """Whether `name` is an action of the format (`_read_step` reports any other as an error,
    so for a step it returned this only narrows the type)."""
    return name in ACTIONS


def _read_step(r: _Reader) -> list[tuple[str, int, int]] | None:
    """The (name, value, offset) actions of one `{…}`; None after a syntax error."""
    opening = r.peek()
    assert opening is not None and opening.kind == "{"
    r.i += 1
    actions: list[tuple[str, int, int]] = []
    words = 0
    while True:
        tok = r.peek()
        if tok is None or tok.kind in ("text", ";"):
            r.error(opening.offset, "", "this '{' is never closed with '}'")
            return None
        if tok.kind == "}":
            r.i += 1
            if not words:
                r.error(tok.offset, "", "empty '{}': a step needs at least one action")
            return actions
        if tok.kind != "word":
            r.error(tok.offset, "", f"expected an action name or '}}', found {_describe(tok)}")
            r.i += 1
            continue
        r.i += 1
        words += 1
        name = tok.value
        known = name in ACTIONS
        if not known:
            hint = did_you_mean(name, ACTIONS) or "; see the list of basic actions"
            r.error(tok.offset, name, f"unknown action {name!r}{hint}")
        value_tok = r.peek()
        if (
            value_tok is not None
            and value_tok.kind == "word"
            and looks_whole(value_tok.value, signed=True)
        ):
            r.i += 1
            value, why = whole_number(value_tok.value, signed=True)
            if value is None:
                r.error(value_tok.offset, name, f"the value of {name}: {why}")
            elif known:
                actions.append((name, value, tok.offset))
        elif value_tok is not None and value_tok.kind == "word" and value_tok.value not in ACTIONS:
            r.i += 1
            r.error(
                value_tok.offset,
                name,
                f"the value of {name} must be a whole number, found {value_tok.value!r}",
            )
        else:
            what = RANGE_TEXT[ACTIONS[name].values] if known else "a whole number"
            r.error(tok.offset, name, f"{name} needs a value ({what})")


def _check_step(
    r: _Reader, step: list[tuple[str, int, int]], facts: BoardFacts | None, numero: int
) -> bool:
    """Report value ranges and how actions combine in one step; False when there is an error."""
    squares = facts.numbers if facts is not None else None
    ok = True
    for index, is_error, message in step_problems([(n, v) for n, v, _ in step], squares):
        name, _, offset = step[index]
        if is_error:
            ok = False
            r.error(offset, name, f"card {numero}: {message}")
        else:
            r.warn(offset, name, f"card {numero}: {message}")
    for name, value, offset in step:
        kind = NEEDS_KIND.get(name)
        if kind and value == 1 and facts is not None and kind not in facts.kinds:
            r.warn(
                offset, name, f"card {numero}: {name} needs a {kind} square but the board has none"
            )
    return ok


def _card_text(r: _Reader, tok: _Tok) -> tuple[str, bool]:
    """The card's `[text]`, and whether it is a text a card may have."""
    card_text = normalise_text(tok.value)
    if not card_text:
        r.error(tok.offset, "texto", "the card text is empty")
        return card_text, False
    problem = bad_character(card_text)
    if problem is not None:
        r.error(tok.offset, "texto", problem)
        return card_text, False
    return card_text, True


def _card_number(r: _Reader) -> tuple[int, int] | None:
    """`numero=N` after the text: (N, its offset); None (the card skipped, with an error)
    when it is not there or not a number."""
    word, eq, num = (r.toks[r.i + k] if r.i + k < len(r.toks) else None for k in range(3))
    problem: tuple[_Tok | None, str] | None = None
    if word is None or word.kind != "word" or word.value not in NUMERO:
        problem = word, f"expected 'numero=' after the card text, found {_describe(word)}"
    elif eq is None or eq.kind != "=":
        problem = eq, f"expected '=' after numero, found {_describe(eq)}"
    elif num is None or num.kind != "word" or not looks_whole(num.value):
        problem = num, f"the card number is a whole number (0 or more), found {_describe(num)}"
    if problem is not None:
        at, message = problem
        r.error(at.offset if at else r.end_offset(), "numero", message)
        r.skip_card()
        return None
    assert num is not None
    r.i += 3
    value, why = whole_number(num.value)
    if value is None:
        r.error(num.offset, "numero", f"the card number: {why}")
        r.skip_card()
        return None
    return value, num.offset


def _card_steps(
    r: _Reader, facts: BoardFacts | None, numero: int, ok: bool
) -> tuple[list[Action], bool] | None:
    """The card's `{…}` steps: its actions, and whether the card (good so far: `ok`) still
    is; None when a step is broken beyond reading (the card skipped)."""
    actions: list[Action] = []
    steps = 0
    while (nxt := r.peek()) is not None and nxt.kind == "{":
        step = _read_step(r)
        if step is None:
            r.skip_card()
            return None
        if not step:
            ok = False
            continue
        ok = _check_step(r, step, facts, numero) and ok
        actions.extend(Action(n, v, steps) for n, v, _ in step if is_action_name(n))
        steps += 1
    if steps == 0 and ok:
        nxt = r.peek()
        r.error(
            nxt.offset if nxt else r.end_offset(),
            "",
            f"card {numero} needs at least one {{…}} of actions, found {_describe(nxt)}",
        )
        ok = False
    return actions, ok


def _card_end(r: _Reader, numero: int) -> bool:
    """The `;` (and optional `|`) ending a card; False (the rest skipped) without it."""
    end = r.peek()
    if end is not None and end.kind == ";":
        r.i += 1
        if (bar := r.peek()) is not None and bar.kind == "|":
            r.i += 1
        return True
    where = end.offset if end else r.end_offset()
    r.error(where, "", f"expected ';' ending card {numero}, found {_describe(end)}")
    r.skip_card()
    return False


def _read_card(
    r: _Reader, tok: _Tok, facts: BoardFacts | None, numeros: dict[int, int]
) -> Card | None:
    """The card starting at the text token `tok` (None when it has errors); `numeros` holds
    the line of each card number seen so far."""
    r.i += 1
    card_text, ok = _card_text(r, tok)
    found = _card_number(r)
    if found is None:
        return None
    numero, offset = found
    if numero in numeros:
        # an error, not a warning: the number is the card's identity (its page anchor)
        r.error(
            offset,
            "numero",
            f"card number {numero} is used twice (first on line {numeros[numero]}); "
            "each card of a deck needs its own number",
        )
        ok = False
    numeros.setdefault(numero, r.where(offset)[0])
    read = _card_steps(r, facts, numero, ok)
    if read is None:
        return None
    actions, ok = read
    ok = _card_end(r, numero) and ok
    return Card(card_text, numero, tuple(actions)) if ok and actions else None


def read_deck(
    text: str,
    name: str,
    file: str = "<deck>",
    *,
    board: Board | BoardFacts | None = None,
    partial: bool = False,
) -> tuple[Deck | None, list[Diagnostic]]:
    """Read a `.tjt` text as the deck `name`, collecting every problem.

    With `partial`, a deck with errors is still returned with the cards that could be read
    (the gallery shows the rest of a deck; the errors say which cards are missing).

    With `board`, `avanzarA` targets are checked against its square numbers and moves to a
    square type the board lacks are warned about. Without it (a `.tjt` checked on its own)
    those checks are skipped: a deck alone cannot know how many squares there are.
    Returns the deck (None when there are errors) and the diagnostics.
    """
    out = Collector(file)
    facts = BoardFacts.of(board) if isinstance(board, Board) else board
    r = _Reader(text, out)
    cards: list[Card] = []
    numeros: dict[int, int] = {}
    while (tok := r.peek()) is not None:
        if tok.kind != "text":
            r.error(tok.offset, "", f"expected '[' starting a card, found {_describe(tok)}")
            r.i += 1
            r.skip_card()
            continue
        card = _read_card(r, tok, facts, numeros)
        if card is not None:
            cards.append(card)
    if not numeros and not out.has_errors:
        out.warn(0, "", "the deck has no cards")
    deck = None if out.has_errors and not partial else Deck(name, tuple(cards))
    return deck, sorted(out.diagnostics, key=lambda d: (d.line, d.column))


def parse_deck(
    text: str, name: str, file: str = "<deck>", *, board: Board | BoardFacts | None = None
) -> Deck:
    """The deck of a `.tjt` text; raises `GameLoadError` listing every error."""
    deck, diagnostics = read_deck(text, name, file, board=board)
    if deck is None:
        raise GameLoadError([d for d in diagnostics if d.severity == "error"])
    return deck


def _check_writable(card: Card) -> None:
    if (
        not card.text
        or card.text != normalise_text(card.text)
        or "]" in card.text
        or "[" in card.text
        or SWALLOWED.search(card.text)
        or bad_character(card.text)
    ):
        raise ValueError(
            f"card {card.numero}: text {card.text!r} cannot be written: it must be "
            "non-empty text, without '[' or ']' or 'numero=N {', with single spaces and no "
            "spaces at the ends"
        )
    if whole_number(str(card.numero))[0] is None:
        raise ValueError(
            f"card {card.numero}: the card number is 0 or more, at most {MAX_DIGITS} digits"
        )
    for step in card.steps:
        for action in step:
            if action.kind not in ACTIONS:
                raise ValueError(f"card {card.numero}: unknown action {action.kind!r}")
            if whole_number(str(action.value), signed=True)[0] is None:
                raise ValueError(
                    f"card {card.numero}: {action.kind} {action.value} has more than "
                    f"{MAX_DIGITS} digits"
                )
        for _, is_error, message in step_problems([(a.kind, a.value) for a in step]):
            if is_error:
                raise ValueError(f"card {card.numero}: {message}")


def format_actions(card: Card) -> str:
    """A card's actions as written in a `.tjt` file: ``{name value ...} {...}``."""
    return " ".join(
        "{" + " ".join(f"{a.kind} {a.value}" for a in step) + "}" for step in card.steps
    )


def write_card(card: Card) -> str:
    """One card as a `.tjt` line: ``[text] numero=N {name value ...} ...;``."""
    _check_writable(card)
    return f"[{card.text}] numero={card.numero} {format_actions(card)};"


def write_deck(deck: Deck) -> str:
    """The `.tjt` text of a deck, one card per line; `parse_deck(write_deck(d), d.name) == d`.

    Raises ValueError for a card the format cannot hold (a text with ']', an unknown action,
    a flag that is not 0 or 1, a repeated card number, ...).
    """
    seen: set[int] = set()
    for card in deck.cards:
        if card.numero in seen:
            raise ValueError(f"card number {card.numero} is used twice: the file could not be read")
        seen.add(card.numero)
    return "".join(write_card(card) + "\n" for card in deck.cards)
