//! Errors of the HTTP API: a status and `{"error":{"code","message"}}`
//! ([`crate::protocol::ErrorBody`]).

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use tabula_core::ErrorCode;

use crate::protocol::{ErrorBody, ErrorInfo};

/// An API error: HTTP status, a stable code and a sentence for a person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: u16,
    /// A stable code (`seat_taken`, `protocol/bad_request`…), shared with the engine
    /// protocol where it means the same.
    pub code: ErrorCode,
    /// What went wrong, for a person.
    pub message: String,
}

impl ApiError {
    /// An error with any status.
    pub fn new(status: u16, code: ErrorCode, message: String) -> ApiError {
        ApiError { status, code, message }
    }

    /// 400: the request is wrong.
    pub fn bad_request(code: ErrorCode, message: String) -> ApiError {
        ApiError::new(400, code, message)
    }

    /// 400 from a body's reading ([`crate::protocol::read_body`]).
    pub fn from_read((code, message): (ErrorCode, String)) -> ApiError {
        ApiError::new(400, code, message)
    }

    /// 401: a token that holds no seat.
    pub fn unauthorized(message: &str) -> ApiError {
        ApiError::new(401, ErrorCode::BadToken, message.to_owned())
    }

    /// 403: not allowed from there (a foreign Origin).
    pub fn forbidden(code: ErrorCode, message: String) -> ApiError {
        ApiError::new(403, code, message)
    }

    /// 404: no such table.
    pub fn not_found(message: String) -> ApiError {
        ApiError::new(404, ErrorCode::NotFound, message)
    }

    /// 409: a seat taken, a table full.
    pub fn conflict(code: ErrorCode, message: String) -> ApiError {
        ApiError::new(409, code, message)
    }

    /// 500: the server failed (the database, a table's task): the cause is logged, and the
    /// client is told only that it failed, never the database's words.
    pub fn internal(message: String) -> ApiError {
        tracing::error!("{message}");
        ApiError::new(
            500,
            ErrorCode::Internal,
            "The server could not do this just now (the cause is in its log): try again.".into(),
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        (status, Json(ErrorBody { error: ErrorInfo { code: self.code, message: self.message } }))
            .into_response()
    }
}
