import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { OPERATIONS, type OperationInfo } from './operations';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };
export { OPERATIONS };

/** Every schema of the API by its published name: `Schemas['Transaction']`, `Schemas['CreatePaymentRequest']`... */
export type Schemas = components['schemas'];
export type Account = Schemas['Account'];
export type User = Schemas['User'];
export type Transaction = Schemas['Transaction'];
export type Payment = Schemas['Payment'];
export type Event = Schemas['Event'];
export type TokenPair = Schemas['TokenPair'];
export type LoginResponse = Schemas['LoginResponse'];
/** The body of every failure: `{ error_code, error_description, request_id, details? }`. */
export type ErrorBody = Schemas['Error'];
export type ErrorCode = ErrorBody['error_code'];

/** The two tokens of a session, as login and refresh return them. */
export interface Tokens {
  access_token: string;
  refresh_token: string;
}

export interface PaymentsClientOptions {
  /** Where the API answers, such as `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** The tokens of a session to continue (from an earlier login); login and refresh keep them up to date. */
  tokens?: Tokens | null;
  /**
   * An API key's secret (`sk_test_...`, `sk_live_...`, `sk_platform_...`) for a machine client: sent on every
   * operation instead of a session's tokens (no login, no refresh). Its scopes decide what it may call.
   */
  apiKey?: string;
  /** Called with the new tokens after each login and refresh, and with null when the session ended: persist them here. */
  onTokens?: (tokens: Tokens | null) => void;
  /** Retries of a request that is safe to repeat (a GET, or a creating POST with its Idempotency-Key). Default 2. */
  retries?: number;
  /** The wait before the first retry, doubled for each next one (Retry-After wins when the server sends it). Default 250 ms. */
  retryDelayMs?: number;
  /** Makes the Idempotency-Key of a creating POST that has none. Default `crypto.randomUUID()`. */
  idempotencyKey?: () => string;
  /** The fetch to send requests with. Default `globalThis.fetch`. */
  fetch?: (request: Request) => Promise<Response>;
}

/** A failure answer of the API, thrown by `unwrap` and the helpers. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The machine-readable code, such as `validation_error` or `insufficient_funds`. */
  readonly code: ErrorCode | 'unknown_error';
  readonly description: string;
  readonly requestId: string | null;
  /** Per-field problems (`validation_error`); empty otherwise. */
  readonly details: Schemas['FieldProblem'][];
  /** The token of a login's second step (`401 mfa_required`: send it with a code to `POST /v1/auth/login/mfa`); null otherwise. */
  readonly mfaToken: string | null;

  constructor(
    readonly status: number,
    body: unknown,
  ) {
    const error = isErrorBody(body) ? body : null;
    const code = error?.error_code ?? 'unknown_error';
    const description = error?.error_description ?? `HTTP ${status}`;
    super(`${status} ${code}: ${description}`);
    this.code = code;
    this.description = description;
    this.requestId = error?.request_id ?? null;
    const details = error?.details;
    this.details = Array.isArray(details) ? details : [];
    this.mfaToken = details !== undefined && !Array.isArray(details) ? details.mfa_token : null;
  }
}

function isErrorBody(body: unknown): body is ErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as { error_code?: unknown }).error_code === 'string';
}

/** What every openapi-fetch call returns. */
type Result<Data, Failure> = { data: Data; error?: never; response: Response } | { data?: never; error: Failure; response: Response };
/** The data of the successful branch of a result. */
export type DataOf<R> = R extends { data: infer Data; error?: never } ? Data : never;

/** The data of a successful answer; a failure is thrown as an ApiError carrying its error_code. */
export function unwrap<R extends Result<unknown, unknown>>(result: R): DataOf<R> {
  if (result.error !== undefined || !result.response.ok) throw new ApiError(result.response.status, result.error);
  return result.data as DataOf<R>;
}

/** The paths whose GET answers a page (`{ data, has_more, next_cursor }`) and takes a `cursor`. */
export type ListPath = {
  [P in keyof paths]: paths[P] extends {
    get: {
      parameters: { query?: { cursor?: string } };
      responses: { 200: { content: { 'application/json': { data: unknown[]; has_more: boolean; next_cursor: string | null } } } };
    };
  }
    ? P
    : never;
}[keyof paths];

type ListOperation<P extends ListPath> = paths[P]['get'];
/** One item of the pages of a list path. */
export type ItemOf<P extends ListPath> = ListOperation<P>['responses'][200]['content']['application/json']['data'][number];
/** The parameters of a list path, less the cursor, which the walk sets. */
export type ListParams<P extends ListPath> = {
  query?: Omit<NonNullable<ListOperation<P>['parameters']['query']>, 'cursor'>;
} & (ListOperation<P>['parameters'] extends { path: infer Path } ? { path: Path } : { path?: never });

