"""The diff as terminal text and as Markdown (GitHub's job summary, a pull-request comment).

Text: one heading line per game, then one line per hex or tile (`+` added, `-` removed, `~`
changed) and, for a changed tile string, its differing `;`-parts indented below. Markdown: a
table of the games, then per game a folded list (`<details>`), every value from game data
escaped (`md_text`) or in a code span that cannot be closed early.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gallery.diff.model import DiffReport, GameDiff, HexChange, TileChange
from gallery.diff.words import (
    STATUS_WORDS,
    code_note,
    count_text,
    field_changes,
    game_counts,
    hex_place,
    map_note,
    plural,
)
from gallery.pagetext import esc, md_text, one_line

SIGNS = {"added": "+", "removed": "-", "changed": "~"}


def summary_line(report: DiffReport) -> str:
    """`2 games differ, 128 the same` (and trouble, when there was some)."""
    differ = len(report.changed)
    verb = "differs" if differ == 1 else "differ"
    text = f"{plural(differ, 'game')} {verb}, {report.same} the same"
    trouble = len(report.problems) + sum(1 for g in report.games if g.status == "unreadable")
    return text + (f", {trouble} could not be compared" if trouble else "")


def _what(change: HexChange | TileChange) -> str:
    """The subject of a change line: `hex F9 (Kotohira)`, `tile 57`."""
    if isinstance(change, HexChange):
        place = hex_place(change.new or change.old)
        coord = change.coord or '""'  # an empty coordinate is real data (18India once had one)
        return f"hex {coord}" + (f" ({place})" if place else "")
    return f"tile {one_line(change.name)}"


def _entry_words(change: HexChange | TileChange) -> str:
    """An added or removed entry in short: its colour, count and code."""
    entry = change.new or change.old
    if entry is None:
        return ""
    words = [entry.color]
    if isinstance(change, TileChange) and change.new is not None:
        words.append(f"×{count_text(change.new.count)}")
    elif isinstance(change, TileChange) and change.old is not None:
        words.append(f"×{count_text(change.old.count)}")
    return " ".join(words) + ": " + (one_line(entry.code) or "(blank)")


def _fields(change: HexChange | TileChange, arrow: str, text: Callable[[str], str]) -> list[str]:
    """`colour white -> yellow`, `code (same tile, written differently)`: each changed field,
    every word from data through `text` (the medium's escaping)."""
    fields = [f"{text(n)} {text(a)} {arrow} {text(b)}" for n, a, b in field_changes(change)]
    if "code" in change.fields:
        note = code_note(change)
        fields.append(f"code ({text(note)})" if note else "code")
    return fields


def _change_lines(change: HexChange | TileChange) -> list[str]:
    sign = SIGNS[change.change]
    if change.change != "changed":
        return [f"  {sign} {_what(change)} {_entry_words(change)}"]
    fields = _fields(change, "->", str)
    lines = [f"  {sign} {_what(change)}: " + "; ".join(fields)]
    lines += [f"      {p.sign} {one_line(p.text)}" for p in change.parts]
    return lines


def game_text(game: GameDiff) -> list[str]:
    """A game's lines: its heading, its settings, then every hex and tile change."""
    head = f"{one_line(game.id)} ({one_line(game.title)}): {STATUS_WORDS[game.status]}"
    if game.status in ("changed", "added", "removed"):
        head += f": {game_counts(game)}"
    lines = [head]
    lines += [f"  ~ {key}: {one_line(a)} -> {one_line(b)}" for key, a, b in game.settings]
    # a whole game new or gone is summed up, not listed hex by hex (json lists them all)
    note = map_note(game)
    lines += [f"  ({note})"] if note and game.status == "changed" else []
    for change in game.listed:
        lines += _change_lines(change)
    lines += [f"  ? {one_line(note)}" for note in game.notes]
    lines += [f"  ! {one_line(str(d))}" for d in game.problems]
    return lines


def render_text(report: DiffReport) -> str:
    lines = [f"--- {one_line(report.old_label)}", f"+++ {one_line(report.new_label)}"]
    for game in report.games:
        lines += game_text(game)
    lines += [f"! {one_line(str(d))}" for d in report.problems]
    lines.append(summary_line(report))
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------------ markdown


def md_code(text: str) -> str:
    """`text` as a Markdown code span that no backtick inside it can close."""
    text = one_line(text) or " "
    runs = [len(r) for r in re.findall(r"`+", text)]
    fence = "`" * (max(runs, default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _md_change(change: HexChange | TileChange) -> list[str]:
    subject = md_text(_what(change))
    if change.change != "changed":
        entry = change.new or change.old
        code = md_code(entry.code) if entry is not None and entry.code else "blank"
        color = md_text(entry.color) if entry is not None else ""
        return [f"- **{change.change}** {subject}: {color} {code}"]
    lines = [f"- **changed** {subject}: " + "; ".join(_fields(change, "→", md_text))]
    lines += [
        f"  - {'removed' if p.sign == '-' else 'added'} {md_code(p.text)}" for p in change.parts
    ]
    return lines


def _md_game(game: GameDiff) -> list[str]:
    # inside an HTML block Markdown's backslash escapes are not read: HTML escaping only
    summary = f"<b>{esc(one_line(game.id))}</b> {esc(one_line(game.title))}: {esc(_status(game))}"
    lines = ["<details>", f"<summary>{summary}</summary>", ""]
    lines += [f"- **{md_text(key)}** {md_code(a)} → {md_code(b)}" for key, a, b in game.settings]
    note = map_note(game)
    lines += [f"- {md_text(note)}"] if note else []
    for change in game.listed:
        lines += _md_change(change)
    lines += [f"- **not read**: {md_text(note)}" for note in game.notes]
    lines += [f"- {md_text(str(d))}" for d in game.problems]
    return [*lines, "", "</details>", ""]


def render_markdown(report: DiffReport, *, title: str = "Map and tile changes") -> str:
    lines = [
        f"## {md_text(title)}",
        "",
        f"{md_code(report.old_label)} → {md_code(report.new_label)}: "
        + md_text(summary_line(report)),
        "",
    ]
    if report.games:
        lines += ["| game | what changed |", "|---|---|"]
        lines += [
            f"| {md_text(g.id)} ({md_text(g.title)}) | {md_text(_status(g))} |"
            for g in report.games
        ]
        lines.append("")
    for game in report.games:
        if game.status == "changed" or game.problems or game.settings or game.notes:
            lines += _md_game(game)
    lines += [f"- {md_text(str(d))}" for d in report.problems]
    return "\n".join(lines).rstrip("\n") + "\n"


def _status(game: GameDiff) -> str:
    if game.status == "changed":
        return game_counts(game)
    if game.status in ("added", "removed"):
        return f"{STATUS_WORDS[game.status]}: {game_counts(game)}"
    return STATUS_WORDS[game.status]
