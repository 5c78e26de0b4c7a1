import { MessagesSquare, PanelRightOpen } from 'lucide-react';
import { Outlet } from 'react-router';
import { BreakBanner } from '../features/account/break-banner.tsx';
import { useChatPanel } from '../features/chat/chat-panel-store.ts';
import { LiveStats } from '../features/live-stats/live-stats-recorder.tsx';
import { NavBar } from '../features/nav/nav-bar.tsx';
import { MaintenanceBanner } from '../features/site/maintenance-banner.tsx';
import { useIsDesktop } from '../lib/use-media-query.ts';
import { Sheet } from '../ui/lazy-sheet.tsx';
import { lazyPage } from './lazy.tsx';

// the chat panel (and the chat schemas it validates with) is its own chunk, loaded after the shell
const ChatPanel = lazyPage(() => import('../features/chat/chat-panel.tsx'), 'ChatPanel');

function DesktopChat() {
  const collapsed = useChatPanel((s) => s.collapsed);
  const toggle = useChatPanel((s) => s.toggleCollapsed);
  if (collapsed) {
    return (
      <button
        type="button"
        onClick={toggle}
        aria-label="Show chat"
        className="fixed top-1/2 right-0 z-30 flex -translate-y-1/2 flex-col items-center gap-2 rounded-l-xl border border-r-0 border-ink-600 bg-ink-800 px-2 py-3 text-ink-200 shadow-xl transition hover:bg-ink-700 hover:text-white"
      >
        <PanelRightOpen className="h-5 w-5" aria-hidden="true" />
        <span className="text-xs font-semibold [writing-mode:vertical-rl]">Chat</span>
      </button>
    );
  }
  return (
    <aside className="w-80 shrink-0 border-l border-ink-700 xl:w-[22rem]">
      <ChatPanel onCollapse={toggle} />
    </aside>
  );
}

function MobileChat() {
  const open = useChatPanel((s) => s.mobileOpen);
  const setOpen = useChatPanel((s) => s.setMobileOpen);
  return (
    <>
      {/* a dock of its own under the page (the page ends above it): a floating button covered
          Max and the slot footer (issue 28 item 10) */}
      <div
        data-testid="mobile-chat-dock"
        className="fixed inset-x-0 bottom-0 z-30 flex h-14 items-center justify-end border-t border-ink-700 bg-ink-900/95 px-3 backdrop-blur"
      >
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label="Open chat"
          className="flex h-10 items-center gap-2 rounded-full bg-gradient-to-b from-accent-400 to-accent-600 px-4 text-sm font-bold text-ink-950 shadow-lg shadow-accent-600/30 transition hover:brightness-110"
        >
          <MessagesSquare className="h-5 w-5" aria-hidden="true" />
          Chat
        </button>
      </div>
      <Sheet
        open={open}
        onOpenChange={setOpen}
        title="Chat"
        side="right"
        bare
        className="w-[min(24rem,100vw)]"
      >
        <ChatPanel overlay onCollapse={() => setOpen(false)} />
      </Sheet>
    </>
  );
}

/** Header, main content and the chat side panel (spec-2 app shell). */
export function ShellLayout() {
  const desktop = useIsDesktop();
  return (
    <div className="flex min-h-dvh flex-col lg:h-dvh">
      <MaintenanceBanner />
      <NavBar />
      <BreakBanner />
      <div className="flex min-h-0 flex-1">
        <main className={desktop ? 'min-w-0 flex-1 lg:overflow-y-auto' : 'min-w-0 flex-1 pb-14'}>
          <Outlet />
        </main>
        {desktop ? <DesktopChat /> : <MobileChat />}
      </div>
      <LiveStats />
    </div>
  );
}