export interface PaymentsClient {
  /** The typed client of every operation: `api.GET('/v1/transactions', { params: { query: { limit: 50 } } })`. */
  readonly api: Client<paths>;
  /** The current tokens (null when logged out). */
  readonly tokens: Tokens | null;
  /** Replaces the tokens (null forgets them), as a login elsewhere would. */
  setTokens(tokens: Tokens | null): void;
  /** Logs in and keeps the session's tokens. */
  login(body: Schemas['LoginRequest']): Promise<LoginResponse>;
  /**
   * Exchanges the refresh token for new tokens now. Calls made while a refresh runs share it: the
   * refresh token is presented once. (Calls answered `401` refresh by themselves.)
   */
  refresh(): Promise<TokenPair>;
  /** Ends the session on the server and forgets its tokens. */
  logout(): Promise<void>;
  /** Every item of a list, page after page (`limit` sets the page size): `for await (const t of client.paginate('/v1/transactions'))`. */
  paginate<P extends ListPath>(path: P, ...params: {} extends ListParams<P> ? [ListParams<P>?] : [ListParams<P>]): AsyncGenerator<ItemOf<P>, void, undefined>;
}

/** What the client's middleware learnt about a request, read again when it is sent. */
interface Sending {
  /** The access token the middleware added (null: none, or one the caller set itself). */
  accessToken: string | null;
  /** A GET, or a request carrying an Idempotency-Key: sending it again does no harm. */
  repeatable: boolean;
}

/**
 * A client of the Payments Platform API. On top of openapi-fetch's typed calls it
 *  - sends the access token, and on a `401` refreshes the session once (calls in parallel share one
 *    refresh) and sends the call again with the new token;
 *  - gives every creating POST an Idempotency-Key (unless the call sets one), kept by its retries;
 *  - retries what is safe to repeat after a network failure, a `5xx`, a `429` or
 *    `409 idempotency_request_in_progress`;
 *  - walks the pages of lists.
 */
