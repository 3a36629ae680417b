"""RULES.md ch. 2: SplitMix64 and the shuffle, identical in both engines."""

from __future__ import annotations

from typing import Any

import cardavia
import pytest
from cardavia.cards import ATLASNYE, SCHNAPSEN
from cardavia.rng import SplitMix64, shuffle


def test_seed_zero_matches_published_splitmix64() -> None:
    rng = SplitMix64(0)
    assert rng.next() == 0xE220A8397B1DCDAF
    assert rng.next() == 0x6E789E6AA1B965F4


def test_python_rng_matches_fixture(rng_vectors: Any) -> None:
    for case in rng_vectors["seeds"]:
        rng = SplitMix64(case["seed"])
        assert [rng.next() for _ in case["outputs"]] == case["outputs"]
        assert shuffle(list(ATLASNYE.cards), SplitMix64(case["seed"])) == case["atlasnye"]
        assert shuffle(list(SCHNAPSEN.cards), SplitMix64(case["seed"])) == case["schnapsen"]


@pytest.mark.parametrize("engine", ["reference", "rust"])
def test_seeded_durak_deal_is_the_shuffled_deck(rng_vectors: Any, engine: str) -> None:
    # The core's generator itself is checked against the fixture in Rust
    # (rust/cardavia-core/tests/rng.rs).
    for case in rng_vectors["seeds"]:
        game = cardavia.new_game("durak", seed=case["seed"], engine=engine)
        assert game.to_dict()["deck"] == case["atlasnye"]
