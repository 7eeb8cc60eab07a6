"""The ```tile fence in plain Python-Markdown with superfences (no MkDocs)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import markdown
import pytest

from tile_lang import markdown as fence


@pytest.fixture
def reports() -> Iterator[list[tuple[str, int | None]]]:
    seen: list[tuple[str, int | None]] = []
    fence.set_reporter(lambda message, line: seen.append((message, line)))
    fence.configure(defaults={}, cache=True)
    yield seen
    fence.set_reporter(None)


def render(text: str, *extra: str) -> str:
    return markdown.markdown(
        text,
        extensions=["pymdownx.superfences", "admonition", "pymdownx.tabbed", "pymdownx.details",
                    *extra],
        extension_configs={"pymdownx.superfences": {"custom_fences": [fence.tile_fence()]}},
    )  # fmt: skip


def test_one_tile_per_line_side_by_side(reports: list[tuple[str, int | None]]) -> None:
    out = render("```tile\ncity=revenue:20;path=a:0,b:_0\n57\n```\n")
    assert out.count("<svg") == 2
    assert "data-search-exclude" in out
    assert "#fde900" in out  # 57 keeps its catalog colour (yellow)
    assert not reports


def test_code_captions_wrap_between_parts(reports: list[tuple[str, int | None]]) -> None:
    out = render('```tile label="1"\ncity=revenue:20;path=a:0,b:_0;label=<T>\n```\n')
    (caption,) = re.findall(r'<figcaption class="tile-code"><code>(.*?)</code>', out)
    assert caption == "city=revenue:20;<wbr>path=a:0,b:_0;<wbr>label=&lt;T&gt;"
    assert not reports


def test_options(reports: list[tuple[str, int | None]]) -> None:
    out = render(
        '```tile color="green" layout="pointy" rotation="all" name="Tokyo" grid="1" '
        'size="120" caption="Six turns" label="1"\npath=a:0,b:2\n```\n'
    )
    assert out.count("<svg") == 6
    assert "rotate(30)" in out  # pointy
    assert "#71bf44" in out and 'width="120"' in out
    assert '<p class="tile-caption">Six turns</p>' in out
    assert out.count('<figcaption class="tile-code">') == 6
    assert "Tokyo" in out
    assert not reports


@pytest.mark.parametrize(
    ("value", "marker"),
    [
        ("1", ">15</text>"),
        ("regions", ">15</text>"),
        ("usage", ">0.5</text>"),
        ("anatomy", ">5.5</text>"),
    ],
)
def test_grid_modes(reports: list[tuple[str, int | None]], value: str, marker: str) -> None:
    out = render(f'```tile grid="{value}"\ncity=revenue:20;path=a:0,b:_0\n```\n')
    assert marker in out and 'opacity="0.5"' in out
    assert not reports


def test_unknown_grid_mode_is_reported(reports: list[tuple[str, int | None]]) -> None:
    render('```tile grid="sparkles"\n57\n```\n')
    assert len(reports) == 1 and "`grid` must be a flag or one of" in reports[0][0]


def test_rotation_list(reports: list[tuple[str, int | None]]) -> None:
    out = render('```tile rotation="0+2+4"\npath=a:0,b:1\n```\n')
    assert re.findall(r'data-rotation="(\d)"', out) == ["0", "2", "4"]


def test_bad_tile_gives_error_box_and_report(reports: list[tuple[str, int | None]]) -> None:
    out = render("```tile\ncity=revenue:20;citty=revenue:1\n```\n")
    assert 'class="tile-error"' in out
    assert "unknown part type `citty`" in out
    assert "did you mean `city`?" in out
    assert "^~~~~" in out  # the caret line
    assert "tile-figure--error" in out  # a visible error tile, never a blank
    assert len(reports) == 1 and "citty=revenue:1" in reports[0][0]
    assert reports[0][1] is None  # plain superfences: no line numbers without our extension


def test_bad_option_is_reported(reports: list[tuple[str, int | None]]) -> None:
    out = render('```tile rotation="7" colour="red"\npath=a:0,b:3\n```\n')
    assert "`rotation` must be 0-5" in out and "unknown option `colour`" in out
    assert len(reports) == 2


def test_expect_error_shows_but_does_not_report(reports: list[tuple[str, int | None]]) -> None:
    out = render('```tile expect_error="1"\npath=a:0\n```\n')
    assert "`path` needs `b`" in out and not reports


def test_markup_in_data_stays_text(reports: list[tuple[str, int | None]]) -> None:
    out = render(
        '```tile name="<script>alert(1)</script>" caption="<img src=x onerror=alert(1)>" '
        'label="1"\nlabel=<b onload>x</b>\n```\n'
    )
    assert "<script>alert" not in out
    assert "<img src=x" not in out
    assert "<b onload" not in out
    assert "&lt;script&gt;" in out


def test_inside_admonition_tabs_and_lists(reports: list[tuple[str, int | None]]) -> None:
    text = (
        '!!! note "A tile"\n\n    ```tile\n    57\n    ```\n\n'
        '=== "Flat"\n\n    ```tile\n    9\n    ```\n\n=== "Pointy"\n\n'
        '    ```tile layout="pointy"\n    9\n    ```\n\n'
        "- item\n\n    ```tile\n    8\n    ```\n"
    )
    out = render(text)
    assert out.count("<svg") == 4
    assert 'class="admonition note"' in out and "tabbed-set" in out
    assert not reports


def test_empty_block_is_an_error(reports: list[tuple[str, int | None]]) -> None:
    out = render("```tile\n\n```\n")
    assert "empty tile block" in out and reports


# -- line numbers (the `tile_lang.markdown` extension) ----------------------------------------


def test_each_report_names_the_line_of_its_own_fence(
    reports: list[tuple[str, int | None]],
) -> None:
    text = (
        "# Lines\n"  # 1
        "\n"
        "```tile\n"  # 3
        "city=revenue:x\n"  # 4
        "```\n"
        "\n"
        "```tile\n"  # 7
        "\n"
        "57\n"
        "city=revenue:x\n"  # 10: the same bad line again, reported here too
        "```\n"
    )
    render(text, "tile_lang.markdown")
    assert [line for _, line in reports] == [4, 10]


def test_option_errors_and_empty_blocks_name_the_fence_line(
    reports: list[tuple[str, int | None]],
) -> None:
    render('Text.\n\n```tile rotation="9"\n57\n```\n\n```{.tile}\n```\n', "tile_lang.markdown")
    assert [(m.split(":")[1].strip()[:10], line) for m, line in reports] == [
        ("`rotation`", 3),
        ("empty tile", 7),
    ]


def test_nested_fences_keep_their_own_lines(reports: list[tuple[str, int | None]]) -> None:
    text = (
        "!!! note\n"  # 1
        "\n"
        "    ```tile\n"  # 3
        "    path=a:0\n"  # 4
        "    ```\n"
        "\n"
        "````markdown\n"  # 7: an example of a fence is text, never rendered or numbered
        "```tile\n"
        "citty=1\n"
        "```\n"
        "````\n"
    )
    out = render(text, "tile_lang.markdown")
    assert [line for _, line in reports] == [4]
    assert "tile_line" not in out and "```tile" in out


def test_numbering_fences_rewrites_only_tile_headers() -> None:
    lines = ["```python", "x = 1", "```", '``` {.tile rotation="2"}', "57", "```", "~~~tile", "~~~"]
    assert fence.number_tile_fences(lines) == [
        "```python", "x = 1", "```", '``` {.tile rotation="2" tile_line="4"}', "57", "```",
        '~~~tile tile_line="7"', "~~~",
    ]  # fmt: skip


def test_each_tile_svg_is_named_in_words(reports: list[tuple[str, int | None]]) -> None:
    out = render('```tile label="1" rotation="0+1"\n57\npath=a:0,b:3\n```\n')
    titles = re.findall(r"<title>([^<]*)</title>", out)
    assert titles[0].startswith("Yellow tile 57. City with 1 slot, revenue 20. Track from the ")
    assert "the bottom edge (0)" in titles[0] and "the lower left edge (1)" in titles[1]
    assert titles[2] == "White tile. Track from the bottom edge (0) to the top edge (3)."
    assert "<code>path=a:0,b:3</code>" in out  # the code stays visible in the caption
