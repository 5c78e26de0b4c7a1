import { REWARDS_TEXT } from '@coinsite/shared/schemas/economy';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { http } from '../../lib/http.ts';
import { useAction } from '../../lib/use-action.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/input.tsx';
import { AFFILIATES_KEY, useAffiliates } from './affiliates-api.ts';

/**
 * The own affiliate code editor: the profile page's Settings tab ('Update Affiliate Code:', Save,
 * 'Saving...') and the Affiliates dialog use it; each passes its own success text.
 */
export function AffiliateCodeSettings({
  label = 'Update Affiliate Code:',
  successText = REWARDS_TEXT.profileAffiliateCodeUpdated,
}: {
  label?: string;
  successText?: string;
}) {
  const client = useQueryClient();
  const affiliates = useAffiliates();
  const current = affiliates.data?.affiliateCode ?? '';
  const [code, setCode] = useState(current);
  const action = useAction();
  const saving = action.pending;
  useEffect(() => setCode(current), [current]);

  function save(event: FormEvent) {
    event.preventDefault();
    void action.run(
      async () => {
        await http.post<{ newAffiliateCode: string }>('/user/affiliates/update-code', { code: code.trim() });
        toast.success(successText);
        await client.invalidateQueries({ queryKey: AFFILIATES_KEY });
      },
      REWARDS_TEXT.affiliateGeneric,
      { sound: true },
    );
  }

  return (
    <form onSubmit={save} className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <Field
          label={label}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          maxLength={20}
        />
      </div>
      <Button type="submit" variant="secondary" className="h-11" disabled={affiliates.isPending || saving}>
        {saving ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}
