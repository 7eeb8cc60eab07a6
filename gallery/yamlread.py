"""Composing a game file's YAML into nodes with bounds, so no file can crash or stall a build.

PyYAML's composers are recursive: the C one (libyaml through Cython) overflows the C stack and
**segfaults** on a few thousand nested `[`, taking `mkdocs build` down with it; the Python one
raises RecursionError a few hundred levels deep. Aliases are shared nodes, so a few lines of
`&a`/`*a` describe a tree with billions of nodes for any reader that walks it.

So the text is first read as an **event stream** (the parsers keep explicit stacks and never
recurse), stopping at the first event deeper than `MAX_DEPTH` or past `MAX_NODES` nodes with
aliases expanded; only a text within both bounds is composed. The real game files nest five or
six levels and have a few tens of thousands of nodes, so the bounds leave ample room.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import yaml

from tile_lang import Diagnostic

MAX_DEPTH = 64
"""Collections inside collections (a game file needs about 6)."""
MAX_NODES = 2_000_000
"""Nodes of the document with every alias expanded (1889 has about 5,000)."""

_TOO_DEEP = f"nested more than {MAX_DEPTH} levels deep: a game file needs a few"
_LOADER = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader
_OPEN = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_CLOSE = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


@dataclass(frozen=True)
class ComposedYaml:
    """The root node (None for an empty document or when the text was refused) and why."""

    root: yaml.Node | None
    diagnostics: tuple[Diagnostic, ...] = ()


class _Mark(Protocol):
    line: int
    column: int


def _error(file: str, mark: _Mark | None, message: str) -> ComposedYaml:
    line, column = (mark.line + 1, mark.column + 1) if mark is not None else (0, 0)
    return ComposedYaml(
        None,
        (
            Diagnostic(
                severity="error", message=message, code="yaml", file=file, line=line, column=column
            ),
        ),
    )


def _scan(text: str, file: str) -> ComposedYaml | None:
    """An error when the text breaks a bound, else None. Sizes: each node counts 1 plus its
    children; an anchored node's size is remembered so `*alias` adds that whole size."""
    sizes: list[int] = []  # open collections: nodes counted inside so far
    anchored: dict[str, int] = {}
    anchors: list[str | None] = []
    total = 0
    for event in yaml.parse(text, Loader=_LOADER):
        if isinstance(event, _OPEN):
            if len(sizes) >= MAX_DEPTH:
                return _error(file, event.start_mark, _TOO_DEEP)
            sizes.append(1)
            anchors.append(event.anchor)
            continue
        if isinstance(event, _CLOSE):
            size = sizes.pop()
            anchor = anchors.pop()
        elif isinstance(event, yaml.ScalarEvent):
            size, anchor = 1, event.anchor
        elif isinstance(event, yaml.AliasEvent):
            size, anchor = anchored.get(event.anchor or "", 1), None
        else:
            continue
        if anchor is not None:
            anchored[anchor] = size
        if sizes:
            sizes[-1] += size
        else:
            total += size
        if total + sum(sizes) > MAX_NODES:
            return _error(
                file,
                event.start_mark,
                f"more than {MAX_NODES:,} values once its aliases (*name) are expanded",
            )
    return None


def compose_game_yaml(text: str, file: str) -> ComposedYaml:
    """The root node of a game file's YAML, or an error with file:line:column: a syntax error,
    nesting deeper than `MAX_DEPTH`, or more than `MAX_NODES` nodes with aliases expanded."""
    try:
        refused = _scan(text, file)
        if refused is not None:
            return refused
        return ComposedYaml(yaml.compose(text, Loader=_LOADER))
    except yaml.MarkedYAMLError as exc:
        problem = exc.problem or str(exc)
        if "nesting depth" in problem:
            # Some libyaml builds refuse deep flow nesting in their scanner, which reads ahead of
            # the events `_scan` counts; their limit is far above ours, so say it our way.
            return _error(file, exc.problem_mark, _TOO_DEEP)
        return _error(file, exc.problem_mark, f"not valid YAML: {problem}")
    except yaml.YAMLError as exc:
        return _error(file, None, f"not valid YAML: {exc}")
