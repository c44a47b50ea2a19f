import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';

// The test runner runs from the repository's root (scripts/test.js), wherever the build went.
const ROOT = process.cwd();

const MAX_README_LINES = 300;

/** Markdown without its fenced code blocks (a `#` comment in a shell block is no heading, a link in one no link). */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, text] of prose(markdown).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = text
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** Each relative link of `markdown` (the page at `page`, relative to the root) whose file or heading is missing. */
function linkProblems(page: string, markdown: string): string[] {
  const problems: string[] = [];
  for (const [, target] of prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target)) continue;
    const [file, anchor] = target.split('#') as [string, string | undefined];
    if (file === '') {
      if (anchor !== undefined && !anchors(markdown).has(anchor)) problems.push(`${page} -> ${target}: no such heading`);
      continue;
    }
    const path = join(ROOT, dirname(page), file);
    if (!existsSync(path)) {
      problems.push(`${page} -> ${target}: no such file`);
      continue;
    }
    if (anchor === undefined || !path.endsWith('.md')) continue;
    if (!anchors(readFileSync(path, 'utf8')).has(anchor)) problems.push(`${page} -> ${target}: no such heading`);
  }
  return problems;
}

function brokenLinks(page: string): string[] {
  const path = join(ROOT, page);
  assert.ok(!relative(ROOT, path).startsWith('..'));
  return linkProblems(page, readFileSync(path, 'utf8'));
}

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

  it('fits in a head: at most 300 lines', () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length;
    assert.ok(lines <= MAX_README_LINES, `README.md has ${lines} lines; the rest belongs in docs/ (at most ${MAX_README_LINES})`);
  });

  it('links, as do docs/*.md, only to files in the repository and to headings that exist', () => {
    const pages = [
      'README.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => join('docs', name)),
    ];
    const broken = pages.flatMap((page) => brokenLinks(page));
    assert.deepEqual(broken, []);
    assert.ok(!readFileSync(join(ROOT, 'README.md'), 'utf8').includes('../shared/'), 'README points outside the repository');
  });

  it('finds a link to a missing file or a missing heading (the check above can fail)', () => {
    const broken = linkProblems('docs/x.md', '# Title\n\n[a](../README.md#no-such-heading) [b](missing.md) [c](#title) [d](#nope) [e](settings.md#settings)\n');
    assert.deepEqual(broken, ['docs/x.md -> ../README.md#no-such-heading: no such heading', 'docs/x.md -> missing.md: no such file', 'docs/x.md -> #nope: no such heading']);
  });

  it('lists every folder of src/ in its layout', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const layout = readme.slice(readme.indexOf('## Where things are'));
    const folders = readdirSync(join(ROOT, 'src')).filter((name) => statSync(join(ROOT, 'src', name)).isDirectory());
    assert.ok(folders.length > 10);
    for (const folder of folders) assert.match(layout, new RegExp(`^ {2}${folder}/ `, 'm'), `the layout does not list src/${folder}/`);
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
