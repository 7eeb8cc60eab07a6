"""`tile-atlas diff` between real revisions of real 18xx.games games shows exactly the hexes and
tiles their commits changed, checked against the git diff of the game's map.rb.

Needs a git repository of tobymao/18xx (a clone or a bare mirror): TILE_ATLAS_18XX_GIT, or
TILE_ATLAS_18XX when that checkout is a git clone, or the session's mirror when present. Each
revision's `lib/engine/game` is exported with `git archive` (read, never committed).

The oracle is deliberately simpler than the importer: it reads map.rb line by line (a key line
`['F9'] =>`, `%w[A1 A3] =>`, `'57' =>` and its continuation lines make one definition), takes
the definitions the git diff touches, and calls a coordinate (tile) changed when its
definition text, colour group or location name differs between the two files.
"""

from __future__ import annotations

import os
import re
import subprocess
import tarfile
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path

import pytest

from gallery.diff import diff_paths

MIRROR = Path("/work/.mirror/tobymao+18xx/repo")

#: (commit, game id, what it changed): each diffed against its parent.
COMMITS = [
    ("beef03b842ae47e601c5a5253d5be071c22e1799", "1889", "remove terrain icon on hex F9"),
    ("779dc4de9c45329e7c2667abc21d8d24a977cdef", "18_ny", "tile counts, Staten Island borders"),
    ("ba7ea29cff927e5a1e42eebda0e3b63691c80945", "1849_boot", "remove hex N18 from a %w list"),
    ("65e5731a9", "1861", "move Perm's location name to the correct hex"),
    ("69901c83d", "1862", "fix F9's location name"),
    ("9f0e1ea49", "18_india", "add hexes: 83 of them, in %w lists over several lines"),
]


def _git_dir() -> Path | None:
    for candidate in (os.environ.get("TILE_ATLAS_18XX_GIT"), os.environ.get("TILE_ATLAS_18XX")):
        if candidate and _is_git(Path(candidate)):
            return Path(candidate)
    return MIRROR if _is_git(MIRROR) else None


def _is_git(path: Path) -> bool:
    if not path.is_dir():
        return False
    found = subprocess.run(["git", "-C", str(path), "rev-parse", "--git-dir"],
                           capture_output=True, check=False)  # fmt: skip
    return found.returncode == 0


GIT = _git_dir()
pytestmark = pytest.mark.skipif(GIT is None, reason="no git repository of tobymao/18xx")


def _git(*args: str) -> bytes:
    assert GIT is not None
    return subprocess.run(["git", "-C", str(GIT), *args], capture_output=True, check=True).stdout


def _export(rev: str, into: Path) -> Path:
    """`lib/engine/game` of `rev` under `into` (a checkout the importer reads)."""
    if not into.is_dir():
        data = _git("archive", "--format=tar", rev, "lib/engine/game")
        with tarfile.open(fileobj=BytesIO(data)) as tar:
            tar.extractall(into, filter="data")
    return into


# ----------------------------------------------------------------------------------- the oracle

_CONST = re.compile(r"^\s*([A-Z][A-Z0-9_]*)\s*=\s*\{")
_GROUP = re.compile(r"^\s*(\w+):\s*\{\s*$")
_KEY = re.compile(
    r"^\s*(?:\[(?P<list>[^\]]*)\]|%w\[(?P<words>[^\]]*)\]|'(?P<one>[^']+)')\s*=>(?P<rest>.*)$"
)
_COORD = re.compile(r"[A-Za-z]+-?\d+")


@dataclass
class _Definition:
    const: str
    group: str
    keys: tuple[str, ...]
    first: int
    last: int
    text: list[str] = field(default_factory=list)


def _logical_lines(source: str) -> list[tuple[int, int, str]]:
    """`(first, last, text)`: a `%w[...]` key written over several lines is one line."""
    lines: list[tuple[int, int, str]] = []
    pending: tuple[int, str] | None = None
    for number, line in enumerate(source.splitlines(), 1):
        if pending is not None:
            pending = (pending[0], pending[1] + " " + line.strip())
            if "]" in line:
                lines.append((pending[0], number, pending[1]))
                pending = None
        elif "%w[" in line and "]" not in line.split("%w[", 1)[1]:
            pending = (number, line)
        else:
            lines.append((number, number, line))
    return lines


