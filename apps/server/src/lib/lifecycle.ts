/**
 * What a server process runs, stopped in the reverse order of its start (issue 29, item 2). What starts
 * later may use what started earlier (the job worker and the live plane count into the usage meter, the
 * meter's flush warns through notifications, notifications publish through the broker), so it stops
 * first, and nothing is used after it stopped. A stop that fails is logged; the others still run.
 */
export class Lifecycle {
  private readonly stops: { name: string; stop: () => unknown }[] = [];

  constructor(private readonly log: { error(o: object, m: string): void }) {}

  /** Notes how to stop something that has just started. */
  started(name: string, stop: () => unknown) {
    this.stops.push({ name, stop });
  }

  /** Stops everything started, last first. */
  async stop() {
    for (const { name, stop } of this.stops.splice(0).reverse()) {
      try {
        await stop();
      } catch (err) {
        this.log.error({ err }, `stopping ${name} failed`);
      }
    }
  }
}
