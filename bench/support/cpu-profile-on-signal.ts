/**
 * Preloaded into the server (`node --require cpu-profile-on-signal.js dist/main.js`) when
 * BENCH_CPU_PROFILE_DIR is set: the first SIGWINCH starts V8's sampling profiler, the second
 * stops it and writes <dir>/server-<pid>-<n>.cpuprofile (readable by Chrome DevTools; n counts the
 * profiles of the process from 1). Unlike
 * --cpu-prof it covers one scenario only, and it does not depend on a clean exit (the
 * server's shutdown hooks end it by re-raising SIGTERM, which --cpu-prof does not survive).
 * SIGWINCH because it is ignored by default and Nest's enableShutdownHooks() does not listen
 * to it (it does to SIGUSR2, and Node keeps SIGUSR1 for its debugger).
 */
import { renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const directory = process.env.BENCH_CPU_PROFILE_DIR;
if (directory) {
  const session = new Session();
  session.connect();
  let profiling = false;
  let written = 0;
  process.on('SIGWINCH', () => {
    if (!profiling) {
      profiling = true;
      session.post('Profiler.enable', () => session.post('Profiler.start'));
      return;
    }
    profiling = false;
    session.post('Profiler.stop', (error, result) => {
      if (error) {
        process.stderr.write(`cpu profile: ${error.message}\n`);
        return;
      }
      // Written aside and renamed, so that the bench never reads half a file.
      written += 1;
      const file = join(directory, `server-${process.pid}-${written}.cpuprofile`);
      writeFileSync(`${file}.part`, JSON.stringify(result.profile));
      renameSync(`${file}.part`, file);
    });
  });
}
