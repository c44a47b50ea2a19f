import pino from 'pino';

let stream: pino.DestinationStream | undefined;

/**
 * Standard output, for every logger of the process (the application's, and
 * the start-up logger's before and after it): one stream, so that lines keep
 * their order. Written asynchronously; pino flushes it when the process exits.
 */
export function logStream(): pino.DestinationStream {
  stream ??= pino.destination({ dest: 1, sync: false });
  return stream;
}
