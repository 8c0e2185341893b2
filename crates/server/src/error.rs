//! Errors of the HTTP API: a status and `{"error":{"code","message"}}`.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// An API error: HTTP status, a stable code and a sentence for a person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: u16,
    /// A stable code (`bad_game`, `seat_taken`, …).
    pub code: String,
    /// What went wrong, for a person.
    pub message: String,
}

impl ApiError {
    /// An error with any status.
    pub fn new(status: u16, code: &str, message: String) -> ApiError {
        ApiError { status, code: code.to_owned(), message }
    }

    /// 400: the request is wrong.
    pub fn bad_request(code: &str, message: String) -> ApiError {
        ApiError::new(400, code, message)
    }

    /// 401: a token that holds no seat.
    pub fn unauthorized(message: &str) -> ApiError {
        ApiError::new(401, "bad_token", message.to_owned())
    }

    /// 403: not allowed from there (a foreign Origin).
    pub fn forbidden(code: &str, message: String) -> ApiError {
        ApiError::new(403, code, message)
    }

    /// 404: no such table.
    pub fn not_found(message: String) -> ApiError {
        ApiError::new(404, "not_found", message)
    }

    /// 409: a seat taken, a table full.
    pub fn conflict(code: &str, message: String) -> ApiError {
        ApiError::new(409, code, message)
    }

    /// 500: the server failed (the database, a table's task): the cause is logged, and the
    /// client is told only that it failed, never the database's words.
    pub fn internal(message: String) -> ApiError {
        tracing::error!("{message}");
        ApiError::new(
            500,
            "internal",
            "The server could not do this just now (the cause is in its log): try again.".into(),
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        (status, Json(json!({"error": {"code": self.code, "message": self.message}}))).into_response()
    }
}
