import { Redis } from "ioredis";
import type { CounterStore } from "./batched-window";

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

// The batched flush (./batched-window.ts) in one script: KEYS are `rl:<key>`,
// ARGV holds (window start ms, window ms, hits) per key, hits 0 only reads.
// Returns { nowMs, count1, count2, … } in KEYS' order.
const BATCH_SCRIPT = `
local now = redis.call('TIME')
local out = { tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000) }
for i, prefix in ipairs(KEYS) do
  local key = prefix .. ':' .. ARGV[3 * i - 2]
  local hits = tonumber(ARGV[3 * i])
  local count
  if hits > 0 then
    count = redis.call('INCRBY', key, hits)
    if count == hits then redis.call('PEXPIRE', key, tonumber(ARGV[3 * i - 1]) + 1000) end
  else
    count = tonumber(redis.call('GET', key) or '0')
  end
  out[i + 1] = count
end
return out`;

export const redisBatchStore = (url: string): CounterStore => async (increments) => {
  const args = increments.flatMap((i) => [String(i.windowStartMs), String(i.windowMs), String(i.count)]);
  const [nowMs, ...counts] = (await redis(url).eval(BATCH_SCRIPT, increments.length, ...increments.map((i) => `rl:${i.key}`), ...args)) as number[];
  return { nowMs: nowMs!, totals: increments.map((i, index) => ({ key: i.key, windowStartMs: i.windowStartMs, count: counts[index]! })) };
};
