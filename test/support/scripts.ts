import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A script of src/, compiled beside the tests (seed/seed.js, cli.js...). */
export function builtScript(relativePath: string): string {
  return join(__dirname, '..', '..', 'src', relativePath);
}

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a built script in a process of its own on `databaseUrl`, as an
 * operator's shell would, and collects its output. Another working directory,
 * so that a developer's .env cannot point the run elsewhere.
 */
export async function runScript(script: string, args: string[], databaseUrl: string, env: Record<string, string> = {}): Promise<ScriptResult> {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: tmpdir(),
    env: { ...process.env, DATABASE_URL: databaseUrl, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}
