"""A counter-based seeded generator (SplitMix64) kept in the game state.

The state is two integers (seed, counter), so it serializes trivially and a position
replays exactly: the n-th draw depends only on the seed and n. A position may also fix the
next d20 results (`queued`): they are used first, in order, then the seeded generator takes
over where it stood.
"""

from __future__ import annotations

from dataclasses import dataclass, field

_MASK = (1 << 64) - 1


def _mix(z: int) -> int:
    z = (z + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@dataclass(frozen=True)
class Rng:
    """SplitMix64 indexed by a counter: `draw` returns a value and the advanced generator.

    `queued` holds fixed d20 results (a position's "dice") that `die(20)` returns first.
    """

    seed: int
    counter: int = 0
    queued: tuple[int, ...] = field(default=(), kw_only=True)

    def with_dice(self, results: tuple[int, ...]) -> Rng:
        """The same generator whose next d20 results are `results`, then its own."""
        return Rng(self.seed, self.counter, queued=tuple(results))

    def draw(self) -> tuple[int, Rng]:
        """A 64-bit value and the next generator."""
        value = _mix((self.seed & _MASK) ^ _mix(self.counter + 1))
        return value, Rng(self.seed, self.counter + 1, queued=self.queued)

    def below(self, n: int) -> tuple[int, Rng]:
        """An integer uniform in [0, n), without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        seed, counter = self.seed & _MASK, self.counter
        while True:  # `draw` inline, building only the generator returned
            counter += 1
            z = (counter + 0x9E3779B97F4A7C15) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z = ((seed ^ z ^ (z >> 31)) + 0x9E3779B97F4A7C15) & _MASK  # the outer `_mix`, inline
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            value = z ^ (z >> 31)
            if value < limit:
                return value % n, Rng(self.seed, counter, queued=self.queued)

    def die(self, sides: int = 20) -> tuple[int, Rng]:
        """A die roll from 1 to `sides`; a queued result first when rolling a d20."""
        if sides == 20 and self.queued:
            return self.queued[0], Rng(self.seed, self.counter, queued=self.queued[1:])
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
