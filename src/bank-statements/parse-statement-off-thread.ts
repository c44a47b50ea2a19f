import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { StatementUpload } from './formats/statement-format';
import type { ReadStatement } from './parse-statement';
import { StatementFormatError } from './statement-line';
import type { WorkerAnswer } from './parse-statement.worker';

/**
 * Heap of the parsing thread: a statement at the size cap reads in well under 100 MiB (one entry's tree at a
 * time); a hostile one hits this, not the server.
 */
const WORKER_HEAP_MB = 512;

/**
 * parseStatement in a worker thread: the same statement or the same StatementFormatError, without blocking the
 * event loop (a 10,000-credit camt.053 takes about a second to read) and with the parser's memory capped apart
 * from the server's. Costs a thread start (tens of milliseconds) per statement. The body moves to the thread
 * rather than being copied (up to 20 MiB less at the server's peak): the caller must not read it afterwards.
 */
export function parseStatementOffThread(body: Buffer, upload: StatementUpload): Promise<ReadStatement> {
  const own = ownArrayBuffer(body);
  return new Promise((resolve, reject) => {
    const worker = new Worker(join(__dirname, 'parse-statement.worker.js'), {
      workerData: { body: new Uint8Array(own), upload },
      transferList: [own],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let answered = false;
    worker.once('message', (answer: WorkerAnswer) => {
      answered = true;
      if ('statement' in answer) resolve(answer.statement);
      else reject(new StatementFormatError(answer.formatError.line, answer.formatError.problem, answer.formatError.entryId));
    });
    worker.once('error', (error: NodeJS.ErrnoException) => {
      answered = true;
      // Within the size cap only a pathological document (deep nesting, countless attributes) fills the heap.
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') reject(new StatementFormatError(null, 'the statement needs too much memory to read'));
      else reject(error);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the statement parser thread exited with code ${code} without an answer`));
    });
  });
}

/** The body's bytes as an ArrayBuffer of their own, which can be transferred (a pooled small Buffer shares one). */
function ownArrayBuffer(body: Buffer): ArrayBuffer {
  const whole = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength && body.buffer instanceof ArrayBuffer;
  return whole ? body.buffer : (body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer);
}
