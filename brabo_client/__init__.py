"""The Brabo client: what runs on the user's machine, next to the agents (standard library only)."""
