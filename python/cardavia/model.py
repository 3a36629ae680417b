"""The move model: a small network over a seat's observation tensor that
gives a score to every action id (the policy) and the mover's expected
result (the value), trained from self-play by ``cardavia.train`` and run
by the core's search (``rust/cardavia-core/src/model.rs``, the same
arithmetic in Rust).

The network is a multilayer perceptron: hidden layers with ReLU, then two
heads on the last one, the policy's logits over the game's action ids and
the value's logit, whose sigmoid is the mover's expected reward in [0, 1]
(1 won, ½ drawn, 0 lost; in Schnapsen the match equity). A model file
(``.cdvm``) holds it whole, little-endian:

| field | type | meaning |
|---|---|---|
| magic | 4 bytes | ``CDVM`` |
| version | u32 | ``FORMAT`` (1) |
| meta length | u32 | the length of the next field |
| meta | UTF-8 JSON | an object: ``game``, and how the weights came to be |
| inputs | u32 | the tensor's length |
| layers | u32 | the number of hidden layers, 1 to ``MAX_LAYERS`` |
| widths | u32 each | each hidden layer's width |
| actions | u32 | the number of action ids |
| weights | f32 arrays | see below |

The weights follow in this order: per hidden layer its matrix, one row
per input, then its bias; the policy head's matrix and bias; the value
head's column and its bias.

Nothing may follow. Rows by input let the core add up only the rows of
the inputs that are not zero: most of a tensor is.
"""

from __future__ import annotations

import json
import struct
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

from . import strict_json
from .api import check_game
from .errors import InvalidArgumentError

__all__ = ["FORMAT", "MAGIC", "MAX_LAYERS", "MAX_WIDTH", "MoveModel", "shipped"]

MAGIC = b"CDVM"
FORMAT = 1
#: Hidden layers a model file may have.
MAX_LAYERS = 4
#: The widest layer, the most inputs and the most actions a file may give:
#: far above any model of ours, low enough that a corrupt header cannot ask
#: for gigabytes.
MAX_WIDTH = 4096

Floats = npt.NDArray[np.float32]


def _corrupt(what: str) -> InvalidArgumentError:
    return InvalidArgumentError(kind="corrupt", field="model", what=what)


#: The deepest nesting of lists and objects a description may have: what
#: the core's JSON reader (serde_json) reads, so both readers agree.
MAX_NESTING = 127


def _nesting(value: Any) -> int:
    """How deep lists and objects nest in ``value``, walked without recursion."""
    deepest = 0
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth + 1)
            items = item.values() if isinstance(item, dict) else item
            stack.extend((x, depth + 1) for x in items)
    return deepest


def _description(raw: bytes) -> Any:
    """The description's value: JSON as the standard has it and the core
    reads it (no NaN or infinity, no number beyond a double, no lone
    surrogate, no deeper than ``MAX_NESTING``)."""
    try:
        value = strict_json.loads(raw.decode())
        # A lone surrogate (``"\\ud800"``) cannot be written as UTF-8.
        json.dumps(value, ensure_ascii=False).encode()
    except (ValueError, RecursionError):
        raise _corrupt("its description is not JSON") from None
    if _nesting(value) > MAX_NESTING:
        raise _corrupt("its description is not JSON")
    return value


