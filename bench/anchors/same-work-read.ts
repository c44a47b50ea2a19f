/**
 * Anchor for the read path (issue 35): a server that does exactly the work of a member's
 * GET /v1/transactions/{id}, and of its GET /v1/transactions?limit=&status= (one page, one filter), with no
 * framework, so that the project's CPU per read can be judged against the floor of its own work rather than
 * against a route that does none. Fastify alone (no
 * logger); the access token's HS256 signature checked with node:crypto against the key the service
 * derives from JWT_SECRET; the service's own caller statement (session, user, account) and its own
 * statement for a transaction visible to an account, prepared once (better-sqlite3 on the same SQLite
 * file, or a named statement through `pg` on PostgreSQL); the row mapped and serialised by the
 * service's own mapper. The list: the same caller check, then the service's own statements of the page's walks
 * (what the account sent, the transfers it receives; transaction-pages.ts), merged by the service's own
 * mergedPage. Runs as its own process, started by bench/scenarios.ts; PORT, HOST,
 * DATABASE_URL and JWT_SECRET as for the service.
 */
// The service process's V8 settings, first as in src/main.ts: the floor is measured with the same runtime.
import '../../src/v8-flags';
import { createHmac, timingSafeEqual } from 'node:crypto';
import Database from 'better-sqlite3';
import Fastify, { FastifyReply } from 'fastify';
import { Pool } from 'pg';
import { deriveKeys } from '../../src/config/derived-keys';
import { CALLER_SQL } from '../../src/sign-in/callers.repository';
import { toTransactionResponse } from '../../src/transactions/dto/transaction.response.dto';
import { TRANSACTION_OF_ACCOUNT_BY_ID, TRANSACTIONS } from '../../src/transactions/transaction-rows';
import { transactionPageStatement, transactionPageWalks } from '../../src/transactions/transaction-pages';
import { mergedPage } from '../../src/common/pagination/page';
import { TRANSACTION_STATUSES, TransactionStatus } from '../../src/transactions/entities/transaction.entity';

interface Claims {
  sub: string;
  sid: string;
  typ: string;
  exp: number;
}

interface CallerRow {
  userId: string;
  sessionStatus: string;
  accountId: string | null;
  accountStatus: string | null;
}

/** Runs a statement: (text with $n placeholders, parameters) -> its rows. */
type RowReader = (statement: { text: string }, params: unknown[]) => Promise<object[]>;

function sqliteReader(path: string): RowReader {
  const database = new Database(path, { readonly: true });
  // Each $n becomes a `?` and the parameters are laid out in the order they appear, as the service's Sql does.
  const prepared = new Map<string, { statement: Database.Statement; order: number[] }>();
  return async (statement, params) => {
    let ready = prepared.get(statement.text);
    if (!ready) {
      const order: number[] = [];
      const text = statement.text.replace(/\$(\d+)/g, (_placeholder, position: string) => {
        order.push(Number(position) - 1);
        return '?';
      });
      ready = { statement: database.prepare(text), order };
      prepared.set(statement.text, ready);
    }
    return ready.statement.all(...ready.order.map((index) => params[index])) as object[];
  };
}

function postgresReader(url: string): RowReader {
  const pool = new Pool({ connectionString: url, max: 10 });
  const names = new Map<string, string>();
  return async (statement, params) => {
    const name = names.get(statement.text) ?? `anchor_${names.size + 1}`;
    names.set(statement.text, name);
    return (await pool.query({ name, text: statement.text, values: params })).rows as object[];
  };
}

/** The claims of a valid HS256 access token, or null. */
function verifiedClaims(authorization: string | undefined, key: Buffer): Claims | null {
  if (!authorization?.startsWith('Bearer ')) return null;
  const [header, payload, signature] = authorization.slice(7).split('.');
  if (header === undefined || payload === undefined || signature === undefined) return null;
  if ((JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string }).alg !== 'HS256') return null;
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
  return claims.typ === 'access' && claims.exp * 1000 > Date.now() ? claims : null;
}

const STATUSES = new Set<string>(TRANSACTION_STATUSES);

function refuse(reply: FastifyReply, status: number, code: string, why: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'application/json')
    .send(JSON.stringify({ error_code: code, error_description: why }));
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL ?? '';
  const read = url.startsWith('sqlite:') ? sqliteReader(url.slice('sqlite:'.length)) : postgresReader(url);
  const key = deriveKeys(Buffer.from(process.env.JWT_SECRET ?? '', 'utf8')).tokenSigning.export();
  const app = Fastify({ logger: false });
  app.get('/ping', async () => ({ ok: true }));
  /** The caller of an access token: an active session of a member with an open account; null otherwise. */
  const callerOf = async (authorization: string | undefined): Promise<(CallerRow & { accountId: string }) | null> => {
    const claims = verifiedClaims(authorization, key);
    if (!claims) return null;
    const [caller] = (await read(CALLER_SQL, [claims.sid])) as CallerRow[];
    if (!caller || caller.userId !== claims.sub || caller.sessionStatus !== 'active' || caller.accountStatus === 'closed' || caller.accountId === null) return null;
    return caller as CallerRow & { accountId: string };
  };
  const json = (reply: FastifyReply, body: unknown) => reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
  app.get<{ Params: { id: string } }>('/v1/transactions/:id', async (request, reply) => {
    const caller = await callerOf(request.headers.authorization);
    if (!caller) return refuse(reply, 401, 'unauthorized', 'no active session of an open account');
    const [row] = await read(TRANSACTION_OF_ACCOUNT_BY_ID, [request.params.id, caller.accountId]);
    if (!row) return refuse(reply, 404, 'transaction_not_found', 'no such transaction of the account');
    return json(reply, toTransactionResponse(TRANSACTIONS.fromRow(row), caller.accountId));
  });
  app.get<{ Querystring: { limit?: string; status?: string } }>('/v1/transactions', async (request, reply) => {
    const caller = await callerOf(request.headers.authorization);
    if (!caller) return refuse(reply, 401, 'unauthorized', 'no active session of an open account');
    const limit = Number(request.query.limit ?? 20);
    const status = request.query.status;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100 || (status !== undefined && !STATUSES.has(status))) return refuse(reply, 400, 'validation_error', 'limit or status');
    const filters = { status: status as TransactionStatus | undefined, metadata: {} };
    const pages: ReturnType<typeof TRANSACTIONS.fromRow>[][] = [];
    for (const walk of transactionPageWalks(caller.accountId, filters, undefined, limit + 1)) {
      const { statement, params } = transactionPageStatement(walk);
      pages.push((await read(statement, params)).map(TRANSACTIONS.fromRow));
    }
    return json(
      reply,
      mergedPage(pages, limit, (transaction) => toTransactionResponse(transaction, caller.accountId)),
    );
  });
  await app.listen({ port: Number(process.env.PORT ?? 3920), host: process.env.HOST ?? '127.0.0.1' });
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
