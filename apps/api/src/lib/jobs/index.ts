export {
  enqueueJob,
  DEFAULT_MAX_ATTEMPTS,
  JOBS_QUEUED_CHANNEL,
  type JobToEnqueue,
} from './enqueue';
export {
  JobWorker,
  PermanentJobError,
  backoffSeconds,
  type JobContext,
  type JobDefinition,
  type JobWorkerOptions,
} from './worker';
