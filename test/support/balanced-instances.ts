import { ApiClient } from './api-client';
import { ServerProcess, startServerProcess } from './server-process';
import { freeLoopbackPort } from './test-app';
import { startThrowawayHaproxy, ThrowawayHaproxy } from './throwaway-services';

/** HAProxy marks an instance up after two good checks, 300 ms apart: a few seconds is plenty, even on a busy machine. */
const ALL_UP_TIMEOUT_MS = 15_000;

export interface BalancedInstances {
  servers: ServerProcess[];
  balancer: ThrowawayHaproxy;
  /** A client of the balancer. */
  api: ApiClient;
  /** HAProxy stopped, then SIGTERM to every instance still running. */
  stop(): Promise<void>;
}

/**
 * `count` instances of the service (processes of their own, on `databaseUrl`
 * with `env`) behind a throwaway HAProxy, once HAProxy's checks have found
 * every one of them ready. Whatever was started is stopped again when a step
 * fails.
 */
export async function startBalancedInstances(haproxy: string, databaseUrl: string, env: Record<string, string>, count = 3): Promise<BalancedInstances> {
  // Ports of their own, so that the instances are found with any LOG_LEVEL (see startServerProcess).
  const started = await Promise.allSettled(Array.from({ length: count }, async () => startServerProcess(databaseUrl, { ...env, PORT: String(await freeLoopbackPort()) })));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  let balancer: ThrowawayHaproxy | null = null;
  const stop = async () => {
    // HAProxy first: an instance's graceful stop waits for the idle keep-alive connections HAProxy holds to it (a minute and more).
    await balancer?.destroy();
    await Promise.all(servers.map((server) => server.stop()));
  };
  try {
    const failed = started.find((result) => result.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    balancer = await startThrowawayHaproxy(
      haproxy,
      servers.map((server) => Number(new URL(server.api.baseUrl).port)),
    );
    const deadline = Date.now() + ALL_UP_TIMEOUT_MS;
    for (let up = await balancer.serversUp(); up < count; up = await balancer.serversUp()) {
      if (Date.now() > deadline) throw new Error(`HAProxy found ${up} of ${count} instances ready after ${ALL_UP_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { servers, balancer, api: new ApiClient(balancer.url), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
