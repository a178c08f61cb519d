"""Research: the environments (:mod:`.env`), simulation (:mod:`.sim`, :mod:`.parallel`), results
files and their statistics (:mod:`.results`, :mod:`.stats`, :mod:`.report`) and tournaments
(:mod:`.tournament`)."""
