//! The move model's tests: a model small enough to work out by hand,
//! files built here byte by byte, every refusal, the sparse first layer
//! against a plain dense one, no panic on any bytes. `tests/test_model.py`
//! holds the parity with `model.py`'s reader and numpy.

use super::*;
use crate::env::AnyEnv;
use crate::rng::SplitMix64;
use crate::session::GameId;
use crate::with_env;

/// The bytes of a model file: shape, description and every weight in the
/// file's order (per hidden layer matrix then bias, policy, value).
fn file(meta: &str, inputs: u32, widths: &[u32], actions: u32, weights: &[f32]) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    let word = |out: &mut Vec<u8>, n: u32| out.extend_from_slice(&n.to_le_bytes());
    word(&mut out, FORMAT);
    word(&mut out, meta.len() as u32);
    out.extend_from_slice(meta.as_bytes());
    word(&mut out, inputs);
    word(&mut out, widths.len() as u32);
    for &w in widths {
        word(&mut out, w);
    }
    word(&mut out, actions);
    for w in weights {
        out.extend_from_slice(&w.to_le_bytes());
    }
    out
}

/// How many weights a model of this shape has.
fn weight_count(inputs: usize, widths: &[usize], actions: usize) -> usize {
    let mut count = 0;
    let mut fan_in = inputs;
    for &w in widths {
        count += fan_in * w + w;
        fan_in = w;
    }
    count + fan_in * actions + actions + fan_in + 1
}

fn uniform(rng: &mut SplitMix64) -> f32 {
    // In [-1, 1): 24 random bits.
    ((rng.next() >> 40) as f32 / (1u64 << 23) as f32) - 1.0
}

/// A model of random weights, its biases not zero, as a file.
fn random_file(inputs: usize, widths: &[usize], actions: usize, seed: u64) -> Vec<u8> {
    let mut rng = SplitMix64::new(seed);
    let count = weight_count(inputs, widths, actions);
    let scale = 1.0 / (inputs as f32).sqrt();
    let weights: Vec<f32> = (0..count).map(|_| uniform(&mut rng) * scale).collect();
    let widths: Vec<u32> = widths.iter().map(|&w| w as u32).collect();
    file(
        r#"{"game": "test"}"#,
        inputs as u32,
        &widths,
        actions as u32,
        &weights,
    )
}

/// 3 inputs, one hidden layer of 2, 2 actions.
const TINY: [f32; 6 + 2 + 4 + 2 + 2 + 1] = [
    1.0, -1.0, 0.5, 2.0, -1.0, 1.0, // layer 1, a row per input
    0.1, -0.2, // its bias
    1.0, 2.0, 3.0, -1.0, // policy
    0.5, -0.5, // its bias
    1.0, -0.5, // value column
    0.25, // its bias
];

