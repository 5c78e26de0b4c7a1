/**
 * CashApp deposits. The player sends the exact amount to our cashtag with a unique note, then
 * pastes the web receipt link (https://cash.app/payments/<id>/receipt). We read the receipt's JSON
 * (the real adapter from cash.app/receipt-json/f/<id>; the sandbox from its own copy under
 * /sandbox/cashapp/…) and the cashier checks amount, note, recipient and status. Both adapters
 * parse the same JSON shape here, so the sandbox walks the real path.
 */
export interface CashAppReceipt {
  receiptId: string;
  amountUsdCents: number;
  note: string;
  /** The cashtag paid, with its $. */
  recipient: string;
  completed: boolean;
}

export interface CashAppProvider {
  readonly sandbox: boolean;
  readonly cashtag: string;
  /** The receipt id of a web receipt link, or null when the link is not one. */
  receiptIdFromLink(link: string): string | null;
  /** The receipt, or null when the provider does not know it. */
  fetchReceipt(receiptId: string): Promise<CashAppReceipt | null>;
}

/** The JSON a web receipt answers (the fields we read). */
export interface ReceiptJson {
  notes?: string;
  header_subtext?: string;
  status_treatment?: string;
  detail_rows?: Array<{ label?: string; value?: string }>;
}

const RECEIPT_ID = /^[A-Za-z0-9_-]{6,64}$/;

/** "$5.50" → 550; anything else → null. */
export function parseUsd(text: string | undefined): number | null {
  const m = /^\$?\s*([0-9]{1,7})(?:\.([0-9]{1,2}))?$/.exec((text ?? '').replace(/,/g, '').trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export function parseReceiptJson(receiptId: string, json: ReceiptJson): CashAppReceipt | null {
  const amount = parseUsd(json.detail_rows?.[0]?.value);
  const recipient = /Payment to\s+(\$[A-Za-z0-9_]+)/.exec(json.header_subtext ?? '')?.[1];
  if (amount === null || !recipient) return null;
  return {
    receiptId,
    amountUsdCents: amount,
    note: (json.notes ?? '').trim(),
    recipient,
    completed: json.status_treatment === 'SUCCESS',
  };
}

export function cashAppProvider(opts: {
  sandbox: boolean;
  cashtag: string;
  /** Where receipt JSON lives: the real service, or the sandbox's route (served by this site). */
  fetchJson: (receiptId: string) => Promise<ReceiptJson | null>;
}): CashAppProvider {
  return {
    sandbox: opts.sandbox,
    cashtag: opts.cashtag,
    receiptIdFromLink(link) {
      let u: URL;
      try {
        u = new URL(link);
      } catch {
        return null;
      }
      const real = u.hostname === 'cash.app' && u.protocol === 'https:';
      // The sandbox's receipts live on this site (any origin), under /sandbox/cashapp/payments/<id>/receipt.
      const prefix = opts.sandbox && !real ? '/sandbox/cashapp/payments/' : '/payments/';
      if (!real && !opts.sandbox) return null;
      if (!u.pathname.startsWith(prefix)) return null;
      const [id, tail] = u.pathname.slice(prefix.length).split('/');
      return id && RECEIPT_ID.test(id) && tail === 'receipt' ? id : null;
    },
    async fetchReceipt(receiptId) {
      if (!RECEIPT_ID.test(receiptId)) return null;
      const json = await opts.fetchJson(receiptId);
      return json ? parseReceiptJson(receiptId, json) : null;
    },
  };
}

/** The real receipt JSON service. */
export function fetchReceiptJsonFrom(baseUrl: string, fetchImpl: typeof fetch = fetch) {
  return async (receiptId: string): Promise<ReceiptJson | null> => {
    try {
      const res = await fetchImpl(`${baseUrl}${encodeURIComponent(receiptId)}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(15_000),
      });
      if (!res.ok) return null;
      return (await res.json()) as ReceiptJson;
    } catch {
      return null;
    }
  };
}
