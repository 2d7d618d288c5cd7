export * from "./documents";
export * from "./states";