export function createPaymentsClient(options: PaymentsClientOptions): PaymentsClient {
  const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const retries = options.retries ?? 2;
  const retryDelayMs = options.retryDelayMs ?? 250;
  const newKey = options.idempotencyKey ?? (() => globalThis.crypto.randomUUID());
  let tokens: Tokens | null = options.tokens ?? null;
  let refreshing: Promise<Tokens | null> | null = null;
  const sending = new WeakMap<Request, Sending>();

  const setTokens = (next: Tokens | null): void => {
    tokens = next === null ? null : { access_token: next.access_token, refresh_token: next.refresh_token };
    options.onTokens?.(tokens === null ? null : { ...tokens });
  };

  /** Presents the refresh token once: a call that arrives while a refresh runs waits for it. */
  const refreshSession = (): Promise<Tokens | null> => {
    refreshing ??= presentRefreshToken().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  const presentRefreshToken = async (): Promise<Tokens | null> => {
    // token_rotation_failed asks for a retry: one more try.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refreshToken = tokens?.refresh_token;
      if (refreshToken === undefined) return null;
      const response = await baseFetch(
        new Request(`${baseUrl}/v1/auth/refresh`, { method: 'POST', headers: { authorization: `Bearer ${refreshToken}` } }),
      );
      const body: unknown = await response.json().catch(() => null);
      if (response.ok) {
        setTokens(body as TokenPair);
        return tokens;
      }
      if (response.status === 409 && isErrorBody(body) && body.error_code === 'token_rotation_failed') continue;
      // The session is over (refresh token spent, expired, or the session ended): log in again.
      if (response.status === 401 || response.status === 404) setTokens(null);
      throw new ApiError(response.status, body);
    }
    return null;
  };

  /**
   * The access token to send again after `used` was refused: the one a refresh since then brought,
   * or a fresh one (null: the session cannot be refreshed).
   */
  const accessTokenAfter = async (used: string): Promise<string | null> => {
    if (tokens !== null && tokens.access_token !== used) return tokens.access_token;
    try {
      return (await refreshSession())?.access_token ?? null;
    } catch {
      return null;
    }
  };

  const send = async (first: Request): Promise<Response> => {
    const facts = sending.get(first) ?? { accessToken: null, repeatable: first.method === 'GET' };
    let request = first;
    let refreshed = false;
    for (let attempt = 0; ; ) {
      // The body of a request can be read once: each try sends a copy.
      const spare = request.clone();
      let response: Response;
      try {
        response = await baseFetch(request);
      } catch (error) {
        if (!facts.repeatable || attempt >= retries) throw error;
        attempt += 1;
        await delay(retryDelayMs * 2 ** (attempt - 1));
        request = spare;
        continue;
      }
      if (response.status === 401 && facts.accessToken !== null && !refreshed) {
        const accessToken = await accessTokenAfter(facts.accessToken);
        if (accessToken === null) return response;
        refreshed = true;
        facts.accessToken = accessToken;
        await response.body?.cancel();
        request = withHeader(spare, 'authorization', `Bearer ${accessToken}`);
        continue;
      }
      const wait = facts.repeatable && attempt < retries ? await retryWait(response, retryDelayMs * 2 ** attempt) : null;
      if (wait === null) return response;
      attempt += 1;
      await response.body?.cancel();
      await delay(wait);
      request = spare;
    }
  };

  const middleware: Middleware = {
    onRequest({ request, schemaPath }) {
      const operation: OperationInfo | undefined = OPERATIONS[`${request.method} ${schemaPath}`];
      const headers = new Headers(request.headers);
      let accessToken: string | null = null;
      if (!headers.has('authorization') && options.apiKey !== undefined) {
        if (operation?.auth !== 'none') headers.set('authorization', `Bearer ${options.apiKey}`);
      } else if (!headers.has('authorization') && tokens !== null) {
        if (operation?.auth === 'refresh') headers.set('authorization', `Bearer ${tokens.refresh_token}`);
        else if (operation?.auth !== 'none') {
          accessToken = tokens.access_token;
          headers.set('authorization', `Bearer ${accessToken}`);
        }
      }
      if (operation?.idempotent === true && !headers.has('idempotency-key')) headers.set('idempotency-key', newKey());
      const prepared = new Request(request, { headers });
      sending.set(prepared, { accessToken, repeatable: request.method === 'GET' || headers.has('idempotency-key') });
      return prepared;
    },
    async onResponse({ request, response, schemaPath }) {
      // Whichever way a session starts or turns, the client keeps its tokens.
      const operationId = OPERATIONS[`${request.method} ${schemaPath}`]?.operationId;
      if ((operationId === 'login' || operationId === 'refreshSession') && response.ok) setTokens((await response.clone().json()) as Tokens);
      return undefined;
    },
  };

  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const api = createClient<paths>({ baseUrl, fetch: send });
  api.use(middleware);

  return {
    api,
    get tokens() {
      return tokens === null ? null : { ...tokens };
    },
    setTokens,
    login: async (body) => unwrap(await api.POST('/v1/auth/login', { body })),
    refresh: async () => {
      const next = await refreshSession();
      if (next === null) throw new ApiError(401, { error_code: 'refresh_token_invalid', error_description: 'There is no refresh token: log in.', request_id: '' });
      return { ...(next as TokenPair) };
    },
    logout: async () => {
      if (tokens === null) return;
      const result = await api.DELETE('/v1/auth/session', {});
      // A session that already ended is logged out all the same.
      if (!result.response.ok && result.response.status !== 401) unwrap(result);
      setTokens(null);
    },
    paginate: <P extends ListPath>(path: P, ...rest: [ListParams<P>?]) => walkPages(api, path, rest[0]),
  };
}

/** Follows `next_cursor` until `has_more` is false, yielding the items one by one. */
async function* walkPages<P extends ListPath>(api: Client<paths>, path: P, params: ListParams<P> | undefined): AsyncGenerator<ItemOf<P>, void, undefined> {
  // openapi-fetch's GET is typed per path; for a path chosen by the caller it is called through this shape.
  const get = api.GET as unknown as (
    path: P,
    init: { params: { path?: unknown; query: Record<string, unknown> } },
  ) => Promise<Result<{ data: ItemOf<P>[]; has_more: boolean; next_cursor: string | null }, unknown>>;
  let cursor: string | null = null;
  do {
    const query: Record<string, unknown> = { ...(params?.query ?? {}), ...(cursor === null ? {} : { cursor }) };
    const page = unwrap(await get(path, { params: { path: params?.path, query } }));
    yield* page.data;
    cursor = page.has_more ? page.next_cursor : null;
  } while (cursor !== null);
}

/** How long to wait before sending again, or null when the answer is final. */
async function retryWait(response: Response, backoffMs: number): Promise<number | null> {
  const retryAfter = Number(response.headers.get('retry-after'));
  const serverSays = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null;
  if (response.status === 429) return serverSays !== null && serverSays <= 10_000 ? serverSays : null;
  if (response.status >= 500) return serverSays ?? backoffMs;
  if (response.status === 409) {
    const body: unknown = await response.clone().json().catch(() => null);
    return isErrorBody(body) && body.error_code === 'idempotency_request_in_progress' ? backoffMs : null;
  }
  return null;
}

function withHeader(request: Request, name: string, value: string): Request {
  const headers = new Headers(request.headers);
  headers.set(name, value);
  return new Request(request, { headers });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
