import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';

/**
 * /register/check-mail: where registration sends everyone when the server confirms emails by mail
 * (REGISTER_CONFIRM_EMAIL). It says the same whether or not the address already had an account.
 */
export function CheckMailPage() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-5 p-6 text-center animate-fade-in">
      <MailCheck className="h-16 w-16 text-accent-400" aria-hidden="true" />
      <h1 className="text-2xl font-black tracking-wide text-white sm:text-3xl">Check your mail</h1>
      <p className="max-w-md text-ink-300">
        We sent a link to finish signing up. Open it within 24 hours to confirm your email and sign in.
      </p>
      <p className="max-w-md text-sm text-ink-400">
        Nothing there? Look in your spam folder, or register again to get a new link.
      </p>
      <Link
        to="/home"
        className="rounded-lg bg-ink-700 px-4 py-2 text-sm font-semibold text-white ring-1 ring-ink-600 hover:bg-ink-600"
      >
        Back to home
      </Link>
    </div>
  );
}
