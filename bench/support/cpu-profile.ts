// Profiling the server during one scenario (see cpu-profile-on-signal.ts), and reading the profile back.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CpuProfile as StagedProfile, CpuTimes, StageBudget, stageBudget } from './cpu-stages';
import { RunningServer } from './processes';

/** Node options for a server that should answer the profiling signal (BENCH_CPU_PROFILE_DIR in its environment). */
export function cpuProfileNodeOptions(directory: string | null): string[] {
  if (directory === null) return [];
  mkdirSync(resolve(directory), { recursive: true });
  return ['--require', join(__dirname, 'cpu-profile-on-signal.js')];
}

/** What a server started with these answers the profiling signal, writing its profiles into the directory. */
export function profiledServer(directory: string): { nodeOptions: string[]; env: NodeJS.ProcessEnv } {
  return { nodeOptions: cpuProfileNodeOptions(directory), env: { BENCH_CPU_PROFILE_DIR: resolve(directory) } };
}

export interface RunningProfile {
  file: string;
  server: RunningServer;
}

/** Profiles taken of each server so far: the next one's file is numbered after them. */
const profilesTaken = new WeakMap<RunningServer, number>();

export function startCpuProfile(server: RunningServer, directory: string): RunningProfile {
  const number = (profilesTaken.get(server) ?? 0) + 1;
  profilesTaken.set(server, number);
  server.process.kill('SIGWINCH');
  return { server, file: join(resolve(directory), `server-${server.process.pid}-${number}.cpuprofile`) };
}

/** Stops the profiler and waits (up to 30 s) for the profile to be written. */
export async function stopCpuProfile(profile: RunningProfile): Promise<string> {
  profile.server.process.kill('SIGWINCH');
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (existsSync(profile.file)) return profile.file;
    await sleep(100);
  }
  throw new Error(`no CPU profile appeared at ${profile.file}`);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
}

/** The functions with the most self time (samples taken while they were on top of the stack). */
export function summarizeCpuProfile(file: string, top: number): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const hitsById = new Map<number, number>();
  for (const sample of profile.samples) hitsById.set(sample, (hitsById.get(sample) ?? 0) + 1);
  const hitsByFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const hits = hitsById.get(node.id) ?? 0;
    if (hits === 0) continue;
    const key = `${node.callFrame.functionName || '(anonymous)'} ${shortUrl(node.callFrame.url)}${node.callFrame.url ? `:${node.callFrame.lineNumber + 1}` : ''}`;
    hitsByFunction.set(key, (hitsByFunction.get(key) ?? 0) + hits);
  }
  const total = profile.samples.length;
  const idle = [...hitsByFunction].filter(([key]) => key.startsWith('(idle)')).reduce((sum, [, hits]) => sum + hits, 0);
  const ranked = [...hitsByFunction]
    .filter(([key]) => !key.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top);
  const lines = ranked.map(([key, hits]) => `  ${((100 * hits) / (total - idle)).toFixed(1).padStart(5)}%  ${key}`);
  return `self time, % of ${total - idle} busy samples (${((100 * idle) / total).toFixed(0)}% idle):\n${lines.join('\n')}`;
}

/** node_modules/<package>/... or the project's own path, without the machine's prefix. */
function shortUrl(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  const cwd = `file://${process.cwd()}/`;
  return url.startsWith(cwd) ? url.slice(cwd.length) : url;
}

/** CPU time of a process, and of its main thread, from /proc (utime + stime, in clock ticks of 10 ms). */
export function cpuTimes(pid: number): CpuTimes {
  // utime and stime: the 12th and 13th fields after the command name, which, in parentheses, may hold spaces.
  const ticks = (file: string) => {
    const stat = readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]), kernel: Number(fields[12]) };
  };
  const process = ticks(`/proc/${pid}/stat`);
  const main = ticks(`/proc/${pid}/task/${pid}/stat`);
  return {
    processMicros: (process.user + process.kernel) * TICK_MICROS,
    mainThreadMicros: (main.user + main.kernel) * TICK_MICROS,
    kernelMicros: process.kernel * TICK_MICROS,
  };
}

/** CLK_TCK is 100 on every Linux this runs on. */
const TICK_MICROS = 10_000;

export function cpuBetween(before: CpuTimes, after: CpuTimes): CpuTimes {
  return {
    processMicros: after.processMicros - before.processMicros,
    mainThreadMicros: after.mainThreadMicros - before.mainThreadMicros,
    kernelMicros: after.kernelMicros - before.kernelMicros,
  };
}

/**
 * One more run of the server's load with the profiler on, apart from the measured runs (the profiler
 * slows the server a little): its CPU per request split into stages (bench/support/cpu-stages.ts).
 */
export async function measureStageBudget(
  server: RunningServer,
  directory: string,
  label: string,
  run: () => Promise<{ requests: number }>,
  projectRoot: string,
): Promise<{ budget: StageBudget; file: string }> {
  const pid = server.process.pid;
  if (pid === undefined) throw new Error('the server has no pid');
  const profile = startCpuProfile(server, directory);
  // The profiler starts on the server's next turn of its event loop.
  await sleep(50);
  const before = cpuTimes(pid);
  const { requests } = await run();
  const after = cpuTimes(pid);
  const file = await stopCpuProfile(profile);
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as StagedProfile;
  return { budget: stageBudget(label, parsed, cpuBetween(before, after), requests, projectRoot), file };
}
