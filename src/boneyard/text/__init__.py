"""Text for people: the rules of a sentence (:mod:`.words`) and the words and drawings of a game
(:mod:`.narration`), pure functions every front end shares."""
