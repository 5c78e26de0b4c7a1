import { Lock } from 'lucide-react';
import { openDialog } from '../lib/dialog-store.ts';
import { Button } from './button.tsx';

/** What a signed-in-only dialog shows to a visitor: the spec's sentence and a way in. */
export function LoginRequired({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-center gap-4 py-6 text-center">
      <div className="flex h-12 w-12 items-center justify-center rounded-full bg-ink-700 text-ink-300">
        <Lock className="h-5 w-5" aria-hidden="true" />
      </div>
      <p className="text-ink-200">{message}</p>
      <Button onClick={() => openDialog({ name: 'signIn', view: 'login' })}>Sign in</Button>
    </div>
  );
}
