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
  repeatKey,
  type JobContext,
  type JobDefinition,
  type JobFailureContext,
  type JobRepeat,
  type JobWorkerOptions,
} from './worker';
