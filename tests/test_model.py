"""The move model's two readers and evaluations agree: ``cardavia.model``
(numpy) and the core's ``model.rs`` (``_native.MoveModel``) give the same
logits and values on real observation tensors and random ones, refuse
every corrupt file with the same kind and text, and neither crashes on
any bytes."""

from __future__ import annotations

import json
import random
import struct
from collections.abc import Callable
from typing import Any

import pytest
from cardavia import CardaviaError, InvalidArgumentError, _native
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")
from cardavia.model import MoveModel  # noqa: E402  (needs numpy)

#: (game, hidden widths) of the models compared; inputs and actions are the game's.
SHAPES = [("durak", [64, 32]), ("perevodnoy", [48]), ("schnapsen", [128]), ("schnapsen", [16, 8])]


def perturbed(model: MoveModel, seed: int) -> MoveModel:
    """The model with every weight moved and the biases not zero, so that
    a head or a bias read in the wrong order shows."""
    rng = np.random.default_rng(seed)

    def moved(array: Any, scale: float) -> Any:
        return (array + rng.standard_normal(array.shape) * scale).astype(np.float32)

    hidden = [(moved(w, 0.05), moved(b, 0.2)) for w, b in model.hidden]
    policy = (moved(model.policy[0], 0.3), moved(model.policy[1], 0.5))
    value = (moved(model.value[0], 0.3), moved(model.value[1], 0.5))
    return MoveModel(hidden, policy, value, {"game": "test", "seed": seed})


def game_tensors(game: str, seed: int, moves: int = 40) -> list[Any]:
    """Every seat's observation tensor along a random game."""
    env = _native.Env(game, seed)
    rng = random.Random(seed)
    tensors = []
    for _ in range(moves):
        if env.is_over:
            break
        if env.is_chance:
            env.apply_action(rng.choice(env.chance_outcomes()))
            continue
        for seat in range(env.players):
            tensors.append(np.frombuffer(env.tensor(seat), dtype=np.float32))
        env.apply_action(rng.choice(env.legal_actions()))
    return tensors


@pytest.mark.parametrize(("game", "widths"), SHAPES)
@pytest.mark.parametrize("seed", [1, 2])
def test_rust_and_numpy_evaluate_alike(game: str, widths: list[int], seed: int) -> None:
    info = _native.ENVS[game]
    model = perturbed(
        MoveModel.initial(info["tensor_size"], widths, info["actions"], seed=seed), seed
    )
    native = _native.MoveModel(model.to_bytes())
    assert (native.inputs, native.widths, native.actions) == (
        model.inputs,
        model.widths,
        model.actions,
    )
    assert json.loads(native.meta) == model.meta
    rng = np.random.default_rng(seed)
    dense = [rng.uniform(-1, 1, model.inputs).astype(np.float32) for _ in range(5)]
    tensors = game_tensors(game, seed) + dense
    logits, values = model.evaluate(np.stack(tensors))
    assert np.ptp(values) > 1e-3, "the values must differ for the test to mean anything"
    for tensor, want, want_value in zip(tensors, logits, values, strict=True):
        got, value = native.evaluate(tensor)
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-4)
        assert abs(value - float(want_value)) <= 1e-6
    # A list of floats reads as the array does.
    assert native.evaluate(tensors[0].tolist()) == native.evaluate(tensors[0])


# ------------------------------------------------------------- refusals


def small_file() -> bytes:
    """A valid file: 5 inputs, hidden layers of 3 and 2, 4 actions."""
    model = MoveModel.initial(5, [3, 2], 4, seed=3, meta={"game": "durak"})
    return model.to_bytes()


GOOD = small_file()
META_END = 12 + struct.unpack_from("<I", GOOD, 8)[0]
#: The offset of each field after the description.
INPUTS, LAYERS, WIDTHS, ACTIONS, WEIGHTS = (META_END + 4 * i for i in (0, 1, 2, 4, 5))
LAYER_2 = WEIGHTS + 4 * (5 * 3 + 3)
POLICY = LAYER_2 + 4 * (3 * 2 + 2)
VALUE = POLICY + 4 * (2 * 4 + 4)


def put(at: int, data: bytes) -> bytes:
    return GOOD[:at] + data + GOOD[at + len(data) :]


def described(meta: bytes) -> bytes:
    """The valid file with another description."""
    return GOOD[:8] + struct.pack("<I", len(meta)) + meta + GOOD[META_END:]


