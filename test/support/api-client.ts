export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Sent as is, instead of JSON-encoding `body`. */
  /** The body as it is, bytes or text (a bank statement file), instead of JSON. */
  rawBody?: string | Uint8Array;
}

/** A thin JSON-over-HTTP client, talking to the test server like any API consumer. */
export class ApiClient {
  constructor(readonly baseUrl: string) {}

  get<T = any>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.request('GET', path, undefined, options);
  }

  post<T = any>(path: string, body?: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.request('POST', path, body, options);
  }

  patch<T = any>(path: string, body?: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.request('PATCH', path, body, options);
  }

  delete<T = any>(path: string, body?: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.request('DELETE', path, body, options);
  }

  async request<T = any>(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | Uint8Array | undefined = options.rawBody;
    if (payload === undefined && body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body: payload });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json') && text !== '') parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T };
  }
}
