/**
 * Money invariants across every path (contract sections 10, 15, 16 and 20), held by a model: random
 * sequences of every money operation (transactions of each type, posts, cancels, reversals, payment requests
 * on the sandbox and by bank transfer, statement imports, refunds by both routes, confirmations, overdraft
 * changes, closures, test-mode payouts and the bank's answers to them) and bursts of concurrent give-backs,
 * debits and payouts on one credit, sent over HTTP to the real
 * application by several clients (each account's owner and the admin). After every command the API must agree
 * with the model: the answer (status, error_code, amounts), every balance, transaction, payment request,
 * refund and payout of the run's accounts, and the money rules on the API's own figures; GET /v1/ledger/check must find
 * nothing every MODEL_LEDGER_EVERY commands and at the end of every run. Not covered: expiry (a request lives
 * at least a minute, and the test has no clock to move), and live payouts' batches and statements (payouts.e2e.ts,
 * payout-reconciliation.e2e.ts).
 *
 * The budget: MODEL_RUNS sequences of at most MODEL_STEPS commands, seeded by MODEL_SEED (random and printed
 * when unset). A failure prints the seed, the path and the shrunk sequence (fast-check's report), with the
 * run's trace request by request; MODEL_SEED, MODEL_PATH and MODEL_REPLAY_PATH replay it. MODEL_TRACE=1 prints
 * every run's trace, MODEL_STATS=1 how often each operation got each answer.
 * `npm run test:model -- --runs N --steps M --seed S` (scripts/test-model.js) runs a longer campaign.
 */
import { writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { moneyCommand } from './support/money-model/commands';
import { emptyModel, Overdraft } from './support/money-model/model';
import { ACCOUNT_COUNT, MoneySystem } from './support/money-model/system';
import { verifyLedger } from './support/money-model/verify';

/** The CI budget, measured on the 2-core machine: about 20 s on SQLite, 35 s on PostgreSQL (each run alone). */
const CI_RUNS = 40;
const CI_STEPS = 50;
const CI_LEDGER_EVERY = 1;

interface Budget {
  runs: number;
  steps: number;
  seed: number;
  path: string | undefined;
  replayPath: string | undefined;
  ledgerEvery: number;
  verbose: boolean;
  /** Print every run's trace, request by request (MODEL_TRACE=1). */
  trace: boolean;
  /** Print how often each operation got each answer (MODEL_STATS=1). */
  stats: boolean;
}

function positiveInteger(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 1) throw new Error(`${name} must be a positive integer, not ${value}`);
  return parsed;
}

function budgetFrom(env: NodeJS.ProcessEnv): Budget {
  const seed = env.MODEL_SEED === undefined || env.MODEL_SEED === '' ? Math.floor(Math.random() * 0x7fffffff) : Number(env.MODEL_SEED);
  if (!Number.isSafeInteger(seed)) throw new Error(`MODEL_SEED must be an integer, not ${env.MODEL_SEED}`);
  return {
    runs: positiveInteger(env.MODEL_RUNS, 'MODEL_RUNS', CI_RUNS),
    steps: positiveInteger(env.MODEL_STEPS, 'MODEL_STEPS', CI_STEPS),
    seed,
    path: env.MODEL_PATH || undefined,
    replayPath: env.MODEL_REPLAY_PATH || undefined,
    ledgerEvery: positiveInteger(env.MODEL_LEDGER_EVERY, 'MODEL_LEDGER_EVERY', CI_LEDGER_EVERY),
    verbose: env.MODEL_VERBOSE === '1',
    trace: env.MODEL_TRACE === '1',
    stats: env.MODEL_STATS === '1',
  };
}

/** The sequences and commands that passed before the first failure (shrinking runs are not counted). */
class Tally {
  sequences = 0;
  steps = 0;
  failed = false;

  passed(steps: number): void {
    if (this.failed) return;
    this.sequences += 1;
    this.steps += steps;
  }
}

const overdraft = fc.constantFrom<Overdraft>('allowed', 'forbidden');

describe('Money model: every path that moves money, against a model of the money rules', () => {
  const budget = budgetFrom(process.env);
  let system: MoneySystem;
  before(() => {
    system = new MoneySystem(budget.ledgerEvery);
  });
  after(() => system.close());

  it('keeps answers, balances, refunds and reversals as the model says, and the books balanced, through random sequences and concurrent bursts', async () => {
    const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
    console.log(
      `# money model on ${database}: seed ${budget.seed}, ${budget.runs} sequences of at most ${budget.steps} commands, ledger check every ${budget.ledgerEvery} command(s)`,
    );
    const tally = new Tally();
    const started = Date.now();
    const property = fc.asyncProperty(
      fc.array(overdraft, { minLength: ACCOUNT_COUNT, maxLength: ACCOUNT_COUNT }),
      fc.commands([moneyCommand], { maxCommands: budget.steps, size: 'max', replayPath: budget.replayPath }),
      async (overdrafts, commands) => {
        await system.beginRun();
        try {
          await fc.asyncModelRun(async () => ({ model: emptyModel(await system.openAccounts(overdrafts)), real: system }), commands);
          await verifyLedger(await system.callers());
        } catch (error) {
          tally.failed = true;
          system.markFailed();
          const message = error instanceof Error ? error.message : String(error);
          throw new Error(`${message}\n\nThe run, request by request:\n${system.trace()}`, { cause: error });
        }
        tally.passed(system.steps);
        if (budget.trace) console.log(`# run passed:\n${system.trace().replace(/^/gm, '#   ')}`);
      },
    );
    const details = await fc.check(property, {
      numRuns: budget.runs,
      seed: budget.seed,
      path: budget.path,
      verbose: budget.verbose ? fc.VerbosityLevel.Verbose : fc.VerbosityLevel.None,
      // The shrunk sequence's error, with its trace, in the report itself (not only as its cause).
      includeErrorInReport: true,
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`# money model: ${tally.sequences} sequences and ${tally.steps} commands passed in ${seconds} s (seed ${budget.seed})`);
    if (budget.stats) {
      const lines = [...system.answers.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([what, count]) => `#   ${String(count).padStart(5)}  ${what}`);
      console.log(`# money model: answers per operation\n${lines.join('\n')}`);
    }
    if (process.env.MODEL_SUMMARY_FILE) {
      writeFileSync(
        process.env.MODEL_SUMMARY_FILE,
        JSON.stringify({ sequences: tally.sequences, steps: tally.steps, failed: details.failed, seed: budget.seed, seconds: Number(seconds) }),
      );
    }
    if (details.failed) throw new Error(fc.defaultReportMessage(details) ?? `the money model failed (seed ${budget.seed})`);
  });
});
