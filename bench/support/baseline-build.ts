// An earlier commit of the service, built beside the current one, so that a figure can be
// measured before and after a change in the same run, on the same machine load.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** git archive writes the whole tree to stdout: far more than execFile's 1 MB default. */
const ARCHIVE_MAX_BYTES = 512 * 1024 * 1024;

export interface BaselineBuild {
  /** The abbreviated hash, for labels. */
  commit: string;
  /** Its compiled output, as dist/ is for the current build (main.js, seed/seed.js, cli.js). */
  dist: string;
  remove(): void;
}

/**
 * `git archive <commit>` unpacked into a temporary folder and compiled with the commit's own
 * tsconfig.build.json. The current checkout's node_modules is linked in rather than installed
 * again: fine while the two commits have the same dependencies (a compile error says otherwise).
 */
export async function buildCommit(commit: string): Promise<BaselineBuild> {
  const root = resolve('.');
  const { stdout: hash } = await run('git', ['rev-parse', '--short', `${commit}^{commit}`], { cwd: root });
  const directory = mkdtempSync(join(tmpdir(), `payments-baseline-${hash.trim()}-`));
  const remove = () => rmSync(directory, { recursive: true, force: true });
  try {
    const { stdout: archive } = await run('git', ['archive', '--format=tar', commit], { cwd: root, encoding: 'buffer', maxBuffer: ARCHIVE_MAX_BYTES });
    await untar(archive, directory);
    symlinkSync(join(root, 'node_modules'), join(directory, 'node_modules'), 'dir');
    await run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(directory, 'tsconfig.build.json')], { cwd: directory });
  } catch (error) {
    remove();
    throw error;
  }
  return { commit: hash.trim(), dist: join(directory, 'dist'), remove };
}

function untar(archive: Buffer, directory: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const tar = execFile('tar', ['-x', '-C', directory], (error) => (error ? reject(error) : resolvePromise()));
    tar.stdin?.end(archive);
  });
}
