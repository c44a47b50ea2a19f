import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

/** Objects from one place in the code that all stay alive: the pattern V8 pretenures when it may. */
const SURVIVORS = `
  function make(i) { return { i, tag: 'kept', list: [i] }; }
  const kept = [];
  for (let i = 0; i < 300000; i += 1) kept.push(make(i));
`;

/**
 * V8's pretenuring decisions ("=> tenure") while a fresh process runs SURVIVORS, after `preload` when given. Its
 * optimising compilers stay off: code they compile mid-loop may stop leaving the mementos the decision counts,
 * so whether a decision came depended on when the compile landed (none in one run of five on Node.js 24).
 * The interpreter decides every time, and the flag under test applies to it as to them.
 */
function tenureDecisions(preload: string | null): number {
  const flags = ['--no-opt', '--no-maglev', '--trace-pretenuring-statistics', ...(preload === null ? [] : ['--require', preload])];
  const output = execFileSync(process.execPath, [...flags, '-e', SURVIVORS], { encoding: 'utf8' });
  return output.split('\n').filter((line) => line.includes('=> tenure')).length;
}

describe('the V8 settings of the service process', () => {
  it('turn allocation-site pretenuring off, which V8 otherwise does for objects that all survive', () => {
    assert.ok(tenureDecisions(null) > 0, 'without the settings V8 pretenures the surviving objects (the check below would prove nothing)');
    assert.equal(tenureDecisions(join(__dirname, 'v8-flags.js')), 0);
  });

  it('are applied before main loads anything else', () => {
    const main = readFileSync(join(__dirname, 'main.js'), 'utf8');
    assert.equal(/require\("([^"]+)"\)/.exec(main)?.[1], './v8-flags');
  });
});
