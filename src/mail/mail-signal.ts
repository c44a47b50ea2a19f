import { Injectable } from '@nestjs/common';

/** Wakes this instance's mail worker when a mail was queued here (others find it at their next poll). */
@Injectable()
export class MailSignal {
  private listener: (() => void) | null = null;

  listen(listener: () => void): void {
    this.listener = listener;
  }

  nudge(): void {
    this.listener?.();
  }
}
