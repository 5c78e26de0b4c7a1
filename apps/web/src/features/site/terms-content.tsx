import { SITE_NAME, supportEmail } from '../../lib/site-config.ts';

export const TERMS_LAST_MODIFIED = 'December 07, 2023';

interface Section {
  heading: string;
  body: string[];
}

const SECTIONS: Section[] = [
  {
    heading: '1. Acceptance of these terms',
    body: [
      `By creating an account, signing in or otherwise using ${SITE_NAME} (the "Site") you agree to these Terms of Service. If you do not agree, do not use the Site.`,
      'We may change these terms from time to time. The date at the top shows the latest revision; continuing to use the Site after a change means you accept the new version.',
    ],
  },
  {
    heading: '2. Who may play',
    body: [
      'You must be at least 18 years old to use the Site.',
      'The Site is offered to residents of the United States, with the exception of the states of Nevada and Washington. You are responsible for making sure that using the Site is lawful where you live.',
      'One account per person. Alternative accounts, shared accounts and accounts opened for someone else are not allowed and may be closed.',
    ],
  },
  {
    heading: '3. Credits',
    body: [
      'Balances on the Site are credits for entertainment. Credits have no cash value, are not a currency and are not property of the account holder.',
      'For display, 2 credits are shown as 1 dollar. Credits cannot be exchanged outside the features the Site itself offers, and may be adjusted or removed if they were obtained through an error, a bug or a breach of these terms.',
    ],
  },
  {
    heading: '4. Games and fairness',
    body: [
      'Game results are generated with a provably fair system. You can check every result on the Provably Fair page with the revealed seeds.',
      'Case Battles are played by two to four players. A battle starts once every seat is filled and its result is final once revealed.',
      'If a game is interrupted by a technical fault, we may void the affected round and return the stakes.',
    ],
  },
  {
    heading: '5. Rain, rewards and promotions',
    body: [
      'Rain is a shared pot that opens every 30 minutes. It starts with a base of 200 credits and grows with a share of what players spend and tip into it; the pot is split among the players who join.',
      'To join a rain you must have a level above 1 or a completed identity (KYC) check. Joining with several accounts or automated tools is forbidden.',
      'Coupons, affiliate bonuses, rakeback, the faucet and daily cases may be changed or ended at any time and are limited to one claim per person where stated.',
    ],
  },
  {
    heading: '6. Conduct',
    body: [
      'Be respectful in the chat. Spam, harassment, scams, advertising and sharing personal information are not allowed.',
      'Exploiting bugs, automating play, colluding with other players or attempting to interfere with the Site will lead to the suspension of your account and the removal of credits gained that way.',
    ],
  },
  {
    heading: '7. Accounts, suspension and closure',
    body: [
      'Keep your password secret; you are responsible for everything done with your account.',
      'We may suspend or close accounts that break these terms. You may ask us to close your account at any time.',
    ],
  },
  {
    heading: '8. Responsible play',
    body: [
      'Play for fun and only with what you can afford to lose. If playing stops being fun, take a break and contact support to limit or close your account.',
    ],
  },
  {
    heading: '9. Liability',
    body: [
      'The Site is provided "as is". To the extent the law allows, we are not liable for losses caused by downtime, errors or events outside our control.',
    ],
  },
];

export function TermsContent() {
  return (
    <article className="flex flex-col gap-5 text-sm leading-relaxed text-ink-300">
      <p className="text-xs font-semibold tracking-wide text-ink-400 uppercase">
        Last modified: {TERMS_LAST_MODIFIED}
      </p>
      {SECTIONS.map((section) => (
        <section key={section.heading} className="flex flex-col gap-2">
          <h3 className="text-base font-bold text-white">{section.heading}</h3>
          {section.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      <section className="flex flex-col gap-2">
        <h3 className="text-base font-bold text-white">10. Contact</h3>
        <p>
          Questions about these terms: <span className="font-semibold text-white">{supportEmail()}</span>.
        </p>
      </section>
    </article>
  );
}
