//! The engine's errors as Python exceptions: bad input is a `ValueError` carrying the
//! engine's sentence (naming the rule), never a panic.

use std::fmt::Display;

use pyo3::PyErr;
use pyo3::exceptions::PyValueError;

/// A refusal from the engine (unreadable or illegal action, bad options, broken record) as
/// a `ValueError` with its sentence.
pub fn value_error(error: impl Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}
