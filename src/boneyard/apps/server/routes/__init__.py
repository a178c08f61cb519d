"""The server's routes, a FastAPI router per concern, each made for one
:class:`~boneyard.apps.server.hub.Hub` (:func:`boneyard.apps.server.app.create_app` includes them
in this order): :mod:`.status` (health, metrics, the games, the protocol), :mod:`.lobby` (tables
made, listed and summed up), :mod:`.creator` (the creator's powers over a table), :mod:`.records`
(a table's record and replay, any record replayed), :mod:`.play` (one websocket per reader),
:mod:`.profiles` (profiles and the leaderboard) and :mod:`.pages` (the HTML pages).
:mod:`.callers` says who a request comes from, :mod:`.errors` how the app answers what goes
wrong."""
