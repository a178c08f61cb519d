"""The core: what every game is made of and knows nothing of any one game.

Tiles (:mod:`.tiles`), actions (:mod:`.actions`), the table of a line game (:mod:`.layout`), the
option machinery (:mod:`.options`), a match of hands (:mod:`.match`) and game records
(:mod:`.record`). The core imports nothing above it (docs/architecture.md).
"""
