"""The Brabo client: what runs on the user's machine, next to the agents (standard library only) — a typed
SDK (``brabo_client.sdk``), the ``brabo`` command (``brabo_client.cli``: run, policy check, agent hooks) and
the runner (``brabo_client.runner``).

Nothing is imported here: ``brabo hook`` runs on every tool call of an agent and must start fast.
"""

__version__ = "0.1.0"
