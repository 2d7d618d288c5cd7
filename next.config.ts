import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const nextConfig: NextConfig = {
  // Server-only packages that load WebAssembly or native-free binaries at run time.
  serverExternalPackages: ["libxml2-wasm", "@react-pdf/renderer", "pdfkit", "bwip-js", "xml-crypto", "node-forge", "pg", "@prisma/client", "@prisma/adapter-pg", "ioredis"],
  poweredByHeader: false,
  typedRoutes: false,
  // `npm test` type-checks the whole program with Next's route types (`next typegen && tsc --noEmit`)
  // before it builds, and says so with FISCAL_TYPES_CHECKED=1: the build's own pass would check the
  // same program again (scripts/test-stages.ts). Any other `npm run build` type-checks as usual.
  typescript: { ignoreBuildErrors: process.env.FISCAL_TYPES_CHECKED === "1" },
  // Turbopack's build cache speeds a rebuild on the same checkout; CI builds a fresh clone once, where
  // writing the cache only cost time (21 s of a 2-minute build, 2026-12-07).
  experimental: { turbopackFileSystemCacheForBuild: process.env.CI !== "true" },
};

// Messages per request from i18n/request.ts (language by cookie or Accept-Language).
export default createNextIntlPlugin("./i18n/request.ts")(nextConfig);
