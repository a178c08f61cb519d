"""The core: what every game is made of and knows nothing of any one game.

Tiles (:mod:`.tiles`), actions (:mod:`.actions`), the table of a line game (:mod:`.layout`), the
option machinery (:mod:`.options`), a match of hands (:mod:`.match`) and game records
(:mod:`.record`); and the compiled core, the engine's hot paths in C: its typed face
(:mod:`.kernel`, over the extension ``_kernel`` built from ``csrc/``), the rules as data it reads
(:mod:`.kernel_spec`) and the random stream both engines draw from (:mod:`.stream`). The core
imports nothing above it (docs/architecture.md).
"""
