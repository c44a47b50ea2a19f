// Load from this process with autocannon: closed-loop (each connection sends its next request
// when the previous answer is in) unless a fixed overall rate is asked for.
import autocannon from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadSpec {
  baseUrl: string;
  connections: number;
  seconds: number;
  /** Called for every request, so each one may differ (a fresh Idempotency-Key, the next id). */
  next: () => LoadRequest;
  /** Requests per second over all connections; none for as fast as the server answers. */
  overallRate?: number;
  /** Called with every answer as it is read (in this process, so keep it cheap). */
  onResponse?: (status: number, body: string) => void;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Requests sent, answered or not: those in flight when the run ended were sent, and the server handled them. */
  sent: number;
  /** Connection errors, time-outs and answers outside 2xx: a run with any is suspect. */
  failures: number;
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const result = await autocannon({
    url: spec.baseUrl,
    connections: spec.connections,
    duration: spec.seconds,
    overallRate: spec.overallRate,
    // One request template rebuilt by setupRequest before each send.
    requests: [
      {
        setupRequest: (request) => {
          const next = spec.next();
          // A copy: autocannon writes Content-Length into the headers object it is given.
          return { ...request, ...next, headers: { ...next.headers } };
        },
        ...(spec.onResponse === undefined ? {} : { onResponse: (status: number, body: string) => spec.onResponse?.(status, body) }),
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    sent: result.requests.sent,
    failures: result.errors + result.non2xx,
  };
}

/** The same request each time. */
export function constant(request: LoadRequest): () => LoadRequest {
  return () => request;
}

/** Goes round `requests` in order, one per call. */
export function roundRobin(requests: readonly (() => LoadRequest)[]): () => LoadRequest {
  let index = 0;
  return () => {
    const make = requests[index];
    index = (index + 1) % requests.length;
    return make();
  };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
