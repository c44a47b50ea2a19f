#!/usr/bin/env node
// Generates the client's two files from the committed OpenAPI document (../../docs/openapi.json):
//   src/schema.ts      the types of every path, operation and schema (openapi-typescript, default options)
//   src/operations.ts  what the runtime needs to know per operation: its authentication and whether it
//                      takes an Idempotency-Key
//   node scripts/generate.js           writes them
//   node scripts/generate.js --check   fails (exit 1) when either differs from what the document gives
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');
const { default: openapiTS, astToString } = require('openapi-typescript');

const root = join(__dirname, '..');
const documentPath = join(root, '..', '..', 'docs', 'openapi.json');
const check = process.argv.includes('--check');

const HEADER = `/**
 * Generated from docs/openapi.json by clients/typescript/scripts/generate.js: do not edit.
 * Run \`npm run generate\` in clients/typescript after \`npm run openapi:write\` at the root.
 */
`;
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

async function main() {
  const document = JSON.parse(readFileSync(documentPath, 'utf8'));
  const files = {
    'src/schema.ts': HEADER + '\n' + astToString(await openapiTS(document)),
    'src/operations.ts': HEADER + '\n' + operationsModule(document),
  };
  const drifted = [];
  for (const [file, text] of Object.entries(files)) {
    const path = join(root, file);
    if (!check) {
      writeFileSync(path, text);
      console.log(`wrote ${relative(process.cwd(), path)}`);
      continue;
    }
    let committed = null;
    try {
      committed = readFileSync(path, 'utf8');
    } catch {}
    if (committed !== text) drifted.push(file);
  }
  if (drifted.length > 0) {
    console.error(
      `clients/typescript: ${drifted.join(' and ')} ${drifted.length > 1 ? 'differ' : 'differs'} from what docs/openapi.json gives; ` +
        'run `npm run generate` in clients/typescript and commit the result.',
    );
    process.exit(1);
  }
  if (check) console.log('clients/typescript: the generated files match docs/openapi.json');
}

/** "METHOD /path" -> the operation's id, how it authenticates, and whether it takes an Idempotency-Key. */
function operationsModule(document) {
  const lines = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      // Routes that refuse the key (their answer holds a secret) do not declare the header at all.
      const idempotent = (operation.parameters ?? []).some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key');
      lines.push(`  '${method.toUpperCase()} ${path}': { operationId: '${operation.operationId}', auth: '${authOf(operation.security ?? document.security ?? [])}', idempotent: ${idempotent} },`);
    }
  }
  return `/** How an operation authenticates: the access token, optionally the access token, the refresh token, or nothing. */
export type OperationAuth = 'access' | 'optional' | 'refresh' | 'none';

export interface OperationInfo {
  readonly operationId: string;
  readonly auth: OperationAuth;
  /** A creating POST: it takes an Idempotency-Key, and a retry with the same key is answered once. */
  readonly idempotent: boolean;
}

/** Every operation of the API, by "METHOD /path" as openapi-fetch names them. */
export const OPERATIONS: Readonly<Record<string, OperationInfo>> = {
${lines.join('\n')}
};
`;
}

/** The document's security requirements of an operation, as the client acts on them. */
function authOf(security) {
  const schemes = security.map((requirement) => Object.keys(requirement));
  if (schemes.length === 0) return 'none';
  if (schemes.some((names) => names.includes('refreshToken'))) return 'refresh';
  if (schemes.some((names) => names.length === 0)) return 'optional';
  // An access token, or (where the operation also takes one) an API key: both are sent as Bearer.
  if (schemes.every((names) => names.includes('accessToken') || names.includes('apiKey'))) return 'access';
  throw new Error(`an unknown security requirement: ${JSON.stringify(security)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
