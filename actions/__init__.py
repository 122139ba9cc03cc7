"""Proposed actions, their lifecycle, approvals, events, waiting and execution tasks."""
