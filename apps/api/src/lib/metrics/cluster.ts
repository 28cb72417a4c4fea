import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * With API_WORKERS > 1 the workers share one port, so a scrape reaches any one of them. That
 * worker asks the primary, which gathers every worker's registry over the cluster's IPC channel
 * (prom-client's AggregatorRegistry) and answers their sum: one scrape sees the whole machine
 * (ADR 0057). Counters and histograms add up; each metric says how it aggregates otherwise.
 */

const REQUEST = 'plataforma:metrics-req';
const ANSWER = 'plataforma:metrics-res';
/** Longer than prom-client's own 5 s wait for the workers. */
const TIMEOUT_MS = 6_000;

interface MetricsRequest {
  type: typeof REQUEST;
  id: number;
}
interface MetricsAnswer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** In the primary: answers the workers' requests for the metrics of all of them. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Partial<MetricsRequest>) => {
    if (message?.type !== REQUEST || typeof message.id !== 'number') return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id, text } satisfies MetricsAnswer),
      (error: unknown) =>
        worker.send({ type: ANSWER, id, error: String(error) } satisfies MetricsAnswer),
    );
  });
}

/** Whether this process is a worker whose metrics are gathered by the primary. */
export const inCluster = (): boolean => cluster.isWorker && typeof process.send === 'function';

/** In a worker: the registry the primary's requests read (one per process, the app's). */
export function shareWithPrimary(registry: Registry): void {
  // Constructing one adds prom-client's worker listener; it answers with the registries set here.
  void new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

let nextId = 0;

/** In a worker: the metrics of every worker, summed by the primary. */
export function clusterMetrics(): Promise<string> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the primary process did not answer with the metrics'));
    }, TIMEOUT_MS);
    function onMessage(message: Partial<MetricsAnswer>) {
      if (message?.type !== ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (message.error !== undefined || message.text === undefined)
        reject(new Error(message.error ?? 'no metrics'));
      else resolve(message.text);
    }
    process.on('message', onMessage);
    process.send?.({ type: REQUEST, id } satisfies MetricsRequest);
  });
}
