"""The applications: the ``boneyard`` command (:mod:`.cli`), the plain terminal game
(:mod:`.plain`), the full-screen game (:mod:`.tui`) and the web server (:mod:`.server`)."""
