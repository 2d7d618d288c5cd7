import { defineContract } from "@/lib/contracts/contract";
import { pageSchema } from "@/lib/contracts/pagination";
import { CreateProductInput, ListProductsQuery, ProductIdParams, ProductResponse, UpdateProductInput } from "./schemas";

const tag = "Products";

export const createProductContract = defineContract({
  method: "POST", path: "/v1/products", summary: "Create a product with its own NF-e taxation", tag, scope: "products:write",
  body: CreateProductInput, response: ProductResponse, successStatus: 201, errorStatuses: [422],
});
export const listProductsContract = defineContract({
  method: "GET", path: "/v1/products", summary: "List products (search over name, code, GTIN, NCM)", tag, scope: "products:read",
  query: ListProductsQuery, response: pageSchema(ProductResponse),
});
export const getProductContract = defineContract({
  method: "GET", path: "/v1/products/{id}", summary: "Product detail", tag, scope: "products:read",
  params: ProductIdParams, response: ProductResponse, errorStatuses: [404],
});
export const updateProductContract = defineContract({
  method: "PATCH", path: "/v1/products/{id}", summary: "Partial update; nfeConfig merges with the stored one", tag, scope: "products:write",
  params: ProductIdParams, body: UpdateProductInput, response: ProductResponse, errorStatuses: [404, 422],
});
export const deleteProductContract = defineContract({
  method: "DELETE", path: "/v1/products/{id}", summary: "Remove a product (issued documents keep their items)", tag, scope: "products:write",
  params: ProductIdParams, successStatus: 204, errorStatuses: [404],
});

export const productContracts = [createProductContract, listProductsContract, getProductContract, updateProductContract, deleteProductContract];
