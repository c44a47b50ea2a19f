import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative, sep } from 'node:path';
import { after, describe, it } from 'node:test';
import ts from 'typescript';

/** The files directly in src/ (app.module.ts, app.factory.ts, pipeline.ts, main.ts, cli.ts...) form one layer. */
const ROOT_FILES = '(files directly in src/)';

/**
 * The layers of src/, lowest first. A file may import files of its own folder and of folders of
 * strictly lower rank, never the other way round. From the bottom: plain configuration; the
 * database plumbing, which knows no domain; shared helpers; the cross-cutting request guards
 * (rate limiting, idempotency); then the domain modules, each built only on those below it
 * (auth, users, accounts, the ledger, transactions, payments, refunds, events, webhooks, the checkout page); then the flows that orchestrate several
 * domains (sign-in: login and refresh, above users and accounts; account closure); the operator's
 * metrics and housekeeping, which read and purge the modules' tables through their repositories; the
 * health check; the files that wire the application together; and the seed script, which drives it all.
 */
const LAYER_RANKS: Readonly<Record<string, number>> = {
  config: 0,
  database: 1,
  common: 2,
  'rate-limit': 3,
  idempotency: 4,
  // Outgoing mail: people's flows (auth, users) queue into its outbox.
  mail: 4,
  auth: 5,
  users: 6,
  accounts: 7,
  // The books know accounts only; transactions and payments write through them.
  ledger: 8,
  transactions: 9,
  payments: 10,
  // Refunds of payment requests: through payments' providers, booked as transactions.
  refunds: 11,
  // Money out by SEPA credit transfer: payouts booked as transactions; bank statements settle them, account closure cancels them.
  payouts: 11,
  // The modules below record their changes through common's EventLog, which this one provides.
  events: 12,
  // Security-relevant actions, through common's AuditLog, which this one provides (beside events, for the same reason).
  audit: 12,
  // Endpoints and deliveries; events reaches them through its EventSubscribers, which this one provides.
  webhooks: 13,
  // The hosted page customers pay on: above payments, whose transitions it drives.
  checkout: 14,
  // Statements imported by admins, reconciled with the bank-transfer requests through payments' settlement.
  'bank-statements': 14,
  'sign-in': 15,
  // Machine clients' credentials: above accounts, whose mode and owner they take; registers the key check with auth.
  'api-keys': 15,
  'account-closure': 16,
  // The check of the books and the money invariants: reads the tables of the modules below, each through its own queries.
  'ledger-check': 16,
  // Above everything it reads at scrape time (the database pool, the webhook queue).
  metrics: 17,
  // Purges through the repositories of the modules that own the tables; reports through metrics.
  housekeeping: 18,
  health: 19,
  [ROOT_FILES]: 20,
  seed: 21,
};

/** Its rank is 1, but database/ gets its own assertion: it must not know the domain modules. */
const DATABASE = 'database';

/** File (path relative to the src folder, with `/`) -> the files of src/ it imports. */
type ModuleGraph = ReadonlyMap<string, readonly string[]>;

interface Import {
  readonly from: string;
  readonly to: string;
}