CORRUPT = {
    "bad magic": put(0, b"CDVX"),
    "version 2": put(4, struct.pack("<I", 2)),
    "0 layers": put(LAYERS, struct.pack("<I", 0)),
    "5 layers": put(LAYERS, struct.pack("<I", 5)),
    "0 inputs": put(INPUTS, struct.pack("<I", 0)),
    "width 0": put(WIDTHS, struct.pack("<I", 0)),
    "width 5000": put(WIDTHS + 4, struct.pack("<I", 5000)),
    "5000 actions": put(ACTIONS, struct.pack("<I", 5000)),
    "NaN weight": put(WEIGHTS + 8, struct.pack("<f", float("nan"))),
    "infinite bias": put(len(GOOD) - 4, struct.pack("<f", float("inf"))),
    "trailing bytes": GOOD + b"\0\0\0",
    "meta not JSON": described(b'{"game": '),
    "meta not UTF-8": described(b'{"game": "\xff"}'),
    "meta a JSON list": described(b'["durak"]'),
    "meta NaN": described(b'{"a": NaN}'),
    "meta 1e400": described(b'{"a": 1e400}'),
    "meta lone surrogate": described(b'{"a": "\\ud800"}'),
    "meta too deep": described(b'{"a": ' + b"[" * 127 + b"]" * 127 + b"}"),
    "meta empty": described(b""),
} | {
    f"truncated in the {field}": GOOD[:at]
    for field, at in {
        "magic": 2,
        "version": 5,
        "meta length": 10,
        "meta": META_END - 1,
        "input count": INPUTS + 3,
        "layer count": LAYERS + 1,
        "widths": WIDTHS + 6,
        "action count": ACTIONS + 2,
        "layer 1": WEIGHTS + 10,
        "layer 2": LAYER_2 + 4,
        "policy": VALUE - 1,
        "value": len(GOOD) - 1,
    }.items()
}


def refusal(read: Callable[[bytes], object], data: bytes) -> tuple[str, Any, str, Any, str]:
    with pytest.raises(CardaviaError) as info:
        read(data)
    e = info.value
    return type(e).__name__, e.kind, e.field, e.detail.get("what"), str(e)


@pytest.mark.parametrize("name", sorted(CORRUPT))
def test_both_readers_refuse_a_corrupt_file_alike(name: str) -> None:
    data = CORRUPT[name]
    python = refusal(MoveModel.from_bytes, data)
    assert python == refusal(_native.MoveModel, data)
    assert python[:3] == ("InvalidArgumentError", "corrupt", "model")
    if name.startswith("truncated in the "):
        assert python[3] == f"the file ends inside the {name.removeprefix('truncated in the ')}"


def test_a_description_as_deep_as_the_core_reads_is_accepted_by_both() -> None:
    data = described(b'{"a": ' + b"[" * 126 + b"]" * 126 + b"}")
    assert MoveModel.from_bytes(data).meta == json.loads(_native.MoveModel(data).meta)


@pytest.mark.parametrize("length", [0, 4, 6, 100])
def test_a_wrong_tensor_length_is_refused_alike(length: int) -> None:
    python, native = MoveModel.from_bytes(GOOD), _native.MoveModel(GOOD)
    tensor = [0.5] * length
    refused = []
    for evaluate in (python.evaluate, native.evaluate):
        with pytest.raises(InvalidArgumentError) as info:
            evaluate(tensor)
        e = info.value
        refused.append((e.kind, e.field, e.value, e.detail, str(e)))
    assert refused[0] == refused[1]
    assert refused[0][:4] == ("lengths", "tensor", length, {"expected": 5, "what": "inputs"})


def test_the_native_model_takes_bytes_and_numbers_only() -> None:
    with pytest.raises(TypeError):
        _native.MoveModel("CDVM")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        _native.MoveModel(GOOD).evaluate(["a"] * 5)  # type: ignore[list-item]
    assert _native.MoveModel(bytearray(GOOD)).widths == [3, 2]


# ---------------------------------------------------------------- fuzzing


def outcome(read: Callable[[bytes], Any], data: bytes) -> tuple[str, Any]:
    try:
        return "read", read(data)
    except CardaviaError as e:
        return type(e).__name__, (e.kind, e.field, e.detail.get("what"), str(e))


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    """The valid file with a few bytes changed, cut or added."""
    data = bytearray(GOOD)
    for at, byte in draw(st.lists(st.tuples(st.integers(0, len(GOOD) - 1), st.integers(0, 255)))):
        data[at] = byte
    return bytes(data[: draw(st.integers(0, len(data)))]) + draw(st.binary(max_size=4))


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=200) | mutated())
def test_no_bytes_crash_either_reader_and_both_agree(data: bytes) -> None:
    python = outcome(MoveModel.from_bytes, data)
    native = outcome(_native.MoveModel, data)
    assert python[0] == native[0]
    if python[0] != "read":
        assert python[1] == native[1]
        return
    model, rust = python[1], native[1]
    assert (rust.inputs, rust.widths, rust.actions) == (model.inputs, model.widths, model.actions)
    assert json.loads(rust.meta) == model.meta
    tensor = np.linspace(-1, 1, model.inputs, dtype=np.float32)
    with np.errstate(all="ignore"):
        logits, values = model.evaluate(tensor)
    got, value = rust.evaluate(tensor)
    np.testing.assert_allclose(got, logits[0], rtol=1e-5, atol=1e-4)
    assert value == pytest.approx(float(values[0]), abs=1e-6, nan_ok=True)
