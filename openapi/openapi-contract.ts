import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";

export const openApiContract = defineContract({
  method: "GET",
  path: "/v1/openapi.json",
  summary: "This API description (OpenAPI 3.1)",
  tag: "Meta",
  scope: null,
  response: z.object({ openapi: z.string() }).passthrough(),
});
