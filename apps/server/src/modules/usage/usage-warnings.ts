import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../plugins/mailer';
import type { MembershipsRepository } from '../access/memberships.repository';
import type { CorporationsRepository } from '../corporations/corporations.repository';
import type { NotificationsService } from '../notifications/notifications.service';
import type { LimitWarning } from './usage-limits';

/**
 * The soft limits' warning (issue 17): a level reached for the first time this month (UsageLimits
 * decides, after every flush of the meter) becomes a stored notification and a mail for each corporation
 * administrator. Handed to UsageService's constructor.
 */
export function limitWarning(deps: {
  memberships: MembershipsRepository;
  notifications: NotificationsService;
  mailer: Mailer;
  corporations: CorporationsRepository;
  log: FastifyBaseLogger;
}): LimitWarning {
  const { memberships, notifications, mailer, corporations, log } = deps;
  return async ({ corporationId, words, level, used, limit }) => {
    const admins = await memberships.adminsOf(corporationId);
    const corporationName = (await corporations.byId(corporationId))?.name ?? '';
    await notifications.notify(
      admins.map((a) => ({
        userId: a.userId,
        kind: 'usage-limit' as const,
        corporationId,
        data: { corporationName, metric: words, percent: level, used, limit },
      })),
    );
    const after =
      level >= 100
        ? 'New live sessions or renders are refused until next month; running streams go on.'
        : 'Past 100 % new live sessions or renders are refused until next month.';
    for (const a of admins)
      await mailer
        .send({
          to: a.email,
          subject: `${corporationName}: ${level} % of the monthly ${words} used`,
          text: `${corporationName} used ${level} % of its monthly ${words} (${used} of ${limit}).\n${after}\n`,
        })
        .catch((err) => log.warn({ err, corporationId }, 'usage-limit mail failed'));
  };
}
