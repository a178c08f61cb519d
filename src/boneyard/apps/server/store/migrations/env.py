"""Alembic's environment for the server's store, run by
:meth:`boneyard.apps.server.store.Store.migrate` with an open connection: upgrade a store with
``boneyard db upgrade --db URL`` (a server upgrades its store itself when it starts)."""

from __future__ import annotations

from alembic import context

from boneyard.apps.server.store import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise SystemExit("upgrade a boneyard store with: boneyard db upgrade --db URL")
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
