//! The move model: a small network over a seat's observation tensor
//! (`tensor.rs`) that scores every action id (the policy) and gives the
//! mover's expected result in [0, 1] (the value), for the search to run
//! with no Python. The twin of `python/cardavia/model.py`, which trains
//! and writes the `.cdvm` files this reads (`read.rs`, the format there).
//!
//! Hidden layers with ReLU, then the two heads on the last one. Every
//! matrix is kept as the file stores it, one row per input: a layer is
//! then a sum of rows scaled by its inputs, and the first layer adds up
//! only the rows of the inputs that are not zero, most of a tensor.

mod read;
#[cfg(test)]
mod tests;

use crate::error::{Error, Kind, Result};

pub use read::{FORMAT, MAGIC, MAX_LAYERS, MAX_WIDTH};

/// One layer's weights: `weights` holds `inputs` rows of `bias.len()`.
#[derive(Clone, Debug, PartialEq)]
pub struct Layer {
    weights: Vec<f32>,
    bias: Vec<f32>,
}

impl Layer {
    pub fn width(&self) -> usize {
        self.bias.len()
    }

    /// How many inputs the layer takes: its rows.
    pub fn fan_in(&self) -> usize {
        self.weights.len() / self.width().max(1)
    }

    /// `out = bias + sum of input[i] * row i` over every input.
    fn dense(&self, input: &[f32], out: &mut [f32]) {
        out.copy_from_slice(&self.bias);
        for (row, &x) in self.weights.chunks_exact(out.len()).zip(input) {
            add_scaled(out, row, x);
        }
    }

    /// `dense`, adding only the rows of the inputs that are not zero.
    fn sparse(&self, input: &[f32], out: &mut [f32]) {
        out.copy_from_slice(&self.bias);
        for (row, &x) in self.weights.chunks_exact(out.len()).zip(input) {
            if x != 0.0 {
                add_scaled(out, row, x);
            }
        }
    }
}

/// `acc += x * row`, a loop rustc turns into vector instructions.
#[inline(always)]
fn add_scaled(acc: &mut [f32], row: &[f32], x: f32) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a += x * w;
    }
}

fn relu(values: &mut [f32]) {
    for v in values {
        *v = v.max(0.0);
    }
}

/// The dot product in eight lanes, so that it vectorises (one running sum
/// would fix the order of the additions and forbid it).
fn dot(a: &[f32], b: &[f32]) -> f32 {
    const LANES: usize = 8;
    let mut lanes = [0.0f32; LANES];
    let xs = a.chunks_exact(LANES);
    let ys = b.chunks_exact(LANES);
    let tail: f32 = (xs.remainder().iter().zip(ys.remainder()))
        .map(|(x, y)| x * y)
        .sum();
    for (x8, y8) in xs.zip(ys) {
        for ((lane, &x), &y) in lanes.iter_mut().zip(x8).zip(y8) {
            *lane += x * y;
        }
    }
    lanes.iter().sum::<f32>() + tail
}

/// The sigmoid as numpy computes the value: in doubles, then to f32.
fn sigmoid(z: f32) -> f32 {
    (1.0 / (1.0 + (-f64::from(z)).exp())) as f32
}

/// A move model's description and weights (`model.py`'s `MoveModel`);
/// its shape is that of its layers. Its fields are private: only
/// `from_bytes` makes one, so the layers fit one another and the
/// evaluation needs no checks.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveModel {
    /// The widest hidden layer: the size of an evaluation's buffers.
    widest: usize,
    /// The file's description: JSON text holding an object.
    meta: String,
    hidden: Vec<Layer>,
    policy: Layer,
    /// The value head: a column (one row of one per input) and its bias.
    value: Layer,
}

/// The two buffers one evaluation works in, made once per thread
/// (`MoveModel::scratch`) so that evaluating allocates nothing.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    a: Vec<f32>,
    b: Vec<f32>,
}

impl MoveModel {
    /// A model read from a file's bytes: see `read.rs`.
    pub fn from_bytes(data: &[u8]) -> Result<MoveModel> {
        read::from_bytes(data)
    }

    /// The tensor's length.
    pub fn inputs(&self) -> usize {
        self.hidden.first().map_or(0, Layer::fan_in)
    }

    /// Each hidden layer's width.
    pub fn widths(&self) -> Vec<usize> {
        self.hidden.iter().map(Layer::width).collect()
    }

    /// The number of action ids, the policy's length.
    pub fn actions(&self) -> usize {
        self.policy.width()
    }

    /// The description, JSON text holding an object.
    pub fn meta(&self) -> &str {
        &self.meta
    }

    /// Buffers for `evaluate` and `value`, sized for this model.
    pub fn scratch(&self) -> Scratch {
        Scratch {
            a: vec![0.0; self.widest],
            b: vec![0.0; self.widest],
        }
    }

    /// The policy's logits into `logits` (one per action) and the value,
    /// for the search: `input` has `inputs` floats and `logits` `actions`
    /// (the search sizes both from the model). A wrong length is a bug of
    /// the caller, caught by the debug assertions; it never panics in a
    /// release build, and the numbers are then meaningless.
    pub fn evaluate(&self, input: &[f32], scratch: &mut Scratch, logits: &mut [f32]) -> f32 {
        debug_assert_eq!(logits.len(), self.actions(), "logits for every action");
        let last = self.hidden_layers(input, scratch);
        if logits.len() == self.actions() {
            self.policy.dense(last, logits);
        }
        self.value_head(last)
    }

    /// The value alone, the policy head skipped: see `evaluate`.
    pub fn value(&self, input: &[f32], scratch: &mut Scratch) -> f32 {
        let last = self.hidden_layers(input, scratch);
        self.value_head(last)
    }

    /// `evaluate` for a caller outside the core (the binding): the input's
    /// length checked, the logits returned.
    pub fn evaluate_checked(&self, input: &[f32]) -> Result<(Vec<f32>, f32)> {
        if input.len() != self.inputs() {
            return Err(Error::argument(Kind::Lengths, "tensor", input.len())
                .with("expected", self.inputs())
                .with("what", "inputs"));
        }
        let mut logits = vec![0.0; self.actions()];
        let value = self.evaluate(input, &mut self.scratch(), &mut logits);
        Ok((logits, value))
    }

    fn value_head(&self, last: &[f32]) -> f32 {
        let bias = self.value.bias.first().copied().unwrap_or(0.0);
        sigmoid(dot(last, &self.value.weights) + bias)
    }

    /// The last hidden layer's activations, in one of the scratch buffers.
    fn hidden_layers<'s>(&self, input: &[f32], scratch: &'s mut Scratch) -> &'s [f32] {
        debug_assert_eq!(input.len(), self.inputs(), "a tensor of the model's inputs");
        if scratch.a.len() < self.widest || scratch.b.len() < self.widest {
            // Another model's scratch: made to fit once, not a panic.
            *scratch = self.scratch();
        }
        let Scratch { a, b } = scratch;
        let (mut from, mut to) = (a, b);
        let mut width = 0;
        for (k, layer) in self.hidden.iter().enumerate() {
            let out = &mut to[..layer.width()];
            if k == 0 {
                layer.sparse(input, out);
            } else {
                layer.dense(&from[..width], out);
            }
            relu(out);
            width = layer.width();
            std::mem::swap(&mut from, &mut to);
        }
        &from[..width]
    }
}
