import { EntityManager } from 'typeorm';
import { Database, Work } from '../../database/database';
import { EventLog, NewEvent } from '../events/event-log';
import { AuditLog } from '../audit/audit-log';

/**
 * Fakes for unit specs of services: the services reach the database only
 * through `Database` and repositories, so both are replaced here.
 */

/** The manager every fake unit of work hands to its work; repositories are faked, so nothing reads it. */
export const fakeManager = { fake: 'EntityManager' } as unknown as EntityManager;

export interface UnitOfWork {
  kind: 'transaction' | 'run';
  /** resolved: a transaction would commit; rejected: it would roll back. */
  outcome: 'resolved' | 'rejected';
}

/** A Database that runs each unit of work at once with `fakeManager` and records how it ended. */
export class FakeDatabase {
  readonly units: UnitOfWork[] = [];

  transaction<T>(work: Work<T>): Promise<T> {
    return this.unit('transaction', work);
  }

  run<T>(work: Work<T>): Promise<T> {
    return this.unit('run', work);
  }

  asDatabase(): Database {
    return this as unknown as Database;
  }

  private async unit<T>(kind: UnitOfWork['kind'], work: Work<T>): Promise<T> {
    try {
      const result = await work(fakeManager);
      this.units.push({ kind, outcome: 'resolved' });
      return result;
    } catch (error) {
      this.units.push({ kind, outcome: 'rejected' });
      throw error;
    }
  }
}

export interface Call {
  /** `fake.method`, e.g. `accounts.markClosed`. */
  name: string;
  /** The arguments, without a leading `fakeManager`. */
  args: unknown[];
}

/** One ordered record of the calls made to several fakes, so that specs can check their order. */
export class CallLog {
  readonly calls: Call[] = [];

  /** `methods`, each call recorded as `prefix.method` before it runs. */
  fake<T extends object>(prefix: string, methods: T): T {
    const recorded: Record<string, unknown> = {};
    for (const [method, impl] of Object.entries(methods)) {
      recorded[method] = (...args: unknown[]) => {
        this.calls.push({ name: `${prefix}.${method}`, args: args[0] === fakeManager ? args.slice(1) : args });
        return (impl as (...args: unknown[]) => unknown)(...args);
      };
    }
    return recorded as T;
  }

  names(): string[] {
    return this.calls.map((call) => call.name);
  }

  /** The arguments of every call of `name`, in order. */
  argsOf(name: string): unknown[][] {
    return this.calls.filter((call) => call.name === name).map((call) => call.args);
  }
}

/** An EventLog that keeps what was recorded, in order (and, given a CallLog, logs each call as `events.record`). */
export class FakeEventLog {
  readonly recorded: NewEvent[] = [];
  private readonly log: { record: (manager: EntityManager, events: readonly NewEvent[]) => Promise<void> };

  constructor(calls?: CallLog) {
    const record = async (_manager: EntityManager, events: readonly NewEvent[]) => {
      this.recorded.push(...events);
    };
    this.log = calls ? calls.fake('events', { record }) : { record };
  }

  asEventLog(): EventLog {
    return { record: (manager: EntityManager, events: readonly NewEvent[]) => this.log.record(manager, events), lockStreams: async () => undefined };
  }
}

/** An audit log that keeps nothing, for unit specs of services that audit. */
export function silentAuditLog(): AuditLog {
  return { record: async () => undefined, recordFailure: async () => undefined };
}
