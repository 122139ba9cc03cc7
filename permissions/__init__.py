"""The policy engine: pattern grammar, shell parsing, path scope, decide(), permissions.json I/O.

The core modules import nothing from Django, so they run in `manage.py policy eval` without a database,
in benchmarks and in property tests. The engine is the bottom of the layer order (tests/test_import_graph.py):
it imports no other first-party package, and ``brabo.errors`` reads its decision reasons from
``permissions.messages``. So the package can ship on its own -- inside the client package, or as a package
both use; that is not done yet: ``brabo policy check`` (brabo_client/policy.py ``load_engine``) still finds
the engine in a checkout.
"""
