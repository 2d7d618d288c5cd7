// The authority simulator in its own process for bench:emit, as the real
// authority would be: its schema and signature checks do not compete with the
// emitting process's event loop. Prints its URL on stdout when listening.
import { startSimulatorServer } from "@/lib/authority/simulator";

// BENCH_SIMULATOR_PORT: a fixed port (bench:checkout gives the server SIMULATOR_URL before it starts); 0 any free one.
const server = await startSimulatorServer({ port: Number(process.env.BENCH_SIMULATOR_PORT ?? 0) });
console.log(`SIMULATOR_URL=${server.url}`);
process.on("SIGTERM", () => {
  void server.close().then(() => process.exit(0));
});
