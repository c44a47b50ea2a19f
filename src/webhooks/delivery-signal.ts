import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { afterCommit } from '../database/database';

/**
 * Tells this instance's worker that deliveries were queued, so that it looks
 * now rather than at its next poll. (A separate provider: the fan-out runs
 * inside event recording, which the worker itself reads from.)
 */
@Injectable()
export class DeliverySignal {
  private listener: (() => void) | null = null;

  listen(listener: () => void): void {
    this.listener = listener;
  }

  /** Deliveries were queued in the transaction of `manager`: the worker looks once they are committed (it could not see them before). */
  queued(manager: EntityManager): void {
    afterCommit(manager, () => this.listener?.());
  }
}
