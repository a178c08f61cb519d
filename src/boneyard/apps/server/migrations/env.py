"""Alembic's environment for the server's store: run by
:meth:`boneyard.apps.server.store.Store.migrate` with an open connection (or by the ``alembic``
command with ``sqlalchemy.url`` set)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from boneyard.apps.server.store import metadata

config = context.config
connection = config.attributes.get("connection")

if connection is not None:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("set sqlalchemy.url (alembic -x or alembic.ini) to migrate a database")
    engine = create_engine(url)
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
