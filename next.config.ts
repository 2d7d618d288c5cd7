import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Server-only packages that load WebAssembly or native-free binaries at run time.
  serverExternalPackages: ["libxml2-wasm", "@react-pdf/renderer", "pdfkit", "xml-crypto", "node-forge", "pg", "@prisma/client", "@prisma/adapter-pg", "ioredis"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