fn tiny() -> Vec<u8> {
    file(r#"{"game": "durak"}"#, 3, &[2], 2, &TINY)
}

fn what(result: Result<MoveModel>) -> String {
    let error = result.expect_err("refused");
    assert_eq!(error.class, crate::error::Class::InvalidArgument);
    assert_eq!(error.kind, Kind::Corrupt);
    assert_eq!(error.field, "model");
    match error.get("what") {
        Some(Value::String(text)) => text.clone(),
        other => panic!("no what: {other:?}"),
    }
}

use serde_json::Value;

#[test]
fn a_model_worked_out_by_hand() {
    let model = MoveModel::from_bytes(&tiny()).expect("a valid model");
    assert_eq!(
        (model.inputs(), model.widths(), model.actions()),
        (3, vec![2], 2)
    );
    assert_eq!(model.meta(), r#"{"game": "durak"}"#);
    let mut scratch = model.scratch();
    let mut logits = [0.0; 2];
    // Hidden: [0.1, -0.2] + 1 * [1, -1] + 2 * [-1, 1] = [-0.9, 0.8] -> [0, 0.8].
    // Logits: [0.5, -0.5] + 0.8 * [3, -1] = [2.9, -1.3].
    // Value: sigmoid(0.25 + 0.8 * -0.5) = sigmoid(-0.15).
    let value = model.evaluate(&[1.0, 0.0, 2.0], &mut scratch, &mut logits);
    assert!((logits[0] - 2.9).abs() < 1e-6 && (logits[1] + 1.3).abs() < 1e-6);
    let expected = 1.0 / (1.0 + 0.15f64.exp());
    assert!((f64::from(value) - expected).abs() < 1e-7, "{value}");
    assert_eq!(model.value(&[1.0, 0.0, 2.0], &mut scratch), value);
    let (checked, same) = model.evaluate_checked(&[1.0, 0.0, 2.0]).expect("3 inputs");
    assert_eq!((checked.as_slice(), same), (&logits[..], value));
}

#[test]
fn the_weights_read_back_as_written() {
    let model = MoveModel::from_bytes(&tiny()).expect("a valid model");
    let layer = &model.hidden[0];
    assert_eq!(
        (&layer.weights[..], &layer.bias[..]),
        (&TINY[..6], &TINY[6..8])
    );
    assert_eq!(&model.policy.weights[..], &TINY[8..12]);
    assert_eq!(&model.policy.bias[..], &TINY[12..14]);
    assert_eq!(&model.value.weights[..], &TINY[14..16]);
    assert_eq!(&model.value.bias[..], &TINY[16..]);
}

#[test]
fn a_wrong_tensor_length_is_refused_as_lengths() {
    let model = MoveModel::from_bytes(&tiny()).expect("a valid model");
    let error = model.evaluate_checked(&[1.0; 4]).expect_err("4 is not 3");
    assert_eq!(
        (error.kind, error.field.as_str()),
        (Kind::Lengths, "tensor")
    );
    assert_eq!(error.value, Value::from(4));
    assert_eq!(error.get("expected"), Some(&Value::from(3)));
    assert_eq!(error.get("what"), Some(&Value::from("inputs")));
}

#[test]
fn every_corruption_is_refused_with_its_text() {
    let good = tiny();
    let meta_end = 12 + r#"{"game": "durak"}"#.len();
    let with = |at: usize, bytes: &[u8]| {
        let mut data = good.clone();
        data[at..at + bytes.len()].copy_from_slice(bytes);
        data
    };
    let nan = f32::NAN.to_le_bytes();
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (b"CDV".to_vec(), "the file ends inside the magic"),
        (
            with(0, b"XDVM"),
            "not a Cardavia move model (no CDVM header)",
        ),
        (good[..6].to_vec(), "the file ends inside the version"),
        (
            with(4, &2u32.to_le_bytes()),
            "model format 2, this build reads 1",
        ),
        (good[..10].to_vec(), "the file ends inside the meta length"),
        (
            good[..meta_end - 1].to_vec(),
            "the file ends inside the meta",
        ),
        (
            good[..meta_end + 2].to_vec(),
            "the file ends inside the input count",
        ),
        (
            good[..meta_end + 6].to_vec(),
            "the file ends inside the layer count",
        ),
        (
            good[..meta_end + 10].to_vec(),
            "the file ends inside the widths",
        ),
        (
            good[..meta_end + 14].to_vec(),
            "the file ends inside the action count",
        ),
        (
            good[..meta_end + 20].to_vec(),
            "the file ends inside the layer 1",
        ),
        (
            good[..good.len() - 20].to_vec(),
            "the file ends inside the policy",
        ),
        (
            good[..good.len() - 1].to_vec(),
            "the file ends inside the value",
        ),
        (
            with(meta_end + 4, &0u32.to_le_bytes()),
            "0 hidden layers (1 to 4)",
        ),
        (
            with(meta_end + 4, &5u32.to_le_bytes()),
            "5 hidden layers (1 to 4)",
        ),
        (
            with(meta_end, &0u32.to_le_bytes()),
            "a layer of 0 (1 to 4096)",
        ),
        (
            with(meta_end + 8, &5000u32.to_le_bytes()),
            "a layer of 5000 (1 to 4096)",
        ),
        (
            with(meta_end + 12, &0u32.to_le_bytes()),
            "a layer of 0 (1 to 4096)",
        ),
        ([&good[..], b"abc"].concat(), "3 bytes after the weights"),
        (
            with(good.len() - 4, &nan),
            "a weight that is not a finite number",
        ),
        (
            with(meta_end + 16, &f32::INFINITY.to_le_bytes()),
            "a weight that is not a finite number",
        ),
        (file("{", 3, &[2], 2, &TINY), "its description is not JSON"),
        (
            file("[1, 2]", 3, &[2], 2, &TINY),
            "its description is not a JSON object",
        ),
        (with(12, &[0xff]), "its description is not JSON"),
        (
            file(r#"{"a": NaN}"#, 3, &[2], 2, &TINY),
            "its description is not JSON",
        ),
        (
            file(r#"{"a": 1e400}"#, 3, &[2], 2, &TINY),
            "its description is not JSON",
        ),
        (
            file(r#"{"a": "\ud800"}"#, 3, &[2], 2, &TINY),
            "its description is not JSON",
        ),
    ];
    for (data, text) in cases {
        assert_eq!(what(MoveModel::from_bytes(&data)), text, "{data:?}");
    }
}

#[test]
fn a_description_deeper_than_serde_json_reads_is_not_json() {
    // model.py refuses the same depth (`MAX_NESTING`).
    let nested = |depth: usize| format!("{{\"a\": {}{}}}", "[".repeat(depth), "]".repeat(depth));
    let accepted = MoveModel::from_bytes(&file(&nested(126), 3, &[2], 2, &TINY));
    assert!(accepted.is_ok(), "127 levels");
    let refused = MoveModel::from_bytes(&file(&nested(127), 3, &[2], 2, &TINY));
    assert_eq!(what(refused), "its description is not JSON");
}

/// The network computed the plain way, every input's row added, in f64.
fn dense_reference(model: &MoveModel, input: &[f32]) -> (Vec<f64>, f64) {
    let layer_of = |layer: &Layer, x: &[f64]| -> Vec<f64> {
        let width = layer.width();
        (0..width)
            .map(|j| {
                let sum: f64 = x
                    .iter()
                    .enumerate()
                    .map(|(i, &xi)| xi * f64::from(layer.weights[i * width + j]))
                    .sum();
                sum + f64::from(layer.bias[j])
            })
            .collect()
    };
    let mut h: Vec<f64> = input.iter().map(|&x| f64::from(x)).collect();
    for layer in &model.hidden {
        h = layer_of(layer, &h)
            .into_iter()
            .map(|v| v.max(0.0))
            .collect();
    }
    let z = layer_of(&model.value, &h)[0];
    (layer_of(&model.policy, &h), 1.0 / (1.0 + (-z).exp()))
}

#[test]
fn the_sparse_first_layer_equals_the_dense_computation() {
    let mut rng = SplitMix64::new(7);
    for (seed, (inputs, widths, actions)) in [
        (672, vec![64, 32], 110),
        (219, vec![128], 42),
        (13, vec![5, 7, 3, 9], 11),
    ]
    .into_iter()
    .enumerate()
    {
        let model = MoveModel::from_bytes(&random_file(inputs, &widths, actions, seed as u64))
            .expect("a valid model");
        let mut scratch = model.scratch();
        let mut logits = vec![0.0; actions];
        for round in 0..20 {
            // Mostly zeros, as a tensor is; every fifth round dense.
            let input: Vec<f32> = (0..inputs)
                .map(|_| match rng.below(5) {
                    0 => uniform(&mut rng),
                    1 if round % 5 == 0 => uniform(&mut rng),
                    _ if round % 5 == 0 => 1.0,
                    _ => 0.0,
                })
                .collect();
            let value = model.evaluate(&input, &mut scratch, &mut logits);
            let (want, want_value) = dense_reference(&model, &input);
            for (got, want) in logits.iter().zip(&want) {
                assert!((f64::from(*got) - want).abs() < 1e-4, "{got} {want}");
            }
            assert!((f64::from(value) - want_value).abs() < 1e-6);
            assert_eq!(model.value(&input, &mut scratch), value);
        }
    }
}

#[test]
fn another_models_scratch_is_made_to_fit() {
    let big = MoveModel::from_bytes(&random_file(10, &[40], 3, 1)).expect("valid");
    let small = MoveModel::from_bytes(&tiny()).expect("valid");
    let mut scratch = small.scratch();
    let input = [0.5; 10];
    let value = big.value(&input, &mut scratch);
    assert_eq!(value, big.value(&input, &mut big.scratch()));
}

#[test]
fn no_bytes_make_the_reader_panic() {
    let good = random_file(9, &[4, 3], 5, 3);
    assert!(MoveModel::from_bytes(&good).is_ok());
    for len in 0..good.len() {
        let error = MoveModel::from_bytes(&good[..len]).expect_err("a truncated file");
        assert_eq!(error.kind, Kind::Corrupt);
    }
    let mut rng = SplitMix64::new(11);
    for round in 0..2000 {
        let len = rng.below(200) as usize;
        let mut data: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        if round % 2 == 0 {
            // The valid file with a few bytes changed, to reach deeper.
            data = good.clone();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(data.len() as u64) as usize;
                data[at] = rng.next() as u8;
            }
        }
        if let Ok(model) = MoveModel::from_bytes(&data) {
            let input = vec![1.0; model.inputs()];
            let value = model.value(&input, &mut model.scratch());
            // Huge finite weights may overflow to NaN; never beyond [0, 1].
            assert!(value.is_nan() || (0.0..=1.0).contains(&value), "{value}");
        }
    }
}

/// A real Durak position's tensor, a few random moves in.
fn durak_tensor() -> Vec<f32> {
    let mut env = AnyEnv::new(GameId::Durak, Some(5), 2).expect("a Durak deal");
    let mut rng = SplitMix64::new(5);
    for _ in 0..6 {
        let legal = with_env!(&env, e => e.legal_actions());
        if legal.is_empty() {
            break;
        }
        let pick = legal[rng.below(legal.len() as u64) as usize];
        env.apply_action(i128::from(pick)).expect("a legal action");
    }
    let size = GameId::Durak.env_info_at(2).tensor_size;
    let mut tensor = vec![0.0; size];
    with_env!(&env, e => e.write_tensor(0, &mut tensor));
    tensor
}

/// The cost of one call for the Durak shape: `cargo test --release -p
/// cardavia-core model::tests::cost -- --ignored --nocapture`.
#[test]
#[ignore]
fn cost() {
    let tensor = durak_tensor();
    assert_eq!(tensor.len(), 672);
    let nonzero = tensor.iter().filter(|&&x| x != 0.0).count();
    let model = MoveModel::from_bytes(&random_file(672, &[64, 32], 110, 1)).expect("valid");
    let mut scratch = model.scratch();
    let mut logits = vec![0.0; 110];
    const CALLS: u32 = 100_000;
    let time = |f: &mut dyn FnMut() -> f32| {
        let mut runs: Vec<f64> = (0..7)
            .map(|_| {
                let start = std::time::Instant::now();
                let mut sum = 0.0;
                for _ in 0..CALLS {
                    sum += f();
                }
                std::hint::black_box(sum);
                start.elapsed().as_secs_f64() * 1e9 / f64::from(CALLS)
            })
            .collect();
        runs.sort_by(f64::total_cmp);
        runs[runs.len() / 2]
    };
    let input = std::hint::black_box(&tensor[..]);
    let value_ns = time(&mut || model.value(input, &mut scratch));
    let mut scratch = model.scratch();
    let evaluate_ns = time(&mut || model.evaluate(input, &mut scratch, &mut logits));
    println!("{nonzero} of 672 inputs not zero; value() {value_ns:.0} ns, evaluate() {evaluate_ns:.0} ns");
}
