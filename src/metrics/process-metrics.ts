import { collectDefaultMetrics, Registry } from 'prom-client';

let processRegistry: Registry | null = null;

/**
 * prom-client's default metrics: resident memory, heap, CPU, event-loop lag
 * (monitorEventLoopDelay), GC, handles. They describe the process, so there is
 * one set per process however many applications it runs (the tests run
 * several), started by the first application that serves /metrics.
 */
export function processMetrics(): Registry {
  if (processRegistry === null) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
