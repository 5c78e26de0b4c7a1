/** "May 1, 2024, 10:03 AM": the tables' Date and Time / Time columns. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** 2.5 → "2.50x"; multipliers are shown with 2 decimals, never rounded up. */
export function formatMultiplier(value: number): string {
  return `${(Math.floor(value * 100 + 1e-6) / 100).toFixed(2)}x`;
}
