// The boxes and label/value rows of the document page.

export function DetailBox({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid={testId}>
      <h2 className="mb-2 font-semibold">{title}</h2>
      {children}
    </section>
  );
}

const MONEY = /^-?R\$ /;

/** "R$ 0,00 / R$ 0,00": each amount kept whole, so a narrow box breaks the line only between them (768 px). */
function unbrokenAmounts(value: React.ReactNode): React.ReactNode {
  if (typeof value !== "string" || !MONEY.test(value)) return value;
  const parts = value.split(" / ");
  return parts.map((part, index) => (
    <span key={index} className={MONEY.test(part) ? "whitespace-nowrap" : undefined}>
      {part}
      {index < parts.length - 1 ? " / " : ""}
    </span>
  ));
}

export function DetailRow({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="flex justify-between gap-3 py-0.5">
      <span className="text-slate-500">{label}</span>
      <span className="text-right tabular-nums" data-testid={testId}>{unbrokenAmounts(value)}</span>
    </div>
  );
}
