/** A collapsible JSON schema; <details> works without client JavaScript. */
export function JsonBlock({ title, value, open = false }: { title: string; value: unknown; open?: boolean }) {
  if (value === undefined) return null;
  return (
    <details open={open} className="group rounded-md border border-slate-200 bg-slate-50">
      <summary className="cursor-pointer select-none px-3 py-1.5 text-xs font-medium text-slate-700 hover:bg-slate-100">{title}</summary>
      <pre className="max-h-96 overflow-auto border-t border-slate-200 px-3 py-2 text-xs leading-relaxed text-slate-800">{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}
