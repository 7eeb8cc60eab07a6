"""Write `tile_lang/spec/vectors.json`, the conformance vectors, from the ../shared corpus.

    python tools/spec_vectors.py [--shared ../shared] [--force]

Every vector names its source: a corpus file (tobymao/18xx at the corpus commit), 18xx.games'
TILES.md, or an edit of one of those (`derived_from` + `edit`) for the rejected strings and the
tolerated spellings no real file has. Expected answers come from this implementation, except
`legal_rotations`, whose answers are the 18xx.games engine's own (corpus/upgrades), kept only
where we agree (the disagreements are counted and printed, not hidden).

Rerun it when the corpus moves to a newer 18xx.games commit; the diff of vectors.json is the
language's changelog for that commit.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tile_lang import TileSyntaxError, catalog, check, parse  # noqa: E402
from tile_lang.keys import PART_KEYS  # noqa: E402
from tile_lang.spec import MODEL_VERSION, VECTORS_FILE  # noqa: E402
from tile_lang.spec.adapter import answer  # noqa: E402

Vector = dict[str, Any]

#: Error codes a context-free grammar cannot decide: the grammar accepts these strings and the
#: prose of the Specification says why they are refused.
SEMANTIC = frozenset({"out-of-range", "over-limit", "too-long", "too-many-parts"})

#: Edits that make a catalog string wrong in one way: (name, error code, level, edit). The edit
#: gets the code and returns the edited string (or None when it does not apply).
EDITS: list[tuple[str, str, str, Any]] = [
    ("double `;`", "empty-part", "syntax", lambda c: c.replace(";", ";;", 1) if ";" in c else None),
    ("leading `;`", "empty-part", "syntax", lambda c: ";" + c),
    (
        "`;` dropped between two parts",
        "missing-semicolon",
        "syntax",
        lambda c: c.replace(";", "", 1) if ";" in c else None,
    ),
    (
        "a second `=`",
        "second-equals",
        "syntax",
        lambda c: c.replace(",", "=x", 1) if "," in c else None,
    ),
    ("double `,`", "empty-item", "syntax", lambda c: c.replace(",", ",,", 1) if "," in c else None),
    ("an item without `:`", "not-key-value", "syntax", lambda c: _first_key_value(c, "{k}")),
    ("two `:` in an item", "not-key-value", "syntax", lambda c: _first_key_value(c, "{k}:{v}:{v}")),
    ("the key dropped", "missing-key", "syntax", lambda c: _first_key_value(c, ":{v}")),
    ("the value dropped", "missing-value", "syntax", lambda c: _first_key_value(c, "{k}:")),
    ("the part type capitalised", "unknown-part", "syntax", lambda c: c[:1].upper() + c[1:]),
    (
        "a bare value",
        "bare-value",
        "syntax",
        lambda c: re.sub(r"^(city|town|offboard)=revenue:", r"\1=", c, count=1),
    ),
    ("a word for a number", "bad-number", "syntax", lambda c: _sub(c, r"slots:\d+", "slots:two")),
    (
        "a word for a revenue",
        "bad-revenue",
        "syntax",
        lambda c: _sub(c, r"revenue:\d+", "revenue:ten"),
    ),
    ("an empty phase item", "bad-revenue", "syntax", lambda c: _sub(c, r"\|", "||")),
    (
        "a lane without its width",
        "bad-lane",
        "syntax",
        lambda c: _sub(c, r"path=a:(\d)", r"path=a:\1,a_lane:.1"),
    ),
    ("a malformed node", "bad-node", "syntax", lambda c: _sub(c, r"b:_(\d)", r"b:_\1x")),
    ("a node past the nodes", "bad-node", "semantic", lambda c: _sub(c, r"b:_(\d)", r"b:_9")),
    ("a word for an edge", "bad-edge", "syntax", lambda c: _sub(c, r"a:(\d)", r"a:north")),
    (
        "an unknown gauge",
        "unknown-track",
        "syntax",
        lambda c: _sub(c, r"path=a:(\d)", r"path=track:wide,a:\1"),
    ),
    (
        "an unknown terrain",
        "unknown-terrain",
        "syntax",
        lambda c: _sub(c, r"terrain:\w+", "terrain:lava"),
    ),
    (
        "a word for a loc",
        "bad-loc",
        "syntax",
        lambda c: _sub(c, r"revenue:(\d+)", r"revenue:\1,loc:middle"),
    ),
    ("a control character", "control-character", "syntax", lambda c: c.replace("=", "=\x07", 1)),
    ("an icon outside its folder", "bad-icon", "syntax", lambda c: _sub(c, r"image:", "image:../")),
    (
        "a missing required key",
        "missing-required",
        "syntax",
        lambda c: _sub(c, r"revenue:\d+,?", ""),
    ),
    (
        "a number too large",
        "out-of-range",
        "semantic",
        lambda c: _sub(c, r"revenue:\d+", "revenue:99999999"),
    ),
]

#: Tolerated spellings (accepted, with a warning) made from a catalog string.
TOLERATED: list[tuple[str, Any]] = [
    ("a trailing `;`", lambda c: c + ";"),
    ("two trailing `;`", lambda c: c + ";;"),
    ("spaces around separators", lambda c: c.replace(";", " ; ").replace(",", " , ")),
    ("a trailing `,`", lambda c: c.replace(";", ",;", 1) if "," in c.split(";")[0] else None),
    (
        "a key the part does not read",
        lambda c: c.replace(";", ",colour:red;", 1) if "=" in c.split(";")[0] else None,
    ),
    ("a key given twice", lambda c: _first_key_value(c, "{k}:{v},{k}:{v}")),
    ("a flag written 0", lambda c: c + ";icon=image:port,sticky:0"),
    (
        "an edge past 5",
        lambda c: _sub(c, r"path=a:(\d)", lambda m: f"path=a:{int(m.group(1)) + 6}"),
    ),
    ("a single phase revenue", lambda c: _sub(c, r"revenue:(\d+)", r"revenue:yellow_\1")),
    ("tabs and no-break spaces", lambda c: "\t" + c.replace("=", "=\u00a0", 1) + "\n"),
    (
        "`lanes` with `a_lane`",
        lambda c: _sub(c, r"path=a:(\d),b:(\d)", r"path=a:\1,b:\2,lanes:2,a_lane:2.0"),
    ),
    ("an unknown route", lambda c: _sub(c, r"revenue:(\d+)", r"revenue:\1,route:sometimes")),
    ("an upgrade without cost", lambda c: c + ";upgrade=terrain:water"),
    ("a border without edge", lambda c: c + ";border=type:impassable"),
    ("terminal 3", lambda c: _sub(c, r"path=a:(\d),b:_(\d)", r"path=a:\1,b:_\2,terminal:3")),
    ("a value on a junction", lambda c: c + ";junction=x"),
    ("a format on a flat revenue", lambda c: _sub(c, r"revenue:(\d+)", r"revenue:\1,format:%d+")),
    ("a label with `:`", lambda c: c + ";label=A:B"),
]


def _sub(code: str, pattern: str, repl: Any) -> str | None:
    edited = re.sub(pattern, repl, code, count=1)
    return edited if edited != code else None


def _first_key_value(code: str, template: str) -> str | None:
    match = re.search(r"([a-z_]+):([^,;:]+)", code)
    if match is None:
        return None
    k, v = match.groups()
    return code[: match.start()] + template.format(k=k, v=v) + code[match.end() :]


class Sources:
    """The corpus files and where each code was first seen."""

    def __init__(self, shared: Path) -> None:
        self.shared = shared
        self.corpus = shared / "corpus" / "18xx"
        stats = json.loads((self.corpus / "key-stats.json").read_text("utf-8"))
        self.commit: str = stats["commit"]
        self.catalog = json.loads((self.corpus / "tiles-catalog.json").read_text("utf-8"))

    def catalog_tiles(self) -> Iterator[tuple[str, str, str]]:
        """(name, colour, code) of every catalog tile, as `tile_lang.catalog` resolves them."""
        for tile in catalog.all_tiles():
            yield tile.name, tile.color, tile.code

    def game_codes(self) -> Iterator[tuple[str, str, str]]:
        """(game file, where in it, code) of every tile and hex string of every corpus game:
        TILES, HEXES and the boards of the default and variant builds."""
        for path in sorted((self.corpus / "games").glob("*.json")):
            data = json.loads(path.read_text("utf-8"))
            rel = f"corpus/18xx/games/{path.name}"
            seen: set[str] = set()
            for where, code in _codes_in(data, ""):
                if code not in seen:
                    seen.add(code)
                    yield rel, where, code

    def tiles_md(self) -> Iterator[tuple[int, str]]:
        seed = next((self.shared / "seeds").glob("001_*"))
        for number, line in enumerate(seed.read_text("utf-8").splitlines(), 1):
            for code in re.findall(r"`([a-z_]+=[^`]*)`", line):
                if "<" not in code:
                    yield number, code


class Builder:
    def __init__(self, sources: Sources) -> None:
        self.sources = sources
        self.vectors: list[Vector] = []
        self.seen: set[tuple[str, str]] = set()

    def add(self, kind: str, request: dict[str, Any], source: dict[str, Any], **extra: Any) -> None:
        key = (kind, json.dumps(request, sort_keys=True))
        if key in self.seen:
            return
        self.seen.add(key)
        expected = answer(request)
        vector: Vector = {"id": f"{kind}-{len(self.vectors) + 1:05d}", "kind": kind}
        vector.update(request=request, expected=expected, source=source, **extra)
        self.vectors.append(vector)

    def corpus_source(self, file: str, where: str) -> dict[str, Any]:
        return {"file": file, "where": where, "commit": self.sources.commit}

    def accepted(self) -> None:
        for name, color, code in self.sources.catalog_tiles():
            self.add(
                "accept",
                {"op": "parse", "code": code},
                self.corpus_source("corpus/18xx/tiles-catalog.json", f"tile {name} ({color})"),
            )
        for line, code in self.sources.tiles_md():
            if _parses(code):
                self.add(
                    "accept",
                    {"op": "parse", "code": code},
                    {"file": "TILES.md (18xx.games)", "where": f"line {line}"},
                )
        # every key of every part type, in up to two real strings
        wanted = collections.Counter[tuple[str, str]]()
        for file, where, code in self.sources.game_codes():
            keys = _keys_in(code)
            fresh = [k for k in keys if wanted[k] < 2]
            if fresh and _parses(code):
                for k in keys:
                    wanted[k] += 1
                self.add("accept", {"op": "parse", "code": code}, self.corpus_source(file, where))

    def rejected(self) -> None:
        for file, where, code in self.sources.game_codes():
            if not _parses(code):
                self._reject(code, self.corpus_source(file, where), None)
        made = collections.Counter[str]()
        for source, code in self.edit_bases():
            for edit_name, error, level, edit in EDITS:
                edited = edit(code)
                if edited is None or made[edit_name] >= 3 or _error_code(edited) != error:
                    continue
                made[edit_name] += 1
                self._reject(edited, {**source, "edit": edit_name}, level)

    def edit_bases(self) -> Iterator[tuple[dict[str, Any], str]]:
        """The strings the edits start from: the catalog first, then the games' strings."""
        for name, color, code in self.sources.catalog_tiles():
            yield (
                self.corpus_source("corpus/18xx/tiles-catalog.json", f"tile {name} ({color})"),
                code,
            )
        for file, where, code in self.sources.game_codes():
            if _parses(code):
                yield self.corpus_source(file, where), code

    def _reject(self, code: str, source: dict[str, Any], level: str | None) -> None:
        error = _error_code(code)
        if level is None:
            level = "semantic" if error in SEMANTIC else "syntax"
        self.add("reject", {"op": "parse", "code": code}, source, grammar=level == "syntax")

    def warnings(self) -> None:
        per_code = collections.Counter[str]()
        for file, where, code in self.sources.game_codes():
            found = {d.code for d in check(code) if d.severity == "warning"}
            if found and _parses(code) and any(per_code[c] < 3 for c in found):
                for c in found:
                    per_code[c] += 1
                self.add("warn", {"op": "check", "code": code}, self.corpus_source(file, where))
        made = collections.Counter[str]()
        for source, code in self.edit_bases():
            for edit_name, edit in TOLERATED:
                edited = edit(code)
                if edited is None or made[edit_name] >= 3 or not _parses(edited):
                    continue
                made[edit_name] += 1
                self.add("warn", {"op": "check", "code": edited}, {**source, "edit": edit_name})
                self.add("accept", {"op": "parse", "code": edited}, {**source, "edit": edit_name})

    def drawing_facts(self) -> None:
        for name, color, code in self.sources.catalog_tiles():
            source = self.corpus_source("corpus/18xx/tiles-catalog.json", f"tile {name} ({color})")
            tile = parse(code)
            if tile.written_paths:
                self.add("exits", {"op": "exits", "code": code}, source)
            if tile.cities or tile.towns or tile.offboards:
                self.add("revenue_circles", {"op": "revenue_circles", "code": code}, source)
        for file, where, code in self.sources.game_codes():
            if "lane" in code and _parses(code):
                self.add(
                    "lane_offsets",
                    {"op": "lane_offsets", "code": code},
                    self.corpus_source(file, where),
                )
        for line, code in self.sources.tiles_md():
            if "lane" in code and _parses(code):
                self.add(
                    "lane_offsets",
                    {"op": "lane_offsets", "code": code},
                    {"file": "TILES.md (18xx.games)", "where": f"line {line}"},
                )

    def upgrades(self) -> tuple[int, int]:
        """The engine's answers for 1830, 1889 and 18Chesapeake: every legal pair it lists, and
        a sample of the candidate pairs it does not list (a tile of the next colour that may
        not replace this one: `[]`)."""
        agree = disagree = 0
        for game in ("1830", "1889", "18_chesapeake"):
            path = self.sources.shared / "corpus" / "upgrades" / f"{game}.json"
            data = json.loads(path.read_text("utf-8"))
            for old, new, rotations in _engine_pairs(data):
                tiles = data["from"]
                request = {
                    "op": "legal_rotations",
                    "old": tiles[old]["code"],
                    "old_color": tiles[old]["color"],
                    "new": tiles[new]["code"],
                    "new_color": tiles[new]["color"],
                }
                if answer(request) != {"rotations": rotations}:
                    disagree += 1
                    continue
                agree += 1
                source = {
                    "file": f"corpus/upgrades/{game}.json",
                    "where": f"{old} -> {new}" + ("" if rotations else " (not listed: illegal)"),
                    "commit": data["commit"],
                    "engine_verified": True,
                }
                self.add("legal_rotations", request, source)
        return agree, disagree


