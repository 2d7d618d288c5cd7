export function EnvironmentBadge({ environment }: { environment: "PRODUCTION" | "HOMOLOGATION" }) {
  return environment === "PRODUCTION" ? (
    <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800">Production</span>
  ) : (
    <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800" title="Homologation: documents have no fiscal value">
      Homologation
    </span>
  );
}
