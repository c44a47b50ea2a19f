import type { Readable } from 'node:stream';
import { DomainError } from '../common/errors/domain-error';
import { STATEMENT_MEDIA_TYPES } from './formats/statement-formats';
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
    /** The body's media type, lower case, without parameters: it chooses the format. */
    readonly mediaType: string,
    stream: Readable,
  ) {
    this.#stream = stream;
  }

  /** The media type of a Content-Type when some statement format reads it; null for anything else. */
  static mediaTypeOf(contentType: string | undefined): string | null {
    const mime = (contentType ?? '').split(';')[0].trim().toLowerCase();
    return STATEMENT_MEDIA_TYPES.includes(mime) ? mime : null;
  }

  /** A Content-Length over the limit is refused before a byte of the body is read. */
  static refusesDeclaredLength(contentLength: string | undefined): DomainError | null {
    return contentLength !== undefined && Number(contentLength) > MAX_STATEMENT_BYTES ? new DomainError('payload_too_large', TOO_LARGE) : null;
  }

  /** True once the body has been read to its end (an unread one is left on the connection, which is then closed). */
  get wasRead(): boolean {
    return this.#read;
  }

  /** The whole body, refusing it (413) as soon as it passes the limit, whatever Content-Length said; decoding is the format's. */
  async bytes(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of this.#stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_STATEMENT_BYTES) throw new DomainError('payload_too_large', TOO_LARGE);
      chunks.push(chunk);
    }
    this.#read = true;
    return Buffer.concat(chunks);
  }
}
