import { parentPort, workerData } from 'node:worker_threads';
import { parseStatement, type StatementFormat } from './parse-statement';
import { StatementFormatError } from './statement-line';

/** The worker side of parseStatementOffThread: parses once, answers once, exits. */

export type WorkerAnswer =
  { readonly lines: ReturnType<typeof parseStatement> } | { readonly formatError: { readonly line: number | null; readonly problem: string; readonly entryId: string | null } };

const { body, format } = workerData as { body: string; format: StatementFormat };
let answer: WorkerAnswer;
try {
  answer = { lines: parseStatement(body, format) };
} catch (error) {
  // Only a statement's own fault travels back as data; anything else fails the worker and rejects as it is.
  if (!(error instanceof StatementFormatError)) throw error;
  answer = { formatError: { line: error.line, problem: error.problem, entryId: error.entryId } };
}
parentPort?.postMessage(answer);
