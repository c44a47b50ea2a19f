import { parentPort, workerData } from 'node:worker_threads';
import type { StatementUpload } from './formats/statement-format';
import { parseStatement, type ReadStatement } from './parse-statement';
import { StatementFormatError } from './statement-line';

/** The worker side of parseStatementOffThread: parses once, answers once, exits. */

export type WorkerAnswer =
  { readonly statement: ReadStatement } | { readonly formatError: { readonly line: number | null; readonly problem: string; readonly entryId: string | null } };

const { body, upload } = workerData as { body: Uint8Array; upload: StatementUpload };
let answer: WorkerAnswer;
try {
  answer = { statement: parseStatement(Buffer.from(body.buffer, body.byteOffset, body.byteLength), upload) };
} catch (error) {
  // Only a statement's own fault travels back as data; anything else fails the worker and rejects as it is.
  if (!(error instanceof StatementFormatError)) throw error;
  answer = { formatError: { line: error.line, problem: error.problem, entryId: error.entryId } };
}
parentPort?.postMessage(answer);
