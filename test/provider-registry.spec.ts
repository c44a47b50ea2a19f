import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

/** The tests run from the repository's root (npm test), compiled elsewhere: the source tree is read there. */
const SRC = join(process.cwd(), 'src');
const PROVIDERS = join(SRC, 'payments', 'providers');
const REGISTRATION = 'payments/providers/registered-providers.ts';

/**
 * The built-in providers' ties to other modules, older than the seam: each names why. A provider added
 * since is its folder plus the registration line, and nothing else may import it.
 */
const KNOWN_TIES: Readonly<Record<string, readonly string[]>> = {
  // The sandbox's simulate route is mounted by the root module; the checkout page refuses its test cards on live pages; the seed uses it.
  sandbox: ['app.module.ts', 'checkout/checkout.service.ts', 'payments/payment-status.spec.ts', 'payments/payments.service.spec.ts', 'seed/demo-factory.ts'],
  // Bank statements quote its RF references and settle its requests.
  'bank-transfer': [
    'bank-statements/bank-statements.service.ts',
    'bank-statements/formats/camt/camt-line-details.ts',
    'bank-statements/formats/statement-text.ts',
    'bank-statements/statement-inbox.service.ts',
    'seed/demo-factory.ts',
  ],
};

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return typeScriptFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** For each provider folder, the files outside it (relative to src/) that import from it. */
function importersOfProviderFolders(): Map<string, string[]> {
  const folders = readdirSync(PROVIDERS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const importers = new Map<string, string[]>(folders.map((folder) => [folder, []]));
  for (const file of typeScriptFiles(SRC)) {
    const from = relative(SRC, file).split(sep).join('/');
    for (const imported of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!imported.fileName.startsWith('.')) continue;
      const target = relative(PROVIDERS, resolve(dirname(file), imported.fileName));
      const folder = target.split(sep)[0];
      if (target.startsWith('..') || !importers.has(folder) || from.startsWith(`payments/providers/${folder}/`)) continue;
      if (!importers.get(folder)!.includes(from)) importers.get(folder)!.push(from);
    }
  }
  return importers;
}

describe('the payment provider registry', () => {
  it('finds the provider folders (the check reads the real tree)', () => {
    assert.ok(importersOfProviderFolders().has('stripe'));
  });

  it('keeps each provider to its folder and one registration line: only registered-providers.ts imports it', () => {
    for (const [folder, importers] of importersOfProviderFolders()) {
      const allowed = [REGISTRATION, ...(KNOWN_TIES[folder] ?? [])];
      const outside = importers.filter((file) => !allowed.includes(file));
      assert.deepEqual(outside, [], `${folder}: provider code imported from outside its folder`);
      assert.ok(importers.includes(REGISTRATION), `${folder}: not registered in ${REGISTRATION}`);
    }
  });
});
