/**
 * How a change to the queue reaches the job worker of this process (issue 29, item 2). The composition
 * root creates it before the jobs service and the worker; the service signals through it from its first
 * request, and the worker listens only while it runs. A process without a worker (ROLE=api, tests with
 * jobs off) has nobody listening, which is fine: the queued row is the job, and a worker of another
 * process finds it on its next poll.
 */

/** What the worker offers the service: look for work now, stop a job this process runs. */
export interface JobRunner {
  kick(): void;
  abort(jobId: string): void;
}

export class JobSignals {
  private readonly runners = new Set<JobRunner>();

  /** The worker listens from its start; the returned function ends that. */
  listen(runner: JobRunner): () => void {
    this.runners.add(runner);
    return () => this.runners.delete(runner);
  }

  /** A job was queued or queued again. */
  kick() {
    for (const runner of this.runners) runner.kick();
  }

  /** A job was cancelled: stop its process if it runs here. */
  abort(jobId: string) {
    for (const runner of this.runners) runner.abort(jobId);
  }
}
