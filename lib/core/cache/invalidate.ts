import { publish } from '@/lib/core/events/bus';
import type { DomainEvent } from '@/lib/core/events/types';
import type { BlogEventType, EventSubject, SiteEventType } from './event-tags';

// `invalidate(event)` is `publish(event)` for an event whose type is known only at run time: the webhook reads it from
// Wix's envelope and checks it against event-tags.ts. The site's own writes publish their typed events on the bus
// (lib/core/events) directly. What an event sends, and who hears it in which order, is the bus's (registry.ts); the
// cache tags are cleared by its `cache` subscriber (clear.ts).

/** An event as the platform names it: its type, the entity, what it belongs to. */
export interface SiteEvent extends EventSubject {
  type: BlogEventType | SiteEventType;
}

/** Publishes the event on the site's bus; answers the cache tags it cleared. */
export const invalidate = (event: SiteEvent): string[] => publish(event as DomainEvent);
