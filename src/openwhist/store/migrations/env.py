"""Alembic's environment: runs the migrations on the connection the store hands over
(``config.attributes["connection"]``), or on ``sqlalchemy.url`` from the command line."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from openwhist.store.models import Base

target_metadata = Base.metadata


def run() -> None:
    """Run the migrations online."""
    config = context.config
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata,
                          render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode is not None and getattr(context, "_proxy", None) is not None:
    run()  # only under Alembic (pytest's doctest collection imports this module too)
