// `npm run sdk:generate`: writes the generated part of sdk/typescript and sdk/python from the
// OpenAPI document (scripts/sdk/generate-sdks.test.ts fails when they are stale).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateSdks } from "./generate-sdks";

const files = await generateSdks();
for (const [file, content] of Object.entries(files)) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  console.log(`wrote ${file} (${content.length} characters)`);
}
