//! `cardavia._native`: a thin layer that converts types and maps errors.
//! No rules here; they live in `cardavia-core`.

mod ai;
mod convert;
mod errors;
mod game;
mod simulate;

use cardavia_core::rng::{shuffle, SplitMix64};
use pyo3::prelude::*;

/// The first `count` outputs of SplitMix64 from `seed`.
#[pyfunction]
fn splitmix64(seed: u64, count: usize) -> Vec<u64> {
    let mut rng = SplitMix64::new(seed);
    (0..count).map(|_| rng.next()).collect()
}

/// The permutation of `0..n` that the seeded shuffle produces.
#[pyfunction]
fn shuffled_indices(seed: u64, n: usize) -> Vec<usize> {
    let mut items: Vec<usize> = (0..n).collect();
    shuffle(&mut items, &mut SplitMix64::new(seed));
    items
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(splitmix64, m)?)?;
    m.add_function(wrap_pyfunction!(shuffled_indices, m)?)?;
    m.add_class::<game::PyGame>()?;
    m.add_function(wrap_pyfunction!(ai::ai_analyse, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::simulate, m)?)?;
    Ok(())
}
