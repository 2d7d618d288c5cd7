// Node flags of the Next server process: `npm start`, `npm run bench:api` and
// the e2e server all run it with these, so the bench measures what runs.
//
// Why (measured with --trace-gc under bench:api's 200 req/s): Next allocates
// about 125 kB per request, and each young-generation collection pauses the
// server for a time that grows with the young generation (semi-space 32 MB:
// 5-7 ms every 0.7 s; 16 MB: about 3 ms every 0.2 s, for the same total). About
// 2 MB/s still reaches the old generation and dies there; with V8's default
// limit that meant a full mark-compact every 10-20 s whose marking steps and
// final pause (10-25 ms) made the p99. An initial old-space limit of 512 MB
// spaces them to one every 1.5 minutes at that rate, and V8 keeps the limit
// after each one; the cost is a heap of up to about 540 MB.
// Background workers (`npm run worker`) keep a 32 MB semi-space: emission
// allocates more per unit of work and throughput matters there, not pauses.
export const WEB_SERVER_NODE_FLAGS = ["--max-semi-space-size=16", "--initial-old-space-size=512"];
