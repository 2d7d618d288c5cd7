"use client";

import NextLink from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";

// `prefetch={false}`: never prefetched, not even on intent (a link that must render afresh).
type LinkProps = Omit<ComponentProps<typeof NextLink>, "prefetch" | "href"> & { href: string; prefetch?: false };

/**
 * The dashboard's link: the page behind it is prefetched when the pointer or the keyboard reaches
 * it, not when it scrolls into view. Every dashboard page is rendered per request, and viewport
 * prefetching made each page view render two dozen others on the server (the sidebar, then again
 * as the router's state changed, plus a table's rows) that the user never opened.
 */
export default function Link({ href, prefetch, onMouseEnter, onFocus, ...props }: LinkProps) {
  const router = useRouter();
  const onIntent = prefetch === false ? () => {} : () => router.prefetch(href);
  return (
    <NextLink
      href={href}
      prefetch={false}
      onMouseEnter={(event) => {
        onIntent();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        onIntent();
        onFocus?.(event);
      }}
      {...props}
    />
  );
}
