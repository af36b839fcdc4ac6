import { waitFor } from '../../../../scripts/lib/test-support.mjs';
import { op } from './route-call';
import type { TestContext } from './test-app';

/** Waits until a player's program plays `input` (outputs.get), as its owner sees it. */
export function waitProgramInput(ctx: TestContext, id: string, input = 'main', timeoutMs = 30_000) {
  return waitFor(
    `the program on ${input}`,
    async () =>
      (await op(ctx.app, 'outputs.get', { token: ctx.owner.token, params: { id } })).body.input === input ||
      undefined,
    timeoutMs,
  );
}
