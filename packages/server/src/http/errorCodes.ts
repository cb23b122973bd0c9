/** One failure as clients see it: the stable code they branch on, its HTTP status, what it means. */
export interface ErrorCode {
  code: `TARMAC_${string}`;
  status: number;
  meaning: string;
}

/**
 * Every failure the server answers, named once. Routes throw `httpError(errorCodes.X, reason)`;
 * the reason says what exactly was wrong this time, the code says which kind of failure it is.
 * docs/errors.md is this table in prose, checked against it by errorCodes.test.ts.
 */
export const errorCodes = {
  // The request itself, before any route looks at it.
  BAD_REQUEST: { code: 'TARMAC_BAD_REQUEST', status: 400, meaning: 'The request is not valid HTTP, or fails in a way no more specific code names.' },
  BAD_URL: { code: 'TARMAC_BAD_URL', status: 400, meaning: 'The URL does not decode: a stray `%` or an escape that is not UTF-8.' },
  BAD_CONTENT_LENGTH: { code: 'TARMAC_BAD_CONTENT_LENGTH', status: 400, meaning: 'The body is shorter or longer than its `Content-Length` says.' },
  NOT_FOUND: { code: 'TARMAC_NOT_FOUND', status: 404, meaning: 'No route for this method and path, or no such item (a log group).' },
  REQUEST_TIMEOUT: { code: 'TARMAC_REQUEST_TIMEOUT', status: 408, meaning: 'The request did not arrive completely in time.' },
  PRECONDITION_FAILED: { code: 'TARMAC_PRECONDITION_FAILED', status: 412, meaning: 'A static file: its `If-Match`/`If-Unmodified-Since` condition does not hold.' },
  BODY_TOO_LARGE: { code: 'TARMAC_BODY_TOO_LARGE', status: 413, meaning: "The body is larger than the endpoint's limit." },
  URL_TOO_LONG: { code: 'TARMAC_URL_TOO_LONG', status: 414, meaning: 'A path parameter is longer than any real one.' },
  UNSUPPORTED_MEDIA_TYPE: { code: 'TARMAC_UNSUPPORTED_MEDIA_TYPE', status: 415, meaning: 'The `Content-Type` is not one the endpoint reads.' },
  RANGE_NOT_SATISFIABLE: { code: 'TARMAC_RANGE_NOT_SATISFIABLE', status: 416, meaning: 'A static file: the `Range` asked for lies outside it.' },
  HEADERS_TOO_LARGE: { code: 'TARMAC_HEADERS_TOO_LARGE', status: 431, meaning: 'The request line and headers together are larger than the server reads.' },
  // The request's content.
  BAD_JSON: { code: 'TARMAC_BAD_JSON', status: 400, meaning: 'The body is not JSON, is empty, or sets `__proto__` or `constructor.prototype`, though its type says JSON.' },
  BAD_BODY: { code: 'TARMAC_BAD_BODY', status: 400, meaning: "The body is readable but breaks the endpoint's contract; the reason names the field." },
  BAD_QUERY: { code: 'TARMAC_BAD_QUERY', status: 400, meaning: 'The query string breaks the endpoint\'s contract; the reason names the parameter.' },
  BAD_PARAMS: { code: 'TARMAC_BAD_PARAMS', status: 400, meaning: 'A path parameter breaks the endpoint\'s contract.' },
  BAD_HEADERS: { code: 'TARMAC_BAD_HEADERS', status: 400, meaning: 'A header breaks the endpoint\'s contract.' },
  // Who may ask.
  CONSOLE_UNAUTHORIZED: { code: 'TARMAC_CONSOLE_UNAUTHORIZED', status: 401, meaning: 'The console API needs `Authorization: Bearer <console token>`; this one is missing or wrong.' },
  BAD_FORM_TOKEN: { code: 'TARMAC_BAD_FORM_TOKEN', status: 403, meaning: "The form token (consent's `X-CSRF` header, signals' `token` field) is missing or not this session's." },
  CROSS_ORIGIN: { code: 'TARMAC_CROSS_ORIGIN', status: 403, meaning: "The request's `Origin` is another site (or `null`)." },
  FORBIDDEN: { code: 'TARMAC_FORBIDDEN', status: 403, meaning: 'Refused for a reason no more specific code names (a file the site does not serve).' },
  RATE_LIMITED: { code: 'TARMAC_RATE_LIMITED', status: 429, meaning: 'Too many requests (or failed tokens) from this client this minute; wait `Retry-After` seconds.' },
  // Endpoint-specific.
  UNKNOWN_COMPONENT: { code: 'TARMAC_UNKNOWN_COMPONENT', status: 404, meaning: "Dynamic import: the build's catalogue has no such component path." },
  SIGNALS_MALFORMED: { code: 'TARMAC_SIGNALS_MALFORMED', status: 400, meaning: 'Signals: the envelope is not base64, or has an unknown version.' },
  SIGNALS_TRUNCATED: { code: 'TARMAC_SIGNALS_TRUNCATED', status: 400, meaning: 'Signals: the envelope is shorter than its parts.' },
  SIGNALS_WRONG_KEY: { code: 'TARMAC_SIGNALS_WRONG_KEY', status: 400, meaning: "Signals: the content key was not sealed with this server's key." },
  SIGNALS_TAMPERED: { code: 'TARMAC_SIGNALS_TAMPERED', status: 400, meaning: 'Signals: the payload fails authentication (changed or cut in transit).' },
  SIGNALS_BAD_PAYLOAD: { code: 'TARMAC_SIGNALS_BAD_PAYLOAD', status: 400, meaning: 'Signals: the opened payload breaks docs/signals.md; the reason names the field.' },
  SIGNALS_STALE: { code: 'TARMAC_SIGNALS_STALE', status: 400, meaning: "Signals: the payload's timestamp is too far from the server's clock." },
  SIGNALS_REPLAY: { code: 'TARMAC_SIGNALS_REPLAY', status: 409, meaning: 'Signals: this payload (its nonce) was received before.' },
  // The server's side.
  INTERNAL: { code: 'TARMAC_INTERNAL', status: 500, meaning: 'The server failed; the reply never says why, the server log does.' },
  NO_BUILD: { code: 'TARMAC_NO_BUILD', status: 503, meaning: "Dynamic import: the site's build is missing or incomplete (no manifest, or a chunk it names); run the build." },
  SHUTTING_DOWN: { code: 'TARMAC_SHUTTING_DOWN', status: 503, meaning: 'The server is draining before it stops; retry after `Retry-After` seconds (another instance, or this one restarted).' },
  INGEST_UNAVAILABLE: { code: 'TARMAC_INGEST_UNAVAILABLE', status: 503, meaning: 'Ingest: the queue in front of the store (NATS JetStream) did not confirm the item in time, so nothing was accepted; send it again after `Retry-After` seconds.' },
} as const satisfies Record<string, ErrorCode>;

const byWireCode = new Map<string, ErrorCode>(Object.values(errorCodes).map((entry) => [entry.code, entry]));

/** The catalogue entry of a wire code, if it is one of ours. */
export const errorCodeOf = (code: string | undefined): ErrorCode | undefined =>
  code === undefined ? undefined : byWireCode.get(code);
