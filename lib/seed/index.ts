// Importing this module loads every domain's demo step before seeding.
export { seedDemoIfEmpty, registerDemoStep, type DemoCredentials } from "./seed-demo";
