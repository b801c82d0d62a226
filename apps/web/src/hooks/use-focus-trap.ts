import { useEffect, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps keyboard focus inside a full-screen overlay that is a direct child of `<body>` (a portal):
 * Tab and Shift+Tab wrap around, focus that escapes is brought back, and every other child of
 * `<body>` (the app, antd modals and popups, including those opened later) is made `inert` until
 * the overlay goes away. Focus starts on the element marked `data-autofocus`, else the first
 * control, and returns to where it was afterwards.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusables = () => Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.tabIndex >= 0);
    const focusFirst = () => (root.querySelector<HTMLElement>('[data-autofocus]') ?? focusables()[0] ?? root).focus();

    const madeInert = new Set<Element>();
    const inertOthers = () => {
      for (const el of Array.from(document.body.children)) {
        if (el === root || el.contains(root) || el.hasAttribute('inert') || el.tagName === 'SCRIPT') continue;
        el.setAttribute('inert', '');
        madeInert.add(el);
      }
    };
    inertOthers();
    const observer = typeof MutationObserver === 'undefined' ? null : new MutationObserver(inertOthers);
    observer?.observe(document.body, { childList: true });

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = focusables();
      if (!items.length) {
        event.preventDefault();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const current = document.activeElement;
      const inside = current instanceof Node && root.contains(current);
      if (event.shiftKey && (!inside || current === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || current === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !root.contains(event.target)) focusFirst();
    };

    if (!(document.activeElement instanceof Node) || !root.contains(document.activeElement)) focusFirst();
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn, true);
      observer?.disconnect();
      for (const el of madeInert) el.removeAttribute('inert');
      if (previous && previous.isConnected) previous.focus();
    };
  }, [ref]);
}
