import { Redis } from "ioredis";

// The Redis backend of lib/rate-limit (used when REDIS_URL is set): the same
// fixed windows, one key per rule and window (`rl:<key>:<windowStart>`),
// counted with INCR and expired with the window. The window comes from the
// Redis server's clock, one clock for every process.

const globalForRedis = globalThis as unknown as { __fiscalRateLimitRedis?: Redis };

function redis(url: string): Redis {
  globalForRedis.__fiscalRateLimitRedis ??= new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  return globalForRedis.__fiscalRateLimitRedis;
}

// KEYS[1] key prefix; ARGV[1] window seconds; ARGV[2] 1 to count a hit, 0 to read.
// Returns { count, windowStartMs, nowMs }.
const SCRIPT = `
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local windowMs = tonumber(ARGV[1]) * 1000
local windowStart = nowMs - (nowMs % windowMs)
local key = KEYS[1] .. ':' .. windowStart
local count
if ARGV[2] == '1' then
  count = redis.call('INCR', key)
  if count == 1 then redis.call('PEXPIRE', key, windowMs + 1000) end
else
  count = tonumber(redis.call('GET', key) or '0')
end
return { count, windowStart, nowMs }`;

export type RedisWindow = { count: number; windowStart: Date; nowEpochSeconds: number };

export async function redisWindow(url: string, key: string, windowSeconds: number, hit: boolean): Promise<RedisWindow> {
  const [count, windowStart, nowMs] = (await redis(url).eval(SCRIPT, 1, `rl:${key}`, windowSeconds, hit ? "1" : "0")) as [number, number, number];
  return { count, windowStart: new Date(windowStart), nowEpochSeconds: nowMs / 1000 };
}

export async function closeRedisCounters(): Promise<void> {
  await globalForRedis.__fiscalRateLimitRedis?.quit().catch(() => undefined);
  globalForRedis.__fiscalRateLimitRedis = undefined;
}
