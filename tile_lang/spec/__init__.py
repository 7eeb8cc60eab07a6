"""The published specification of the tile language, shipped with the package.

* `tile.lark`: the grammar (Lark, Earley); `grammar_text()`, `grammar_parser()`.
* `tile.schema.json`: the JSON Schema of the parsed model; `schema()`, and `tile_json()` makes
  a tile's JSON in that model.
* `vectors.json`: the conformance vectors; `vectors()`, run by `tile_lang.spec.runner`.

Everything here reads the files through `importlib.resources`, so an installed wheel and a
checkout behave alike. Lark is only needed to run the grammar (`grammar_parser`).
"""

from __future__ import annotations

import functools
import json
from importlib.resources import files
from typing import TYPE_CHECKING, NotRequired, TypedDict, cast

from tile_lang.spec.model_json import MODEL_VERSION, JsonObject, JsonValue, part_json, tile_json

if TYPE_CHECKING:
    import lark

GRAMMAR_FILE = "tile.lark"
SCHEMA_FILE = "tile.schema.json"
VECTORS_FILE = "vectors.json"


def read_text(name: str) -> str:
    """One of the specification's files, as text."""
    return files(__name__).joinpath(name).read_text("utf-8")


def grammar_text() -> str:
    return read_text(GRAMMAR_FILE)


class Vector(TypedDict):
    """One conformance vector: a protocol request, the answer expected, and where it came from.

    `grammar` (rejected strings only) says whether the grammar alone rejects the string (true)
    or only the prose does (false: required keys, ranges, node references)."""

    id: str
    kind: str
    request: JsonObject
    expected: JsonObject
    source: JsonObject
    grammar: NotRequired[bool]


class Suite(TypedDict):
    """A vectors file: its model version, the 18xx.games commit it was checked against, the
    count per kind, the vectors."""

    version: str
    corpus_commit: str
    counts: dict[str, int]
    vectors: list[Vector]


def schema() -> JsonObject:
    """The JSON Schema (draft 2020-12) of `tile_json`'s output."""
    return cast(JsonObject, json.loads(read_text(SCHEMA_FILE)))


def vectors() -> Suite:
    """The shipped conformance vectors (a file this package wrote and ships)."""
    return cast(Suite, json.loads(read_text(VECTORS_FILE)))


@functools.cache
def grammar_parser() -> lark.Lark:
    """The grammar as a Lark recogniser (needs `pip install lark`). Built once: it is
    immutable, and building it takes a good part of a second."""
    import lark

    return lark.Lark(grammar_text(), parser="earley", lexer="dynamic")


def grammar_accepts(code: str) -> bool:
    """Whether the grammar accepts `code` (checked by Lark alone, not by our parser)."""
    import lark

    try:
        grammar_parser().parse(code)
    except lark.exceptions.LarkError:
        return False
    return True


__all__ = [
    "MODEL_VERSION",
    "JsonObject",
    "JsonValue",
    "Suite",
    "Vector",
    "grammar_accepts",
    "grammar_parser",
    "grammar_text",
    "part_json",
    "read_text",
    "schema",
    "tile_json",
    "vectors",
]
