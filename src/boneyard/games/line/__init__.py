"""The line-game mechanism most games share: equal-number matching on a line with spinners,
drawing and blocked hands (:mod:`.rules`), and one hand of it in progress (:mod:`.state`)."""
