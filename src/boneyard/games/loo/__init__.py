"""Domino Loo, a trick-taking game: its rules (:mod:`.rules`) and its table of tricks
(:mod:`.table`)."""
