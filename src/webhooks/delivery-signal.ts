import { Injectable } from '@nestjs/common';

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

  queued(): void {
    this.listener?.();
  }
}
