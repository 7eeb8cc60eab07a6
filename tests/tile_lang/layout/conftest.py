"""Layout tests; their helpers (layout_helpers.py) are registered by tests/conftest.py."""
