import { env } from "@/lib/config/env";

export type BackgroundDriver = "inngest" | "local";

/** Inngest when an event key is configured; otherwise the in-process driver with state in PostgreSQL. */
export function backgroundDriver(): BackgroundDriver {
  return env().INNGEST_EVENT_KEY ? "inngest" : "local";
}
