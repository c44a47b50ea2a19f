/**
 * Anchor for the read path (issue 35): a server that does exactly the work of a member's
 * GET /v1/transactions/{id} with no framework, so that the project's CPU per read can be judged
 * against the floor of its own work rather than against a route that does none. Fastify alone (no
 * logger); the access token's HS256 signature checked with node:crypto against the key the service
 * derives from JWT_SECRET; the service's own caller statement (session, user, account) and its own
 * statement for a transaction visible to an account, prepared once (better-sqlite3 on the same SQLite
 * file, or a named statement through `pg` on PostgreSQL); the row mapped and serialised by the
 * service's own mapper. Runs as its own process, started by bench/scenarios.ts; PORT, HOST,
 * DATABASE_URL and JWT_SECRET as for the service.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import Database from 'better-sqlite3';
import Fastify, { FastifyReply } from 'fastify';
import { Pool } from 'pg';
import { deriveKeys } from '../../src/config/derived-keys';
import { CALLER_SQL } from '../../src/sign-in/callers.repository';
import { toTransactionResponse } from '../../src/transactions/dto/transaction.response.dto';
import { TRANSACTION_OF_ACCOUNT_BY_ID, TRANSACTIONS } from '../../src/transactions/transaction-rows';

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

/** Runs one of the two statements: (text with $n placeholders, parameters) -> the first row or undefined. */
type RowReader = (statement: { text: string }, params: unknown[]) => Promise<object | undefined>;

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
    return ready.statement.get(...ready.order.map((index) => params[index])) as object | undefined;
  };
}

function postgresReader(url: string): RowReader {
  const pool = new Pool({ connectionString: url, max: 10 });
  const names = new Map<string, string>();
  return async (statement, params) => {
    const name = names.get(statement.text) ?? `anchor_${names.size + 1}`;
    names.set(statement.text, name);
    return (await pool.query({ name, text: statement.text, values: params })).rows[0] as object | undefined;
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
  app.get<{ Params: { id: string } }>('/v1/transactions/:id', async (request, reply) => {
    const claims = verifiedClaims(request.headers.authorization, key);
    if (!claims) return refuse(reply, 401, 'unauthorized', 'no valid access token');
    const caller = (await read(CALLER_SQL, [claims.sid])) as CallerRow | undefined;
    if (!caller || caller.userId !== claims.sub || caller.sessionStatus !== 'active' || caller.accountStatus === 'closed' || caller.accountId === null) {
      return refuse(reply, 401, 'unauthorized', 'no active session of an open account');
    }
    const row = await read(TRANSACTION_OF_ACCOUNT_BY_ID, [request.params.id, caller.accountId]);
    if (!row) return refuse(reply, 404, 'transaction_not_found', 'no such transaction of the account');
    return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(toTransactionResponse(TRANSACTIONS.fromRow(row), caller.accountId)));
  });
  await app.listen({ port: Number(process.env.PORT ?? 3920), host: process.env.HOST ?? '127.0.0.1' });
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
