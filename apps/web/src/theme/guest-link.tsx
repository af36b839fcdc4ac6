import { type AnchorHTMLAttributes, forwardRef, type MouseEvent } from 'react';
import { openApp } from '../app/guest-handover';

/**
 * MUI's `href` on the guest login: a plain link whose ordinary click opens the product app at that
 * address (guest-handover.ts); a click that opens a new tab or window is the browser's.
 */
export const GuestLink = forwardRef<
  HTMLAnchorElement,
  AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }
>(function GuestLink({ href, onClick, ...other }, ref) {
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plain = !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey && event.button === 0;
    if (event.defaultPrevented || !plain || other.target || !href.startsWith('/')) return;
    event.preventDefault();
    openApp(href);
  };
  return <a ref={ref} href={href} onClick={click} {...other} />;
});
