"""Hypothesis strategies over the tile grammar (valid tiles) and over mutated strings."""

from __future__ import annotations

from hypothesis import strategies as st

from tile_lang.keys import PART_KEYS
from tile_lang.limits import NUMBERS
from tile_lang.model import TERRAINS, TRACK_GAUGES

_phase = st.sampled_from(["yellow", "green", "brown", "gray", "diesel", "#cb7743"])
_int = st.integers(min_value=0, max_value=200).map(str)
_revenue = st.one_of(
    _int,
    st.lists(st.tuples(_phase, _int), min_size=2, max_size=4).map(
        lambda items: "|".join(f"{p}_{v}" for p, v in items)
    ),
)
_word = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", min_size=1,
                max_size=6)  # fmt: skip
_loc = st.sampled_from(["center", "0", "1.5", "3", "5.5"])


@st.composite
def tile_codes(draw: st.DrawFn) -> str:
    """A valid tile string: nodes first, then paths referring to them, then decorations."""
    parts: list[str] = []
    nodes = 0
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["city", "town", "offboard", "junction", "halt", "pass"]))
        if kind == "junction":
            parts.append("junction")
        elif kind == "halt":
            parts.append(f"halt=symbol:{draw(_word)},loc:{draw(_loc)}")
        else:
            items = [f"revenue:{draw(_revenue)}"]
            if kind in ("city", "pass") and draw(st.booleans()):
                items.append(f"slots:{draw(st.integers(0, 4))}")
            if kind != "offboard" and draw(st.booleans()):
                items.append(f"loc:{draw(_loc)}")
            if draw(st.booleans()):
                items.append(f"groups:{draw(_word)}")
            parts.append(f"{kind}=" + ",".join(items))
        nodes += 1
    ends = [str(e) for e in range(6)] + [f"_{i}" for i in range(nodes)]
    for _ in range(draw(st.integers(0, 4))):
        items = [f"a:{draw(st.sampled_from(ends))}", f"b:{draw(st.sampled_from(ends))}"]
        if draw(st.booleans()):
            items.append(f"track:{draw(st.sampled_from(TRACK_GAUGES))}")
        if draw(st.booleans()):
            items.append(f"lanes:{draw(st.integers(1, 3))}")
        if draw(st.booleans()):
            items.append(f"terminal:{draw(st.sampled_from(['1', '2']))}")
        parts.append("path=" + ",".join(items))
    extras = [
        st.builds(lambda w: f"label={w}", _word),
        st.builds(
            lambda c, t: f"upgrade=cost:{c},terrain:{'|'.join(t)}" if t else f"upgrade=cost:{c}",
            _int,
            st.lists(st.sampled_from(TERRAINS), max_size=2, unique=True),
        ),
        st.builds(lambda e, c: f"border=edge:{e},type:mountain,cost:{c}", st.integers(0, 5), _int),
        st.builds(lambda w: f"icon=image:{w},sticky:1", _word),
        st.builds(lambda e: f"stub=edge:{e}", st.integers(0, 5)),
        st.just("frame=color:#ffa500"),
        st.just("stripes=color:brown"),
        st.builds(lambda w: f"future_label=label:{w},color:gray", _word),
        st.just("partition=a:0-,b:3+,type:water"),
    ]
    for _ in range(draw(st.integers(0, 3))):
        parts.append(draw(st.one_of(extras)))
    return ";".join(parts)


_ALPHABET = "=;:,|_ abcdeiklnoprstuvy0123456789.-+#\n"


@st.composite
def mutated_codes(draw: st.DrawFn, seeds: tuple[str, ...] = ()) -> str:
    """A seed code with random insertions, deletions and replacements."""
    base = draw(st.sampled_from(seeds)) if seeds else draw(tile_codes())
    chars = list(base)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["insert", "delete", "replace"]))
        pos = draw(st.integers(0, len(chars)))
        if op == "insert" or not chars:
            chars.insert(pos, draw(st.sampled_from(_ALPHABET)))
        elif op == "delete":
            del chars[min(pos, len(chars) - 1)]
        else:
            chars[min(pos, len(chars) - 1)] = draw(st.sampled_from(_ALPHABET))
    return "".join(chars)


# -- hostile input (issue #15): numeric extremes, control characters, surrogates, long input --

