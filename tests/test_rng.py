"""RULES.md ch. 2: SplitMix64 and the shuffle, identical in both engines."""

from __future__ import annotations

from typing import Any

import cardavia
from cardavia import _native
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


def test_rust_rng_matches_fixture(rng_vectors: Any) -> None:
    for case in rng_vectors["seeds"]:
        assert _native.splitmix64(case["seed"], len(case["outputs"])) == case["outputs"]
        order = _native.shuffled_indices(case["seed"], len(ATLASNYE))
        assert [ATLASNYE.cards[i] for i in order] == case["atlasnye"]
        order = _native.shuffled_indices(case["seed"], len(SCHNAPSEN))
        assert [SCHNAPSEN.cards[i] for i in order] == case["schnapsen"]


def test_seeded_durak_deal_is_the_shuffled_deck(rng_vectors: Any) -> None:
    for case in rng_vectors["seeds"]:
        game = cardavia.new_game("durak", seed=case["seed"], engine="reference")
        assert game.to_dict()["deck"] == case["atlasnye"]
