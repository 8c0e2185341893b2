//! JSON values (views, records, options) to Python objects and back.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyList, PyString, PyTuple};
use serde_json::{Map, Number, Value};

/// A JSON value as the Python object `json.loads` would give.
pub fn to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any()
            }
        }
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, to_py(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

/// A Python object (None, bool, int, float, str, list, tuple, dict with str keys, numpy
/// scalars) as JSON.
///
/// # Errors
/// `ValueError` naming the type of anything else.
pub fn from_py(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if obj.is_instance_of::<PyBool>() {
        return Ok(Value::Bool(obj.extract::<bool>()?));
    }
    if obj.is_instance_of::<PyString>() {
        return Ok(Value::String(obj.extract::<String>()?));
    }
    if obj.is_instance_of::<PyFloat>() {
        let x = obj.extract::<f64>()?;
        return Number::from_f64(x)
            .map(Value::Number)
            .ok_or_else(|| PyValueError::new_err(format!("{x} cannot be written as JSON")));
    }
    if let Ok(dict) = obj.cast::<PyDict>() {
        let mut map = Map::new();
        for (key, item) in dict.iter() {
            let Ok(key) = key.extract::<String>() else {
                return Err(PyValueError::new_err(format!(
                    "a key of a JSON object must be a string, not {}",
                    type_name(&key)
                )));
            };
            map.insert(key, from_py(&item)?);
        }
        return Ok(Value::Object(map));
    }
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        let items: PyResult<Vec<Value>> = obj.try_iter()?.map(|item| from_py(&item?)).collect();
        return Ok(Value::Array(items?));
    }
    // Python ints and numpy integers (anything with __index__).
    if let Ok(i) = obj.extract::<i64>() {
        return Ok(Value::from(i));
    }
    if let Ok(u) = obj.extract::<u64>() {
        return Ok(Value::from(u));
    }
    Err(PyValueError::new_err(format!("a {} cannot be written as JSON", type_name(obj))))
}

/// Keyword arguments as a JSON object (`null` when there are none).
pub fn kwargs_json(kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Value> {
    match kwargs {
        Some(dict) if !dict.is_empty() => from_py(dict.as_any()),
        _ => Ok(Value::Null),
    }
}

/// The name of an object's type, for messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "object".to_owned())
}
