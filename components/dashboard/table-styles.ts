// Shared table classes, importable by server pages and client components alike (no "use client":
// a client module's constant reaches a server component as a reference, not as its text).

/**
 * Below 1024 px a wide table scrolls sideways; its last column (the row's actions or status) stays
 * pinned at the right edge with a shadow that marks the scroll, so nothing a row offers hides behind
 * it (issue 36 and issue 54 item 6, 768 px layouts).
 */
export const STICKY_LAST_COLUMN =
  "max-lg:[&_tr>*:last-child]:sticky max-lg:[&_tr>*:last-child]:right-0 max-lg:[&_tbody_tr>*:last-child]:bg-white max-lg:[&_thead_tr>*:last-child]:bg-slate-50 max-lg:[&_tr>*:last-child]:shadow-[-8px_0_8px_-8px_rgba(15,23,42,0.35)]";

/** The bordered box a wide table scrolls in. */
export const TABLE_SCROLL_BOX = "overflow-x-auto rounded-lg border border-slate-200 bg-white";

/** A list table: full width, rows divided, its last column pinned below 1024 px. */
export const WIDE_TABLE = `min-w-full divide-y divide-slate-200 text-left text-sm ${STICKY_LAST_COLUMN}`;
