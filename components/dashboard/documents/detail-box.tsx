// The boxes and label/value rows of the document page.

export function DetailBox({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid={testId}>
      <h2 className="mb-2 font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export function DetailRow({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="flex justify-between gap-3 py-0.5">
      <span className="text-slate-500">{label}</span>
      <span className="whitespace-nowrap text-right tabular-nums" data-testid={testId}>{value}</span>
    </div>
  );
}
