"use client";

import { createContext, useContext, type ReactNode } from "react";

const CompanyContext = createContext<string | null>(null);

/** The company whose pages are open, for widgets (pickers) that call its dashboard routes. */
export function CompanyProvider({ companyId, children }: { companyId: string; children: ReactNode }) {
  return <CompanyContext.Provider value={companyId}>{children}</CompanyContext.Provider>;
}

export function useCompanyId(): string {
  const companyId = useContext(CompanyContext);
  if (!companyId) throw new Error("useCompanyId outside a company page");
  return companyId;
}
