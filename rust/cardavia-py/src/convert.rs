//! JSON values between Rust and Python: the state and observation dicts
//! out, and whatever a caller passes in, read as the JSON it stands for.

use cardavia_core::checks::MAX_DEPTH;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple, PyType};
use pyo3::IntoPyObjectExt;
use serde_json::{Map, Number, Value};

pub fn to_python(py: Python<'_>, value: &Value) -> PyResult<Py<PyAny>> {
    Ok(match value {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_py_any(py)?,
        Value::Number(n) => {
            if let Some(u) = n.as_u64() {
                u.into_py_any(py)?
            } else if let Some(i) = n.as_i64() {
                i.into_py_any(py)?
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_py_any(py)?
            }
        }
        Value::String(s) => s.into_py_any(py)?,
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_python(py, item)?)?;
            }
            list.into_any().unbind()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, to_python(py, item)?)?;
            }
            dict.into_any().unbind()
        }
    })
}

static MAPPING: PyOnceLock<Py<PyType>> = PyOnceLock::new();

fn text_of(s: &Bound<'_, PyString>) -> String {
    // A string that is not UTF-8 (lone surrogates) keeps replacement
    // characters, so it names nothing and fails the checks that read it.
    match s.to_cow() {
        Ok(text) => text.into_owned(),
        Err(_) => s.to_string_lossy().into_owned(),
    }
}

/// The JSON a Python value stands for, as `json.dumps` would write it:
/// any mapping is an object (keys as text), lists and tuples are arrays.
/// What JSON cannot hold (a float that is not finite, a set, any other
/// object) becomes a text in angle brackets, which no check accepts: the
/// field it stands in is refused as the reference refuses it. Beyond the
/// depth any check allows, values are cut off (`check_depth` still sees
/// the depth and refuses it), so no nesting or cycle can exhaust the stack.
pub fn from_python(value: &Bound<'_, PyAny>) -> PyResult<Value> {
    read(value, 0)
}

fn read(value: &Bound<'_, PyAny>, depth: usize) -> PyResult<Value> {
    if depth > MAX_DEPTH + 1 {
        return Ok(Value::Null);
    }
    if value.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = value.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(Value::String(text_of(s)));
    }
    if value.is_instance_of::<PyInt>() {
        if let Ok(n) = value.extract::<u64>() {
            return Ok(Value::from(n));
        }
        if let Ok(n) = value.extract::<i64>() {
            return Ok(Value::from(n));
        }
        // Beyond 64 bits: a number no check accepts as an integer.
        let negative = value.lt(0)?;
        let approx = value.extract::<f64>().unwrap_or(f64::MAX);
        let approx = if negative {
            -approx.abs()
        } else {
            approx.abs()
        };
        return Ok(Number::from_f64(approx).map_or(Value::Null, Value::Number));
    }
    if let Ok(f) = value.cast::<PyFloat>() {
        return Ok(match Number::from_f64(f.value()) {
            Some(n) => Value::Number(n),
            None => Value::String(format!("<float {}>", f.value())),
        });
    }
    if let Ok(list) = value.cast::<PyList>() {
        let items = list.iter().map(|item| read(&item, depth + 1));
        return items.collect::<PyResult<Vec<Value>>>().map(Value::Array);
    }
    if let Ok(tuple) = value.cast::<PyTuple>() {
        let items = tuple.iter().map(|item| read(&item, depth + 1));
        return items.collect::<PyResult<Vec<Value>>>().map(Value::Array);
    }
    if let Ok(dict) = value.cast::<PyDict>() {
        return read_items(dict.iter(), depth);
    }
    let py = value.py();
    let mapping = MAPPING.get_or_try_init(py, || -> PyResult<Py<PyType>> {
        let abc = py.import("collections.abc")?;
        Ok(abc.getattr("Mapping")?.cast_into::<PyType>()?.unbind())
    })?;
    if value.is_instance(mapping.bind(py))? {
        let items = value.call_method0("items")?;
        let mut pairs = Vec::new();
        for pair in items.try_iter()? {
            let pair = pair?;
            pairs.push((pair.get_item(0)?, pair.get_item(1)?));
        }
        return read_items(pairs.into_iter(), depth);
    }
    Ok(Value::String(format!("<{}>", value.get_type().name()?)))
}

fn read_items<'py>(
    items: impl Iterator<Item = (Bound<'py, PyAny>, Bound<'py, PyAny>)>,
    depth: usize,
) -> PyResult<Value> {
    let mut map = Map::new();
    for (key, item) in items {
        let key = match key.cast::<PyString>() {
            Ok(s) => text_of(s),
            Err(_) => key.str()?.to_string(),
        };
        map.insert(key, read(&item, depth + 1)?);
    }
    Ok(Value::Object(map))
}
