"""The approval console: custom admin views where people decide proposed actions (SPEC §7, §8, §10)."""
