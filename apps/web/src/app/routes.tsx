import { Navigate, type RouteObject } from 'react-router';
import { VerifyEmailPage } from '../features/account/verify-email-page.tsx';
import { AffiliateLinkPage } from '../features/affiliates/affiliate-link-page.tsx';
import { CheckMailPage } from '../features/auth/check-mail-page.tsx';
import { SocialLoginPage } from '../features/auth/social-login-page.tsx';
import { BetPage } from '../features/bet-details/bet-page.tsx';
import { BattlePage } from '../features/battles/battle-page.tsx';
import { BattlesPage } from '../features/battles/battles-page.tsx';
import { BlackjackPage } from '../features/blackjack/blackjack-page.tsx';
import { CasePage } from '../features/cases/case-page.tsx';
import { CasesPage } from '../features/cases/cases-page.tsx';
import { DailyCaseView } from '../features/cases/daily-case-view.tsx';
import { DicePage } from '../features/dice/dice-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { LimboPage } from '../features/limbo/limbo-page.tsx';
import { CoinflipPage } from '../features/coinflip/coinflip-page.tsx';
import { CrashPage } from '../features/crash/crash-page.tsx';
import { RoulettePage } from '../features/roulette/roulette-page.tsx';
import { MinesPage } from '../features/mines/mines-page.tsx';
import { ProvablyFairPage } from '../features/provably-fair/provably-fair-page.tsx';
import { ProfilePage } from '../features/profile/profile-page.tsx';
import { RacePage } from '../features/race/race-page.tsx';
import { RewardsPage } from '../features/rewards/rewards-page.tsx';
import { SlotPlayPage } from '../features/slots/slot-play-page.tsx';
import { SlotsPage } from '../features/slots/slots-page.tsx';
import { BannedPage } from '../features/site/banned-page.tsx';
import { NotFoundPage } from '../features/site/not-found-page.tsx';
import { PlaceholderPage } from '../features/site/placeholder-page.tsx';
import { UpgraderPage } from '../features/upgrader/upgrader-page.tsx';
import type { GameKey } from '../ui/game-theme.ts';
import { Root } from './root.tsx';
import { ShellLayout } from './shell-layout.tsx';

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
