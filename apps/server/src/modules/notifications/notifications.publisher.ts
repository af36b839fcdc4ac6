import type { Notification, TopicMessage } from '@stromwerk/contracts/notifications';
import { changeTopic, type TopicMessageType, topics } from '@stromwerk/contracts/topics';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeEvent } from '../../lib/events';
import type { BrokerEngine } from '../../plugins/broker';

/**
 * Turns committed changes into topic messages on whichever broker engine is attached. Publishing is fire and
 * forget: a broker hiccup must never fail the API call that caused the change, so errors are only logged.
 */
export class NotificationsPublisher {
  private broker: BrokerEngine | undefined;

  constructor(private readonly log: FastifyBaseLogger) {}

  attach(broker: BrokerEngine | undefined) {
    this.broker = broker;
  }

  /** Cache updates for everyone watching the entity's tenant. */
  change(event: ChangeEvent) {
    const topic = changeTopic({ ...event, entity: event.type });
    this.send(topic, { type: event.action, entity: event.type, id: event.id, data: event.data ?? null });
    // Losing every membership in a scope must also end what the user already subscribed to there.
    if (event.type === 'member' && event.action === 'deleted') this.broker?.disconnectUser(event.id);
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
    if (!this.broker) return;
    this.broker.publish(topic, message).catch((e) => this.log.warn({ err: e, topic }, 'MQTT publish failed'));
  }
}
