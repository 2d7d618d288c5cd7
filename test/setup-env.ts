// Per-worker defaults: the local worker loop stays off (tests drive background
// runs explicitly) and the authority is the built-in simulator.
process.env.LOCAL_WORKER ??= "off";
process.env.AUTHORITY_MODE ??= "simulator";
process.env.DATABASE_POOL_MAX ??= "5";
