/**
 * Sends operations and holds their answers to the model: one at a time (the answer must be exactly what the
 * rules expect), or several at once from concurrent clients (some serial order of them must explain every
 * answer; the model then takes that order's successes).
 */
import assert from 'node:assert/strict';
import { cloneModel, Model, replaceModel } from './model';
import { Answer, answerFits, Callers, describeAnswer, describeOutcome, describeRefusals, isRefusal, Operation, Outcome } from './outcomes';
import { MoneySystem } from './system';

const BODY_SHOWN = 400;

export async function performSerially(callers: Callers, model: Model, operation: Operation, system: MoneySystem): Promise<void> {
  const outcome = operation.outcome(model);
  const answer = await operation.send(callers);
  system.record(`${operation.label} -> ${describeAnswer(answer)}`);
  system.countAnswer(`${operation.constructor.name} ${describeAnswer(answer)}`);
  if (outcome.kind === 'refused') {
    if (!outcome.refusals.some((refusal) => isRefusal(answer, refusal))) {
      assert.fail(`${operation.label}: the API answered ${describeAnswer(answer)} ${bodyOf(answer)}; the rules expect ${describeRefusals(outcome.refusals)}`);
    }
    return;
  }
  if (answer.status !== outcome.status) assert.fail(`${operation.label}: the API answered ${describeAnswer(answer)} ${bodyOf(answer)}; the rules expect ${outcome.status}`);
  outcome.accept(answer);
}

/**
 * Fires the operations together (Promise.all). The database may run them in any order, so the model accepts
 * the answers when one serial order of the operations gives each of them, exactly as performSerially would
 * judge it; that order's model becomes the model.
 */
export async function performConcurrently(callers: Callers, model: Model, operations: readonly Operation[], system: MoneySystem): Promise<void> {
  const answers = await Promise.all(operations.map((operation) => operation.send(callers)));
  operations.forEach((operation, index) => system.countAnswer(`together: ${operation.constructor.name} ${describeAnswer(answers[index])}`));
  system.record(`together: ${operations.map((operation, index) => `[${index + 1}] ${operation.label} -> ${describeAnswer(answers[index])}`).join('; ')}`);
  for (const order of permutations(operations.length)) {
    const trial = cloneModel(model);
    if (order.every((index) => fits(operations[index].outcome(trial), answers[index]))) {
      replaceModel(model, trial);
      system.record(`  explained by the serial order ${order.map((index) => `[${index + 1}]`).join(', ')}`);
      return;
    }
  }
  const alone = operations.map((operation, index) => {
    const expected: Outcome = operation.outcome(cloneModel(model));
    return `[${index + 1}] ${operation.label}: the API answered ${describeAnswer(answers[index])} ${bodyOf(answers[index])}; alone, the rules expect ${describeOutcome(expected)}`;
  });
  assert.fail(
    `no serial order of these concurrent requests gives the answers they got (a give-back beyond what was left, or a refusal the rules do not allow):\n  ${alone.join('\n  ')}`,
  );
}

/** Whether the answer is the outcome's; a success whose body differs from the model does not fit. */
function fits(outcome: Outcome, answer: Answer): boolean {
  try {
    return answerFits(outcome, answer);
  } catch {
    return false;
  }
}

/** Every order of 0..n-1 (n is at most 5: 120 orders). */
export function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((order) => Array.from({ length: n }, (_, position) => [...order.slice(0, position), n - 1, ...order.slice(position)]));
}

function bodyOf(answer: Answer): string {
  const text = JSON.stringify(answer.body) ?? '';
  return text.length > BODY_SHOWN ? `${text.slice(0, BODY_SHOWN)}...` : text;
}
