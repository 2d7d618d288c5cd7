// Next's own compression middleware (next/dist/server/lib/router-server.js applies it to every
// answer); the /v1 route table applies the same one (lib/api/route-table-dispatch.ts).
declare module "next/dist/compiled/compression" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  export default function compression(): (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
}
