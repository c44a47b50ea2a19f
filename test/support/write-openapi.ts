import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { COMMITTED_OPENAPI_PATH, generatedOpenApi } from './openapi-document';
import { startTestApp } from './test-app';

/** `npm run openapi:write`: regenerates docs/openapi.json from the running application. */
async function main(): Promise<void> {
  const t = await startTestApp();
  try {
    mkdirSync(dirname(COMMITTED_OPENAPI_PATH), { recursive: true });
    writeFileSync(COMMITTED_OPENAPI_PATH, `${JSON.stringify(generatedOpenApi(t), null, 2)}\n`);
    process.stdout.write(`wrote ${COMMITTED_OPENAPI_PATH}\n`);
  } finally {
    await t.close();
  }
}

void main();
