import { Navigate, type RouteObject } from 'react-router';
import type { GameKey } from '../ui/game-theme.ts';
import { lazyPage } from './lazy.tsx';
import { Root } from './root.tsx';
import { ShellLayout } from './shell-layout.tsx';

// each screen is its own chunk, loaded when its route is first shown (issue 18 item 3)
const VerifyEmailPage = lazyPage(
  () => import('../features/account/verify-email-page.tsx'),
  'VerifyEmailPage',
);
const AffiliateLinkPage = lazyPage(
  () => import('../features/affiliates/affiliate-link-page.tsx'),
  'AffiliateLinkPage',
);
const CheckMailPage = lazyPage(() => import('../features/auth/check-mail-page.tsx'), 'CheckMailPage');
const SocialLoginPage = lazyPage(() => import('../features/auth/social-login-page.tsx'), 'SocialLoginPage');
const BetPage = lazyPage(() => import('../features/bet-details/bet-page.tsx'), 'BetPage');
const BattlePage = lazyPage(() => import('../features/battles/battle-page.tsx'), 'BattlePage');
const BattlesPage = lazyPage(() => import('../features/battles/battles-page.tsx'), 'BattlesPage');
const BlackjackPage = lazyPage(() => import('../features/blackjack/blackjack-page.tsx'), 'BlackjackPage');
const CasePage = lazyPage(() => import('../features/cases/case-page.tsx'), 'CasePage');
const CasesPage = lazyPage(() => import('../features/cases/cases-page.tsx'), 'CasesPage');
const DailyCaseView = lazyPage(() => import('../features/cases/daily-case-view.tsx'), 'DailyCaseView');
const DicePage = lazyPage(() => import('../features/dice/dice-page.tsx'), 'DicePage');
const HomePage = lazyPage(() => import('../features/home/home-page.tsx'), 'HomePage');
const LimboPage = lazyPage(() => import('../features/limbo/limbo-page.tsx'), 'LimboPage');
const CoinflipPage = lazyPage(() => import('../features/coinflip/coinflip-page.tsx'), 'CoinflipPage');
const CrashPage = lazyPage(() => import('../features/crash/crash-page.tsx'), 'CrashPage');
const RoulettePage = lazyPage(() => import('../features/roulette/roulette-page.tsx'), 'RoulettePage');
const MinesPage = lazyPage(() => import('../features/mines/mines-page.tsx'), 'MinesPage');
const ProvablyFairPage = lazyPage(
  () => import('../features/provably-fair/provably-fair-page.tsx'),
  'ProvablyFairPage',
);
const ProfilePage = lazyPage(() => import('../features/profile/profile-page.tsx'), 'ProfilePage');
const RacePage = lazyPage(() => import('../features/race/race-page.tsx'), 'RacePage');
const RewardsPage = lazyPage(() => import('../features/rewards/rewards-page.tsx'), 'RewardsPage');
const SlotPlayPage = lazyPage(() => import('../features/slots/slot-play-page.tsx'), 'SlotPlayPage');
const SlotsPage = lazyPage(() => import('../features/slots/slots-page.tsx'), 'SlotsPage');
const BannedPage = lazyPage(() => import('../features/site/banned-page.tsx'), 'BannedPage');
const NotFoundPage = lazyPage(() => import('../features/site/not-found-page.tsx'), 'NotFoundPage');
const PlaceholderPage = lazyPage(() => import('../features/site/placeholder-page.tsx'), 'PlaceholderPage');
const UpgraderPage = lazyPage(() => import('../features/upgrader/upgrader-page.tsx'), 'UpgraderPage');

/** Screens that later issues build; until then each shows the placeholder page (spec-3 §2.16). */
const PLACEHOLDERS: Array<{ path: string; title: string; game?: GameKey }> = [];

/** The route table of spec-2 §2. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/banned', element: <BannedPage /> },
      {
        element: <ShellLayout />,
        children: [
          { path: '/', element: <Navigate to="/home" replace /> },
          { path: '/home', element: <HomePage /> },
          ...PLACEHOLDERS.map(({ path, title, game }) => ({
            path,
            element: <PlaceholderPage key={path} title={title} game={game} />,
          })),
          { path: '/profile', element: <ProfilePage /> },
          { path: '/leaderboard', element: <RacePage /> },
          { path: '/rewards', element: <RewardsPage dailyCase={<DailyCaseView />} /> },
          { path: '/cases', element: <CasesPage /> },
          { path: '/battles', element: <BattlesPage /> },
          { path: '/battles/:battleId', element: <BattlePage /> },
          { path: '/cases/:caseSlug', element: <CasePage /> },
          { path: '/upgrader', element: <UpgraderPage /> },
          { path: '/dice', element: <DicePage /> },
          { path: '/limbo', element: <LimboPage /> },
          // Route matching is case-insensitive, so this serves both /Mines (spec) and /mines (menu).
          { path: '/mines', element: <MinesPage /> },
          { path: '/blackjack', element: <BlackjackPage /> },
          { path: '/crash', element: <CrashPage /> },
          { path: '/roulette', element: <RoulettePage /> },
          { path: '/coinflip', element: <CoinflipPage /> },
          { path: '/slots', element: <SlotsPage /> },
          { path: '/slots/:identifier2', element: <SlotPlayPage /> },
          { path: '/provably-fair', element: <ProvablyFairPage /> },
          { path: '/bets/:betId', element: <BetPage /> },
          { path: '/a/:affiliateCode', element: <AffiliateLinkPage /> },
          { path: '/login/:provider?', element: <SocialLoginPage /> },
          { path: '/register/check-mail', element: <CheckMailPage /> },
          { path: '/verify-email', element: <VerifyEmailPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
