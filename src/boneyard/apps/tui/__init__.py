"""The full-screen game (``boneyard play`` in a terminal), on Textual: see docs/play.md.

:mod:`.render` (the table and the hand as text), :mod:`.session` (the match without the screen) and
:mod:`.settings` do not need Textual; :mod:`.app`, :mod:`.game`, :mod:`.screens` and
:mod:`.widgets` are the screens.
"""
