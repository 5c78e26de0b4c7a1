import { CASHIER_TEXT, type CashierConfigView, GIFT_CARD_VALUES_USD } from '@coinsite/shared/schemas/cashier';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { http } from '../../lib/http.ts';
import { useAction } from '../../lib/use-action.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/input.tsx';
import { GiftCardArt } from './giftcard-art.tsx';
import { FIAT_TILES } from './methods.ts';
import { MethodMark, Note, SandboxBadge } from './parts.tsx';

/** A gift-card product: our drawing of the card, linking to its own page at the shop. */
function Product({ value, href }: { value: number; href: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      aria-label={`Buy a $${value} gift card`}
      data-testid="giftcard-product"
      className="group block overflow-hidden rounded-xl ring-1 ring-white/10 transition hover:-translate-y-0.5 hover:shadow-lg hover:shadow-black/40 focus-visible:ring-2 focus-visible:ring-accent-400"
    >
      <GiftCardArt value={value} className="block h-auto w-full" />
    </a>
  );
}

/** Gift card deposit (spec-1 §2, §4, §8): products, the code field and Verify ('Verifying...'). */
export function GiftCardPanel({ config }: { config?: CashierConfigView }) {
  const [code, setCode] = useState('');
  const { pending, run } = useAction();
  const look = FIAT_TILES[1];
  const shop = config?.giftcardShopUrl ?? 'https://www.kinguin.net/';
  const productUrl = (v: number) => config?.giftcardProducts?.find((p) => p.value === v)?.url ?? shop;

  function verify(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const res = await http.post<{ message: string; payout: number }>('/kinguin/redeem', { code });
      toast.success(res.message);
      setCode('');
    }, CASHIER_TEXT.giftcardGeneric);
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        {look ? <MethodMark look={look} /> : null}
        <div className="min-w-0 flex-1">
          <h3 className="font-bold text-white">Gift Card</h3>
          <p className="text-xs text-ink-400">
            Buy a code, then redeem it here for twice its dollars in coins
          </p>
        </div>
        {config?.sandbox.giftcard ? (
          <SandboxBadge title="Sandbox: test codes are listed in the README." />
        ) : null}
      </div>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
        {GIFT_CARD_VALUES_USD.map((v) => (
          <Product key={v} value={v} href={productUrl(v)} />
        ))}
      </div>
      <form onSubmit={verify} className="flex flex-col gap-3">
        <Field
          label="Gift card code"
          placeholder="XXXX-XXXX-XXXX"
          value={code}
          autoComplete="off"
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" disabled={pending || code.trim() === ''}>
          {pending ? 'Verifying...' : 'Verify'}
        </Button>
      </form>
      <Note>Please remove any leading and trailing spaces from your code before verifying it.</Note>
    </div>
  );
}
