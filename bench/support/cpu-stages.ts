// The CPU budget per stage: a CPU profile of the server's main thread, each sample given to a stage by
// the frames of its stack, and the server's CPU time over the same run (from /proc) split by those shares.

/** The stages a request's CPU time is split into, in the order they are printed. */
export const STAGES = ['http', 'framework', 'auth', 'validation', 'SQL', 'serialisation', 'logging', 'async context', 'app', 'gc', 'other'] as const;
export type Stage = (typeof STAGES)[number];

export const STAGE_DESCRIPTIONS: Record<Stage, string> = {
  http: "Node's HTTP parser and its response writes to the socket",
  framework: 'Fastify and Nest: routing, hooks, guards and interceptors machinery, rxjs',
  auth: 'passport, JWT verification, the session and API-key checks',
  validation: 'class-validator, class-transformer, the validation pipe',
  SQL: 'the drivers, TypeORM, the repositories',
  serialisation: 'response mappers, JSON.stringify, fast-json-stringify',
  logging: 'pino, the access log',
  'async context': 'async_hooks behind AsyncLocalStorage and AsyncResource',
  app: "the service's own controllers, services and rules",
  gc: 'the garbage collector (main thread)',
  other: "anything else on the main thread: the microtask queue's own work, socket reads before their data reaches a parser",
};

export interface Frame {
  functionName: string;
  url: string;
}

const PACKAGE_STAGES: Record<string, Stage> = {};
function packages(stage: Stage, names: string[]): void {
  for (const name of names) PACKAGE_STAGES[name] = stage;
}
packages('SQL', [
  'better-sqlite3',
  'pg',
  'pg-pool',
  'pg-protocol',
  'pg-types',
  'pg-connection-string',
  'pg-int8',
  'pgpass',
  'postgres-array',
  'postgres-bytea',
  'postgres-date',
  'postgres-interval',
  'typeorm',
  '@nestjs/typeorm',
  'split2',
]);
packages('auth', [
  'passport',
  'passport-strategy',
  'passport-jwt',
  '@nestjs/passport',
  'jsonwebtoken',
  'jws',
  'jwa',
  'buffer-equal-constant-time',
  'ecdsa-sig-formatter',
  '@node-rs/argon2',
]);
packages('validation', ['class-validator', 'class-transformer', 'validator', 'libphonenumber-js']);
packages('logging', [
  'pino',
  'pino-std-serializers',
  'sonic-boom',
  'fast-redact',
  '@pinojs/redact',
  'thread-stream',
  'quick-format-unescaped',
  'atomic-sleep',
  'on-exit-leak-free',
]);
packages('serialisation', ['fast-json-stringify', '@fastify/fast-json-stringify-compiler', 'fast-uri', 'json-schema-ref-resolver']);
packages('framework', [
  'fastify',
  'find-my-way',
  'light-my-request',
  'avvio',
  'fastq',
  'toad-cache',
  'fast-querystring',
  'fast-decode-uri-component',
  'secure-json-parse',
  'content-type',
  'abstract-logging',
  'rfdc',
  'ret',
  'safe-regex2',
  'process-warning',
  '@fastify/middie',
  '@fastify/error',
  '@fastify/cors',
  '@fastify/helmet',
  '@fastify/proxy-addr',
  '@fastify/forwarded',
  '@nestjs/core',
  '@nestjs/common',
  '@nestjs/platform-fastify',
  'rxjs',
  'path-to-regexp',
]);

/** Native functions whose work is a stage whoever calls them. */
const NATIVE_STAGES: Record<string, Stage> = { '(garbage collector)': 'gc', '(program)': 'other', stringify: 'serialisation' };

/** The project's own files, by the path under the build's root (dist/ or the test build's src/). */
const PROJECT_RULES: [RegExp, Stage][] = [
  [/^database\/|\.repository\.js$|-rows\.js$/, 'SQL'],
  [/^(auth|sign-in)\/|^api-keys\/api-key-callers/, 'auth'],
  [/^common\/validation\/|\.(request|query)\.dto\.js$/, 'validation'],
  [/^common\/logging\//, 'logging'],
  [/\.response\.dto\.js$|-response\.js$/, 'serialisation'],
  [/^(pipeline|app\.factory|main)\.js$|^common\/(http|errors)\//, 'framework'],
  [/^common\/access\/request-context\.js$/, 'async context'],
];

/**
 * Node's HTTP layer. Its sockets (node:net, streams) are not: the database drivers write through them
 * too, so a socket frame takes the stage of what called it (the HTTP response, or pg).
 */
const NODE_HTTP = /^node:(_http_|internal\/http)/;
const NODE_ASYNC_HOOKS = /^node:(internal\/)?async_hooks$|^node:internal\/async_local_storage/;

/**
 * The stage of one frame, or null when the frame says nothing by itself (Node's generic internals,
 * unknown packages, most natives): the caller then decides.
 */
export function stageOfFrame(frame: Frame, projectRoot = '/dist'): Stage | null {
  const { url, functionName } = frame;
  if (url === '') return NATIVE_STAGES[functionName] ?? null;
  if (url.startsWith('node:')) {
    if (NODE_HTTP.test(url)) return 'http';
    if (NODE_ASYNC_HOOKS.test(url)) return 'async context';
    return null;
  }
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [first, second] = url.slice(modules + '/node_modules/'.length).split('/');
    return PACKAGE_STAGES[first.startsWith('@') ? `${first}/${second}` : first] ?? null;
  }
  const own = url.indexOf(`${projectRoot}/`);
  if (own < 0) return null;
  const path = url.slice(own + projectRoot.length + 1);
  for (const [pattern, stage] of PROJECT_RULES) if (pattern.test(path)) return stage;
  return 'app';
}

/** The stage of a stack, leaf first: the innermost frame that names one; 'other' when none does. */
export function stageOfStack(stack: readonly Frame[], projectRoot?: string): Stage {
  for (const frame of stack) {
    const stage = stageOfFrame(frame, projectRoot);
    if (stage !== null) return stage;
  }
  return 'other';
}

export interface ProfileNode {
  id: number;
  callFrame: Frame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas?: number[];
}

/** Busy samples per stage (idle samples left out); projectRoot: the server build's folder (its files are the project's). */
export function samplesByStage(profile: CpuProfile, projectRoot?: string): Map<Stage, number> {
  const parents = new Map<number, ProfileNode>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parents.set(child, node);
  }
  const stageById = new Map<number, Stage | 'idle'>();
  const stageOfNode = (node: ProfileNode): Stage | 'idle' => {
    const known = stageById.get(node.id);
    if (known !== undefined) return known;
    let stage: Stage | 'idle';
    if (node.callFrame.functionName === '(idle)') stage = 'idle';
    else {
      const own = stageOfFrame(node.callFrame, projectRoot);
      const parent = parents.get(node.id);
      stage = own ?? (parent === undefined ? 'other' : stageOfNode(parent));
      if (stage === 'idle') stage = 'other';
    }
    stageById.set(node.id, stage);
    return stage;
  };
  const counts = new Map<Stage, number>();
  for (const id of profile.samples) {
    const node = byId.get(id);
    if (node === undefined) continue;
    const stage = stageOfNode(node);
    if (stage !== 'idle') counts.set(stage, (counts.get(stage) ?? 0) + 1);
  }
  return counts;
}

