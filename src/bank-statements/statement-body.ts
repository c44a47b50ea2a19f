import type { Readable } from 'node:stream';
import { DomainError } from '../common/errors/domain-error';
import { StatementFormatName } from './entities/bank-statement.entity';
import { MAX_STATEMENT_BYTES } from './parse-statement';

const TOO_LARGE = `The statement is larger than ${MAX_STATEMENT_BYTES / 1024 / 1024} MiB.`;

/**
 * A statement on the import route, as the pipeline's parser hands it on: its format (from the Content-Type)
 * and its body still unread. The body is read only once the caller may import (contract section 21): a
 * refused upload answers from its headers, and a stranger's 20 MiB never reaches memory.
 */
export class StatementBody {
  // Private fields: the validation pipe walks a body's own properties, and the socket behind a stream is deep.
  readonly #stream: Readable;
  #read = false;

  constructor(
    readonly format: StatementFormatName,
    stream: Readable,
  ) {
    this.#stream = stream;
  }

  /** The format a Content-Type names: application/xml or text/xml (camt.053), text/csv; null for anything else. */
  static formatOf(contentType: string | undefined): StatementFormatName | null {
    const mime = (contentType ?? '').split(';')[0].trim().toLowerCase();
    if (mime === 'application/xml' || mime === 'text/xml') return 'camt053';
    return mime === 'text/csv' ? 'csv' : null;
  }

  /** A Content-Length over the limit is refused before a byte of the body is read. */
  static refusesDeclaredLength(contentLength: string | undefined): DomainError | null {
    return contentLength !== undefined && Number(contentLength) > MAX_STATEMENT_BYTES ? new DomainError('payload_too_large', TOO_LARGE) : null;
  }

  /** True once the body has been read to its end (an unread one is left on the connection, which is then closed). */
  get wasRead(): boolean {
    return this.#read;
  }

  /** The whole body as UTF-8, refusing it (413) as soon as it passes the limit, whatever Content-Length said. */
  async text(): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of this.#stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_STATEMENT_BYTES) throw new DomainError('payload_too_large', TOO_LARGE);
      chunks.push(chunk);
    }
    this.#read = true;
    return Buffer.concat(chunks).toString('utf8');
  }
}
