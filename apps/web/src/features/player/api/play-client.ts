import { createHttp } from '@stromwerk/client/http';

/**
 * The public player's own client: viewers have no account, so no Authorization header is ever sent
 * (the viewer token travels in the `t` query parameter instead).
 */
export const playHttp = createHttp();

export const playPath = (outputId: string, rest: string) => `/play/${encodeURIComponent(outputId)}/${rest}`;
