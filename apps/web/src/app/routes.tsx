import { Navigate, type RouteObject } from 'react-router';
import type { GameKey } from '../ui/game-theme.ts';
import { GAME_ROUTES } from './games.tsx';
import { lazyPage } from './lazy.tsx';
import { Root } from './root.tsx';
import { ShellLayout } from './shell-layout.tsx';

// each screen is its own chunk, loaded when its route is first shown (issue 18 item 3); the
// games' screens come from the game registry (games.tsx)
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
const DailyCaseView = lazyPage(() => import('../features/cases/daily-case-view.tsx'), 'DailyCaseView');
const HomePage = lazyPage(() => import('../features/home/home-page.tsx'), 'HomePage');
const ProvablyFairPage = lazyPage(
  () => import('../features/provably-fair/provably-fair-page.tsx'),
  'ProvablyFairPage',
);
const ProfilePage = lazyPage(() => import('../features/profile/profile-page.tsx'), 'ProfilePage');
const RacePage = lazyPage(() => import('../features/race/race-page.tsx'), 'RacePage');
const RewardsPage = lazyPage(() => import('../features/rewards/rewards-page.tsx'), 'RewardsPage');
const BannedPage = lazyPage(() => import('../features/site/banned-page.tsx'), 'BannedPage');
const NotFoundPage = lazyPage(() => import('../features/site/not-found-page.tsx'), 'NotFoundPage');
const BackofficePage = lazyPage(() => import('../features/backoffice/backoffice-page.tsx'), 'BackofficePage');
const TransparencyPage = lazyPage(
  () => import('../features/transparency/transparency-page.tsx'),
  'TransparencyPage',
);
const PlaceholderPage = lazyPage(() => import('../features/site/placeholder-page.tsx'), 'PlaceholderPage');

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
          ...GAME_ROUTES,
          { path: '/provably-fair', element: <ProvablyFairPage /> },
          { path: '/transparency', element: <TransparencyPage /> },
          { path: '/admin/overview', element: <BackofficePage /> },
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
