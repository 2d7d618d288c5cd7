// The NBS code each company's NFS-e last passed the TypeScript readiness rules with, in this
// process: the emission's load may number an NFS-e in SQL only when the company's code is that
// one (the NBS 2.0 list is a file, not a table: blockingChecksPassSql). The first NFS-e of a
// company with a code, or after the code changed, is numbered after the TypeScript checks instead.
const MAX_COMPANIES = 10_000;
const validated = new Map<string, string>();

export function validatedNbsCodeOf(companyId: string): string | null {
  return validated.get(companyId) ?? null;
}

/** After firstBlockingFailure passed for an NFS-e of the company: its code is valid NBS 2.0 (or blank, then nothing to remember). */
export function rememberValidNbsCode(companyId: string, code: string | null): void {
  if (!code || validated.get(companyId) === code) return;
  if (validated.size >= MAX_COMPANIES) validated.delete(validated.keys().next().value!);
  validated.set(companyId, code);
}
