import { formatDateTime } from "@/components/dashboard/format";
import { EnvironmentBadge } from "@/components/dashboard/environment-badge";
import type { DocumentDetail } from "@/lib/documents/response-schemas";
import { DocumentItemsTable } from "./document-items-table";
import { formatMoney } from "./money";
import { DocumentStatusBadge } from "./status-badge";

function Box({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <h2 className="mb-2 font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="flex justify-between gap-3 py-0.5">
      <span className="text-slate-500">{label}</span>
      <span className="text-right tabular-nums" data-testid={testId}>{value}</span>
    </div>
  );
}

/** The stored document: client and transport snapshots, lines with taxes and sources, totals, events. */
export function DocumentDetailView({ document: d }: { document: DocumentDetail }) {
  const snapshot = d.clientSnapshot as Record<string, string | null>;
  const tot = d.taxTotals.icmsTot;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{d.type} {d.number === 0 ? "draft" : `${d.series ?? ""}/${d.number}`}</h1>
        <DocumentStatusBadge status={d.status} />
        <EnvironmentBadge environment={d.environment} />
      </div>
      <p className="text-sm text-slate-600">
        {d.operationNature} · issued {formatDateTime(d.issueDateTime)}{d.externalId && <> · external id {d.externalId}</>}{d.accessKey && <> · key {d.accessKey}</>}
      </p>
      {d.rejectionReason && <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">Rejected: {d.rejectionReason}</p>}
      <div className="grid gap-4 md:grid-cols-3">
        <Box title="Client (snapshot)">
          <p className="font-medium" data-testid="client-name">{d.client.name}</p>
          <p className="text-slate-600">{d.client.documentType} {d.client.document || "final consumer"}</p>
          <p className="text-slate-600">{[snapshot.street, snapshot.number, snapshot.neighborhood, snapshot.city, snapshot.state].filter(Boolean).join(", ")}</p>
        </Box>
        <Box title="Totals">
          <Row label="Products" value={formatMoney(tot.vProd)} />
          <Row label="ICMS base / ICMS" value={`${formatMoney(tot.vBC)} / ${formatMoney(tot.vICMS)}`} testId="total-icms" />
          <Row label="ST base / ST" value={`${formatMoney(tot.vBCST)} / ${formatMoney(tot.vST)}`} />
          <Row label="IPI" value={formatMoney(tot.vIPI)} />
          <Row label="PIS / COFINS" value={`${formatMoney(tot.vPIS)} / ${formatMoney(tot.vCOFINS)}`} />
          <Row label="Freight" value={formatMoney(tot.vFrete)} />
          <Row label="CBS / IBS" value={`${formatMoney(d.taxTotals.rtcCbsTotal)} / ${formatMoney(d.taxTotals.rtcIbsTotal)}`} testId="total-ibs-cbs" />
          <Row label="Document total" value={<strong>{formatMoney(d.totalValue)}</strong>} testId="total-value" />
        </Box>
        <Box title="Transport">
          {d.transport ? (
            <>
              <Row label="Freight" value={`${d.transport.freightType}${d.transport.freightValue ? ` · ${formatMoney(d.transport.freightValue)}` : ""}`} />
              <Row label="Carrier" value={d.transport.carrierName ? `${d.transport.carrierName} (${d.transport.carrierDocument})` : "—"} />
              <Row label="Vehicle" value={d.transport.vehiclePlate ? `${d.transport.vehiclePlate} / ${d.transport.vehicleState ?? ""}` : "—"} />
              <Row label="Volumes" value={d.transport.volumeQuantity ?? "—"} />
            </>
          ) : (
            <p className="text-slate-500">No transport.</p>
          )}
        </Box>
      </div>
      <DocumentItemsTable items={d.items} />
      <div className="grid gap-4 md:grid-cols-3">
        <Box title="Payments">
          {d.payments.length === 0 ? <p className="text-slate-500">None.</p> : d.payments.map((p, i) => <Row key={i} label={p.description ? `${p.method} (${p.description})` : p.method} value={formatMoney(p.value)} />)}
        </Box>
        <Box title="Installments">
          {d.duplicates.length === 0 ? <p className="text-slate-500">Cash sale.</p> : d.duplicates.map((dup) => <Row key={dup.number} label={`${dup.number} · due ${dup.dueDate}`} value={formatMoney(dup.value)} />)}
        </Box>
        <Box title="Events">
          {d.events.length === 0 ? <p className="text-slate-500">No events yet.</p> : d.events.map((e) => <Row key={e.id} label={`${e.kind}${e.cStat ? ` (${e.cStat})` : ""}`} value={formatDateTime(e.occurredAt)} />)}
        </Box>
      </div>
    </div>
  );
}
