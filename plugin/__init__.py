"""MkDocs plugin glue for Tile Atlas: the only package that imports mkdocs."""
