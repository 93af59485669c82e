'use client';

import NextLink, { type LinkProps } from 'next/link';
import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { startProgress } from '@/lib/client/progress';

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof LinkProps> & LinkProps;

/** next/link that starts the top progress bar; MUI's ButtonBase renders every `href` through it. */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink(
  { onNavigate, ...props },
  ref,
) {
  return (
    <NextLink
      ref={ref}
      {...props}
      onNavigate={(event) => {
        startProgress({ href: typeof props.href === 'string' ? props.href : undefined });
        onNavigate?.(event);
      }}
    />
  );
});
