"""``python -m boneyard``: the same as the ``boneyard`` command."""

from .apps.cli import main

main()
