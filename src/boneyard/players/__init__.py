"""The players: agents (:mod:`.agents`), the search they use (:mod:`.search`), the search player
(:mod:`.expert`), the cheating reference (:mod:`.omniscient`) and the analysis for people
(:mod:`.analysis`). Players see observations, never states (the reference bot excepted).

This package imports nothing eagerly, so each part loads only when used.
"""
