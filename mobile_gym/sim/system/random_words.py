"""RandomWords: a seeded generator's numbers read by position, so a device state that draws
from it holds a position (an int) instead of a generator.

`random.Random(seed).randrange(n)` for 0 < n < 2**32 reads 32-bit words of the Mersenne
Twister one at a time (`getrandbits(k)` is the next word's top k bits, k = n.bit_length(), drawn
again while it is >= n). The words are kept as they are first drawn, so reading at a position
gives the same numbers whatever was read before, and one `RandomWords` serves every state of
a device: a snapshot copies the position, not the generator's 2.5 KB state (whose copy on
every restore, `Random.setstate`, cost more than the rest of the activity manager's thaw).
"""

from __future__ import annotations

import random


class RandomWords:
    """The 32-bit words `random.Random(seed)` gives, kept in order once drawn (append-only)."""

    #: The largest bound `randrange` takes (one word per try).
    MAX_BOUND = 2**32 - 1

    def __init__(self, seed: str) -> None:
        self._source = random.Random(seed)
        self._words: list[int] = []

    def randrange(self, n: int, position: int) -> tuple[int, int]:
        """What `random.Random(seed).randrange(n)` returns after the draws that read the first
        `position` words, and the position after it."""
        if not 0 < n <= self.MAX_BOUND:
            raise ValueError(f"randrange bound must be in 1..2**32-1, got {n}")
        shift = 32 - n.bit_length()
        words = self._words
        while True:
            while position >= len(words):
                words.append(self._source.getrandbits(32))
            value = words[position] >> shift
            position += 1
            if value < n:
                return value, position
