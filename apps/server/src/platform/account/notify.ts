import type { Ctx } from '../context.ts';

/**
 * Issue 16 §6: security notices by mail (the site's mailer: SMTP or the .eml outbox). Best effort: a
 * mail that cannot be sent is logged and never undoes the action it reports.
 */
export async function securityMail(
  ctx: Ctx,
  userId: number,
  subject: string,
  lines: string[],
  to?: string,
): Promise<void> {
  try {
    const user = await ctx.db
      .selectFrom('users')
      .select(['email', 'username'])
      .where('id', '=', userId)
      .executeTakeFirst();
    const address = to ?? user?.email;
    if (!user || !address) return;
    await ctx.mailer.send({
      to: address,
      subject,
      text: [
        `Hi ${user.username},`,
        '',
        ...lines,
        '',
        `If this wasn't you, change your password at once (${ctx.config.publicUrl}/profile) and contact support.`,
      ].join('\n'),
    });
  } catch (err) {
    ctx.log.warn({ err, userId, subject }, 'security mail not sent');
  }
}

/** "from Chrome on Linux (1.2.3.4) at …" for the notices. */
export function whereFrom(device: string, ip: string, at = new Date()): string {
  return `${device}${ip ? ` (${ip})` : ''} at ${at.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
}

/** A short device name from a user agent: browser on system (no parsing library for a label). */
export function deviceName(ua: string): string {
  if (!ua) return 'Unknown device';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /node|undici|curl/i.test(ua)
              ? 'Script'
              : 'Browser';
  const os = /iPhone|iPad/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return os ? `${browser} on ${os}` : browser;
}
