//! Reading a `.cdvm` file, the twin of `MoveModel.from_bytes` in
//! `python/cardavia/model.py` (the format is in its module comment): the
//! same checks in the same order, refused with the same `what`, so that
//! both readers accept the same files and refuse the others alike.
//!
//! Little-endian throughout: the magic `CDVM`, the version, the length of
//! the description and the description (a JSON object), the number of
//! inputs, of hidden layers, each width, the number of actions; then the
//! f32 weights, per hidden layer its matrix (a row per input) and bias,
//! the policy's matrix and bias, the value's column and bias; nothing after.

use super::{Layer, MoveModel};
use crate::error::{Error, Kind, Result};
use serde_json::Value;

pub const MAGIC: &[u8; 4] = b"CDVM";
pub const FORMAT: u32 = 1;
/// Hidden layers a model file may have.
pub const MAX_LAYERS: u32 = 4;
/// The widest layer, the most inputs and the most actions a file may give:
/// far above any model of ours, low enough that a corrupt header cannot
/// ask for gigabytes.
pub const MAX_WIDTH: u32 = 4096;

fn corrupt(what: impl Into<String>) -> Error {
    Error::argument(Kind::Corrupt, "model", Value::Null).with("what", what.into())
}

/// The bytes read so far, and what reading the next field refuses.
struct Reader<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8]> {
        let end = self.at.checked_add(n).filter(|&end| end <= self.data.len());
        let Some(end) = end else {
            return Err(corrupt(format!("the file ends inside the {what}")));
        };
        let chunk = &self.data[self.at..end];
        self.at = end;
        Ok(chunk)
    }

    fn u32(&mut self, what: &str) -> Result<u32> {
        let mut word = [0u8; 4];
        word.copy_from_slice(self.take(4, what)?);
        Ok(u32::from_le_bytes(word))
    }

    fn floats(&mut self, count: usize, what: &str) -> Result<Vec<f32>> {
        // At most 4096 x 4096 floats: no overflow on any target we build.
        let raw = self.take(4 * count, what)?;
        let floats = raw.chunks_exact(4).map(|word| {
            let mut bytes = [0u8; 4];
            bytes.copy_from_slice(word);
            f32::from_le_bytes(bytes)
        });
        Ok(floats.collect())
    }

    fn layer(&mut self, fan_in: usize, width: usize, what: &str) -> Result<Layer> {
        let weights = self.floats(fan_in * width, what)?;
        let bias = self.floats(width, what)?;
        Ok(Layer { weights, bias })
    }
}

/// The description: UTF-8 JSON text of an object, kept as the text.
fn description(raw: &[u8]) -> Result<String> {
    let not_json = || corrupt("its description is not JSON");
    let text = std::str::from_utf8(raw).map_err(|_| not_json())?;
    let value: Value = serde_json::from_str(text).map_err(|_| not_json())?;
    if !value.is_object() {
        return Err(corrupt("its description is not a JSON object"));
    }
    Ok(text.to_owned())
}

pub(super) fn from_bytes(data: &[u8]) -> Result<MoveModel> {
    let mut file = Reader { data, at: 0 };
    if file.take(4, "magic")? != MAGIC {
        return Err(corrupt("not a Cardavia move model (no CDVM header)"));
    }
    let version = file.u32("version")?;
    if version != FORMAT {
        return Err(corrupt(format!(
            "model format {version}, this build reads {FORMAT}"
        )));
    }
    let length = file.u32("meta length")? as usize;
    let meta = description(file.take(length, "meta")?)?;
    let inputs = file.u32("input count")?;
    let layers = file.u32("layer count")?;
    if !(1..=MAX_LAYERS).contains(&layers) {
        return Err(corrupt(format!(
            "{layers} hidden layers (1 to {MAX_LAYERS})"
        )));
    }
    let widths = (0..layers)
        .map(|_| file.u32("widths"))
        .collect::<Result<Vec<u32>>>()?;
    let actions = file.u32("action count")?;
    let sizes = std::iter::once(&inputs).chain(&widths).chain([&actions]);
    for &size in sizes {
        if !(1..=MAX_WIDTH).contains(&size) {
            return Err(corrupt(format!("a layer of {size} (1 to {MAX_WIDTH})")));
        }
    }
    let (inputs, actions) = (inputs as usize, actions as usize);
    let widths: Vec<usize> = widths.into_iter().map(|w| w as usize).collect();

    let mut hidden = Vec::with_capacity(widths.len());
    let mut fan_in = inputs;
    for (k, &width) in widths.iter().enumerate() {
        hidden.push(file.layer(fan_in, width, &format!("layer {}", k + 1))?);
        fan_in = width;
    }
    let policy = file.layer(fan_in, actions, "policy")?;
    let value = file.layer(fan_in, 1, "value")?;
    if file.at != data.len() {
        let left = data.len() - file.at;
        return Err(corrupt(format!("{left} bytes after the weights")));
    }
    let all = hidden.iter().chain([&policy, &value]);
    if !all
        .flat_map(|l| l.weights.iter().chain(&l.bias))
        .all(|w| w.is_finite())
    {
        return Err(corrupt("a weight that is not a finite number"));
    }
    Ok(MoveModel {
        widest: widths.iter().copied().max().unwrap_or(0),
        meta,
        hidden,
        policy,
        value,
    })
}
