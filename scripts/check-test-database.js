#!/usr/bin/env node
// Connects once to the PostgreSQL server and database that TEST_DATABASE_URL (the first argument) names, as
// the tests' support does before creating each test file's database. Exits 0 when it answers; otherwise
// prints one line with the reason and how to fix it, and exits 1. scripts/test.js runs it before the suite.
'use strict';
const { Client } = require('pg');

const url = process.argv[2];
/** The URL without its password, as it may be printed. */
function shown(value) {
  try {
    const parsed = new URL(value);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return value;
  }
}

async function main() {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    const code = error && typeof error === 'object' && 'code' in error ? error.code : undefined;
    const reason = error instanceof Error ? error.message || String(code) : String(error);
    // 3D000: invalid_catalog_name, the database does not exist. A pooler or proxy in front of the server may
    // pass the server's message on under its own code (PgBouncer answers 08P01), so the message counts too.
    const missing = code === '3D000' || /^database ".*" does not exist$/.test(reason);
    const hint = missing
      ? `create it first (createdb -h HOST -U USER ${new URL(url).pathname.slice(1)}) or point TEST_DATABASE_URL at one that exists; each test file creates and drops its own database on that server`
      : 'start the server, or correct TEST_DATABASE_URL';
    process.stderr.write(`TEST_DATABASE_URL ${shown(url)} cannot be used: ${reason}${code ? ` (${code})` : ''}; ${hint}. No test was run.\n`);
    process.exitCode = 1;
  } finally {
    await client.end().catch(() => undefined);
  }
}

void main();
