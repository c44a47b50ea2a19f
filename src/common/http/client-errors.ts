import { ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../errors/domain-error';
import { statusOf } from '../errors/error-codes';
import { ErrorResponseDto } from '../errors/error-response.dto';
import { ulid } from '../ids/ulid';

/** What Node's HTTP parser refused, as the contract's error: 431 for oversized headers, else 400 with llhttp's reason. */
function errorFor(error: Error & { code?: string; reason?: string }): DomainError {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return new DomainError('request_header_fields_too_large', 'The request line and headers are larger than 16 KiB.');
  }
  // llhttp's reasons are fixed phrases ("Transfer-Encoding can't be present with Content-Length"), never request bytes.
  const reason = typeof error.reason === 'string' && error.reason !== '' ? ` (${error.reason})` : '';
  return new DomainError('validation_error', `The request is not valid HTTP/1.1${reason}.`);
}

/**
 * Builds the handler of Node's `clientError` event: a request the HTTP parser
 * refused never becomes a request object, so the answer is written to the
 * socket by hand, in the contract's error body, with a request id (logged with
 * the refusal), the API's security headers, and `Connection: close`.
 * Nothing is written where the connection no longer allows it (reset, closed).
 */
export function clientErrorHandler(securityHeaders: () => Readonly<Record<string, string>>) {
  return function answerClientError(this: FastifyInstance, error: Error & { code?: string; reason?: string }, socket: Socket): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // A timeout (requestTimeout, headersTimeout): the client sent nothing worth answering.
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      socket.destroy(error);
      return;
    }
    const requestId = ulid();
    const refusal = errorFor(error);
    const status = statusOf(refusal.code);
    this.log.info({ request_id: requestId, status, parser_error: error.code ?? null, remote_address: socket.remoteAddress ?? null }, 'request refused by the HTTP parser');
    const answer = (): void => {
      if (!socket.writable) {
        socket.destroy();
        return;
      }
      const body: ErrorResponseDto = { error_code: refusal.code, error_description: refusal.description, request_id: requestId };
      const payload = JSON.stringify(body);
      const headers: Record<string, string> = {
        ...securityHeaders(),
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(payload)),
        'x-request-id': requestId,
        connection: 'close',
      };
      const head = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      // Closed once written: the rest of what the client sent cannot be read as requests.
      socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${payload}`, () => socket.destroy());
    };
    // A keep-alive connection may still be answering an earlier request (pipelining): answers go out in
    // order, so the refusal waits for it rather than cutting in (Node's own handler would write nothing).
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (inFlight && !inFlight.writableFinished) inFlight.once('finish', answer);
    else answer();
  };
}
