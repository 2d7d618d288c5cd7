"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { can } from "@/lib/auth/roles";
import { NAV_SECTIONS, navLinks } from "./nav-links";

export function SidebarNav({ companyId, role }: { companyId: string; role: string }) {
  const pathname = usePathname();
  const base = `/dashboard/c/${companyId}`;
  return (
    <nav aria-label="Company pages" className="space-y-5">
      {NAV_SECTIONS.map((section) => {
        const links = navLinks.filter((link) => link.section === section && (!link.requires || can(role, link.requires)));
        if (links.length === 0) return null;
        return (
          <div key={section}>
            {section !== "Overview" && <p className="mb-1 px-2 text-xs font-semibold uppercase tracking-wide text-slate-400">{section}</p>}
            <ul className="space-y-0.5">
              {links.map((link) => {
                const href = link.href ? `${base}/${link.href}` : base;
                const active = link.href ? pathname === href || pathname.startsWith(`${href}/`) : pathname === base;
                return (
                  <li key={link.href}>
                    <Link href={href} aria-current={active ? "page" : undefined} className={`block rounded-md px-2 py-1.5 text-sm ${active ? "bg-indigo-50 font-medium text-indigo-700" : "text-slate-700 hover:bg-slate-100"}`}>
                      {link.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
