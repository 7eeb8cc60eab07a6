"""Browser tests; browser_support.py is registered as a module by tests/conftest.py, which
also provides the shared `browser` and `page` fixtures."""
