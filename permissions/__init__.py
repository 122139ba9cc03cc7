"""The policy engine: pattern grammar, shell parsing, path scope, decide(), permissions.json I/O.

The core modules import nothing from Django, so they run in `manage.py policy eval` without a database,
in benchmarks and in property tests.
"""
