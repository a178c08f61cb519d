"""``python -m boneyard``: the same as the ``boneyard`` command."""

from .cli import main

main()
