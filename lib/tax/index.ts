export * from "./tax-shapes";
