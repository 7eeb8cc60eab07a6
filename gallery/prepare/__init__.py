"""`tile-atlas prepare`: a MkDocs site made ready for a site engine that runs no MkDocs plugin
(Zensical).

What the `tiles` plugin does inside a MkDocs build is done here beforehand, from the same
configuration: the gallery is built by the same engine (`gallery.site.build_gallery`) and its
pages written into the docs, the styles, scripts and playground files beside them, and a
`zensical.toml` written next to `mkdocs.yml` holding the site's own settings plus what the
plugin would add (the Games and Tiles nav sections, the ```` ```tile ```` fence with the
plugin's defaults, the assets). `zensical build` and `zensical serve` then need nothing else.

Modules: `siteconfig` reads mkdocs.yml as MkDocs does (`!ENV`, `!relative`, `INHERIT`) and
the plugin's options; `engine_config` makes the Zensical configuration and `toml` writes it;
`blocks` keeps the gallery's bulky HTML out of the Markdown; `markdown_ext` is the
Python-Markdown extension that puts it back (and the playground) while Zensical renders;
`run` writes everything, only what changed; `watch` runs it again on every edit.
"""
