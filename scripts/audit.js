// `npm audit --omit=dev` for CI: fails on any advisory reported against a production dependency, and only
// warns when the advisory service cannot be asked (offline, a mirror or proxy that refuses the bulk endpoint),
// since no answer is not a finding. Exit code 1 on advisories, 0 otherwise.
const { spawnSync } = require('node:child_process');

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 120_000 });
let report = null;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = null;
}
const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const reason = report?.message ?? report?.error?.summary ?? (run.error ? run.error.message : run.stderr.trim().split('\n').pop());
  console.log(`npm audit: the advisory service could not be asked (${reason || 'no answer'}); skipped`);
  process.exit(0);
}
const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
if (total > 0) {
  const names = Object.keys(report.vulnerabilities ?? {}).join(', ');
  console.log(`npm audit: ${total} advisories against production dependencies (${JSON.stringify(counts)}): ${names}`);
  process.exit(1);
}
console.log('npm audit: no advisory against production dependencies');
