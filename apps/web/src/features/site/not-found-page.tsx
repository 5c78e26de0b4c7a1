import { TEXT } from '@coinsite/shared/messages';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-5 p-6 text-center animate-fade-in">
      <p className="bg-gradient-to-b from-white to-ink-500 bg-clip-text text-8xl font-black text-transparent">
        404
      </p>
      <h1 className="text-xl font-bold text-white">{TEXT.notFound}</h1>
      <Link
        to="/home"
        className="rounded-lg bg-ink-700 px-4 py-2 text-sm font-semibold text-white ring-1 ring-ink-600 hover:bg-ink-600"
      >
        Back to home
      </Link>
    </div>
  );
}
