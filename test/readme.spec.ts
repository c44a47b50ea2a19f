import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

// The test runner runs from the repository's root (scripts/test.js), wherever the build went.
const ROOT = process.cwd();

describe('README', () => {
  it("shows the first session exactly as scripts/first-session.sh runs it (CI runs the script)", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### A first session with curl'));
    const block = /```bash\n([\s\S]*?)\n```/.exec(section)?.[1];
    const script = readFileSync(join(ROOT, 'scripts', 'first-session.sh'), 'utf8');
    // The script stops at the first failure; a shell a reader pastes into should not.
    const body = script.slice(script.indexOf('set -euo pipefail\n') + 'set -euo pipefail\n'.length).trimEnd();
    assert.equal(block, body);
  });

  it('links only to files in the repository', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const targets = [...readme.matchAll(/\]\(([^)#]+)(#[^)]*)?\)/g)].map((match) => match[1]).filter((target) => !/^https?:\/\//.test(target));
    for (const target of targets) assert.doesNotThrow(() => readFileSync(join(ROOT, target)), `README links to ${target}, which is not in the repository`);
    assert.ok(!readme.includes('../shared/'), 'README points outside the repository');
  });
});
