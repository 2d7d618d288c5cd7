// SIGINT and SIGTERM for the long-running commands (`npm start`, `npm run dev`,
// `npm run worker`, `npm run simulator`). The handlers are installed before
// anything starts, so a signal during start-up (initdb, migrations) still stops
// what was started, the embedded PostgreSQL first of all; the default action
// would end the process and leave that server running. npm reaches these
// processes because package.json starts them with `exec` (sh would otherwise
// stay between npm and node and die alone).

export type StopSignals = {
  /** The stop to run on the first signal; runs at once when one already arrived. */
  onStop(stop: (signal: NodeJS.Signals) => void): void;
  /** The signal received so far, if any: checked between start-up steps. */
  received(): NodeJS.Signals | null;
};

export function stopOnSignals(): StopSignals {
  let received: NodeJS.Signals | null = null;
  let stop: ((signal: NodeJS.Signals) => void) | null = null;
  const handle = (signal: NodeJS.Signals) => {
    if (received) return; // a second Ctrl-C while stopping changes nothing
    received = signal;
    stop?.(signal);
  };
  process.on("SIGINT", handle);
  process.on("SIGTERM", handle);
  return {
    onStop(next) {
      stop = next;
      if (received) next(received);
    },
    received: () => received,
  };
}
