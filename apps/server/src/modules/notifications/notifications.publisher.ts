import type { Notification, TopicMessage } from '@stromwerk/contracts/notifications';
import { changeTopic, type TopicMessageType, topics } from '@stromwerk/contracts/topics';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeEvent } from '../../lib/events';
import type { BrokerDisconnects, BrokerPublish } from '../../plugins/broker-link';

/**
 * Turns committed changes into topic messages on whichever broker engine serves the link (none before
 * the broker starts and after it closes). Publishing is fire and forget: a broker hiccup must never fail
 * the API call that caused the change, so errors are only logged.
 */
export class NotificationsPublisher {
  constructor(
    private readonly broker: BrokerPublish & Pick<BrokerDisconnects, 'disconnectUser'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Cache updates for everyone watching the entity's tenant. */
  change(event: ChangeEvent) {
    const topic = changeTopic({ ...event, entity: event.type });
    this.send(topic, { type: event.action, entity: event.type, id: event.id, data: event.data ?? null });
    // Losing every membership in a scope must also end what the user already subscribed to there.
    if (event.type === 'member' && event.action === 'deleted') this.broker.disconnectUser(event.id);
  }

  /** A stored notification, on its recipient's private topic. */
  notification(item: Notification, type: TopicMessageType) {
    const message: TopicMessage = {
      type,
      entity: 'notification',
      id: item.id,
      data: item,
      ready: item.ready,
    };
    if (item.notBefore) message.notBefore = item.notBefore;
    this.send(topics.userNotifications(item.userId, item.id), message);
  }

  private send(topic: string, message: TopicMessage) {
    this.broker.publish(topic, message).catch((e) => this.log.warn({ err: e, topic }, 'MQTT publish failed'));
  }
}
