import { Link } from 'react-router';
import type { ReactNode } from 'react';
import type { VerifyGame } from './verifier-games.ts';

/** A formula in monospace, as the verifier computes it; long lines wrap (a phone never scrolls it sideways). */
function Formula({ children }: { children: ReactNode }) {
  return (
    <pre className="whitespace-pre-wrap break-words rounded-xl bg-ink-950/70 p-3 font-mono text-xs leading-relaxed text-accent-300 ring-1 ring-ink-700">
      {children}
    </pre>
  );
}

const STREAM = 'HMAC_SHA256(serverSeed, clientSeed + ":" + nonce + ":" + round)   round = 0, 1, 2 …';

/** The generator every seed-pair game shares, told once on the first tab. */
export function HowItWorks() {
  return (
    <div className="flex flex-col gap-3 text-sm leading-relaxed text-ink-200">
      <p>
        Every result on this site is fixed by seeds that are committed before you bet, and you can recompute
        it yourself in this page's verifiers. Nothing is drawn after your bet is placed.
      </p>
      <p>
        And what every game has actually paid back, over all its bets, against the return it is designed to
        pay, is public on the{' '}
        <Link to="/transparency" className="text-accent-400 underline underline-offset-2">
          transparency page
        </Link>
        .
      </p>
      <p>
        Dice, Limbo, Mines, Plinko, Wheel, Keno, Hilo, Upgrader and Cases use your{' '}
        <strong className="text-white">seed pair</strong>: a server seed we generate (you only see its SHA-256
        hash while it is in use), a client seed you choose, and a nonce that counts your bets with the pair. A
        bet's random numbers are read from this stream, four bytes at a time, each a number from 0 to 2³² − 1
        that is scaled to the range the game needs:
      </p>
      <Formula>
        {STREAM}
        {'\n'}
        {'pick(k, N) = floor(number_k × N / 2³²)'}
      </Formula>
      <p>
        Changing your client seed retires the pair: its server seed appears in the history below, where you
        can check it against the hash you were shown and replay every bet made with it. The next server seed,
        whose hash is already shown here, takes over and the nonce starts again at 0. The seed cannot be
        changed while a mines or hilo game or a blackjack hand is open, because that board, deck or hand was
        drawn from the current pair.
      </p>
      <p>
        Crash and Roulette draw from a pre-generated hash chain published in advance; Case Battles and
        Coinflip combine a per-game server seed with an EOS block that is chosen only after every seat is
        taken. Each tab explains its game and holds a verifier.
      </p>
    </div>
  );
}

