"""The gallery's page builders, one module per kind of page.

`gallery.site.build_gallery` calls them in order with one `context.GalleryBuild`, which
collects the generated files and renders each distinct tile drawing once. Every page module
returns nothing and only adds files to that build; HTML fragments come from the overridable
templates of `gallery.templates`, Markdown text goes through `gallery.pagetext`.
"""
