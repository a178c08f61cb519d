"""The games of trains from a hub: Mexican Train (:mod:`.mexican`) and Chicken Foot
(:mod:`.chicken`)."""
