import type { TopicMessage } from '@stromwerk/contracts/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { applyTopicMessage } from './live-handlers';
import { useLiveClient, useLiveStatus } from './live-provider';

/**
 * Subscribes while connected; after a reconnect the effect runs again and subscribes anew (the client
 * refuses subscriptions while not connected, spec section 8).
 */
export function useLiveSubscriptions(
  topicList: readonly string[],
  handler: (message: TopicMessage, topic: string) => void,
) {
  const client = useLiveClient();
  const status = useLiveStatus();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  // A stable key so a new array with the same topics does not resubscribe.
  const key = [...new Set(topicList)].sort().join('\n');
  useEffect(() => {
    if (!client || status !== 'connected' || !key) return;
    const relay = (message: TopicMessage, topic: string) => handlerRef.current(message, topic);
    const offs = key.split('\n').map((topic) => client.subscribe(topic, relay));
    return () => {
      for (const off of offs) off();
    };
  }, [client, status, key]);
}

export function useLiveSubscription(
  topic: string | null | undefined,
  handler: (message: TopicMessage, topic: string) => void,
) {
  useLiveSubscriptions(topic ? [topic] : [], handler);
}

/** Keeps the TanStack Query cache fresh: every message on these topics goes to its entity's handler. */
export function useLiveCache(topicList: readonly string[], userId?: string) {
  const queryClient = useQueryClient();
  useLiveSubscriptions(topicList, (message, topic) => {
    void applyTopicMessage(message, topic, { queryClient, userId });
  });
}