function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'src'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no folder above ${start} holds package.json and src/`);
  }
}

function listTypeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listTypeScriptFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function toGraphPath(srcDir: string, path: string): string {
  return relative(srcDir, path).split(sep).join('/');
}

/** Every module specifier of a file: import, import type, export ... from, import(), import x = require(). */
function moduleSpecifiers(sourceText: string): string[] {
  return ts.preProcessFile(sourceText, true, true).importedFiles.map((file) => file.fileName);
}

/** The file of src/ a relative specifier names (`./x`, `./x.js`, `./x/index`), or undefined (packages, JSON, outside src/). */
function resolveSpecifier(importer: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  if (specifier !== '.' && specifier !== '..' && !specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const base = posix.join(posix.dirname(importer), specifier);
  const candidates = [base, `${base}.ts`, base.replace(/\.js$/, '.ts'), `${base}/index.ts`];
  return candidates.find((candidate) => files.has(candidate));
}

function readModuleGraph(srcDir: string): ModuleGraph {
  const paths = listTypeScriptFiles(srcDir).sort();
  const files = new Set(paths.map((path) => toGraphPath(srcDir, path)));
  const graph = new Map<string, string[]>();
  for (const path of paths) {
    const file = toGraphPath(srcDir, path);
    const imported = moduleSpecifiers(readFileSync(path, 'utf8'))
      .map((specifier) => resolveSpecifier(file, specifier, files))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(imported)].sort());
  }
  return graph;
}

function importsOf(graph: ModuleGraph): Import[] {
  return [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));
}

/** The top-level folder of src/ a file belongs to, or ROOT_FILES. */
function layerOf(file: string): string {
  const slash = file.indexOf('/');
  return slash === -1 ? ROOT_FILES : file.slice(0, slash);
}

function describeImport({ from, to }: Import, ranks: Readonly<Record<string, number>>): string {
  const side = (file: string): string => `${layerOf(file)} ${ranks[layerOf(file)]}`;
  return `${from} -> ${to}   [${side(from)} -> ${side(to)}]`;
}

// ---- the checks: each reads the TypeScript files under srcDir and returns what it found, as lines ----

function unrankedFolders(srcDir: string, ranks: Readonly<Record<string, number>>): string[] {
  const layers = new Set([...readModuleGraph(srcDir).keys()].map(layerOf));
  return [...layers].filter((layer) => !(layer in ranks)).sort();
}

/** Imports that go sideways or upwards. Imports touching an unranked folder are left to unrankedFolders. */
function layerOrderViolations(srcDir: string, ranks: Readonly<Record<string, number>>): string[] {
  return importsOf(readModuleGraph(srcDir))
    .filter(({ from, to }) => {
      const [fromLayer, toLayer] = [layerOf(from), layerOf(to)];
      if (fromLayer === toLayer || !(fromLayer in ranks) || !(toLayer in ranks)) return false;
      return ranks[toLayer] >= ranks[fromLayer];
    })
    .map((edge) => describeImport(edge, ranks));
}

/** One chain `a.ts -> b.ts -> a.ts` per back edge of a depth-first walk: at least one per knot of files. */
function importCycles(srcDir: string): string[] {
  const graph = readModuleGraph(srcDir);
  const finished = new Set<string>();
  const onPath: string[] = [];
  const cycles = new Set<string>();
  const visit = (file: string): void => {
    onPath.push(file);
    for (const target of graph.get(file) ?? []) {
      const start = onPath.indexOf(target);
      if (start !== -1) cycles.add(formatCycle(onPath.slice(start)));
      else if (!finished.has(target)) visit(target);
    }
    onPath.pop();
    finished.add(file);
  };
  for (const file of graph.keys()) if (!finished.has(file)) visit(file);
  return [...cycles].sort();
}

/** Starts the loop at its alphabetically first file, so that one cycle always reads the same. */
function formatCycle(loop: readonly string[]): string {
  const first = loop.indexOf([...loop].sort()[0]);
  const rotated = [...loop.slice(first), ...loop.slice(0, first)];
  return [...rotated, rotated[0]].join(' -> ');
}

function crossModuleEntityImports(srcDir: string): string[] {
  const isEntity = (file: string): boolean => file.endsWith('.entity.ts');
  return importsOf(readModuleGraph(srcDir))
    .filter(({ from, to }) => isEntity(from) && isEntity(to) && layerOf(from) !== layerOf(to))
    .map(({ from, to }) => `${from} -> ${to}`);
}

/** Imports from database/ to any folder ranked above it (or not ranked at all). */
function databaseDomainImports(srcDir: string, ranks: Readonly<Record<string, number>>): string[] {
  return importsOf(readModuleGraph(srcDir))
    .filter(({ from, to }) => layerOf(from) === DATABASE && layerOf(to) !== DATABASE)
    .filter(({ to }) => !(ranks[layerOf(to)] < ranks[DATABASE]))
    .map(({ from, to }) => `${from} -> ${to}`);
}

function assertNoneFound(found: readonly string[], headline: string): void {
  assert.equal(found.length, 0, `${headline} (${found.length}):\n  ${found.join('\n  ')}`);
}

const LAYERS_PAGE = 'docs/module-layers.md';
const DIAGRAM_START = '<!-- generated from LAYER_RANKS of test/module-graph.spec.ts: WRITE_DOCS=1 npm test -- module-graph -->';
const DIAGRAM_END = '<!-- end of generated part -->';

/** The layers as a Mermaid diagram (highest on top, each built on the one below) and a table, from the ranks. */
function layersDiagram(ranks: Readonly<Record<string, number>>): string {
  const byRank = new Map<number, string[]>();
  for (const [folder, rank] of Object.entries(ranks)) byRank.set(rank, [...(byRank.get(rank) ?? []), folder === ROOT_FILES ? 'src/*.ts' : `${folder}/`]);
  const layers = [...byRank.entries()].sort(([a], [b]) => b - a);
  const nodes = layers.map(([rank, folders]) => `  L${rank}["${rank}: ${folders.join(' · ')}"]`);
  const edges = layers.slice(0, -1).map(([rank], index) => `  L${rank} --> L${layers[index + 1][0]}`);
  const rows = layers.map(([rank, folders]) => `| ${rank} | ${folders.map((folder) => `\`${folder}\``).join(', ')} |`);
  return [DIAGRAM_START, '', '```mermaid', 'flowchart TB', ...nodes, ...edges, '```', '', '| rank | folders of `src/` |', '| ---: | --- |', ...rows, '', DIAGRAM_END].join('\n');
}

describe('the module graph of src/', () => {
  // Tests run from the repository root (scripts/test.js), wherever the compiled files live (TEST_BUILD_DIR).
  const repoRoot = findRepoRoot(process.cwd());
  const srcDir = join(repoRoot, 'src');

  it(`shows exactly these layers in ${LAYERS_PAGE} (WRITE_DOCS=1 rewrites its generated part)`, () => {
    const path = join(repoRoot, LAYERS_PAGE);
    const page = readFileSync(path, 'utf8');
    const [start, end] = [page.indexOf(DIAGRAM_START), page.indexOf(DIAGRAM_END)];
    assert.ok(start >= 0 && end > start, `${LAYERS_PAGE} has lost its generated part's markers`);
    const current = page.slice(start, end + DIAGRAM_END.length);
    if (process.env.WRITE_DOCS === '1') writeFileSync(path, page.replace(current, layersDiagram(LAYER_RANKS)));
    else assert.equal(current, layersDiagram(LAYER_RANKS), `${LAYERS_PAGE} differs from LAYER_RANKS: run WRITE_DOCS=1 npm test -- module-graph`);
  });

  it('gives every top-level folder of src/ a rank in the layer table', () => {
    assertNoneFound(unrankedFolders(srcDir, LAYER_RANKS), 'These folders of src/ are not in LAYER_RANKS of test/module-graph.spec.ts: give it a rank');
  });

  it('imports run only from higher layers to lower ones', () => {
    assertNoneFound(layerOrderViolations(srcDir, LAYER_RANKS), 'These imports (import type included) reach a layer of the same or a higher rank (see LAYER_RANKS)');
  });

  it('has no import cycles, not even within one folder', () => {
    assertNoneFound(importCycles(srcDir), 'These files import each other in a circle');
  });

  it('keeps each entity free of the entities of other modules', () => {
    assertNoneFound(crossModuleEntityImports(srcDir), 'These entities import an entity of another module');
  });

  it('keeps src/database/ free of the domain modules', () => {
    assertNoneFound(databaseDomainImports(srcDir, LAYER_RANKS), 'src/database/ may import only config/; these imports reach a domain module or another higher layer');
  });
});

