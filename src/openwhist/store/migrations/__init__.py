"""Alembic migrations of the openwhist database (applied at the server's start)."""
