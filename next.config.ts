import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Server-only packages that load WebAssembly or native-free binaries at run time.
  serverExternalPackages: ["@electric-sql/pglite", "libxml2-wasm", "@react-pdf/renderer", "xml-crypto", "node-forge", "pg", "@prisma/client", "@prisma/adapter-pg", "ioredis"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
