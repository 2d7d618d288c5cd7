import { env } from "@/lib/config/env";
import { startSimulatorServer, type SimulatorServer } from "./server";

// The app's own simulator: started once per process (the Next server's
// instrumentation, or `npm run simulator`) when AUTHORITY_MODE=simulator and no
// external SIMULATOR_URL is configured.
const holder = globalThis as unknown as { __authoritySimulator?: Promise<SimulatorServer | null> };

export function startEmbeddedSimulator(): Promise<SimulatorServer | null> {
  holder.__authoritySimulator ??= (async () => {
    const config = env();
    if (config.AUTHORITY_MODE !== "simulator" || config.SIMULATOR_URL) return null;
    try {
      const server = await startSimulatorServer({ port: config.SIMULATOR_PORT });
      console.log(`Authority simulator listening on ${server.url}`);
      return server;
    } catch (error) {
      // Another process (npm run simulator, a second app instance) already serves the port. Said out
      // loud: a second app on the machine would otherwise share the first one's simulator (and its
      // database) without anyone knowing.
      if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
        console.warn(
          `Authority simulator port ${config.SIMULATOR_PORT} is taken: this app uses whatever simulator listens there. ` +
            "Give each app on one machine its own SIMULATOR_PORT.",
        );
        return null;
      }
      throw error;
    }
  })();
  return holder.__authoritySimulator;
}
