function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** A text for a toast from whatever an error event carried. */
export function eventMessage(value: unknown, fallback = 'An error occurred.'): string {
  if (typeof value === 'string' && value) return value;
  if (isRecord(value)) {
    if (typeof value.error === 'string') return value.error;
    if (typeof value.message === 'string') return value.message;
  }
  return fallback;
}