#: Every character class a hostile or careless string can carry: C0/C1 controls, DEL, lone
#: surrogates, non-characters, invisible and odd Unicode (BOM, zero width, line separator,
#: fullwidth digits that `str.isdigit` accepts but the grammar must not).
_HOSTILE_CHARS = st.one_of(
    st.characters(min_codepoint=0, max_codepoint=0x1F),
    st.characters(min_codepoint=0x7F, max_codepoint=0x9F),
    st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF),
    st.sampled_from(["\ufffe", "\uffff", "\ufeff", "\u200b", "\u2028", "\u00a0", "\uff11", "٣"]),
    st.characters(exclude_categories=()),
)


def _bound_edges() -> list[str]:
    values: set[float] = set()
    for bound in NUMBERS.values():
        values.update({bound.low, bound.high, bound.low - 1, bound.high + 1, bound.high + 0.5})
    return sorted(str(int(v)) if v == int(v) else str(v) for v in values)


#: Numbers at and around every bound, and far beyond, in every spelling the grammar might meet.
extreme_numbers = st.one_of(
    st.sampled_from(_bound_edges()),
    st.sampled_from(["0", "-0", "+1", "-1", "00012", "1e5", ".5", "5.", "-0.5", "1_000", "0x10",
                     "9" * 9, "9" * 10, "9" * 30, "9" * 199, "9" * 400, "inf", "nan", "１２"]),
    st.integers(min_value=-(10**12), max_value=10**12).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
)  # fmt: skip

#: A value for one key of one part, each part with the keys it requires, so the key under test
#: is what the parser has to judge.
_REQUIRED = {
    "city": "revenue:10", "pass": "revenue:0", "town": "revenue:10", "offboard": "revenue:10",
    "halt": "symbol:x", "path": "a:0,b:3", "icon": "image:port", "frame": "color:red",
    "stripes": "color:red", "partition": "a:0,b:3", "stub": "edge:0", "border": "edge:0",
    "upgrade": "cost:10", "future_label": "label:Z", "label": "", "junction": "",
}  # fmt: skip


@st.composite
def extreme_key_codes(draw: st.DrawFn) -> str:
    """Nodes to refer to, then one part whose key (any key the engine reads) holds an extreme
    number, or several `|`-joined ones."""
    part = draw(st.sampled_from(sorted(k for k, keys in PART_KEYS.items() if keys)))
    key = draw(st.sampled_from(PART_KEYS[part]))
    value = draw(extreme_numbers)
    if draw(st.booleans()):
        value = "|".join([f"p{i}_{value}" for i in range(draw(st.integers(1, 20)))])
    items = dict(item.split(":") for item in _REQUIRED[part].split(",") if item)
    items[key] = value
    body = ",".join(f"{k}:{v}" for k, v in items.items())
    prefix = draw(st.sampled_from(["", "city=revenue:10;", "city=revenue:10;town=revenue:5;"]))
    return f"{prefix}{part}={body}"


@st.composite
def hostile_codes(draw: st.DrawFn) -> str:
    """A valid or extreme code, then hostile edits: control characters and surrogates at random
    places, a value blown up to great length, a part repeated into a long (deep) tile, many
    `|` items or lanes."""
    code = draw(st.one_of(tile_codes(), extreme_key_codes()))
    for _ in range(draw(st.integers(0, 3))):
        edit = draw(st.sampled_from(["char", "long value", "repeat", "pipes", "lanes"]))
        if edit == "char":
            pos = draw(st.integers(0, len(code)))
            code = code[:pos] + draw(_HOSTILE_CHARS) + code[pos:]
        elif edit == "long value" and ":" in code:
            pos = code.index(":", draw(st.integers(0, code.rindex(":"))))
            code = code[: pos + 1] + draw(st.sampled_from(["W", "9", "a|", "_0"])) * draw(
                st.integers(1, 2_500)
            ) + code[pos + 1 :]  # fmt: skip
        elif edit == "repeat" and code:
            parts = code.split(";")
            part = draw(st.sampled_from(parts))
            code = ";".join(parts + [part] * draw(st.integers(1, 150)))
        elif edit == "pipes":
            code += ";city=revenue:10,groups:" + "|".join("G" * draw(st.integers(0, 30)))
        elif edit == "lanes":
            n = draw(st.sampled_from(["12", "13", "99", "999999999"]))
            code += f";path=a:0,b:3,lanes:{n}" * draw(st.integers(1, 12))
    return code


#: Text for options that are not tile code (a location name, a title): anything at all.
hostile_text = st.text(_HOSTILE_CHARS, max_size=300)
