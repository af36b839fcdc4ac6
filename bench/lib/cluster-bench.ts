// What the cluster benches (live-takeover, live-control) share: PostgreSQL is required (the processes
// meet in it), and the small arithmetic of their rounds.

/** TEST_DATABASE_URL, or the bench ends with one line saying it needs PostgreSQL. */
export function postgresOrExit(bench: string): string {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return url;
  console.error(`${bench} needs PostgreSQL: set TEST_DATABASE_URL`);
  process.exit(1);
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