def _engine_pairs(data: dict[str, Any]) -> Iterator[tuple[str, str, list[int]]]:
    """(old, new, rotations) of a corpus/upgrades file: its listed pairs, then every 7th
    candidate pair of consecutive colours it does not list (rotations `[]`)."""
    tiles = data["from"]
    listed = data["upgrades"]
    for old, row in sorted(listed.items()):
        for new, rotations in sorted(row.items()):
            if old in tiles and new in tiles:
                yield old, new, rotations
    order = catalog.colors()
    supply = sorted(name for name, tile in tiles.items() if tile["kind"] == "supply")
    unlisted = [
        (old, new)
        for old in sorted(listed)
        if old in tiles and tiles[old]["color"] in order
        for new in supply
        if new not in listed[old]
        and tiles[new]["color"] in order
        and order.index(tiles[new]["color"]) == order.index(tiles[old]["color"]) + 1
    ]
    for old, new in unlisted[::7]:
        yield old, new, []


def _codes_in(node: Any, where: str) -> Iterator[tuple[str, str]]:
    """(JSON path, code) of every `code` string in a corpus game file."""
    if isinstance(node, dict):
        if isinstance(node.get("code"), str):
            yield where, node["code"]
        for key, value in node.items():
            if key not in ("code", "resolved_code"):
                yield from _codes_in(value, f"{where}.{key}" if where else str(key))
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from _codes_in(item, f"{where}[{index}]")


