export { createProduct, deleteProduct, getProduct, listProducts, toProductResponse, updateProduct } from "./product-service";
export { findCompanyProduct } from "./lookup";
export { resolveNfeConfig, toNfeConfigResponse } from "./product-taxation";
export { decimalString, NumericInput } from "@/lib/contracts/decimal-string";
export { productContracts } from "./contracts";
export * from "./schemas";
