import type { BrokerEngine } from './broker';

/** What services may ask of the broker: publish, and drop connections whose rights ended. */
export type BrokerPublish = Pick<BrokerEngine, 'publish'>;
export type BrokerDisconnects = Pick<BrokerEngine, 'disconnectUser' | 'disconnectSession'>;

/**
 * The server's side of the notification broker (issue 29, item 2). The broker authenticates clients
 * through SessionsService, and SessionsService must drop the connections of an ended session: a cycle.
 * So the composition root creates this link before both and hands it to the services that publish or
 * disconnect; app.ts connects the running broker to it at start and lets go before closing the broker.
 * Unconnected it behaves as a broker without clients: a message reaches nobody, nobody is dropped.
 */
export class BrokerLink implements BrokerPublish, BrokerDisconnects {
  private engine: BrokerEngine | undefined;

  /** The running broker serves the link until the returned function is called. */
  connect(engine: BrokerEngine): () => void {
    this.engine = engine;
    return () => {
      if (this.engine === engine) this.engine = undefined;
    };
  }

  publish(topic: string, payload: unknown): Promise<void> {
    return this.engine ? this.engine.publish(topic, payload) : Promise.resolve();
  }

  disconnectUser(userId: string) {
    this.engine?.disconnectUser(userId);
  }

  disconnectSession(sessionId: string) {
    this.engine?.disconnectSession(sessionId);
  }
}
