import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest";

// Inngest calls this endpoint to run steps (only when INNGEST_EVENT_KEY is configured).
export const { GET, POST, PUT } = serve({ client: inngest, functions });
