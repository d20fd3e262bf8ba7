"""The rules of Warlord: pure, deterministic, standard library only."""
