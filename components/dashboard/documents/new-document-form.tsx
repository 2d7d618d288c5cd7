"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import type { DocumentFormOptions } from "@/lib/documents/dashboard-contracts";
import type { DocumentSummary } from "@/lib/documents/response-schemas";
import { CreateDocumentInput, FreightTypeSchema, PaymentMethodSchema } from "@/lib/documents/schemas";
import { AddButton, Field, inputClass, RemoveButton, Section } from "./form-rows";

type ItemRow = { productId: string; code: string; description: string; quantity: string; unitValue: string; cfop: string };
type PaymentRow = { method: string; value: string; description: string };
type DuplicateRow = { dueDate: string; value: string };
type Transport = { freightType: string; freightValue: string; carrierId: string; vehiclePlate: string; vehicleState: string };

const emptyItem: ItemRow = { productId: "", code: "", description: "", quantity: "1", unitValue: "", cfop: "" };
const num = (value: string) => (value.trim() === "" ? undefined : Number(value.replace(",", ".")));
const text = (value: string) => (value.trim() === "" ? undefined : value.trim());

export function NewDocumentForm({ companyId }: { companyId: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const base = `/api/dashboard/companies/${encodeURIComponent(companyId)}/documents`;
  const options = useQuery({ queryKey: [`${base}/form-options`], queryFn: () => apiFetch<DocumentFormOptions>(`${base}/form-options`) });
  const [type, setType] = useState("NFE");
  const [clientMode, setClientMode] = useState<"existing" | "inline">("existing");
  const [clientId, setClientId] = useState("");
  const [inline, setInline] = useState({ name: "", document: "", state: "" });
  const [items, setItems] = useState<ItemRow[]>([emptyItem]);
  const [payments, setPayments] = useState<PaymentRow[]>([]);
  const [duplicates, setDuplicates] = useState<DuplicateRow[]>([]);
  const [transport, setTransport] = useState<Transport | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (body: unknown) => apiFetch<DocumentSummary>(base, { method: "POST", body }),
    onSuccess: (created) => {
      // Cached list pages (keyed by their URL) must show the new draft.
      void queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(`${base}?`) });
      router.push(`/dashboard/c/${companyId}/documents/${created.id}`);
    },
  });

  const updateItem = (index: number, patch: Partial<ItemRow>) => setItems((rows) => rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const pickProduct = (index: number, productId: string) => {
    const product = options.data?.products.find((p) => p.id === productId);
    updateItem(index, product ? { productId, code: product.code, description: product.name, unitValue: product.salePrice } : { productId: "" });
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = {
      type,
      ...(clientMode === "existing" ? { clientId: text(clientId) } : { client: { name: inline.name.trim(), document: inline.document.trim(), state: text(inline.state) } }),
      items: items.map((row) => ({
        code: row.code.trim(), description: row.description.trim(), quantity: num(row.quantity), unitValue: num(row.unitValue),
        ...(row.productId ? { productId: row.productId } : {}), ...(text(row.cfop) ? { cfop: text(row.cfop) } : {}),
      })),
      ...(payments.length ? { payments: payments.map((p) => ({ method: p.method, value: num(p.value), ...(text(p.description) ? { description: text(p.description) } : {}) })) } : {}),
      ...(duplicates.length ? { duplicates: duplicates.map((d) => ({ dueDate: d.dueDate, value: num(d.value) })) } : {}),
      ...(transport && type === "NFE"
        ? { transport: { freightType: transport.freightType, freightValue: num(transport.freightValue), carrierId: text(transport.carrierId), vehiclePlate: text(transport.vehiclePlate), vehicleState: text(transport.vehicleState) } }
        : {}),
    };
    // The route's own schema: messages appear before the round trip.
    const parsed = CreateDocumentInput.safeParse(body);
    if (!parsed.success) {
      setFormError(parsed.error.issues.slice(0, 4).map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "));
      return;
    }
    setFormError(null);
    create.mutate(body);
  }

  const error = formError ?? (create.error ? errorMessage(create.error) : null);
  const clients = options.data?.clients ?? [];
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="New document">
      <Section title="Document">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Field label="Type">
            <select aria-label="Type" value={type} onChange={(e) => setType(e.target.value)} className={inputClass}>
              <option value="NFE">NF-e (55)</option>
              <option value="NFCE">NFC-e (65)</option>
              <option value="NFSE">NFS-e</option>
            </select>
          </Field>
        </div>
      </Section>

      <Section title="Client">
        <div className="flex gap-4 text-sm">
          <label><input type="radio" name="client-mode" checked={clientMode === "existing"} onChange={() => setClientMode("existing")} /> Registered client</label>
          <label><input type="radio" name="client-mode" checked={clientMode === "inline"} onChange={() => setClientMode("inline")} /> New client</label>
        </div>
        {clientMode === "existing" ? (
          <Field label="Client" className="max-w-md">
            <select aria-label="Client" value={clientId} onChange={(e) => setClientId(e.target.value)} className={inputClass}>
              <option value="">Choose…</option>
              {clients.map((c) => <option key={c.id} value={c.id}>{c.name} {c.document ? `(${c.document})` : ""}</option>)}
            </select>
          </Field>
        ) : (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Field label="Client name"><input value={inline.name} onChange={(e) => setInline({ ...inline, name: e.target.value })} className={inputClass} /></Field>
            <Field label="CPF/CNPJ (empty for a final consumer)"><input value={inline.document} onChange={(e) => setInline({ ...inline, document: e.target.value })} className={inputClass} /></Field>
            <Field label="Client state (UF)"><input value={inline.state} maxLength={2} onChange={(e) => setInline({ ...inline, state: e.target.value.toUpperCase() })} className={inputClass} /></Field>
          </div>
        )}
      </Section>

      <Section title="Items" action={<AddButton label="Add item" onClick={() => setItems((rows) => [...rows, emptyItem])} />}>
        {items.map((row, index) => (
          <div key={index} className="grid grid-cols-2 gap-2 border-b border-slate-100 pb-3 sm:grid-cols-7" data-testid="item-row">
            <Field label={`Product ${index + 1}`} className="sm:col-span-2">
              <select aria-label={`Product ${index + 1}`} value={row.productId} onChange={(e) => pickProduct(index, e.target.value)} className={inputClass}>
                <option value="">Free item</option>
                {options.data?.products.map((p) => <option key={p.id} value={p.id}>{p.code} — {p.name}</option>)}
              </select>
            </Field>
            <Field label="Code"><input value={row.code} onChange={(e) => updateItem(index, { code: e.target.value })} className={inputClass} /></Field>
            <Field label="Description"><input value={row.description} onChange={(e) => updateItem(index, { description: e.target.value })} className={inputClass} /></Field>
            <Field label="Quantity"><input inputMode="decimal" value={row.quantity} onChange={(e) => updateItem(index, { quantity: e.target.value })} className={inputClass} /></Field>
            <Field label="Unit value"><input inputMode="decimal" value={row.unitValue} onChange={(e) => updateItem(index, { unitValue: e.target.value })} className={inputClass} /></Field>
            <div className="flex gap-1">
              <Field label="CFOP"><input value={row.cfop} maxLength={4} onChange={(e) => updateItem(index, { cfop: e.target.value })} className={inputClass} /></Field>
              {items.length > 1 && <RemoveButton label={`Remove item ${index + 1}`} onClick={() => setItems((rows) => rows.filter((_, i) => i !== index))} />}
            </div>
          </div>
        ))}
      </Section>

      <Section title="Payments" action={<AddButton label="Add payment" onClick={() => setPayments((rows) => [...rows, { method: "PIX", value: "", description: "" }])} />}>
        {payments.length === 0 && <p className="text-sm text-slate-500">No payment lines.</p>}
        {payments.map((row, index) => (
          <div key={index} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Field label="Method">
              <select aria-label="Method" value={row.method} onChange={(e) => setPayments((rows) => rows.map((r, i) => (i === index ? { ...r, method: e.target.value } : r)))} className={inputClass}>
                {PaymentMethodSchema.options.map((m) => <option key={m} value={m}>{m}</option>)}
              </select>
            </Field>
            <Field label="Payment value"><input inputMode="decimal" value={row.value} onChange={(e) => setPayments((rows) => rows.map((r, i) => (i === index ? { ...r, value: e.target.value } : r)))} className={inputClass} /></Field>
            <Field label="Description (OTHERS)"><input value={row.description} onChange={(e) => setPayments((rows) => rows.map((r, i) => (i === index ? { ...r, description: e.target.value } : r)))} className={inputClass} /></Field>
            <RemoveButton label={`Remove payment ${index + 1}`} onClick={() => setPayments((rows) => rows.filter((_, i) => i !== index))} />
          </div>
        ))}
      </Section>

      <Section title="Installments" action={<AddButton label="Add installment" onClick={() => setDuplicates((rows) => [...rows, { dueDate: "", value: "" }])} />}>
        {duplicates.length === 0 && <p className="text-sm text-slate-500">Cash sale (no installments). Installments must add up to the document total.</p>}
        {duplicates.map((row, index) => (
          <div key={index} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Field label={`Due date ${String(index + 1).padStart(3, "0")}`}><input type="date" value={row.dueDate} onChange={(e) => setDuplicates((rows) => rows.map((r, i) => (i === index ? { ...r, dueDate: e.target.value } : r)))} className={inputClass} /></Field>
            <Field label="Installment value"><input inputMode="decimal" value={row.value} onChange={(e) => setDuplicates((rows) => rows.map((r, i) => (i === index ? { ...r, value: e.target.value } : r)))} className={inputClass} /></Field>
            <RemoveButton label={`Remove installment ${index + 1}`} onClick={() => setDuplicates((rows) => rows.filter((_, i) => i !== index))} />
          </div>
        ))}
      </Section>

      {type === "NFE" && (
        <Section title="Transport" action={transport ? <RemoveButton label="Remove transport" onClick={() => setTransport(null)} /> : <AddButton label="Add transport" onClick={() => setTransport({ freightType: "SENDER", freightValue: "", carrierId: "", vehiclePlate: "", vehicleState: "" })} />}>
          {transport ? (
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
              <Field label="Freight type">
                <select aria-label="Freight type" value={transport.freightType} onChange={(e) => setTransport({ ...transport, freightType: e.target.value })} className={inputClass}>
                  {FreightTypeSchema.options.map((f) => <option key={f} value={f}>{f}</option>)}
                </select>
              </Field>
              <Field label="Freight value"><input inputMode="decimal" value={transport.freightValue} onChange={(e) => setTransport({ ...transport, freightValue: e.target.value })} className={inputClass} /></Field>
              <Field label="Carrier">
                <select aria-label="Carrier" value={transport.carrierId} onChange={(e) => setTransport({ ...transport, carrierId: e.target.value })} className={inputClass}>
                  <option value="">None</option>
                  {options.data?.carriers.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
                </select>
              </Field>
              <Field label="Plate (default vehicle when empty)"><input value={transport.vehiclePlate} onChange={(e) => setTransport({ ...transport, vehiclePlate: e.target.value.toUpperCase() })} className={inputClass} /></Field>
              <Field label="Plate state"><input value={transport.vehicleState} maxLength={2} onChange={(e) => setTransport({ ...transport, vehicleState: e.target.value.toUpperCase() })} className={inputClass} /></Field>
            </div>
          ) : (
            <p className="text-sm text-slate-500">No transport block.</p>
          )}
        </Section>
      )}

      {error && <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">{error}</p>}
      <button type="submit" disabled={create.isPending} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60">
        {create.isPending ? "Creating…" : "Create draft"}
      </button>
    </form>
  );
}
