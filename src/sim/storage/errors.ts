// API errors as the client sees them: code, reason, message, Retry-After and causes, with the
// upstream constructors' exact wording (upstream: storage/errors.go; apimachinery pkg/api/errors). Errors are values inside the model.

export type StatusReason =
  | "Timeout"
  | "TooManyRequests"
  | "Expired"
  | "BadRequest"
  | "InternalError"
  | "ServiceUnavailable"
  | "NotFound";

export interface StatusCause {
  type: "ResourceVersionTooLarge";
  message: string;
}

export interface StatusError {
  kind: "status";
  code: number;
  reason: StatusReason;
  message: string;
  /** details.retryAfterSeconds; 0 when the error carries none. */
  retryAfterSeconds: number;
  /** Shared between errors (NO_CAUSES, TOO_LARGE_CAUSES below): never changed once made. */
  readonly causes: readonly StatusCause[];
}

/** Any non-API error, for example one injected by a storage mock. */
export interface PlainError {
  kind: "plain";
  message: string;
}

export type ApiError = StatusError | PlainError;

export const RESOURCE_VERSION_TOO_HIGH_RETRY_SECONDS = 1; // upstream: watch_cache.go resourceVersionTooHighRetrySeconds

// Shared by every error that carries them: an overloaded apiserver makes tens of thousands of
// errors a second, and nothing changes an error's causes once it is made.
const NO_CAUSES: readonly StatusCause[] = [];
const TOO_LARGE_CAUSES: readonly StatusCause[] = [
  { type: "ResourceVersionTooLarge", message: "Too large resource version" },
];

function status(
  code: number,
  reason: StatusReason,
  message: string,
  retryAfterSeconds = 0,
  causes: readonly StatusCause[] = NO_CAUSES,
): StatusError {
  return { kind: "status", code, reason, message, retryAfterSeconds, causes };
}

// upstream: storage/errors.go NewTooLargeResourceVersionError (via apierrors.NewTimeoutError)
export function tooLargeResourceVersion(
  minimumRv: number,
  currentRv: number,
  retrySeconds: number,
): StatusError {
  return status(
    504,
    "Timeout",
    `Timeout: Too large resource version: ${minimumRv}, current: ${currentRv}`,
    retrySeconds,
    TOO_LARGE_CAUSES,
  );
}

// upstream: apierrors.NewTooManyRequests (adds no prefix to the message)
export function tooManyRequests(message: string, retryAfterSeconds: number): StatusError {
  return status(429, "TooManyRequests", message, retryAfterSeconds);
}

// upstream: apierrors.NewResourceExpired
export function resourceExpired(message: string): StatusError {
  return status(410, "Expired", message);
}

// upstream: apierrors.NewBadRequest
export function badRequest(message: string): StatusError {
  return status(400, "BadRequest", message);
}

// upstream: apierrors.NewNotFound (what storage/errors InterpretGetError makes of a missing key)
export function notFound(resource: string, name: string): StatusError {
  return status(404, "NotFound", `${resource} "${name}" not found`);
}

export function plainError(message: string): PlainError {
  return { kind: "plain", message };
}

/** A request that outlived --request-timeout (504, no Retry-After). */
// upstream: server/filters/timeout.go WithTimeoutForNonLongRunningRequests, NewTimeoutError(…, 0)
export function requestTimeout(): StatusError {
  return status(504, "Timeout", "Timeout: request did not complete within the allotted timeout");
}

/**
 * What a storage call returns when its caller's context has ended: Go's context.DeadlineExceeded,
 * which etcd's client returns as is and etcd3's store passes on (no API status).
 */
export function contextDeadlineExceeded(): PlainError {
  return plainError("context deadline exceeded");
}

// upstream: storage/errors.go IsTooLargeResourceVersion (a timeout with the cause)
export function isTooLargeResourceVersion(error: ApiError): boolean {
  if (error.kind !== "status") return false;
  const timeout = error.reason === "Timeout" || error.code === 504;
  return timeout && error.causes.some((c) => c.type === "ResourceVersionTooLarge");
}

// upstream: apierrors.IsResourceExpired (reason only)
export function isResourceExpired(error: ApiError): boolean {
  return error.kind === "status" && error.reason === "Expired";
}

/** The text `err.Error()` gives in Go. */
export function errorText(error: ApiError): string {
  return error.message;
}

/** The Status an error watcher's single ERROR event carries. */
// upstream: cacher.go newErrWatcher (a non-API error becomes a 500 with the error's own text)
export function watchErrorStatus(error: ApiError): StatusError {
  return error.kind === "status" ? error : status(500, "InternalError", error.message);
}

// upstream: storage/errors.go NewKeyNotFoundError (StorageError text; the registry maps it to 404)
export function keyNotFound(key: string, rv: number): PlainError {
  return plainError(
    `StorageError: key not found, Code: 1, Key: ${key}, ResourceVersion: ${rv}, AdditionalErrorMsg: `,
  );
}
