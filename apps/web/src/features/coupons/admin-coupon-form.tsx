import type { CouponView } from '@coinsite/shared/schemas/economy';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { toastFailure } from '../../lib/errors.ts';
import { http } from '../../lib/http.ts';
import { useAction } from '../../lib/use-action.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/input.tsx';

/**
 * The admin dialog's Coupon tab (spec-2): code, message, uses, payout → PUT
 * /external/v1/coupons/add. Fields are sent as typed; the server validates.
 */
export function AdminCouponForm() {
  const [form, setForm] = useState({ code: '', message: '', uses: '', payout: '' });
  const { pending, run } = useAction();
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(
      async () => {
        await http.put<{ coupon: CouponView }>('/external/v1/coupons/add', form);
        toast.success('Successfully created coupon!');
        setForm({ code: '', message: '', uses: '', payout: '' });
      },
      (err) => toastFailure(err, 'There was an error creating coupon: '),
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <Field label="Code" value={form.code} onChange={set('code')} autoComplete="off" />
      <Field label="Message" value={form.message} onChange={set('message')} autoComplete="off" />
      <Field label="Uses" value={form.uses} onChange={set('uses')} inputMode="numeric" />
      <Field label="Payout" value={form.payout} onChange={set('payout')} inputMode="decimal" />
      <Button type="submit" loading={pending} disabled={pending} className="sm:col-span-2">
        Create coupon
      </Button>
    </form>
  );
}
