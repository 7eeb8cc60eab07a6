"""Text and Markdown keep game data as data: no markup from a name, no code span closed early."""

from __future__ import annotations

import re
from pathlib import Path

from gallery.diff import diff_paths
from gallery.diff.text import md_code, render_markdown, render_text

NAME = "[x](javascript:alert(1)) <img src=x> **bold** | pipe"


def test_markdown_escapes_names_and_titles(tmp_path: Path) -> None:
    old, new = tmp_path / "old.yaml", tmp_path / "new.yaml"
    text = (
        "id: g\ntitle: {title!r}\nlocation_names: {{A1: {name!r}}}\n"
        "hexes:\n  white:\n    city=revenue:0: [A1]\n"
    )
    old.write_text(text.format(title="T", name="Plain"), encoding="utf-8")
    new.write_text(text.format(title=NAME, name=NAME), encoding="utf-8")
    report, _, _ = diff_paths(old, new)
    markdown = render_markdown(report)
    # outside code spans (where `<img` is shown as it is) and the raw HTML of <summary> (where
    # Markdown is not read, and which is HTML-escaped), nothing is markup
    outside = re.sub(r"`[^`]*`|<summary>.*</summary>", "", markdown)
    assert "<img" not in outside and "](javascript" not in outside
    assert f"- **title** `T` → `{NAME}`" in markdown
    assert (
        "\\[x\\]\\(javascript:alert\\(1\\)\\) &lt;img src=x&gt; \\*\\*bold\\*\\* \\| pipe"
        in markdown
    )
    assert "<summary><b>g</b> [x](javascript:alert(1)) &lt;img src=x&gt;" in markdown
    plain = render_text(report)
    assert f"  ~ hex A1 ({NAME}): name Plain -> {NAME}" in plain


def test_code_span_cannot_be_closed_by_the_code() -> None:
    assert md_code("path=a:0,b:1") == "`path=a:0,b:1`"
    assert md_code("a`b") == "``a`b``"
    assert md_code("`x") == "`` `x ``"
    assert md_code("line\nbreak") == "`line break`"
