"""A counter-based seeded generator (SplitMix64) kept in the game state.

The state is two integers (seed, counter), so it serializes trivially and a position
replays exactly: the n-th draw depends only on the seed and n.
"""

from __future__ import annotations

from dataclasses import dataclass

_MASK = (1 << 64) - 1


def _mix(z: int) -> int:
    z = (z + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@dataclass(frozen=True)
class Rng:
    """SplitMix64 indexed by a counter: `draw` returns a value and the advanced generator."""

    seed: int
    counter: int = 0

    def draw(self) -> tuple[int, Rng]:
        """A 64-bit value and the next generator."""
        value = _mix((self.seed & _MASK) ^ _mix(self.counter + 1))
        return value, Rng(self.seed, self.counter + 1)

    def below(self, n: int) -> tuple[int, Rng]:
        """An integer uniform in [0, n), without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            value, rng = rng.draw()
            if value < limit:
                return value % n, rng

    def die(self, sides: int = 20) -> tuple[int, Rng]:
        """A die roll from 1 to `sides`."""
        value, rng = self.below(sides)
        return value + 1, rng

    def shuffled(self, items: tuple[int, ...]) -> tuple[tuple[int, ...], Rng]:
        """A Fisher-Yates shuffle of `items`."""
        out = list(items)
        rng = self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), rng
