import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const nextConfig: NextConfig = {
  // Server-only packages that load WebAssembly or native-free binaries at run time.
  serverExternalPackages: ["libxml2-wasm", "@react-pdf/renderer", "pdfkit", "bwip-js", "xml-crypto", "node-forge", "pg", "@prisma/client", "@prisma/adapter-pg", "ioredis"],
  poweredByHeader: false,
  typedRoutes: false,
};

// Messages per request from i18n/request.ts (language by cookie or Accept-Language).
export default createNextIntlPlugin("./i18n/request.ts")(nextConfig);
