'use client';

import { type RefObject, useLayoutEffect, useRef } from 'react';

// What was typed into a server-rendered form before its script ran, handed to the form's state. A controlled field
// shows React's state: the first render after hydration writes the state back over the field, and what the owner typed
// while the page loaded vanished (a title typed at once on a slow connection; the desk's browser test, once in CI,
// saved nothing because its title was gone). Read at the form's first layout effect, before any render can overwrite
// it: a text field whose value is not its default (the server's HTML) was typed into.

const TEXT = new Set(['text', 'textarea', 'search', 'email', 'url', 'tel', 'number']);

/** Calls `adopt` once after hydration with each named text field's typed value, if any was typed before it. */
export function useTypedBeforeHydration(
  form: RefObject<HTMLFormElement | null>,
  adopt: (typed: Record<string, string>) => void,
) {
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current || !form.current) return;
    done.current = true;
    const typed: Record<string, string> = {};
    for (const field of form.current.elements) {
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue;
      if (field.name && TEXT.has(field.type) && field.value !== field.defaultValue) typed[field.name] = field.value;
    }
    if (Object.keys(typed).length) adopt(typed);
  });
}
