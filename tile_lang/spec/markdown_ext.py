"""A Python-Markdown extension that writes the Specification's generated sections.

A line `[[tile-spec: grammar]]`, `[[tile-spec: schema]]` or `[[tile-spec: vectors]]` on its own
is replaced by Markdown made from the shipped files (the grammar as EBNF, the schema's keys as
tables, the vectors counted by kind and source). So the published page is the files: it cannot
drift from the grammar the tests run. Plain Python-Markdown, so any host that runs Markdown
extensions (MkDocs, ProperDocs, Zensical) builds it:

    markdown_extensions:
      - tile_lang.spec.markdown_ext
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from tile_lang.spec import grammar_text, schema, vectors
from tile_lang.spec.ebnf import markdown as grammar_markdown
from tile_lang.spec.model_json import JsonValue

_MARKER = re.compile(r"^\[\[tile-spec:\s*([a-z]+)\s*\]\]\s*$")


def _cell(text: str) -> str:
    """Text for a table cell: `|` escaped outside code spans (the tables extension leaves a
    pipe inside backticks alone, and would show an escaped one there as `\\|`)."""
    pieces = re.split(r"(`[^`]*`)", text.replace("\n", " "))
    return "".join(p if p.startswith("`") else p.replace("|", "\\|") for p in pieces)


def _obj(value: JsonValue) -> Mapping[str, JsonValue]:
    return value if isinstance(value, Mapping) else {}


def _type_of(value: JsonValue) -> str:
    """A schema property's type in words (`list of string`, `` `broad` / `narrow` ``...)."""
    prop = _obj(value)
    if "const" in prop:
        return json.dumps(prop["const"])
    enum = prop.get("enum")
    if isinstance(enum, list):
        return " / ".join(f"`{v}`" for v in enum)
    if "$ref" in prop:
        return str(prop["$ref"]).rsplit("/", 1)[-1]
    choices = prop.get("oneOf")
    if isinstance(choices, list):
        return " or ".join(_type_of(p) for p in choices)
    kind = prop.get("type", "any")
    if kind == "array":
        return f"list of {_type_of(prop.get('items', {}))}"
    return " or ".join(map(str, kind)) if isinstance(kind, list) else str(kind)


def _key_row(key: str, prop: Mapping[str, JsonValue]) -> str:
    default = f"`{json.dumps(prop['default'])}`" if "default" in prop else "(required)"
    unit, meaning = str(prop.get("x-unit", "")), str(prop.get("description", ""))
    cells = [f"`{key}`", _type_of(prop), default, unit, meaning]
    return "| " + " | ".join(_cell(c) for c in cells) + " |"


def schema_markdown() -> str:
    """Each part type's keys: JSON type, default, unit and meaning, from the schema itself."""
    document = schema()
    lines = [f"Schema `{document['$id']}` ({document['title']})", ""]
    for name, definition in _obj(document["$defs"]).items():
        if not name.startswith("part_"):
            continue
        lines += [f"#### `{_obj(definition)['title']}`", ""]
        props = {k: _obj(v) for k, v in _obj(_obj(definition)["properties"]).items()}
        props.pop("part")
        if not props:
            lines += ["No keys.", ""]
            continue
        lines += ["| key | JSON type | default | unit | meaning |", "|---|---|---|---|---|"]
        lines += [_key_row(key, prop) for key, prop in props.items()]
        lines.append("")
    return "\n".join(lines)


def vectors_markdown() -> str:
    """The vectors counted by kind and by source file, with the corpus commit."""
    suite = vectors()
    kinds = Counter(v["kind"] for v in suite["vectors"])
    files = Counter(
        re.sub(
            r"/games/[^/]+\.json$", "/games/*.json (one file per game)", str(v["source"]["file"])
        )
        for v in suite["vectors"]
    )
    edited = sum(1 for v in suite["vectors"] if "edit" in v["source"])
    lines = [
        f"Vectors version {suite['version']}, checked against tobymao/18xx at commit "
        f"`{suite['corpus_commit']}`: {len(suite['vectors'])} vectors.",
        "",
        "| kind | vectors |",
        "|---|---|",
        *(f"| `{kind}` | {count} |" for kind, count in sorted(kinds.items())),
        "",
        "| source | vectors |",
        "|---|---|",
        *(f"| {_cell(name)} | {count} |" for name, count in sorted(files.items())),
        "",
        f"{edited} of them are an edit of a real string (the source names the string and the "
        "edit): the rejected strings and the tolerated spellings no real file has.",
        "",
    ]
    return "\n".join(lines)


_SECTIONS: dict[str, Callable[[], str]] = {
    "grammar": lambda: grammar_markdown(grammar_text()),
    "schema": schema_markdown,
    "vectors": vectors_markdown,
}


class SpecPreprocessor(Preprocessor):
    """Replaces each marker line with its generated Markdown (unknown names are left as they
    are, so a typo shows on the page instead of vanishing)."""

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        for line in lines:
            match = _MARKER.match(line)
            if match and match.group(1) in _SECTIONS:
                out.extend(_SECTIONS[match.group(1)]().splitlines())
            else:
                out.append(line)
        return out


class SpecExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        # before the fenced-code preprocessors (priority 25), which must see our code blocks
        md.preprocessors.register(SpecPreprocessor(md), "tile_spec", 35)


def makeExtension(**kwargs: Any) -> SpecExtension:
    return SpecExtension(**kwargs)
