"""The grammar file as readable EBNF for the Specification page, generated from `tile.lark`.

Why generated: the page and the grammar the conformance tests run must be one text. This reads
the Lark file line by line (it is the project's own, written in a small, regular subset of Lark:
one rule per line or continued on indented `|` lines, notes on `//:` lines before a rule, section
headings on `// ---- name ----` lines) and writes W3C-style EBNF: `::=`, `( )?` for Lark's
`[ ]`, `{m,n}` for Lark's `~m..n`, rule modifiers (`?`) and `%ignore` lines left out.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field

_TOKEN = re.compile(
    r'"(?:[^"\\]|\\.)*"'  # a literal
    r"|/(?:[^/\\]|\\.)+/[imsx]*"  # a regex
    r"|~\s*\d+(?:\.\.\d+)?"  # a repeat count or range
    r"|[A-Za-z_][A-Za-z_0-9]*"  # a name
    r"|\S"  # an operator
)
#: Characters per line of the page's code blocks: what the theme's text column shows unscrolled.
_WIDTH = 72
_SECTION = re.compile(r"^// -+ (.+?) -+$")
_RULE = re.compile(r"^[?!]?([A-Za-z_][A-Za-z_0-9]*)\s*:\s*(.*)$")


@dataclass
class Rule:
    """One rule or terminal of the grammar: its name, its EBNF body and the notes before it."""

    name: str
    body: str
    notes: list[str] = field(default_factory=list)

    @property
    def terminal(self) -> bool:
        return self.name.isupper()


@dataclass
class Section:
    title: str
    rules: list[Rule] = field(default_factory=list)


def to_ebnf(expression: str) -> str:
    """One Lark expression in W3C-style EBNF."""
    out: list[str] = []
    for token in _TOKEN.findall(expression):
        if token == "[":
            out.append("(")
        elif token == "]":
            out.append(")?")
        elif token.startswith("~"):
            low, _, high = token[1:].strip().partition("..")
            out.append("{" + (f"{low},{high}" if high and high != low else low) + "}")
        else:
            out.append(token)
    text = " ".join(out)
    # attach postfix operators to what they follow: `x *` -> `x*`
    return re.sub(r" ([*+?{])", r"\1", re.sub(r"\( ", "(", re.sub(r" \)", ")", text)))


def sections(grammar: str) -> list[Section]:
    """The grammar's rules in file order, grouped under its `// ---- name ----` headings."""
    found = [Section("The tile")]
    notes: list[str] = []
    rule: Rule | None = None
    for line in grammar.splitlines():
        stripped = line.strip()
        heading = _SECTION.match(stripped)
        if heading:
            found.append(Section(heading.group(1).capitalize()))
            rule = None
        elif stripped.startswith("//:"):
            notes.append(stripped[3:].strip())
        elif stripped.startswith(("//", "%")) or not stripped:
            rule = None
        elif line[0].isspace() and rule is not None:
            rule.body += " " + stripped
        else:
            match = _RULE.match(stripped)
            if match is None:
                raise ValueError(f"grammar line not understood: {line!r}")
            rule = Rule(match.group(1), match.group(2), [" ".join(notes)] if notes else [])
            found[-1].rules.append(rule)
            notes = []
    return [s for s in found if s.rules]


def _wrap(line: str, width: int = 0) -> list[str]:
    """A long rule broken between tokens (never inside a literal or a regex), continuation lines
    indented; a break before an alternative's `|` is preferred when it keeps the line at least
    half full."""
    width = width or _WIDTH
    gaps = [m.start() for m in _TOKEN.finditer(line) if m.start() and line[m.start() - 1] == " "]
    out: list[str] = []
    start, indent = 0, ""
    while len(indent) + len(line) - start > width:
        fitting = [g for g in gaps if start < g and len(indent) + g - start - 1 <= width]
        if not fitting:
            break  # one token longer than the line: leave it whole
        before_bar = [g for g in fitting if line[g] == "|" and g - start > width // 2]
        cut = (before_bar or fitting)[-1]
        out.append(indent + line[start:cut].rstrip())
        start, indent = cut, "    "
    out.append(indent + line[start:])
    return out


def markdown(grammar: str) -> str:
    """The grammar as Markdown: per section an EBNF code block, each rule's note above it as an
    EBNF comment `(* ... *)`."""
    lines: list[str] = []
    for section in sections(grammar):
        lines += [f"### {section.title}", "", "```text"]
        for rule in section.rules:
            if rule.notes and lines[-1] != "```text":
                lines.append("")
            for note in rule.notes:
                wrapped = textwrap.wrap(
                    note,
                    _WIDTH - 3,  # room for the closing " *)"
                    initial_indent="(* ",
                    subsequent_indent="   ",
                    break_on_hyphens=False,
                )
                wrapped[-1] += " *)"
                lines += wrapped
            lines += _wrap(f"{rule.name} ::= {to_ebnf(rule.body)}")
        lines += ["```", ""]
    return "\n".join(lines)
