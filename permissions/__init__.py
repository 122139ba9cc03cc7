"""The policy engine: pattern grammar, shell parsing, path scope, decide(), permissions.json I/O.

The core modules import nothing from Django, so they run in `manage.py policy eval` without a database,
in benchmarks and in property tests. The engine is the bottom of the layer order (tests/test_import_graph.py):
it imports no other first-party package, and ``brabo.errors`` reads its decision reasons from
``permissions.messages``. So the package ships on its own: ``pip install ./brabo_client`` installs it with
the client (brabo_client/pyproject.toml), for ``brabo policy check`` to decide offline without a checkout
(tests/test_client_ships_the_engine.py).
"""
