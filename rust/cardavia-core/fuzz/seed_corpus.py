"""Write real states (seeded games after random moves) as the corpus of the
from_json target: `python seed_corpus.py` from this folder, with cardavia
installed."""

import random
from pathlib import Path

import cardavia

out = Path(__file__).parent / "corpus" / "from_json"
out.mkdir(parents=True, exist_ok=True)
for game in cardavia.GAMES:
    for seed in range(40):
        g = cardavia.new_game(game, seed=seed, engine="rust")
        chooser = random.Random(seed)
        for _ in range(chooser.randrange(0, 150)):
            if g.is_over:
                break
            g.play(chooser.choice(g.legal_moves()))
        (out / f"{game}-{seed}.json").write_text(g.to_json())
