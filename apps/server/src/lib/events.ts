import { EventEmitter } from 'node:events';

/** A committed change of a tenant resource; the notifications module turns these into MQTT messages. */
export interface ChangeEvent {
  type: string;
  action: 'created' | 'updated' | 'deleted';
  id: string;
  corporationId: string;
  workspaceId?: string | null;
  data?: unknown;
}

export class EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(100);
  }

  changed(event: ChangeEvent): void {
    this.emitter.emit('change', event);
  }

  onChange(listener: (event: ChangeEvent) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }
}

/** A membership set or removed: the member's id is the entity id, so they can be told and disconnected. */
export function memberChange(
  userId: string,
  corporationId: string,
  workspaceId: string | null,
  permissions: readonly string[],
): ChangeEvent {
  return {
    type: 'member',
    action: permissions.length > 0 ? 'updated' : 'deleted',
    id: userId,
    corporationId,
    workspaceId,
    data: { userId, permissions: [...permissions] },
  };
}
