// The company sidebar. Append one line for a new page: `href` is the suffix
// after /dashboard/c/[companyId]/ ("" is the company overview).
// `requires` hides the link from roles that may not use the page (lib/auth/roles.ts).
import type { RoleAction } from "@/lib/auth/roles";

export type NavSection = "Overview" | "Documents" | "Registers" | "Fiscal setup" | "Developers" | "Administration";

export type NavLink = { href: string; label: string; section: NavSection; requires?: RoleAction };

export const NAV_SECTIONS: readonly NavSection[] = ["Overview", "Documents", "Registers", "Fiscal setup", "Developers", "Administration"];

export const navLinks: NavLink[] = [
  { href: "", label: "Overview", section: "Overview" },
  { href: "documents", label: "Documents", section: "Documents" },
  { href: "inutilizations", label: "Inutilizations", section: "Documents" },
  { href: "transport-manifests", label: "Transport manifests (MDF-e)", section: "Documents" },
  { href: "received", label: "Received NF-e", section: "Documents" },
  { href: "lookups", label: "Lookups", section: "Documents" },
  { href: "exports", label: "Export for the accountant", section: "Documents" },
  { href: "clients", label: "Clients", section: "Registers" },
  { href: "products", label: "Products", section: "Registers" },
  { href: "carriers", label: "Carriers", section: "Registers" },
  { href: "tax-rules", label: "Tax rules", section: "Fiscal setup" },
  { href: "templates", label: "Templates", section: "Fiscal setup" },
  { href: "settings", label: "Settings", section: "Fiscal setup" },
  { href: "certificate", label: "Certificate", section: "Fiscal setup" },
  { href: "numbering", label: "Numbering", section: "Fiscal setup" },
  { href: "settings/readiness", label: "Readiness", section: "Fiscal setup" },
  { href: "authority-status", label: "Authority status", section: "Fiscal setup" },
  { href: "api-keys", label: "API keys", section: "Developers" },
  { href: "account-keys", label: "Account keys", section: "Developers", requires: "account-keys.manage" },
  { href: "api-reference", label: "API reference", section: "Developers" },
  { href: "webhooks/endpoints", label: "Webhook endpoints", section: "Developers" },
  { href: "webhooks/deliveries", label: "Webhook deliveries", section: "Developers" },
  { href: "webhooks/backfill", label: "Webhook backfill", section: "Developers" },
  { href: "users", label: "Users and roles", section: "Administration", requires: "users.manage" },
  { href: "account-companies", label: "Account companies", section: "Administration", requires: "companies.manage" },
];
