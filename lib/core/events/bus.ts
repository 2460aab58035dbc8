import { processSingleton } from '@/lib/core/process-singleton';
import { clearEventTags } from '@/lib/core/cache/clear';
import { type EventFor, type SubscriberName, subscribersOf } from './registry';
import type { DomainEvent } from './types';

// The site's domain-event bus. Every write ends in one `publish(event)`: a local like or comment, the owner's settings,
// the data service's writes, what Wix sends to the webhook (once verified), a job at its time (a scheduled post). The
// bus runs the event's subscribers as registry.ts lists them, in that order, synchronously: a subscriber whose work is
// slow (mail, a job) starts it and returns. The cache is one subscriber among them, built in (lib/core/cache/clear.ts);
// the others are attached by their features when they start (`subscribe`). One set per process (pages, route
// handlers and the instrumentation hook load their own copies of this module).

type Handler = (event: DomainEvent) => unknown;

const attached = () =>
  processSingleton('event-subscribers', () => new Map<SubscriberName, Handler>([['cache', clearEventTags]]));
const observers = () => processSingleton('event-observers', () => new Set<Observer>());

/** Told of each event after its subscribers ran, with their names in the order they ran (tests, logs). */
export type Observer = (event: DomainEvent, ran: readonly SubscriberName[]) => void;

/**
 * Attaches the handler of a subscriber the registry names (the last one attached in this process is the one that
 * runs); it is given only the events its row lists.
 */
export function subscribe<S extends Exclude<SubscriberName, 'cache'>>(
  name: S,
  handler: (event: EventFor<S>) => unknown,
): void {
  attached().set(name, handler as Handler);
}

/** Observes every event and who heard it. Not a subscriber: work that follows an event is a row in registry.ts. */
export function observeEvents(observer: Observer): () => void {
  observers().add(observer);
  return () => observers().delete(observer);
}

/**
 * Publishes an event: each subscriber of its row that is attached in this process runs, in the registry's order.
 * Answers the cache tags it cleared. A subscriber that throws does not stop the others: the first error is thrown
 * once they have all run; one whose promise fails is logged.
 */
export function publish(event: DomainEvent): string[] {
  const handlers = attached();
  const ran: SubscriberName[] = [];
  let tags: string[] = [];
  let failure: { error: unknown } | undefined;
  for (const name of subscribersOf(event.type)) {
    const handler = handlers.get(name);
    if (!handler) continue;
    ran.push(name);
    try {
      const answer = handler(event);
      if (name === 'cache') tags = answer as string[];
      else if (answer instanceof Promise) answer.catch(failed(name, event));
    } catch (error) {
      failure ??= { error };
    }
  }
  for (const observer of observers()) observer(event, ran);
  if (failure) throw failure.error;
  return tags;
}

const failed = (subscriber: SubscriberName, event: DomainEvent) => (error: unknown) =>
  console.error(
    JSON.stringify({ msg: 'event: a subscriber failed', subscriber, type: event.type, error: String(error) }),
  );
