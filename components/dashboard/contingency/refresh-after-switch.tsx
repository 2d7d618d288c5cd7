"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * The company layout renders its contingency banner alongside the page, so when this page's
 * status checks switch the contingency (108/109 in, 107 out) the banner shows the state from
 * before: one refresh renders the layout again. The next render finds nothing changed.
 */
export function RefreshAfterSwitch() {
  const router = useRouter();
  useEffect(() => router.refresh(), [router]);
  return null;
}
