import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OpenAPIObject } from '@nestjs/swagger';
import { buildOpenApiDocument } from '../../src/common/swagger/openapi';
import { OPENAPI_ADDITIONS } from '../../src/pipeline';
import { TestApp } from './test-app';

/** The committed copy of the published API contract, reviewed with every change. */
// Tests run from the repository root (scripts/test.js), wherever the compiled files live.
export const COMMITTED_OPENAPI_PATH = join(process.cwd(), 'docs', 'openapi.json');

export function generatedOpenApi(t: TestApp): OpenAPIObject {
  // A JSON round trip drops undefined members, as the served document does.
  return JSON.parse(JSON.stringify(buildOpenApiDocument(t.app, OPENAPI_ADDITIONS)));
}

export function committedOpenApi(): OpenAPIObject {
  return JSON.parse(readFileSync(COMMITTED_OPENAPI_PATH, 'utf8'));
}
