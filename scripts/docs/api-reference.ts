// `npm run docs:api`: writes docs/api-reference.md from the OpenAPI document.
// `--check` exits non-zero when the committed file differs (a test runs it).
import { readFileSync, writeFileSync } from "node:fs";
import { buildOpenApiDocument } from "@/openapi/openapi-document";
import { renderApiReference } from "./render-api-reference";

export const API_REFERENCE_FILE = "docs/api-reference.md";

const rendered = renderApiReference(buildOpenApiDocument() as never);
if (process.argv.includes("--check")) {
  const current = readFileSync(API_REFERENCE_FILE, "utf8");
  if (current !== rendered) {
    console.error(`${API_REFERENCE_FILE} is out of date: run npm run docs:api`);
    process.exit(1);
  }
  console.log(`${API_REFERENCE_FILE} is up to date`);
} else {
  writeFileSync(API_REFERENCE_FILE, rendered);
  console.log(`Wrote ${API_REFERENCE_FILE}`);
}
