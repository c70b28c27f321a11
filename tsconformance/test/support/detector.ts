// Helpers of the SuperAuditor and protocol suites.
import type { DetectorQuery, FindingsDetector, RawFinding } from "../../../gen/ts/src/index.js";

/** trimmingDetector serves output as a detector honouring perKindFetch would, recording each query. */
export function trimmingDetector(output: readonly RawFinding[], queries: DetectorQuery[] = []): FindingsDetector {
  return (q) => {
    queries.push(q);
    const seen = new Map<string, number>();
    return output.filter((f) => {
      const n = seen.get(f.kind) ?? 0;
      seen.set(f.kind, n + 1);
      return n < q.perKindFetch;
    });
  };
}

/** rejection awaits p and returns what it rejected with, or undefined when it resolved. */
export async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  return undefined;
}