const TEXT: Record<VerifyGame, { title: string; body: ReactNode }> = {
  dice: {
    title: 'Dice',
    body: (
      <>
        <p>
          The roll is the first number of your stream scaled to 0–10,000 and shown divided by 100, so it lands
          between 0.00 and 100.00. You win when it is below your roll-under value. The multiplier is 100 minus
          the house edge (1 % unless the site says otherwise) divided by your roll-under value, cut to four
          decimals.
        </p>
        <Formula>
          {
            'roll = pick(0, 10001) / 100\nwin  = roll < rollUnder\nmultiplier = floor4((100 − edge) / rollUnder)'
          }
        </Formula>
      </>
    ),
  },
  plinko: {
    title: 'Plinko',
    body: (
      <>
        <p>
          The ball meets one peg per row. Row i reads the i-th number of your stream: below 2³¹ (a float below
          0.5) it falls left, otherwise right, as on Stake. It lands in the slot counted by its rights from
          the left, and that slot's multiplier for your rows and risk pays the stake.
        </p>
        <Formula>
          {
            'step_i = pick(i, 2)   (0 = left, 1 = right)   i = 0 … rows − 1\nslot = Σ step_i\npayout = floor(stake × table[rows][risk][slot])'
          }
        </Formula>
      </>
    ),
  },
  wheel: {
    title: 'Wheel',
    body: (
      <>
        <p>
          The first number of your stream picks one of the wheel's equally likely segments (Stake's
          floor(float × segments)); the pointer stops on it and its multiplier pays the stake. Every wheel's
          multipliers add up to 0.99 × its segments: a 99 % return.
        </p>
        <Formula>
          {
            'segment = pick(0, segments)   (0 = under the pointer at rest, clockwise)\npayout = floor(stake × table[segments][risk][segment])'
          }
        </Formula>
      </>
    ),
  },
  keno: {
    title: 'Keno',
    body: (
      <>
        <p>
          The board holds the numbers 1 to 40. Ten are drawn without repeats: each number of the stream picks
          one of the numbers not drawn yet (Stake&apos;s keno shuffle). Your hits are your picks among the
          ten; the table of your risk and number of picks says what they pay. Every table returns 98.90–99.00
          %.
        </p>
        <Formula>
          {'left = [1 … 40]\ndrawn_i = left.remove(pick(i, 40 − i))   i = 0 … 9\nhits = picks ∩ drawn'}
        </Formula>
      </>
    ),
  },
  hilo: {
    title: 'Hilo',
    body: (
      <>
        <p>
          Each card is drawn on its own from a full deck (an infinite deck): the k-th card of a game is the
          k-th number of your stream scaled to 0–51, read 2♦ 2♥ 2♠ 2♣ 3♦ … A♣. Card 0 is the start card; each
          guess or skip deals the next. The ace is low, the king high. Higher means higher or same (strictly
          higher on an ace), lower means lower or same (strictly lower on a king), same means the same rank. A
          won guess multiplies your multiplier by 0.99 ÷ its chance. Enter your guesses to replay a game.
        </p>
        <Formula>
          {
            'card_k = pick(k, 52)   k = 0, 1, 2 …\nchance = winning ranks / 13\nmultiplier = Π 0.99 / chance   (floored to 4 decimals)'
          }
        </Formula>
      </>
    ),
  },
  limbo: {
    title: 'Limbo',
    body: (
      <>
        <p>
          A number n from 1 to 100,000,000 is drawn; the result multiplier is (100 − edge) % of 10⁸ divided by
          n, cut to the hundredth and never below 1.00×. Your bet wins when the result reaches your target and
          then pays the stake times the target.
        </p>
        <Formula>{'n = pick(0, 10⁸) + 1\nresult = max(1.00, floor2((100 − edge) × 10⁶ / n))'}</Formula>
      </>
    ),
  },
  mines: {
    title: 'Mines',
    body: (
      <>
        <p>
          Tiles are numbered 0 to 24, left to right and top to bottom. For each mine, the next number of the
          stream picks one of the tiles still free and that tile becomes a mine. The board is fixed when you
          bet and stays on the server until the game is over.
        </p>
        <Formula>
          {
            'free = [0 … 24]\nmine_i = free.remove(pick(i, 25 − i))   i = 0 … mines − 1\nmultiplier after k safe tiles = (100 − edge)% × C(25, k) / C(25 − mines, k)'
          }
        </Formula>
      </>
    ),
  },
  blackjack: {
    title: 'Blackjack',
    body: (
      <>
        <p>
          Every card is drawn on its own from a full 52-card deck (an infinite shoe): the k-th card of a hand
          is the k-th number of your stream scaled to 0–51, read in the order 2♦ 2♥ 2♠ 2♣ 3♦ … A♣. Cards are
          dealt player, dealer, player, dealer (the hole card), then one by one as the table needs them: your
          hits, doubles and split hands in order, then the dealer&apos;s draws. The hole card stays on the
          server until the dealer turns it over. Enter your moves to replay the whole hand.
        </p>
        <Formula>
          {
            'card_k = pick(k, 52)   rank = ["2" … "10", "J", "Q", "K", "A"][floor(card_k / 4)]   suit = ["♦", "♥", "♠", "♣"][card_k mod 4]'
          }
        </Formula>
      </>
    ),
  },
  upgrader: {
    title: 'Upgrader',
    body: (
      <>
        <p>
          Your ticket is the first number of the stream scaled to 1 – 1,000,000,001 and shown as a fraction
          with nine decimals. The amount you stake against the item's price sets how many tickets win (at most
          80 % of them). Under wins on a low ticket, Over on a high one. A win pays 90 % of the item's price.
        </p>
        <Formula>
          {
            'ticket = pick(0, 1000000001) + 1\nW = min(floor(amount × 1000000001 / price), floor(0.8 × 1000000001))\nunder wins: ticket ≤ W      over wins: ticket > 1000000001 − W'
          }
        </Formula>
      </>
    ),
  },
  cases: {
    title: 'Cases',
    body: (
      <>
        <p>
          The ticket is the first number of the stream scaled to 1 – 100,000. Every item of a case owns a
          range of tickets, and the ranges cover 1 to 100,000 exactly once, so an item's chance is the size of
          its range divided by 1,000 percent. The daily case works the same way.
        </p>
        <Formula>{'ticket = pick(0, 100000) + 1   → the item whose range holds it'}</Formula>
      </>
    ),
  },
  slots: {
    title: 'Slots (sandbox)',
    body: (
      <>
        <p>
          The sandbox slot (the game every slot opens while no provider is connected) stops each of its five
          reels at one of the 20 positions of its strip, from the first five numbers of your stream. The
          window shows three rows from each stop; ten paylines pay left to right for 3, 4 or 5 of a kind. Its
          return to player is 96.07 %. Games of the real provider are verified by the provider.
        </p>
        <Formula>
          {
            'stop_r = pick(r, 20) for reels r = 0..4   → rows strip[stop_r], strip[stop_r + 1], strip[stop_r + 2]'
          }
        </Formula>
      </>
    ),
  },
  battles: {
    title: 'Case Battles',
    body: (
      <>
        <p>
          When a battle is created we draw its own server seed and show its hash. When the last seat is taken,
          the battle names an EOS block a few blocks ahead, which nobody (us included) can know yet. That
          block's full id takes the client seed's place; the round number is the nonce and the player's
          position (1 to 4) picks which number of the stream is theirs. The server seed is revealed when the
          battle ends.
        </p>
        <Formula>
          {
            'ticket(round r, seat p) = pick(p − 1, 100000) + 1  of  HMAC_SHA256(serverSeed, blockId + ":" + r + ":0")\ntie: the tied sides split the pot; tied[pick(0, tied.length)] with nonce 0 is reported as winningTeam'
          }
        </Formula>
      </>
    ),
  },
  coinflip: {
    title: 'Coinflip',
    body: (
      <>
        <p>
          A coinflip is committed like a battle: its server seed's hash is shown at creation and the EOS block
          is fixed when the second player joins. The roll is the first number of the stream scaled to 0–59.
        </p>
        <Formula>{'roll = pick(0, 60)  of  (serverSeed, blockId, nonce 0)\n0–29 heads, 30–59 tails'}</Formula>
      </>
    ),
  },
  crash: {
    title: 'Crash',
    body: (
      <>
        <p>
          Crash rounds come from a chain of SHA-256 hashes generated in advance: each link is the hash of the
          previous one, and the last link (the terminating hash) is published below with a salt, the id of an
          EOS block announced before it existed. Rounds use the chain backwards, so every round's seed hashes
          to the previous round's and, step by step, to the published hash: no round can be changed later.
        </p>
        <Formula>
          {
            'u = first 4 bytes of HMAC_SHA256(privateSeed, salt)\ncrash = max(1.00×, floor(93 × 2³² / (u + 1)) / 100)'
          }
        </Formula>
      </>
    ),
  },
  roulette: {
    title: 'Roulette',
    body: (
      <>
        <p>
          Roulette rounds use their own hash chain, published the same way as crash's. The round's private
          hash is shown before bets open and its private seed after the roll; with the chain's salt it gives
          the slot.
        </p>
        <Formula>
          {
            'u = first 4 bytes of HMAC_SHA256(privateSeed, salt)\nslot = pick(u, 15):  0 green 14×,  1–7 red 2×,  8–14 black 2×'
          }
        </Formula>
      </>
    ),
  },
};

export function GameExplanation({ game }: { game: VerifyGame }) {
  return <div className="flex flex-col gap-3 text-sm leading-relaxed text-ink-200">{TEXT[game].body}</div>;
}
