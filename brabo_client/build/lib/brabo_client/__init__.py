"""The Brabo client: a typed SDK (``brabo_client.sdk``) and the ``brabo`` command (``brabo_client.cli``).

Standard library only, and nothing imported here: ``brabo hook`` runs on every tool call of an agent.
"""

__version__ = "0.1.0"
