import type { FastifyRequest } from 'fastify';
import type { AttemptRule } from '../../plugins/attempts';

const MINUTE = 60;
const HOUR = 3600;
const queryEmail = (r: FastifyRequest) => (r.query as { email?: string } | undefined)?.email;
const paramId = (r: FastifyRequest) => (r.params as { id?: string } | undefined)?.id;

/**
 * Guessing and mail limits (docs/operations.md, "Proxies and rate limits"). Failed guesses count per client
 * address and per account: rotating addresses does not buy more guesses at one account.
 */
export const LIMITS = {
  /** Current-password checks of a signed-in session (a stolen token must not guess the password). */
  passwordCheck: {
    name: 'password-check',
    perAddress: { points: 30, seconds: 15 * MINUTE },
    perAccount: { points: 10, seconds: 15 * MINUTE },
    account: paramId,
    failures: ['PASSWORD_INCORRECT'],
  },
  /** Every request mails: counted whether or not the address exists. */
  resetStart: {
    name: 'reset-start',
    perAddress: { points: 20, seconds: HOUR },
    perAccount: { points: 5, seconds: HOUR },
    account: queryEmail,
  },
  /** Guessing reset tokens: no account is known for a wrong token, so per address. */
  resetComplete: {
    name: 'reset-complete',
    perAddress: { points: 20, seconds: 15 * MINUTE },
    failures: ['LINK_INVALID'],
  },
  verifyMail: {
    name: 'verify-mail',
    perAddress: { points: 20, seconds: HOUR },
    perAccount: { points: 5, seconds: HOUR },
    account: paramId,
  },
  /** Player passwords: per viewer address and per player. */
  playerPassword: {
    name: 'player-password',
    perAddress: { points: 20, seconds: 10 * MINUTE },
    perAccount: { points: 60, seconds: 10 * MINUTE },
    account: paramId,
    failures: ['PASSWORD_REQUIRED'],
    // A first visit without a password is asked for one: not a guess.
    guess: (r) => Boolean((r.body as { password?: string } | undefined)?.password),
  },
} satisfies Record<string, AttemptRule>;
