"""Games in runs by title, for the navigation of a large site: `1817 – 1836Jr56`, `1837 – 1856`…

A site with every 18xx.games and GE18XX game has some 140 of them. Listed flat in the
navigation, every page of a game carries a link to all the others and to their sub-pages (360 KB
of HTML a page, most of a 400 MB site). In runs of about `RUN` games, in title order like the
thumb index of a dictionary, a page carries the runs, the games of its own run and its own
game's pages: the theme's pruning leaves out the rest. Each run has an index page listing its
games (`build_group_pages` in `gallery.pages.games_index`).

Small sites (`GROUP_ABOVE` games or fewer) are not grouped.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

#: More games than this are grouped.
GROUP_ABOVE = 24
#: About this many games a group (groups of one site are of equal size, ± 1).
RUN = 14
#: Where the group pages live (a game id is a folder beside it; no 18xx id has a slash).
GROUPS_DIR = "games/by-title"
#: The longest part of a title a label shows.
LABEL_CHARS = 16


class Titled(Protocol):
    """Anything with a gallery page: an 18xx game or a board game."""

    @property
    def id(self) -> str: ...

    @property
    def title(self) -> str: ...


@dataclass(frozen=True)
class GameGroup:
    """A run of games in title order: its label, its index page and its members."""

    label: str
    page: str
    members: tuple[Titled, ...]


def title_order(games: Iterable[Titled]) -> list[Titled]:
    """Games by title (case ignored), then id: the order of the games index and the nav."""
    return sorted(games, key=lambda g: (g.title.casefold(), g.id))


def short_title(title: str) -> str:
    """The part of a title a label shows: up to a colon or a spaced dash, at most
    `LABEL_CHARS` characters (`18Chesapeake: Off the Rails` -> `18Chesapeake`)."""
    head = re.split(r":| [-–—] ", title, maxsplit=1)[0].strip() or title.strip()
    return head if len(head) <= LABEL_CHARS else head[: LABEL_CHARS - 1].rstrip() + "…"


def family(title: str) -> str:
    """What a title's family is known by: its leading year-like number or `18…` word
    (`1822`, `18ZOO`, `18Chesapeake`), else its first word. Games of one family (1822CA,
    1822PNW; 18ZOO's maps A to F) are kept in one run where the cuts allow."""
    found = _FAMILY.match(title.strip())
    return (found.group(0) if found else title.strip()).casefold()


_FAMILY = re.compile(r"\d{4}|18[A-Za-z]+|\S+")


def _cuts(ordered: Sequence[Titled], count: int) -> list[int]:
    """Where each run after the first begins: even cuts, each moved by at most a third of a
    run to the nearest place where the family changes (no move when there is none)."""
    size = len(ordered) / count
    reach = max(1, int(size // 3))
    names = [family(g.title) for g in ordered]
    cuts: list[int] = []
    for n in range(1, count):
        even = round(n * size)
        low = (cuts[-1] + 1) if cuts else 1
        best = even
        for offset in sorted(range(-reach, reach + 1), key=lambda o: (abs(o), o)):
            at = even + offset
            if low <= at < len(ordered) and names[at - 1] != names[at]:
                best = at
                break
        cuts.append(max(best, low))
    return cuts


def game_groups(games: Sequence[Titled]) -> list[GameGroup]:
    """The games in title order cut into runs of about `RUN` (none for a small site), a
    family kept together where a cut can move by a third of a run to keep it."""
    ordered = title_order(games)
    if len(ordered) <= GROUP_ABOVE:
        return []
    count = math.ceil(len(ordered) / RUN)
    bounds = [0, *_cuts(ordered, count), len(ordered)]
    groups = []
    for n in range(count):
        members = tuple(ordered[bounds[n] : bounds[n + 1]])
        first, last = short_title(members[0].title), short_title(members[-1].title)
        label = first if first == last else f"{first} – {last}"
        groups.append(GameGroup(label, f"{GROUPS_DIR}/{n + 1}/index.md", members))
    return groups
