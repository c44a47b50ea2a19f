import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

// The test runner runs from the repository's root (scripts/test.js), wherever the build went.
const ROOT = process.cwd();

describe('README', () => {
  it('shows the first session exactly as scripts/first-session.sh runs it (CI runs the script)', () => {
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

  it('names in .nvmrc a Node.js version that package.json accepts and that CI runs the suite on', () => {
    const pinned = readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim();
    const [major, minor] = pinned.split('.').map(Number);
    const minimum = /^>=(\d+)\.(\d+)\.\d+$/.exec(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines.node);
    assert.ok(minimum, 'engines.node is a >= range');
    assert.ok(major > Number(minimum[1]) || (major === Number(minimum[1]) && minor >= Number(minimum[2])), `${pinned} is below engines ${minimum[0]}`);
    assert.match(readFileSync(join(ROOT, '.ci', 'run'), 'utf8'), /CI_NODE24_VERSION:-\$\(cat \.nvmrc\)/);
    assert.ok(readFileSync(join(ROOT, 'README.md'), 'utf8').includes(`(${pinned}, the version CI runs the suite on`));
  });
});
