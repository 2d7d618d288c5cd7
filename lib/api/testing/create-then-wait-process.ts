// A separate process sending one create with emit true, an Idempotency-Key and Prefer: wait
// through the real route, for the kill -9 test (lib/api/idempotency-retries.integration.test.ts):
// the document commits, then the request waits on it (no worker here) until the test kills us.
import { POST as create } from "@/app/v1/fiscal-documents/route";

const request = new Request("http://localhost/v1/fiscal-documents", {
  method: "POST",
  headers: { authorization: `Bearer ${process.env.CREATE_KEY}`, "content-type": "application/json", prefer: "wait=30", "idempotency-key": process.env.CREATE_IDEMPOTENCY_KEY! },
  body: process.env.CREATE_BODY,
});
void create(request, { params: Promise.resolve({}) }).then((response) => console.log(`answered ${response.status}`));
