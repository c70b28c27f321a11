// The summary rule of conformance/superauditor/v1/README.md, written from the README alone (not
// from the generated renderFindingsSummary), so that a runner can pin the text exactly.
import { JsonNumber } from "./lossless.js";

/** The members of a findings response the summary is rendered from (plain or lossless JSON). */
export interface SummarySource {
  findings: readonly { kind: unknown; severity: unknown }[];
  capped_kinds: readonly unknown[];
  per_kind_limit: unknown;
}

/**
 * grammarSummary renders the summary of a response as the README's grammar defines it: the head,
 * the severities in the order critical, warn, info (only when something was returned), one line
 * per kind in order of first appearance in findings, and the capped kinds in the order of
 * capped_kinds (only when there are any), joined by "\n".
 */
export function grammarSummary(resp: SummarySource): string {
  const limit = resp.per_kind_limit instanceof JsonNumber ? resp.per_kind_limit.literal : String(resp.per_kind_limit);
  const lines = [`Findings: ${resp.findings.length} returned (per_kind_limit ${limit}).`];
  const kinds: string[] = [];
  const count = new Map<string, number>();
  const severityOf = new Map<string, string>();
  const bySeverity = new Map<string, number>();
  for (const f of resp.findings) {
    const kind = String(f.kind);
    const sev = String(f.severity);
    if (!count.has(kind)) {
      kinds.push(kind);
      severityOf.set(kind, sev);
    }
    count.set(kind, (count.get(kind) ?? 0) + 1);
    bySeverity.set(sev, (bySeverity.get(sev) ?? 0) + 1);
  }
  if (resp.findings.length > 0) {
    const parts = ["critical", "warn", "info"].filter((s) => (bySeverity.get(s) ?? 0) > 0).map((s) => `${s} ${bySeverity.get(s) ?? 0}`);
    lines.push(`By severity: ${parts.join(", ")}.`);
  }
  for (const k of kinds) lines.push(`- ${k} (${severityOf.get(k) ?? ""}): ${count.get(k) ?? 0}`);
  if (resp.capped_kinds.length > 0) lines.push(`Capped (more exist than returned): ${resp.capped_kinds.map(String).join(", ")}.`);
  return lines.join("\n");
}
