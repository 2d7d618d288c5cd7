// The emission comparison's verdict from its pairs (bench:webhooks). On this machine one
// configuration's throughput swings by 10–20 % between minutes, more than the effect, so a median of
// five pairs moved by ±4 points between runs of the same code. The mean change of the pairs with
// its 95 % confidence interval (Student's t) says how much the pairs can tell: the aim is shown met
// only when the whole interval is within it, shown missed only when the whole interval is outside.

// Two-sided 95 % critical values of Student's t for 1–30 degrees of freedom (beyond: the normal 1.96).
const T_95 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042];

export type MeanInterval = { mean: number; low: number; high: number };

/** The mean of `values` and its 95 % confidence interval (at least two values). */
export function meanInterval95(values: readonly number[]): MeanInterval {
  if (values.length < 2) throw new Error("a confidence interval needs at least two values");
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1);
  const half = (T_95[values.length - 2] ?? 1.96) * Math.sqrt(variance / values.length);
  return { mean, low: mean - half, high: mean + half };
}

/** A change in % (negative: slower with endpoints) against an aim of "no worse than -limit %". */
export function aimVerdict(interval: MeanInterval, limit: number): "shown met" | "shown missed" | "not decided by these pairs" {
  if (interval.low >= -limit) return "shown met";
  if (interval.high < -limit) return "shown missed";
  return "not decided by these pairs";
}
