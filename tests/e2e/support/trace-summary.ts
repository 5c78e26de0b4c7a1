/**
 * Summaries of what Chromium's main thread did, for the turbo test's TURBO_TRACE and TURBO_PROFILE
 * measurements (logged, never asserted).
 */

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/** Self time (ms) by event name on the renderer's main thread, from a trace's complete events. */
export function traceSelfTimes(raw: Array<Record<string, unknown>>): Array<[string, number]> {
  const events = raw as unknown as TraceEvent[];
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const spans = events
    .filter((e) => e.pid === main?.pid && e.tid === main?.tid && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const open: Array<{ end: number; name: string; dur: number; inner: number }> = [];
  const close = () => {
    const top = open.pop();
    if (!top) return;
    self.set(top.name, (self.get(top.name) ?? 0) + top.dur - top.inner);
    const parent = open.at(-1);
    if (parent) parent.inner += top.dur;
  };
  for (const e of spans) {
    while (open.length > 0 && (open.at(-1)?.end ?? 0) <= e.ts) close();
    open.push({ end: e.ts + (e.dur ?? 0), name: e.name, dur: e.dur ?? 0, inner: 0 });
  }
  while (open.length > 0) close();
  return [...self].map(([k, us]) => [k, us / 1000] as [string, number]).sort((a, b) => b[1] - a[1]);
}

interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }>;
  samples?: number[];
  timeDeltas?: number[];
}

/** Self time (ms) by function and script position, from a CDP CPU profile. */
export function profileSelfTimes(profile: CpuProfile): Array<[string, number]> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  samples.forEach((id, i) => {
    const f = byId.get(id);
    if (!f) return;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]);
}
