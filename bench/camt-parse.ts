// The camt format's own figures: parse time and peak memory (RSS) of a 10,000-credit camt.053 (about 15 MB, one
// TxDtls with payer, IBAN and an RF reference per entry), read through camtFormat.parse in a fresh process. Build,
// then run from the repository's root:
//   npx tsc -p tsconfig.json --outDir /tmp/build && NODE_PATH=node_modules node /tmp/build/bench/camt-parse.js
// CAMT_BENCH_CREDITS sets the number of credits; CAMT_BENCH_RUNS the parses per process (the first is reported
// apart: it includes the JIT's warm-up).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { camtFormat } from '../src/bank-statements/formats/camt/camt.format';
import { camt053Credits } from '../test/support/camt053';

interface Measure {
  lines: number;
  firstMs: number;
  medianMs: number;
  rssBeforeMiB: number;
  /** The process's peak after one parse, reading the file included. */
  peakRssMiB: number;
}

const MiB = 1024 * 1024;

function measure(file: string, runs: number): Measure {
  const body = readFileSync(file);
  const rssBeforeMiB = process.memoryUsage().rss / MiB;
  const times: number[] = [];
  let lines = 0;
  let peakRssMiB = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    lines = camtFormat.parse(body, null).lines.length;
    times.push(performance.now() - started);
    // maxRSS is in KiB. Later parses add garbage a collection has not taken yet: the first is the parse's peak.
    if (run === 0) peakRssMiB = process.resourceUsage().maxRSS / 1024;
  }
  const later = times.slice(1).sort((a, b) => a - b);
  return { lines, firstMs: times[0], medianMs: later[Math.floor(later.length / 2)] ?? times[0], rssBeforeMiB, peakRssMiB };
}

function main(): void {
  const [, , role, file, runs] = process.argv;
  if (role === 'child') {
    process.stdout.write(JSON.stringify(measure(file, Number(runs))));
    return;
  }
  const credits = Number(process.env.CAMT_BENCH_CREDITS ?? 10_000);
  const runsPerProcess = Number(process.env.CAMT_BENCH_RUNS ?? 5);
  const folder = mkdtempSync(join(tmpdir(), 'camt-bench-'));
  const path = join(folder, 'statement.xml');
  writeFileSync(path, camt053Credits(Array.from({ length: credits }, (_, index) => ({ amount: 100 + index, reference: 'RF18539007547034' }))));
  const size = readFileSync(path).length / MiB;
  console.log(`${credits} credits, ${size.toFixed(1)} MiB of camt.053.001.08, ${runsPerProcess} parses per process`);
  // A fresh process: its peak RSS is the parse's, not the generator's.
  const result = JSON.parse(execFileSync(process.execPath, [__filename, 'child', path, String(runsPerProcess)], { encoding: 'utf8' })) as Measure;
  console.log(
    `${result.lines} lines  first ${result.firstMs.toFixed(0)} ms, median of the others ${result.medianMs.toFixed(0)} ms  ` +
      `RSS ${result.rssBeforeMiB.toFixed(0)} MiB with the file read, peak ${result.peakRssMiB.toFixed(0)} MiB`,
  );
  rmSync(folder, { recursive: true });
}

main();
