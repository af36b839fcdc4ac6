import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the flows put the screenshots the docs show: docs/screenshots under `npm run screenshots`
 * (SCREENSHOTS=1), a scratch folder otherwise, so `npm test` still takes them (a screen that cannot be
 * shot fails) but leaves the checkout unchanged.
 */
export const screenshotsDir =
  process.env.SCREENSHOTS === '1'
    ? join(import.meta.dirname, '../../docs/screenshots')
    : join(tmpdir(), 'stromwerk-screenshots');
