// `BASE=http://127.0.0.1:3000 KEY=fsk_… npx tsx scripts/smoke/lifecycle-under-load.ts`:
// against a running server (e.g. `npm start` on the embedded default), authorizes
// a first batch, then emits EMITS documents at once while cancelling, correcting
// and registering delivery receipts on the first batch, and checks every answer.
// Prints a line per operation kind with its count and slowest answer.
const BASE = process.env.BASE ?? "http://127.0.0.1:3000";
const KEY = process.env.KEY;
const EMITS = Number(process.env.EMITS ?? 10);
const CANCELS = Number(process.env.CANCELS ?? 3);
if (!KEY) throw new Error("KEY (an API key of a HOMOLOGATION company) is required");

const body = {
  type: "NFE",
  client: { name: "Cliente Exemplo S/A", document: "06929383000163", street: "Rua das Flores", number: "10", neighborhood: "Centro", city: "Campinas", state: "SP", municipalityCode: "3509502", zipCode: "13010000" },
  items: [{ code: "SKU-1", description: "Cafe torrado 500 g", quantity: 2, unitValue: 50, ncm: "21011110", cfop: "5102" }],
  payments: [{ method: "PIX", value: 100 }],
  emit: true,
};

const timings = new Map<string, number[]>();
async function call(kind: string, method: string, path: string, payload?: unknown, expected = 200): Promise<Record<string, unknown>> {
  const started = performance.now();
  const res = await fetch(`${BASE}${path}`, { method, headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" }, body: payload === undefined ? undefined : JSON.stringify(payload) });
  const text = await res.text();
  timings.set(kind, [...(timings.get(kind) ?? []), performance.now() - started]);
  if (res.status !== expected) throw new Error(`${kind} ${method} ${path}: ${res.status} ${text}`);
  return res.headers.get("content-type")?.includes("json") ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function untilSettled(ids: string[]): Promise<Record<string, string>> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const statuses = await Promise.all(ids.map(async (id) => [id, (await call("poll", "GET", `/v1/fiscal-documents/${id}`)).status as string] as const));
    if (statuses.every(([, status]) => status !== "PROCESSING" && status !== "DRAFT")) return Object.fromEntries(statuses);
    if (Date.now() > deadline) throw new Error(`not settled: ${JSON.stringify(statuses)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function main(): Promise<void> {
  const first = await Promise.all(Array.from({ length: CANCELS }, async () => (await call("create+emit", "POST", "/v1/fiscal-documents", body, 201)).id as string));
  const firstStatuses = await untilSettled(first);
  if (Object.values(firstStatuses).some((s) => s !== "AUTHORIZED")) throw new Error(`first batch: ${JSON.stringify(firstStatuses)}`);

  const proof = { contentType: "application/pdf", base64: Buffer.from("%PDF-1.4 delivery note").toString("base64") };
  const [emitted] = await Promise.all([
    Promise.all(Array.from({ length: EMITS }, async () => (await call("create+emit", "POST", "/v1/fiscal-documents", body, 201)).id as string)),
    Promise.all(
      first.map(async (id) => {
        await call("correction letter", "POST", `/v1/fiscal-documents/${id}/correction-letter`, { correction: "Endereco de entrega: Rua das Flores, 10, fundos" });
        await call("delivery receipt", "POST", `/v1/fiscal-documents/${id}/delivery-receipt`, { deliveredAt: new Date().toISOString(), receiverName: "Maria Recebedora", receiverDocument: "52998224725", proof });
        await call("receipt cancellation", "DELETE", `/v1/fiscal-documents/${id}/delivery-receipt`);
        await call("cancel", "POST", `/v1/fiscal-documents/${id}/cancel`, { justification: "Pedido cancelado pelo cliente antes do envio" });
        await call("download", "GET", `/v1/fiscal-documents/${id}/xml`);
        await call("download", "GET", `/v1/fiscal-documents/${id}/danfe`);
      }),
    ),
  ]);
  const statuses = await untilSettled(emitted);
  const cancelled = await untilSettled(first);
  const authorized = Object.values(statuses).filter((s) => s === "AUTHORIZED").length;
  const cancelledCount = Object.values(cancelled).filter((s) => s === "CANCELLED").length;
  for (const [kind, ms] of timings) console.log(`${kind.padEnd(22)} ${String(ms.length).padStart(4)} calls, slowest ${Math.max(...ms).toFixed(0)} ms`);
  console.log(`emitted under load: ${authorized}/${EMITS} AUTHORIZED; cancelled meanwhile: ${cancelledCount}/${CANCELS}`);
  if (authorized !== EMITS || cancelledCount !== CANCELS) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
