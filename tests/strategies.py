"""Hypothesis strategies over the tile grammar (valid tiles) and over mutated strings."""

from __future__ import annotations

from hypothesis import strategies as st

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
