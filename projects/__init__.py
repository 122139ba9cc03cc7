"""Workspaces, memberships and roles, projects, agents and their keys, autonomy rows, tasks."""
