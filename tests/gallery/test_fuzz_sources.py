"""Generated hostile game sources (issue 37): counts of any size in every format, ids that
collide after slugging, case folding and Unicode normalisation, hidden controls in any text,
and symlinks anywhere. Whatever is generated, loading gives games within the limits table,
each under an address of its own, with no hidden control left, nothing read from outside the
folders, and every problem a diagnostic; any other exception fails. `nox -s fuzz` runs them
with the `fuzz` profile."""

from __future__ import annotations

import os
import tempfile
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from source_fixtures import GE_TILESET, RUBY, write_ge18xx, write_ruby

from gallery.addresses import address_key
from gallery.limits import TILE_COUNT, TILES_PER_GAME
from gallery.loader import load_gallery
from gallery.pages.paths import tile_slug
from gallery.textfile import HIDDEN

HIDDEN_CHARS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200b\u2060\ufeff\u180e"
RTL = "\u05d0\u05d1\u05d2\u0627\u0628\u062a"  # Hebrew and Arabic letters
counts = st.one_of(
    st.integers(min_value=0, max_value=10**40),
    st.integers(min_value=0, max_value=9).map(lambda d: int("9" * (4000 + d))),
)


@contextmanager
def _folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="fuzz-sources-") as name:
        yield Path(name)


def _within_limits(folder: Path, imports: list[Path]) -> None:
    loaded = load_gallery([], imports=imports)
    assert loaded.games, [str(d) for d in loaded.diagnostics]
    for game in loaded.games:
        assert len(game.tiles) <= TILES_PER_GAME.high
        assert all(t.count is None or t.count <= TILE_COUNT.high for t in game.tiles.values())


@given(count=counts)
def test_fuzz_ge18xx_quantities_stay_within_the_limit(count: int) -> None:
    with _folder() as folder:
        ge = write_ge18xx(folder)
        (ge / "mini" / "mini-TileSet.xml").write_text(
            GE_TILESET.replace('quantity="2"', f'quantity="{count}"'), "utf-8"
        )
        _within_limits(folder, [ge])


@given(count=counts, underscores=st.booleans())
def test_fuzz_ruby_counts_stay_within_the_limit(count: int, underscores: bool) -> None:
    with _folder() as folder:
        checkout = write_ruby(folder)
        written = f"{count:_}" if underscores else str(count)
        game_rb = checkout / "lib" / "engine" / "game" / "g_mini" / "game.rb"
        game_rb.write_text(RUBY.replace("'count' => 2", f"'count' => {written}"), "utf-8")
        _within_limits(folder, [checkout])


@given(count=counts)
def test_fuzz_yaml_counts_give_a_game_or_a_diagnostic(count: int) -> None:
    with _folder() as folder:
        (folder / "g.yaml").write_text(f'title: G\ntiles:\n  "57": {count}\n', "utf-8")
        loaded = load_gallery([folder])
        for game in loaded.games:
            assert all(t.count is None or t.count <= TILE_COUNT.high for t in game.tiles.values())
        assert loaded.games or loaded.diagnostics


ID_CHARS = st.sampled_from([*"abfoFO", "_", ".", "-", "é", "e\u0301", "ü", "É", "\u05d0"])


@given(ids=st.lists(st.lists(ID_CHARS, min_size=1, max_size=6).map("".join), min_size=2,
                    max_size=6))  # fmt: skip
def test_fuzz_ids_never_share_an_address(ids: list[str]) -> None:
    with _folder() as folder:
        for n, game_id in enumerate(ids):
            quoted = game_id.replace("\\", "\\\\").replace('"', '\\"')
            (folder / f"g{n}.yaml").write_text(f'id: "{quoted}"\ntitle: G{n}\n', "utf-8")
        loaded = load_gallery([folder])
        keys = [address_key(g.id) for g in loaded.games]
        assert len(keys) == len(set(keys)), [g.id for g in loaded.games]
        for game in loaded.games:
            slug = tile_slug(game.id)
            assert slug and "/" not in slug and slug not in (".", "..") and slug.isascii()
        # every file is published or said to be wrong
        assert len(loaded.games) + sum(d.severity == "error" for d in loaded.diagnostics) >= len(
            ids
        )


text_with_controls = st.text(
    st.sampled_from([*"ab .:-", *RTL, *HIDDEN_CHARS, "\u200c", "\u200d"]), min_size=1, max_size=30
)


@given(title=text_with_controls, designer=text_with_controls, name=text_with_controls)
def test_fuzz_hidden_controls_never_reach_a_game(title: str, designer: str, name: str) -> None:
    with _folder() as folder:

        def quoted(text: str) -> str:
            return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

        (folder / "g.yaml").write_text(
            f"id: g\ntitle: {quoted(title)}\ndesigner: {quoted(designer)}\n"
            f'location_names: {{A1: {quoted(name)}}}\nhexes:\n  white:\n    "city": [A1]\n',
            "utf-8",
        )
        loaded = load_gallery([folder])
        hidden = sum(len(HIDDEN.findall(t)) for t in (title, designer, name))
        warned = [d for d in loaded.diagnostics if d.code == "hidden-text"]
        assert (hidden > 0) == bool(warned)
        for game in loaded.games:
            texts = [game.title, game.designer or "", *game.location_names.values()]
            assert not any(HIDDEN.search(t) for t in texts)
            # right-to-left letters are kept, in order
            letters = "".join(c for c in title if c in RTL)
            assert "".join(c for c in game.title if c in RTL) == letters


LINK_TARGETS = st.sampled_from(["outside-file", "outside-dir", "inside", "root", "dev", "loop"])


@given(links=st.lists(st.tuples(st.sampled_from(["games", "ruby", "ge"]), LINK_TARGETS),
                      max_size=5))  # fmt: skip
def test_fuzz_symlinks_never_read_outside(links: list[tuple[str, str]]) -> None:
    with _folder() as base:
        outside = base / "outside"
        outside.mkdir()
        (outside / "secret.yaml").write_text("id: secret\ntitle: SECRET\n", "utf-8")
        (outside / "secret.rb").write_text(RUBY.replace("'Mini'", "'SECRET'"), "utf-8")
        (outside / "Cities.xml").write_text('<C><City name="SECRET"/></C>', "utf-8")
        games = base / "games"
        games.mkdir()
        (games / "ok.yaml").write_text("id: ok\ntitle: OK\n", "utf-8")
        checkout = write_ruby(base)
        ge = write_ge18xx(base)
        places = {
            "games": games,
            "ruby": checkout / "lib" / "engine" / "game" / "g_mini",
            "ge": ge / "mini",
        }
        targets = {
            "outside-file": outside / "secret.yaml",
            "outside-dir": outside,
            "inside": games / "ok.yaml",
            "root": Path("/"),
            "dev": Path("/dev/zero"),
        }
        for n, (where, target) in enumerate(links):
            name = {"games": f"l{n}.yaml", "ruby": f"l{n}.rb", "ge": "mini-Cities.xml"}[where]
            link = places[where] / name
            if link.is_symlink() or link.exists():
                continue
            os.symlink(link if target == "loop" else targets[target], link)
        loaded = load_gallery([games], imports=[checkout, ge])
        titles = [g.title for g in loaded.games] + [
            n for g in loaded.games for n in g.location_names.values()
        ]
        assert not any("SECRET" in t for t in titles)
        assert {"ok", "mini"} <= {g.id for g in loaded.games}


def test_fuzz_nfd_and_nfc_folder_names_are_one_game_address() -> None:
    assert address_key(unicodedata.normalize("NFD", "café")) == address_key("café")
