"use client";

import { useTranslations } from "next-intl";
import Link from "@/components/dashboard/link";
import { usePathname } from "next/navigation";
import { can } from "@/lib/auth/roles";
import { NAV_SECTIONS, navLinks, type NavLink } from "./nav-links";

type NavKey = Parameters<ReturnType<typeof useTranslations<"nav">>>[0];
type SectionKey = Parameters<ReturnType<typeof useTranslations<"navSections">>>[0];

export function SidebarNav({ companyId, role }: { companyId: string; role: string }) {
  const nav = useTranslations("nav");
  const sections = useTranslations("navSections");
  const frame = useTranslations("frame");
  const pathname = usePathname();
  const base = `/dashboard/c/${companyId}`;
  // nav-links.ts keeps an English label per page; the catalogue's translation wins when it has one.
  const labelOf = (link: NavLink) => {
    const key = (link.href || "overview") as NavKey;
    return nav.has(key) ? nav(key) : link.label;
  };
  const sectionLabel = (section: string) => (sections.has(section as SectionKey) ? sections(section as SectionKey) : section);
  // The most specific link under the current path is lit, so settings/readiness does not light settings too.
  const matches = (suffix: string) => (suffix ? pathname === `${base}/${suffix}` || pathname.startsWith(`${base}/${suffix}/`) : pathname === base);
  const activeHref = navLinks.filter((link) => matches(link.href)).sort((a, b) => b.href.length - a.href.length)[0]?.href;
  return (
    <nav aria-label={frame("companyPages")} className="space-y-5">
      {NAV_SECTIONS.map((section) => {
        const links = navLinks.filter((link) => link.section === section && (!link.requires || can(role, link.requires)));
        if (links.length === 0) return null;
        return (
          <div key={section}>
            {section !== "Overview" && <p className="mb-1 px-2 text-xs font-semibold uppercase tracking-wide text-slate-400">{sectionLabel(section)}</p>}
            <ul className="space-y-0.5">
              {links.map((link) => {
                const href = link.href ? `${base}/${link.href}` : base;
                const active = activeHref === link.href;
                return (
                  <li key={link.href}>
                    <Link href={href} aria-current={active ? "page" : undefined} className={`block rounded-md px-2 py-1.5 text-sm ${active ? "bg-indigo-50 font-medium text-indigo-700" : "text-slate-700 hover:bg-slate-100"}`}>
                      {labelOf(link)}
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
