import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The third-party statements of test/fixtures/bank-statements (see its SOURCES.md), read as bytes. Tests run from the repository's root. */
const FIXTURES = join(process.cwd(), 'test', 'fixtures', 'bank-statements');

export function statementFixture(folder: string, name: string): Buffer {
  return readFileSync(join(FIXTURES, folder, name));
}

export function statementFixtureNames(folder: string): string[] {
  return readdirSync(join(FIXTURES, folder)).sort();
}

/** A JSON file beside the folders (csv-profiles.json), parsed. */
export function statementFixtureJson(name: string): unknown {
  return JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));
}
