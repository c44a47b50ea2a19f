// Loaded into every test file's process by scripts/test.js (--require). Once all of the file's tests and
// hooks have ended, whatever handle is still open (a server, a database pool, a Redis connection that a
// failed before() never reached the after() of) may keep the process alive for a few seconds, not for
// ever: a missing database once kept test/rate-limit.e2e.ts waiting seven minutes at 0 % CPU.
// Node's --test-force-exit does this too, but in Node 20 it also cuts the runner's TAP summary short.
'use strict';
if (process.env.NODE_TEST_CONTEXT !== undefined) {
  const { after } = require('node:test');
  after(() => {
    setTimeout(() => {
      process.stderr.write(`${process.argv[1]}: its tests ended 5 s ago but a handle kept it open; ending it\n`);
      process.exit(process.exitCode ?? 0);
    }, 5_000).unref();
  });
}
