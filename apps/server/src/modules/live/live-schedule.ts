/**
 * Scheduled starts and maintenance windows begin and end with the clock (issue 29, item 3): instead of
 * reading every source every few seconds, one indexed query finds the next moment anything is due, one
 * timer waits for it, and only the sources due then are handed on. A change of any source re-arms the
 * timer (its new times may come first). Work is proportional to what changes, not to the install.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SourceRow, SourcesRepository } from '../sources/sources.repository';

/** Longer timers are re-armed: a clock that jumps, and Node's 24.8-day limit. */
const MAX_WAIT_MS = 6 * 3600_000;
/** Fired just after the moment, so a window that ends exactly then is over. */
const LATE_MS = 20;

export class LiveSchedule {
  private timer: NodeJS.Timeout | undefined;
  private checkedUntil = new Date();
  private arming: Promise<void> | undefined;
  private rearm = false;
  private stopped = false;

  constructor(
    private readonly repo: Pick<SourcesRepository, 'nextScheduleTime' | 'scheduleBetween'>,
    private readonly due: (rows: SourceRow[]) => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  start() {
    this.checkedUntil = this.now();
    return this.arm();
  }

  /** A source changed: its times may be the next ones. */
  changed() {
    return this.arm();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** One arming at a time; a request meanwhile arms once more after it. */
  private arm(): Promise<void> {
    if (this.arming) {
      this.rearm = true;
      return this.arming;
    }
    this.arming = this.armNow()
      .catch((err) => this.log.warn({ err }, 'arming the live schedule failed'))
      .finally(() => {
        this.arming = undefined;
        if (this.rearm) {
          this.rearm = false;
          void this.arm();
        }
      });
    return this.arming;
  }

  private async armNow() {
    if (this.stopped) return;
    const next = await this.repo.nextScheduleTime(this.checkedUntil);
    clearTimeout(this.timer);
    if (this.stopped) return;
    const wait = next ? Math.max(0, next.getTime() - this.now().getTime()) + LATE_MS : MAX_WAIT_MS;
    this.timer = setTimeout(() => void this.fire(), Math.min(wait, MAX_WAIT_MS));
    this.timer.unref();
  }

  private async fire() {
    const until = this.now();
    try {
      const rows = await this.repo.scheduleBetween(this.checkedUntil, until);
      this.checkedUntil = until;
      if (rows.length > 0) await this.due(rows);
    } catch (err) {
      this.log.warn({ err }, 'running the live schedule failed');
    }
    await this.arm();
  }
}
