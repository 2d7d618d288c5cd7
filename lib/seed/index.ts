// Importing this module loads every domain's demo step before seeding.
import "./company-setup-step";
export { seedDemoIfEmpty, registerDemoStep, type DemoCredentials } from "./seed-demo";