def _definitions(source: str) -> list[_Definition]:
    found: list[_Definition] = []
    const = group = ""
    current: _Definition | None = None
    for first, last, line in _logical_lines(source):
        if (m := _CONST.match(line)) is not None:
            const, group, current = m.group(1), "", None
        elif (m := _KEY.match(line)) is not None and const:
            keys = m["one"] or m["words"] or m["list"] or ""
            if m["one"]:
                names: tuple[str, ...] = (keys,)
            elif m["list"] is not None:
                names = tuple(re.findall(r"'([^']*)'", keys))  # `['']` is a hex too
            else:
                names = tuple(_COORD.findall(keys))
            current = _Definition(const, group, names, first, last, [m["rest"].strip()])
            found.append(current)
        elif (m := _GROUP.match(line)) is not None:
            group, current = m.group(1), None
        elif line.strip().startswith("}"):
            current = None
        elif current is not None:
            current.last = last
            current.text.append(line.strip())
    return found


def _values(defs: list[_Definition], const: str) -> dict[str, tuple[str, str]]:
    return {k: (d.group, " ".join(d.text)) for d in defs if d.const == const for k in d.keys}


def _touched(defs: list[_Definition], lines: set[int], const: str) -> set[str]:
    return {
        k for d in defs if d.const == const and lines & set(range(d.first, d.last + 1))
        for k in d.keys
    }  # fmt: skip


def _changed_lines(old: str, new: str, path: str) -> tuple[set[int], set[int]]:
    """Line numbers the git diff removes (in the old file) and adds (in the new file)."""
    diff = _git("diff", "-U0", old, new, "--", path).decode()
    removed: set[int] = set()
    added: set[int] = set()
    for a, a_len, b, b_len in re.findall(
        r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@", diff, re.M
    ):
        removed |= set(range(int(a), int(a) + int(a_len or 1)))
        added |= set(range(int(b), int(b) + int(b_len or 1)))
    return removed, added


def expected_changes(old: str, new: str, game_id: str) -> tuple[set[str], set[str]]:
    """(hexes, tiles) the git diff of the game's map.rb changes, by the oracle above."""
    path = f"lib/engine/game/g_{game_id}/map.rb"
    before = _definitions(_git("show", f"{old}:{path}").decode())
    after = _definitions(_git("show", f"{new}:{path}").decode())
    removed, added = _changed_lines(old, new, path)
    results = []
    for consts in (("HEXES", "LOCATION_NAMES"), ("TILES",)):
        changed: set[str] = set()
        for const in consts:
            touched = _touched(before, removed, const) | _touched(after, added, const)
            was, now = _values(before, const), _values(after, const)
            changed |= {k for k in touched if was.get(k) != now.get(k)}
        results.append(changed)
    return results[0], results[1]


# ------------------------------------------------------------------------------------ the tests


@pytest.mark.parametrize(("commit", "game_id", "what"), COMMITS, ids=[c[1] for c in COMMITS])
def test_diff_shows_exactly_what_the_commit_changed(
    commit: str, game_id: str, what: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    root = tmp_path_factory.getbasetemp() / "revisions"
    old = _export(f"{commit}~1", root / f"{commit[:9]}-parent")
    new = _export(commit, root / commit[:9])
    hexes, tiles = expected_changes(f"{commit}~1", commit, game_id)
    assert hexes | tiles, f"the oracle found nothing in {commit} ({what})"
    report, _, _ = diff_paths(old, new, wanted=[game_id])
    assert report.exit_code == 1
    (game,) = report.games
    assert {h.coord for h in game.hexes} == hexes
    assert {t.name for t in game.tiles} == tiles


def test_1849_boot_n18_is_removed_and_18ny_counts_change(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    root = tmp_path_factory.getbasetemp() / "revisions"
    boot, ny = COMMITS[2][0], COMMITS[1][0]
    report, _, _ = diff_paths(_export(f"{boot}~1", root / f"{boot[:9]}-parent"),
                              _export(boot, root / boot[:9]), wanted=["1849_boot"])  # fmt: skip
    assert [(h.coord, h.change) for h in report.games[0].hexes] == [("N18", "removed")]
    report, _, _ = diff_paths(_export(f"{ny}~1", root / f"{ny[:9]}-parent"),
                              _export(ny, root / ny[:9]), wanted=["18_ny"])  # fmt: skip
    counts = {t.name: (t.old.count, t.new.count) for t in report.games[0].tiles}  # type: ignore[union-attr]
    assert counts == {"15": (8, 9), "43": (2, 3), "63": (6, 5)}
