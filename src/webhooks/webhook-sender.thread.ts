import { parentPort } from 'node:worker_threads';
import { DELIVERY_TIMEOUT_MS, sendWebhook } from './webhook-sender';
import { signature } from './webhook-secrets';
import type { FromSenderThread, RunToSend, ToSenderThread } from './webhook-sender-off-thread';

/**
 * The sending side of OffThreadSender: sends each run it is given, one delivery after the other, each only
 * once the one before it was accepted, signing each just before it leaves; many runs side by side. Its own
 * event loop: a server busy answering requests does not stretch the time between one delivery of a stream
 * and the next.
 */

/** A run's next delivery is sent only while the lease leaves it the whole time-out and this margin to record its outcome. */
const RECORD_MARGIN_MS = 2_000;

let stopping = false;

function post(message: FromSenderThread): void {
  parentPort?.postMessage(message);
}

async function sendRun(run: RunToSend): Promise<void> {
  const url = new URL(run.target.href);
  const target = { url, address: run.target.address, family: run.target.family };
  let sent = 0;
  for (const delivery of run.deliveries) {
    if (stopping || Date.now() + DELIVERY_TIMEOUT_MS + RECORD_MARGIN_MS > run.lockedUntil) break;
    const timestamp = Math.floor(Date.now() / 1000);
    const signatures = run.secrets.map((secret) => signature(secret, delivery.eventId, timestamp, delivery.body));
    const headers = { 'webhook-id': delivery.eventId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatures.join(' ') };
    const outcome = await sendWebhook(target, headers, delivery.body);
    post({ kind: 'sent', runId: run.runId, index: sent, outcome });
    sent += 1;
    if (!outcome.succeeded) break;
  }
  post({ kind: 'ended', runId: run.runId, sent });
}

parentPort?.on('message', (message: ToSenderThread) => {
  if (message.kind === 'stop') stopping = true;
  else void sendRun(message.run);
});
