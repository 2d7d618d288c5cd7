// The entry of a PDF render worker thread. A plain ES module, so that Node loads it as it is in
// every mode (`npm start` after `next build`, `npm run dev`, vitest): it registers tsx (which
// `npm start` itself runs on) and imports the TypeScript renderers from the sources, which the
// Next bundle does not contain as separate files.
import { register } from "tsx/esm/api";

register();
await import("./pdf-render-worker.ts");