@dataclass
class MoveModel:
    """A move model's weights: ``hidden`` is a list of (matrix, bias), each
    matrix ``inputs x width``; ``policy`` ``(last x actions, actions)``;
    ``value`` ``(last, 1)`` as a column and a one-element bias."""

    hidden: list[tuple[Floats, Floats]]
    policy: tuple[Floats, Floats]
    value: tuple[Floats, Floats]
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def inputs(self) -> int:
        return int(self.hidden[0][0].shape[0])

    @property
    def widths(self) -> list[int]:
        return [int(b.shape[0]) for _, b in self.hidden]

    @property
    def actions(self) -> int:
        return int(self.policy[1].shape[0])

    @classmethod
    def initial(
        cls,
        inputs: int,
        widths: list[int],
        actions: int,
        seed: int,
        meta: dict[str, Any] | None = None,
    ) -> MoveModel:
        """A model before training, from ``seed``: He-initialised hidden
        layers, the heads near zero (every move alike, the value ½)."""
        rng = np.random.default_rng(seed)
        hidden = []
        fan_in = inputs
        for width in widths:
            scale = np.sqrt(2.0 / fan_in)
            hidden.append(
                (
                    (rng.standard_normal((fan_in, width)) * scale).astype(np.float32),
                    np.zeros(width, np.float32),
                )
            )
            fan_in = width
        small = 0.01
        policy = (
            (rng.standard_normal((fan_in, actions)) * small).astype(np.float32),
            np.zeros(actions, np.float32),
        )
        value = (
            (rng.standard_normal((fan_in, 1)) * small).astype(np.float32),
            np.zeros(1, np.float32),
        )
        return cls(hidden, policy, value, dict(meta or {}))

    def forward(self, x: Floats) -> tuple[list[Floats], list[Floats], Floats, Floats]:
        """The evaluation of float32 rows ``x`` of the model's inputs, step
        by step, for training to differentiate: every hidden layer's sums,
        the activations (the input first), the logits and the value's logit."""
        sums, activations = [], [x]
        h = x
        for w, b in self.hidden:
            a = h @ w + b
            h = np.maximum(a, np.float32(0))
            sums.append(a)
            activations.append(h)
        logits = h @ self.policy[0] + self.policy[1]
        z = (h @ self.value[0] + self.value[1])[:, 0]
        return sums, activations, logits, z

    def evaluate(self, tensors: npt.ArrayLike) -> tuple[Floats, Floats]:
        """The policy's logits (``n x actions``) and the values (``n``, in
        [0, 1]) of ``n`` tensors (one tensor alone is a row of one)."""
        x = np.asarray(tensors, dtype=np.float32)
        if x.ndim == 1:
            x = x[None, :]
        if x.ndim != 2 or x.shape[1] != self.inputs:
            raise InvalidArgumentError(
                kind="lengths",
                field="tensor",
                value=x.shape[-1],
                expected=self.inputs,
                what="inputs",
            )
        _, _, logits, z = self.forward(x)
        values = (1.0 / (1.0 + np.exp(-z.astype(np.float64)))).astype(np.float32)
        return logits.astype(np.float32), values

    def to_bytes(self) -> bytes:
        meta = json.dumps(self.meta, sort_keys=True, ensure_ascii=False).encode()
        parts = [
            MAGIC,
            struct.pack("<II", FORMAT, len(meta)),
            meta,
            struct.pack("<II", self.inputs, len(self.hidden)),
            struct.pack(f"<{len(self.hidden)}I", *self.widths),
            struct.pack("<I", self.actions),
        ]
        for w, b in [*self.hidden, self.policy, self.value]:
            parts.append(np.ascontiguousarray(w, dtype="<f4").tobytes())
            parts.append(np.ascontiguousarray(b, dtype="<f4").tobytes())
        return b"".join(parts)

    @classmethod
    def from_bytes(cls, data: bytes) -> MoveModel:
        """A model read from a file's bytes; a typed error, never a crash,
        for anything that is not one whole model."""
        view = memoryview(data)
        at = 0

        def take(n: int, what: str) -> memoryview:
            nonlocal at
            if n < 0 or at + n > len(view):
                raise _corrupt(f"the file ends inside the {what}")
            chunk = view[at : at + n]
            at += n
            return chunk

        def u32(what: str) -> int:
            value: int = struct.unpack("<I", take(4, what))[0]
            return value

        if bytes(take(4, "magic")) != MAGIC:
            raise _corrupt("not a Cardavia move model (no CDVM header)")
        version = u32("version")
        if version != FORMAT:
            raise _corrupt(f"model format {version}, this build reads {FORMAT}")
        # Taken before the ``try``: a short file is not a JSON fault (and
        # ``InvalidArgumentError`` is a ``ValueError``).
        raw = bytes(take(u32("meta length"), "meta"))
        meta = _description(raw)
        if not isinstance(meta, dict):
            raise _corrupt("its description is not a JSON object")
        inputs = u32("input count")
        layers = u32("layer count")
        if not 1 <= layers <= MAX_LAYERS:
            raise _corrupt(f"{layers} hidden layers (1 to {MAX_LAYERS})")
        widths = [u32("widths") for _ in range(layers)]
        actions = u32("action count")
        for size in (inputs, *widths, actions):
            if not 1 <= size <= MAX_WIDTH:
                raise _corrupt(f"a layer of {size} (1 to {MAX_WIDTH})")

        def floats(shape: tuple[int, ...], what: str) -> Floats:
            count = int(np.prod(shape))
            raw = take(4 * count, what)
            return np.frombuffer(raw, dtype="<f4").astype(np.float32).reshape(shape)

        hidden = []
        fan_in = inputs
        for k, width in enumerate(widths):
            w = floats((fan_in, width), f"layer {k + 1}")
            hidden.append((w, floats((width,), f"layer {k + 1}")))
            fan_in = width
        policy = (floats((fan_in, actions), "policy"), floats((actions,), "policy"))
        value = (floats((fan_in, 1), "value"), floats((1,), "value"))
        if at != len(view):
            raise _corrupt(f"{len(view) - at} bytes after the weights")
        for w, b in [*hidden, policy, value]:
            if not (np.isfinite(w).all() and np.isfinite(b).all()):
                raise _corrupt("a weight that is not a finite number")
        return cls(hidden, policy, value, meta)


def shipped(game: str) -> MoveModel | None:
    """The model the package ships for ``game`` (``cardavia/models/``), the
    one the core's search was built with; ``None`` if there is none."""
    name = check_game(game)
    path = resources.files("cardavia").joinpath("models", f"{name}.cdvm")
    if not path.is_file():
        return None
    return MoveModel.from_bytes(path.read_bytes())