describe('the module graph checks, on small fixture trees', () => {
  const RANKS: Readonly<Record<string, number>> = { config: 0, database: 1, users: 2, accounts: 3, [ROOT_FILES]: 4 };
  const fixtures: string[] = [];
  after(() => fixtures.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /** Writes the files (path relative to the fake src/ -> content) and returns that src folder. */
  function fixtureTree(files: Readonly<Record<string, string>>): string {
    const srcDir = join(mkdtempSync(join(tmpdir(), 'module-graph-')), 'src');
    fixtures.push(dirname(srcDir));
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(srcDir, path)), { recursive: true });
      writeFileSync(join(srcDir, path), content);
    }
    return srcDir;
  }

  /** Imports only downwards, no cycle, entities within their module, database on config only. */
  const CLEAN = {
    'config/config.ts': `export const port = 3000;\n`,
    'database/columns.ts': `import { port } from '../config/config';\nexport const column = port;\n`,
    'users/profile.entity.ts': `export class Profile {}\n`,
    'users/user.entity.ts': `import { column } from '../database/columns';\nimport type { Profile } from './profile.entity';\nexport class User { profile?: Profile; size = column; }\n`,
    'accounts/account.entity.ts': `import { column } from '../database/columns.js';\nexport class Account { size = column; }\n`,
    'accounts/accounts.service.ts': `import type { User } from '../users/user.entity';\nimport { Account } from './account.entity';\nexport const open = (user: User) => new Account();\n`,
    'accounts/index.ts': `export * from './accounts.service';\n`,
    'main.ts': `import 'reflect-metadata';\nimport { open } from './accounts';\nconst users = import('./users/user.entity');\nexport { open, users };\n`,
  };

  it('find nothing in a clean tree', () => {
    const srcDir = fixtureTree(CLEAN);
    assert.deepEqual(unrankedFolders(srcDir, RANKS), []);
    assert.deepEqual(layerOrderViolations(srcDir, RANKS), []);
    assert.deepEqual(importCycles(srcDir), []);
    assert.deepEqual(crossModuleEntityImports(srcDir), []);
    assert.deepEqual(databaseDomainImports(srcDir, RANKS), []);
  });

  it('name a folder that has no rank', () => {
    const srcDir = fixtureTree({ ...CLEAN, 'ledger/ledger.ts': `export const ledger = 1;\n` });
    assert.deepEqual(unrankedFolders(srcDir, RANKS), ['ledger']);
  });

  it('list every upward or sideways import, type-only and re-exports included', () => {
    const srcDir = fixtureTree({
      ...CLEAN,
      'users/users.service.ts': `import type { Account } from '../accounts/account.entity';\nexport type Owned = Account;\n`,
      'config/config.ts': `export { open } from '../accounts';\nexport const port = 3000;\n`,
    });
    assert.deepEqual(layerOrderViolations(srcDir, RANKS), [
      'config/config.ts -> accounts/index.ts   [config 0 -> accounts 3]',
      'users/users.service.ts -> accounts/account.entity.ts   [users 2 -> accounts 3]',
    ]);
  });

  it('report each cycle as a chain, within one folder too', () => {
    const srcDir = fixtureTree({
      ...CLEAN,
      'accounts/limits.ts': `import { open } from './accounts.service';\nexport const limit = open;\n`,
      'accounts/accounts.service.ts': `import { limit } from './limits';\nexport const open = () => limit;\n`,
    });
    assert.deepEqual(importCycles(srcDir), ['accounts/accounts.service.ts -> accounts/limits.ts -> accounts/accounts.service.ts']);
  });

  it('catch an entity that imports the entity of another module', () => {
    const srcDir = fixtureTree({
      ...CLEAN,
      'accounts/account.entity.ts': `import type { User } from '../users/user.entity';\nexport class Account { owner?: User; }\n`,
    });
    assert.deepEqual(crossModuleEntityImports(srcDir), ['accounts/account.entity.ts -> users/user.entity.ts']);
  });

  it('catch database/ importing a domain module', () => {
    const srcDir = fixtureTree({
      ...CLEAN,
      'database/entities.ts': `import { User } from '../users/user.entity';\nexport const ENTITIES = [User];\n`,
    });
    assert.deepEqual(databaseDomainImports(srcDir, RANKS), ['database/entities.ts -> users/user.entity.ts']);
  });
});