def _parses(code: str) -> bool:
    try:
        parse(code)
    except TileSyntaxError:
        return False
    return True


def _error_code(code: str) -> str | None:
    try:
        parse(code)
    except TileSyntaxError as exc:
        return exc.diagnostic_code
    return None


def _keys_in(code: str) -> set[tuple[str, str]]:
    found = set()
    for part in code.split(";"):
        kind, _, params = part.partition("=")
        kind = kind.strip()
        for item in params.split(","):
            key = item.partition(":")[0].strip()
            if kind in PART_KEYS and key in PART_KEYS[kind]:
                found.add((kind, key))
        found.add((kind, ""))
    return found


def main(argv: list[str]) -> int:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    args.add_argument("--force", action="store_true", help="overwrite vectors.json")
    ns = args.parse_args(argv)
    out = ROOT / "tile_lang" / "spec" / VECTORS_FILE
    if out.exists() and not ns.force:
        print(f"{out} exists; pass --force to rewrite it", file=sys.stderr)
        return 1
    sources = Sources(ns.shared.resolve())
    builder = Builder(sources)
    builder.accepted()
    builder.rejected()
    builder.warnings()
    builder.drawing_facts()
    agree, disagree = builder.upgrades()
    counts = collections.Counter(v["kind"] for v in builder.vectors)
    document = {
        "version": MODEL_VERSION,
        "corpus_commit": sources.commit,
        "counts": dict(sorted(counts.items())),
        "vectors": builder.vectors,
    }
    text = "{\n" + ",\n".join(
        f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}"
        for k, v in document.items()
        if k != "vectors"
    )
    text += ',\n  "vectors": [\n'
    text += ",\n".join("    " + json.dumps(v, ensure_ascii=False) for v in builder.vectors)
    text += "\n  ]\n}\n"
    out.write_text(text, "utf-8")
    print(
        f"{out.relative_to(ROOT)}: {dict(counts)}; legal_rotations: {agree} engine answers "
        f"kept, {disagree} where we differ left out"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
