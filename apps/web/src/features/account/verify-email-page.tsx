import { MailCheck, MailX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../lib/errors.ts';
import { http } from '../../lib/http.ts';
import { Spinner } from '../../ui/spinner.tsx';

/** /verify-email?token=…: the mailed link that confirms an address (registration or email change). */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    http
      .post<{ message: string }>('/account/verify-email', { token })
      .then((res) => setState({ ok: true, text: res.message }))
      .catch((err) => setState({ ok: false, text: errorText(err, 'This link is invalid or has expired.') }));
  }, [token]);
  const Icon = state?.ok === false ? MailX : MailCheck;
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-5 p-6 text-center animate-fade-in">
      {state ? (
        <Icon
          className={state.ok ? 'h-16 w-16 text-accent-400' : 'h-16 w-16 text-red-400'}
          aria-hidden="true"
        />
      ) : (
        <Spinner className="h-8 w-8 text-accent-400" />
      )}
      <h1 className="text-2xl font-black tracking-wide text-white sm:text-3xl">Email confirmation</h1>
      <p role="status" className="max-w-md text-ink-300">
        {state?.text ?? 'Checking your link…'}
      </p>
      <Link
        to="/profile"
        className="rounded-lg bg-ink-700 px-4 py-2 text-sm font-semibold text-white ring-1 ring-ink-600 hover:bg-ink-600"
      >
        Go to my profile
      </Link>
    </div>
  );
}
