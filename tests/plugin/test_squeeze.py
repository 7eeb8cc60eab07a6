"""plugin.squeeze: the theme's blank lines and indentation shortened, nothing else: in the
templates as they are compiled, and in the built page's chrome."""

from __future__ import annotations

import re
from pathlib import Path

import material
from hypothesis import given
from hypothesis import strategies as st
from jinja2 import DictLoader, Environment

from plugin.squeeze import SqueezedTemplates, squeeze_chrome, squeeze_template

PAGE = (
    "<html>\n  <head>\n    <script>\n  var x = 1;\n\n  </script>\n  </head>\n  <body>\n"
    "    <nav>\n      <a href='#'>\n        Home\n      </a>\n    </nav>\n"
    '    <article class="md-content__inner md-typeset">\n<pre>a\n\n  b</pre>\n\n\n  text\n'
    "    </article>\n    <textarea>\n\n  keep\n</textarea>\n  </body>\n</html>\n"
)


def rendered_alike(html: str) -> str:
    """HTML as a browser lays it out outside `pre`: each whitespace run with a line break is
    one line break."""
    return re.sub(r"[ \t\r\f]*\n[ \t\r\n\f]*", "\n", html)


def test_chrome_whitespace_runs_become_one_line_break() -> None:
    out = squeeze_chrome(PAGE)
    assert "<nav>\n<a href='#'>\nHome\n</a>\n</nav>" in out
    assert len(out) < len(PAGE)


def test_the_article_and_whitespace_sensitive_elements_are_untouched() -> None:
    out = squeeze_chrome(PAGE)
    start = PAGE.index("<article")
    end = PAGE.index("</article>")
    assert PAGE[start:end] in out
    assert "<script>\n  var x = 1;\n\n  </script>" in out
    assert "<textarea>\n\n  keep\n</textarea>" in out


def test_a_page_without_the_themes_article_is_left_alone() -> None:
    other = "<html>\n\n  <body>\n\n  x</body></html>"
    assert squeeze_chrome(other) == other


def test_no_break_spaces_are_text() -> None:
    page = '<p>\u00a0\n\u00a0</p><article class="md-content__inner">x</article>'
    assert squeeze_chrome(page).startswith("<p>\u00a0\n\u00a0</p>")


@given(st.text(alphabet="ab> \t\r\f\n\u00a0", max_size=40))
def test_the_chrome_renders_alike_with_no_line_break_followed_by_whitespace(chrome: str) -> None:
    page = f'{chrome}<article class="md-content__inner">x</article>'
    out = squeeze_chrome(page)
    assert rendered_alike(out) == rendered_alike(page)
    assert not re.search(r"\n[ \t\r\f\n]", out)
    assert out.endswith('<article class="md-content__inner">x</article>')


def render(source: str, squeezed: bool, **values: object) -> str:
    env = Environment(loader=DictLoader({"t.html": source}))
    if squeezed:
        env.add_extension(SqueezedTemplates)
    return env.get_template("t.html").render(**values)


TEMPLATE = """<ul>
  {% for item in items %}
    <li>
      {{ item }}
    </li>
  {% endfor %}
</ul>
{#- a comment
    over lines -#}
<pre>
  kept   as
     written
</pre>
{% raw %}
  {{ not a tag }}
{% endraw %}
<script>
  var html = "{{ value }}";
</script>
<span>a</span> {%- if value %} <b>{{ value }}</b>{% endif %}
"""


def test_a_squeezed_template_renders_alike_and_shorter() -> None:
    values = {"items": ["one", "  two\n  lines"], "value": "v"}
    plain = render(TEMPLATE, False, **values)
    squeezed = render(TEMPLATE, True, **values)
    assert rendered_alike(squeezed) == rendered_alike(plain)
    assert len(squeezed) < len(plain)
    assert "<pre>\n  kept   as\n     written\n</pre>" in squeezed
    assert "\n  {{ not a tag }}\n" in squeezed
    assert '<script>\n  var html = "v";\n</script>' in squeezed
    assert "  two\n  lines" in squeezed  # what an expression outputs is its own


def test_jinja_syntax_and_translations_are_kept_as_written() -> None:
    source = (
        '{% set x = {\n    "a": 1,\n    "b": "\n  two"} %}\n'
        "  {% trans %}Hello\n   world{% endtrans %}"
    )
    assert squeeze_template(source) == source.replace("%}\n  {% trans", "%}\n{% trans")
    raw = "<p>\n  {%+ raw -%}\n   {{ kept }}\n\n {%- endraw +%}\n  </p>"
    assert squeeze_template(raw) == "<p>\n{%+ raw -%}\n   {{ kept }}\n\n {%- endraw +%}\n</p>"


@given(
    st.lists(
        st.sampled_from(
            [
                "a",
                "<b>",
                "</b>",
                " ",
                "\n",
                "\t",
                "  \n  ",
                "{{ x }}",
                "{% if y %}",
                "{% endif %}",
                "{#- c -#}",
            ]
        ),
        max_size=30,
    )
)
def test_any_template_renders_alike(pieces: list[str]) -> None:
    opened = pieces.count("{% if y %}") - pieces.count("{% endif %}")
    source = "".join(p for p in pieces if p not in ("{% if y %}", "{% endif %}") or opened != 0)
    if source.count("{% if y %}") != source.count("{% endif %}"):
        source = source.replace("{% if y %}", "").replace("{% endif %}", "")
    for y in (True, False):
        plain = render(source, False, x=" \n x", y=y)
        assert rendered_alike(render(source, True, x=" \n x", y=y)) == rendered_alike(plain)


def test_every_theme_template_still_compiles() -> None:
    """mkdocs-material's own templates, squeezed, are still templates Jinja reads."""
    root = Path(material.__file__).parent / "templates"
    env = Environment(extensions=[SqueezedTemplates, "jinja2.ext.i18n"])
    names = [p for p in root.rglob("*.html") if ".icons" not in p.parts]
    assert len(names) > 40
    for path in names:
        env.parse(path.read_text(encoding="utf-8"), path.name, str(path))