/** Server CPU time over a run, from /proc, in microseconds. */
export interface CpuTimes {
  /** The whole process (every thread). */
  processMicros: number;
  /** The main thread alone: JavaScript, and what the profile sees. */
  mainThreadMicros: number;
  /** The whole process's time in the kernel (system calls: the sockets' writes and reads, SQLite's file locks). */
  kernelMicros: number;
}

export interface StageBudget {
  /** What was measured, e.g. "GET /v1/transactions/{id}". */
  label: string;
  requests: number;
  /** µs of server CPU per request, per stage of the main thread, plus the other threads. */
  perStage: Map<Stage, number>;
  otherThreads: number;
  total: number;
  /** The main thread's CPU time over the run vs the wall time its busy samples span, µs per request. */
  mainThread: { cpu: number; sampled: number };
}

/**
 * µs per request: the main thread's CPU time split by the profile's shares, the other threads'
 * (V8's helpers, libuv's pool, the profiler's own sampling thread) beside it.
 */
export function stageBudget(label: string, profile: CpuProfile, cpu: CpuTimes, requests: number, projectRoot?: string): StageBudget {
  const counts = samplesByStage(profile, projectRoot);
  const busy = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const perStage = new Map<Stage, number>();
  for (const stage of STAGES) perStage.set(stage, busy === 0 ? 0 : (cpu.mainThreadMicros * (counts.get(stage) ?? 0)) / busy / requests);
  const otherThreads = Math.max(0, cpu.processMicros - cpu.mainThreadMicros) / requests;
  return {
    label,
    requests,
    perStage,
    otherThreads,
    total: cpu.processMicros / requests,
    mainThread: { cpu: cpu.mainThreadMicros / requests, sampled: busyMicros(profile) / requests },
  };
}

/** The wall time covered by busy samples (each sample stands for the interval before it). */
function busyMicros(profile: CpuProfile): number {
  const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id));
  let micros = 0;
  profile.samples.forEach((id, index) => {
    if (!idle.has(id)) micros += profile.timeDeltas?.[index] ?? 0;
  });
  return micros;
}

/** The budgets side by side, one column each, µs per request and the share of the column's total. */
export function formatStageBudgets(budgets: readonly StageBudget[], anchors: readonly { label: string; micros: number }[] = []): string {
  const cell = (micros: number, total: number) => `${micros.toFixed(1)} (${((100 * micros) / total).toFixed(0)} %)`;
  const lines = [`| stage | ${budgets.map((budget) => `${budget.label}, µs/request`).join(' | ')} |`, `|---|${budgets.map(() => '---|').join('')}`];
  for (const stage of STAGES)
    lines.push(`| ${stage}: ${STAGE_DESCRIPTIONS[stage]} | ${budgets.map((budget) => cell(budget.perStage.get(stage) ?? 0, budget.total)).join(' | ')} |`);
  lines.push(`| other threads (V8 helpers, libuv pool, the profiler) | ${budgets.map((budget) => cell(budget.otherThreads, budget.total)).join(' | ')} |`);
  lines.push(`| **total, server process** | ${budgets.map((budget) => `**${budget.total.toFixed(0)}** (${budget.requests} requests)`).join(' | ')} |`);
  const notes = anchors.map((anchor) => `- ${anchor.label}: ${anchor.micros.toFixed(1)} µs of CPU per request (whole process)`);
  // A sample taken while the main thread waits for a core (on a shared machine, typically right after the socket write
  // that woke the load generator) counts for the frame it waits in: the profile's wall time exceeds the CPU time.
  for (const budget of budgets) {
    notes.push(
      `- ${budget.label}: main thread ${budget.mainThread.cpu.toFixed(1)} µs of CPU per request, its busy samples span ${budget.mainThread.sampled.toFixed(1)} µs of wall time; the excess (waiting for a core) inflates the stage it waited in, mostly http (the socket write)`,
    );
  }
  return `${lines.join('\n')}\n${notes.length > 0 ? `${notes.join('\n')}\n` : ''}`;
}
