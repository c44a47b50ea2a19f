// The names the idempotency pieces share; apart, so that the decorators can name the interceptor without an import cycle.
export const IDEMPOTENT_ROUTE = 'idempotency:route';
export const IDEMPOTENCY_REFUSED_ROUTE = 'idempotency:refused';
/** The route's operation starts with its unit of work: a stored answer is found by the key's claim there. */
export const REPLAYS_FROM_CLAIM = 'idempotency:replays-from-claim';
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** OpenAPI extension read when the document is built: the 2xx answers get the Idempotent-Replayed header. */
export const OPENAPI_IDEMPOTENT_EXTENSION = 'x-idempotent';
/** OpenAPI extension read when the document is built: the operation's description says that a key is refused. */
export const OPENAPI_REFUSES_KEY_EXTENSION = 'x-refuses-idempotency-key';
