import {
  NOTIFICATION_MAX_PER_USER,
  NOTIFICATION_RETENTION_DAYS,
  type NotificationKind,
  type NotificationListQuery,
} from '@stromwerk/contracts/notifications';
import type { FastifyBaseLogger } from 'fastify';
import { notFound } from '../../lib/app-error';
import type { ChangeEvent, EventBus } from '../../lib/events';
import type { Actor } from '../../plugins/auth';
import type { AccessService } from '../access/access.service';
import { storedFromChange } from './notification-rules';
import type { NotificationsPublisher } from './notifications.publisher';
import { type NotificationsRepository, toNotification } from './notifications.repository';

export interface NotifyInput {
  userId: string;
  kind: NotificationKind;
  corporationId?: string | null;
  workspaceId?: string | null;
  entity?: string | null;
  entityId?: string | null;
  data?: Record<string, unknown>;
  /** Held back (ready false) until then, and published again when due. */
  notBefore?: Date | null;
}

const POLL_MS = 5000;
const PURGE_MS = 3600_000;
const CLAIM_BATCH = 200;

/**
 * The notifications resource: per-user stored notifications, the rules that create them from change events,
 * and delivery of delayed ones. Delayed delivery is claimed in the database, so it also works with several
 * server processes; a timer at the earliest known due time makes it punctual inside one process.
 */
export class NotificationsService {
  private timers: NodeJS.Timeout[] = [];
  private dueTimer: NodeJS.Timeout | undefined;
  private dueAt: number | undefined;
  private running = false;

  constructor(
    private readonly repo: NotificationsRepository,
    private readonly access: AccessService,
    private readonly publisher: NotificationsPublisher,
    private readonly log: FastifyBaseLogger,
  ) {}

  async list(actor: Actor, query: NotificationListQuery, corporationId?: string) {
    const { rows, total } = await this.repo.list({ ...query, userId: actor.user.id, corporationId });
    const now = new Date();
    return {
      items: rows.map((r) => toNotification(r, now)),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  async listOfCorporation(actor: Actor, corporationId: string, query: NotificationListQuery) {
    await this.access.corporation(actor, corporationId, 'read');
    return this.list(actor, query, corporationId);
  }

  /** A notification belongs to its recipient alone: anyone else gets 404. */
  async get(actor: Actor, id: string) {
    const row = await this.repo.find(id);
    if (!row || row.userId !== actor.user.id) throw notFound('Notification');
    return toNotification(row);
  }

  async delete(actor: Actor, id: string) {
    const item = await this.get(actor, id);
    await this.repo.delete(id);
    // The user's other tabs drop it from their list too.
    this.publisher.notification(item, 'deleted');
  }

  /** Stores notifications and publishes each on its recipient's topic (not-ready ones with their time). */
  async notify(inputs: NotifyInput[]) {
    const rows = await this.repo.insert(
      inputs.map((n) => ({
        ...n,
        data: n.data ?? {},
        // Immediate ones count as delivered now; delayed ones wait for the due-time claim.
        deliveredAt: n.notBefore && n.notBefore > new Date() ? null : new Date(),
      })),
    );
    const users = [...new Set(rows.map((r) => r.userId))];
    await this.repo.purge(this.retentionCutoff(), NOTIFICATION_MAX_PER_USER, users);
    const now = new Date();
    for (const row of rows) {
      this.publisher.notification(toNotification(row, now), 'created');
      if (row.notBefore && !row.deliveredAt) this.scheduleDue(row.notBefore);
    }
    return rows.map((r) => toNotification(r, now));
  }

  /** Fan-out to everyone who can read a workspace (for media state changes such as "stream went live"). */
  async notifyWorkspace(corporationId: string, workspaceId: string, n: Omit<NotifyInput, 'userId'>) {
    const audience = await this.repo.workspaceAudience(corporationId, workspaceId);
    return this.notify(audience.map((userId) => ({ ...n, corporationId, workspaceId, userId })));
  }

  /** Publishes delayed notifications whose time has come, once each. */
  async deliverDue() {
    for (;;) {
      const rows = await this.repo.claimDue(CLAIM_BATCH);
      const now = new Date();
      for (const row of rows) this.publisher.notification(toNotification(row, now), 'updated');
      if (rows.length < CLAIM_BATCH) return rows.length;
    }
  }

  /** Retention: drops what is older than the retention period and trims every user to the maximum. */
  purgeExpired() {
    return this.repo.purge(this.retentionCutoff(), NOTIFICATION_MAX_PER_USER);
  }

  /** Subscribes the publisher and the storage rules to the event bus; returns the stop function. */
  start(events: EventBus) {
    this.running = true;
    const off = events.onChange((event) => {
      this.publisher.change(event);
      this.fromChange(event).catch((e) => this.log.warn({ err: e, event }, 'Storing a notification failed'));
    });
    const tick = (what: string, fn: () => Promise<unknown>) => () =>
      void fn().catch((e) => this.log.warn({ err: e }, `Notifications ${what} failed`));
    const deliver = tick('delivery', () => this.deliverDue());
    const purge = tick('purge', () => this.purgeExpired());
    this.timers = [setInterval(deliver, POLL_MS), setInterval(purge, PURGE_MS)];
    for (const t of this.timers) t.unref();
    deliver();
    return () => {
      off();
      this.running = false;
      for (const t of this.timers) clearInterval(t);
      if (this.dueTimer) clearTimeout(this.dueTimer);
    };
  }

  private async fromChange(event: ChangeEvent) {
    const inputs = await storedFromChange(event, this.repo);
    if (inputs.length > 0) await this.notify(inputs);
  }

  /** One timer at the earliest due time known here; the poll covers anything later or from other processes. */
  private scheduleDue(at: Date) {
    if (!this.running || at.getTime() - Date.now() > POLL_MS) return;
    if (this.dueTimer && this.dueAt !== undefined && this.dueAt <= at.getTime()) return;
    if (this.dueTimer) clearTimeout(this.dueTimer);
    this.dueAt = at.getTime();
    this.dueTimer = setTimeout(
      () => {
        this.dueTimer = undefined;
        this.deliverDue().catch((e) => this.log.warn({ err: e }, 'Notifications delivery failed'));
      },
      Math.max(0, at.getTime() - Date.now()) + 5,
    );
    this.dueTimer.unref();
  }

  private retentionCutoff() {
    return new Date(Date.now() - NOTIFICATION_RETENTION_DAYS * 86_400_000);
  }
}
