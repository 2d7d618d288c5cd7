import v8 from "node:v8";
import vm from "node:vm";

// An export writes tens of thousands of ZIP entries, and archiver compresses each through a
// zlib stream of its own whose objects (the stream, its native handle's wrapper, callbacks)
// outlive their entry as garbage in V8's old space. V8 grows the old space rather than
// collect it while a process allocates steadily, so without help a 100,000-document export
// reached 1 GB of RSS with 27 MB live (bench:export). A full collection every few thousand
// entries keeps the heap near its live size; in a process with a small live heap it costs a
// few milliseconds each time. The function is V8's own `gc`, made reachable at run time
// (--expose-gc, then read from a new context) instead of requiring a node flag everywhere.
let collect: (() => void) | null | undefined;

export function collectGarbage(): void {
  if (collect === undefined) {
    try {
      v8.setFlagsFromString("--expose-gc");
      collect = vm.runInNewContext("gc") as () => void;
    } catch {
      collect = null;
    }
  }
  collect?.();
}
