import { Logger } from '@nestjs/common';
import { DataSource, DataSourceOptions } from 'typeorm';
import { PreparedStatementsMode } from '../config/app-config';
import { connectDatabase } from './database-startup';
import { namedStatementsAllowed, throughTransactionPooler } from './data-source-options';

/** What pg's pool lends: a client that holds one (client-side) connection until released. */
interface PgPoolClient {
  query(text: string): Promise<{ rows: { pid: number }[] }>;
  release(): void;
}
interface PgPool {
  connect(): Promise<PgPoolClient>;
  options: { max?: number };
}

/** PgBouncer's answer to a session parameter it does not pass on (statement_timeout). */
const REFUSED_STARTUP_PARAMETER = /unsupported startup parameter/i;

/**
 * Opens the service's PostgreSQL data source, and with DATABASE_PREPARED_STATEMENTS=auto
 * finds out whether a transaction pooler stands in front of it; if so, it opens it
 * again to run every statement unnamed and without session parameters. Two signs,
 * both cheap and taken once: the pooler refuses the statement_timeout start-up
 * parameter, or (when told to ignore it) two client connections open at once are
 * served by the same server process, which a direct connection never is.
 */
export async function openPostgres(options: DataSourceOptions, mode: PreparedStatementsMode, logger: Pick<Logger, 'log' | 'warn'> = new Logger('Database')): Promise<DataSource> {
  if (mode !== 'auto' || !namedStatementsAllowed({ options })) return connectDatabase(options, logger);
  let dataSource: DataSource;
  try {
    dataSource = await connectDatabase(options, logger);
  } catch (error) {
    if (!REFUSED_STARTUP_PARAMETER.test((error as Error).message)) throw error;
    logger.log('a transaction pooler refused the statement_timeout start-up parameter: statements run unnamed, the timeout is the role\'s (see "Scaling out")');
    return connectDatabase(throughTransactionPooler(options), logger);
  }
  if (!(await sharesServerProcesses(dataSource))) return dataSource;
  logger.log('client connections share server processes (a transaction pooler such as PgBouncer): statements run unnamed');
  await dataSource.destroy();
  return connectDatabase(throughTransactionPooler(options), logger);
}

/** Tries of the probe: another instance's client may take the server connection in between. */
const PROBES = 3;

/**
 * Two clients of the pool, both held: each asks for its server process, one
 * after the other. Direct, each client is its own process, always; through a
 * transaction pooler, the first gives its server connection back when its
 * statement ends, and the second is lent that same one (PgBouncer reuses the
 * most recent), unless another client took it in between: asked up to three
 * times. A pool of one connection cannot hold two: no answer, named.
 */
async function sharesServerProcesses(dataSource: DataSource): Promise<boolean> {
  const pool = (dataSource.driver as unknown as { master: PgPool }).master;
  if ((pool.options.max ?? 10) < 2) return false;
  for (let probe = 0; probe < PROBES; probe += 1) if (await oneServerProcessForTwoClients(pool)) return true;
  return false;
}

async function oneServerProcessForTwoClients(pool: PgPool): Promise<boolean> {
  const first = await pool.connect();
  try {
    const second = await pool.connect();
    try {
      const [a] = (await first.query('SELECT pg_backend_pid() AS pid')).rows;
      const [b] = (await second.query('SELECT pg_backend_pid() AS pid')).rows;
      return a.pid === b.pid;
    } finally {
      second.release();
    }
  } finally {
    first.release();
  }
}
