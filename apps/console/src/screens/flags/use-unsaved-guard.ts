import { useEffect } from 'react';

export const LEAVE_QUESTION = 'You have unsaved changes to this flag. Leave the page and discard them?';

/**
 * While `dirty`, leaving the page asks first, as PostHog's flag editor does (kea-router's
 * beforeUnload): closing or reloading the tab through the browser's own question, a navigation
 * inside the console (links, the project switcher: wouter moves through `history.pushState`)
 * through a confirm, which cancelled leaves the address and the page as they were.
 */
export function useUnsavedGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    const pushState = history.pushState;
    history.pushState = function (this: History, ...args: Parameters<History['pushState']>) {
      const to = args[2];
      const leaves = to !== undefined && to !== null && new URL(to, location.href).pathname !== location.pathname;
      if (leaves && !window.confirm(LEAVE_QUESTION)) return;
      pushState.apply(this, args);
    };
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      history.pushState = pushState;
    };
  }, [dirty]);
}
