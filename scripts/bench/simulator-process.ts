// The authority simulator in its own process for bench:emit, as the real
// authority would be: its schema and signature checks do not compete with the
// emitting process's event loop. Prints its URL on stdout when listening.
import { startSimulatorServer } from "@/lib/authority/simulator";

const server = await startSimulatorServer({ port: 0 });
console.log(`SIMULATOR_URL=${server.url}`);
process.on("SIGTERM", () => {
  void server.close().then(() => process.exit(0));
});
