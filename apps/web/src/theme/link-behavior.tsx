import { forwardRef } from 'react';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router';

/** Lets MUI's `href` on Link, Button and ListItemButton navigate inside the app without a reload. */
export const LinkBehavior = forwardRef<HTMLAnchorElement, Omit<RouterLinkProps, 'to'> & { href: string }>(
  function LinkBehavior({ href, ...other }, ref) {
    return <RouterLink ref={ref} to={href} {...other} />;
  },
);
